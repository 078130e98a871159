//! Reading the enquiry out of a `POST /api/contact` request: JSON only, 32 KB at most, an
//! object with the form's keys, `robotToken` and `submissionId`.

use axum::body::Body;
use axum::http::{HeaderMap, header};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde::Deserialize;
use serde_json::Value;
use supplysite_core::contact::{ContactForm, SubmissionId};

/// The largest enquiry body accepted. The form's own limits (5000 characters of message, a
/// few hundred for the rest) fit several times over, even with every character escaped.
pub const BODY_LIMIT: usize = 32 * 1024;

/// What the page sent.
#[derive(Debug)]
pub struct ContactRequest {
    /// The form's fields, untrimmed and unchecked.
    pub form: ContactForm,
    /// The robot check's token; empty when the box was not ticked.
    pub robot_token: String,
    /// The page's id for this submission, the same on every attempt to send it.
    pub submission_id: Option<SubmissionId>,
}

/// Why the body could not be read as an enquiry.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ReadBodyError {
    /// The `Content-Type` is not `application/json`; holds it as sent.
    #[error("content type {0:?} is not application/json")]
    UnsupportedType(String),
    /// The body is larger than [`BODY_LIMIT`] bytes, by its `Content-Length` or as it arrived.
    #[error("body is larger than {BODY_LIMIT} bytes")]
    TooLarge,
    /// The body could not be read from the connection; holds why.
    #[error("body could not be read: {0}")]
    Unreadable(String),
    /// The body is not the JSON of an enquiry; holds what is wrong with it.
    #[error("{0}")]
    Malformed(String),
}

/// Reads and parses the body of a request with `headers`.
pub async fn read(headers: &HeaderMap, body: Body) -> Result<ContactRequest, ReadBodyError> {
    check_content_type(headers)?;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        return Err(ReadBodyError::TooLarge);
    }
    let bytes = match Limited::new(body, BODY_LIMIT).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(e) if e.is::<LengthLimitError>() => return Err(ReadBodyError::TooLarge),
        Err(e) => return Err(ReadBodyError::Unreadable(e.to_string())),
    };
    parse(&bytes)
}

fn check_content_type(headers: &HeaderMap) -> Result<(), ReadBodyError> {
    let value = headers
        .get(header::CONTENT_TYPE)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
        .unwrap_or_default();
    let essence = value.split(';').next().unwrap_or("").trim();
    if essence.eq_ignore_ascii_case("application/json") {
        Ok(())
    } else {
        Err(ReadBodyError::UnsupportedType(value))
    }
}

/// Parses a body already read.
pub fn parse(bytes: &[u8]) -> Result<ContactRequest, ReadBodyError> {
    let malformed = |m: String| ReadBodyError::Malformed(m);
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| malformed(format!("body is not valid JSON: {e}")))?;
    let Value::Object(fields) = &value else {
        return Err(malformed("body must be a JSON object".into()));
    };
    let robot_token = match fields.get("robotToken") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(malformed("robotToken must be a string".into())),
    };
    let submission_id = match fields.get("submissionId") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(
            SubmissionId::parse(s.as_str()).map_err(|e| malformed(format!("submissionId: {e}")))?,
        ),
        Some(_) => return Err(malformed("submissionId must be a string".into())),
    };
    let form = ContactForm::deserialize(&value)
        .map_err(|e| malformed(format!("body does not match the contact form: {e}")))?;
    Ok(ContactRequest {
        form,
        robot_token,
        submission_id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn json_headers(content_type: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(content_type).unwrap(),
        );
        h
    }

    #[tokio::test]
    async fn a_json_object_gives_the_form_and_the_token() {
        let body = r#"{"firstname":"Ada","orgName":"Engines","robotToken":"tok"}"#;
        let request = read(
            &json_headers("application/json; charset=utf-8"),
            Body::from(body),
        )
        .await
        .unwrap();
        assert_eq!(request.form.firstname, "Ada");
        assert_eq!(request.form.org_name, "Engines");
        assert_eq!(request.robot_token, "tok");
    }

    #[tokio::test]
    async fn other_content_types_are_refused_before_the_body_is_read() {
        for ct in ["text/plain", "application/x-www-form-urlencoded", ""] {
            let err = read(&json_headers(ct), Body::from("{}")).await.unwrap_err();
            assert_eq!(err, ReadBodyError::UnsupportedType(ct.into()));
        }
        let err = read(&HeaderMap::new(), Body::from("{}")).await.unwrap_err();
        assert!(matches!(err, ReadBodyError::UnsupportedType(_)));
    }

    #[tokio::test]
    async fn a_body_over_the_limit_is_refused_even_without_a_length() {
        let big = format!(r#"{{"message":"{}"}}"#, "a".repeat(BODY_LIMIT));
        let err = read(&json_headers("application/json"), Body::from(big))
            .await
            .unwrap_err();
        assert_eq!(err, ReadBodyError::TooLarge);
    }

    #[test]
    fn malformed_bodies_say_what_is_wrong() {
        let message = |b: &str| parse(b.as_bytes()).unwrap_err().to_string();
        assert!(message("{").starts_with("body is not valid JSON"));
        assert_eq!(message("[]"), "body must be a JSON object");
        assert_eq!(
            message(r#"{"robotToken":7}"#),
            "robotToken must be a string"
        );
        assert!(
            message(r#"{"phone":61400000000}"#)
                .starts_with("body does not match the contact form: invalid type")
        );
    }

    #[test]
    fn a_submission_id_is_optional_and_must_be_a_bounded_token() {
        assert_eq!(parse(b"{}").unwrap().submission_id, None);
        let id = parse(br#"{"submissionId":"0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d"}"#)
            .unwrap()
            .submission_id
            .unwrap();
        assert_eq!(id.as_str(), "0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d");
        let message = |b: &str| parse(b.as_bytes()).unwrap_err().to_string();
        assert_eq!(
            message(r#"{"submissionId":"short"}"#),
            "submissionId: submission id of 5 characters is outside 16 to 64"
        );
        assert_eq!(
            message(r#"{"submissionId":12}"#),
            "submissionId must be a string"
        );
    }

    #[test]
    fn a_missing_or_null_token_is_an_unticked_box() {
        assert_eq!(parse(b"{}").unwrap().robot_token, "");
        assert_eq!(parse(br#"{"robotToken":null}"#).unwrap().robot_token, "");
    }
}
