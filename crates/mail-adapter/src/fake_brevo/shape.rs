//! The request shapes Brevo documents for the two calls, as far as we use them: what the fake
//! holds every request to. A violation is a sentence naming the field.

use super::{CONTACTS, EMAIL};
use axum::http::HeaderMap;
use serde_json::Value;

/// How a request to `path` strays from Brevo's documented shape (headers other than the
/// api-key, which the caller checks); empty when it does not.
pub fn check(path: &str, headers: &HeaderMap, body: &Value) -> Vec<String> {
    let mut v = Vec::new();
    for name in ["accept", "content-type"] {
        let value = headers
            .get(name)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if value != "application/json" {
            v.push(format!("{name} header is {value:?}"));
        }
    }
    match path {
        EMAIL => email(&mut v, body),
        CONTACTS => contact(&mut v, body),
        other => v.push(format!("unexpected path {other}")),
    }
    v
}

/// `POST /v3/smtp/email`: sender, to, replyTo, subject, htmlContent and the idempotency key.
fn email(v: &mut Vec<String>, body: &Value) {
    keys(
        v,
        body,
        "body",
        &[
            "sender",
            "to",
            "replyTo",
            "subject",
            "htmlContent",
            "headers",
        ],
    );
    keys(v, &body["sender"], "sender", &["name", "email"]);
    string(v, &body["sender"]["email"], "sender.email");
    match body["to"].as_array() {
        Some(to) if !to.is_empty() => {
            for (i, t) in to.iter().enumerate() {
                keys(v, t, &format!("to[{i}]"), &["email", "name"]);
                string(v, &t["email"], &format!("to[{i}].email"));
            }
        }
        _ => v.push("to must be a non-empty array".into()),
    }
    // replyTo is optional; when present Brevo holds its address to a stricter rule than the
    // form's (a dot-atom local part, a domain with a dot).
    if !body["replyTo"].is_null() {
        keys(v, &body["replyTo"], "replyTo", &["email", "name"]);
        let email = body["replyTo"]["email"].as_str().unwrap_or("");
        if !crate::brevo::brevo_accepts(email) {
            v.push(format!(
                "replyTo.email {email:?} is not a valid email address"
            ));
        }
    }
    string(v, &body["subject"], "subject");
    string(v, &body["htmlContent"], "htmlContent");
    // Brevo's template engine reads these in the subject and the HTML and refuses what it
    // cannot render.
    for field in ["subject", "htmlContent"] {
        let text = body[field].as_str().unwrap_or("");
        if text.contains("{{") || text.contains("{%") {
            v.push(format!("{field} holds template syntax Brevo cannot render"));
        }
    }
    keys(v, &body["headers"], "headers", &["idempotencyKey"]);
    string(
        v,
        &body["headers"]["idempotencyKey"],
        "headers.idempotencyKey",
    );
}

/// `POST /v3/contacts`: the email, the four attributes we keep and the lead attributes of
/// where the visit came from (each a string), and `updateEnabled: true`.
fn contact(v: &mut Vec<String>, body: &Value) {
    keys(v, body, "body", &["email", "attributes", "updateEnabled"]);
    string(v, &body["email"], "email");
    keys(
        v,
        &body["attributes"],
        "attributes",
        &[
            "FIRSTNAME",
            "LASTNAME",
            "ORGANISATION",
            "PHONE",
            "LEAD_SOURCE",
            "LEAD_MEDIUM",
            "LEAD_CAMPAIGN",
            "LEAD_TERM",
            "LEAD_CONTENT",
            "LANDING_PAGE",
            "REFERRER",
            "CONVERSION_PAGE",
        ],
    );
    if let Some(attributes) = body["attributes"].as_object() {
        for (name, value) in attributes {
            if !value.is_string() {
                v.push(format!("attributes.{name} must be a string"));
            }
        }
    }
    if body["updateEnabled"] != Value::Bool(true) {
        v.push("updateEnabled must be true".into());
    }
}

fn string(v: &mut Vec<String>, value: &Value, at: &str) {
    if value.as_str().is_none_or(str::is_empty) {
        v.push(format!("{at} must be a non-empty string"));
    }
}

fn keys(v: &mut Vec<String>, value: &Value, at: &str, allowed: &[&str]) {
    match value.as_object() {
        Some(o) => {
            for k in o.keys() {
                if !allowed.contains(&k.as_str()) {
                    v.push(format!("{at} has unexpected key {k}"));
                }
            }
        }
        None => v.push(format!("{at} must be an object")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn json_headers() -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("accept", "application/json".parse().unwrap());
        h.insert("content-type", "application/json".parse().unwrap());
        h
    }

    #[test]
    fn a_well_formed_email_and_contact_pass() {
        let email = json!({
            "sender": {"name": "Web", "email": "web@example.com"},
            "to": [{"email": "info@example.com"}],
            "replyTo": {"email": "ada@example.com", "name": "Ada"},
            "subject": "Hello",
            "htmlContent": "<p>Hi</p>",
            "headers": {"idempotencyKey": "k1"},
        });
        assert_eq!(check(EMAIL, &json_headers(), &email), Vec::<String>::new());
        let contact = json!({
            "email": "ada@example.com",
            "attributes": {"FIRSTNAME": "Ada"},
            "updateEnabled": true,
        });
        assert_eq!(
            check(CONTACTS, &json_headers(), &contact),
            Vec::<String>::new()
        );
    }

    #[test]
    fn an_email_without_idempotency_key_or_with_stray_fields_is_named() {
        let email = json!({
            "sender": {"email": "web@example.com"},
            "to": [],
            "replyTo": {"email": "ada@example.com"},
            "subject": "Hello",
            "htmlContent": "<p>Hi</p>",
            "textContent": "Hi",
        });
        assert_eq!(
            check(EMAIL, &HeaderMap::new(), &email),
            [
                "accept header is \"\"",
                "content-type header is \"\"",
                "body has unexpected key textContent",
                "to must be a non-empty array",
                "headers must be an object",
                "headers.idempotencyKey must be a non-empty string",
            ]
        );
    }

    #[test]
    fn a_reply_to_brevo_refuses_and_template_syntax_are_named() {
        let email = json!({
            "sender": {"email": "web@example.com"},
            "to": [{"email": "info@example.com"}],
            "replyTo": {"email": "a@b"},
            "subject": "{{ x }}",
            "htmlContent": "<p>{% if %}</p>",
            "headers": {"idempotencyKey": "k1"},
        });
        assert_eq!(
            check(EMAIL, &json_headers(), &email),
            [
                "replyTo.email \"a@b\" is not a valid email address",
                "subject holds template syntax Brevo cannot render",
                "htmlContent holds template syntax Brevo cannot render",
            ]
        );
    }

    #[test]
    fn a_contact_without_update_enabled_or_with_unknown_attributes_is_named() {
        let contact = json!({"email": "", "attributes": {"SMS": "1"}});
        assert_eq!(
            check(CONTACTS, &json_headers(), &contact),
            [
                "email must be a non-empty string",
                "attributes has unexpected key SMS",
                "updateEnabled must be true",
            ]
        );
    }
}
