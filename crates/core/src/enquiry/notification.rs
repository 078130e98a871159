//! What the company's inbox receives for an enquiry: the subject line and the HTML body,
//! with every value the visitor typed HTML-escaped. Brevo and the local mailbox send the
//! same text.
//!
//! Brevo runs the subject and the HTML of a transactional email through its template engine,
//! which reads `{{ … }}` and `{% … %}`; a visitor's braces could make it refuse the email or
//! fill in something of its own. So no brace the visitor typed reaches either as a brace: in
//! HTML they are the character references `&#123;` and `&#125;` (shown as braces, invisible to
//! the engine), and in the plain-text subject they become look-alikes (see [`subject`]).

use super::mail_date as date;
use crate::contact::Attribution;
use crate::ports::StoredEnquiry;

/// Escapes `&`, `<`, `>`, `"` and `'`, so a value is inert in element content and in
/// attribute values alike, and `{`, `}` so it is inert to Brevo's template engine.
pub fn escape_html(text: &str) -> String {
    crate::html::escape(text)
        .replace('{', "&#123;")
        .replace('}', "&#125;")
}

/// The subject: `Website enquiry from Ada Lovelace (Analytical Engines Pty Ltd)`. Plain
/// text (a header, not HTML); the fields were checked free of line breaks by core.
///
/// A header has no character references, so braces are replaced, not escaped: `{` and `}`
/// become the fullwidth brackets `｛` and `｝` (U+FF5B, U+FF5D), which read the same to a
/// person and mean nothing to a template engine. Nothing is stripped, so the subject still
/// shows what was typed.
pub fn subject(stored: &StoredEnquiry) -> String {
    let e = &stored.enquiry;
    without_braces(&format!(
        "Website enquiry from {} ({})",
        e.full_name(),
        e.org_name()
    ))
}

/// `text` with `{` and `}` replaced by their fullwidth look-alikes, for plain-text values
/// Brevo's template engine reads (the subject, display names).
pub fn without_braces(text: &str) -> String {
    text.replace('{', "\u{FF5B}").replace('}', "\u{FF5D}")
}

/// The body: name, organisation, phone, email and message in a table, each escaped, the
/// message's line breaks as `<br>`; then, when the page captured where the visit came from,
/// a "Where this enquiry came from" table of the attribution's values (escaped alike).
pub fn html(stored: &StoredEnquiry) -> String {
    let e = &stored.enquiry;
    let message = e.message().map_or_else(
        || "<em>(no message)</em>".to_owned(),
        |m| {
            m.split('\n')
                .map(escape_html)
                .collect::<Vec<_>>()
                .join("<br>")
        },
    );
    let rows = [
        ("Name", escape_html(&e.full_name())),
        ("Organisation", escape_html(e.org_name())),
        ("Phone", escape_html(e.phone())),
        ("Email", escape_html(e.email())),
        ("Message", message),
    ];
    let mut body = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>\
         <h1>Website enquiry</h1><table cellpadding=\"4\">",
    );
    for (label, value) in rows {
        body.push_str(&format!(
            "<tr><th align=\"left\" valign=\"top\">{label}</th><td>{value}</td></tr>"
        ));
    }
    body.push_str("</table>");
    if let Some(a) = e.attribution() {
        body.push_str(&attribution_block(a));
    }
    body.push_str(&format!(
        "<p>Received {} (enquiry {}).</p></body></html>",
        date::readable(stored.received_at),
        escape_html(stored.id.as_str())
    ));
    body
}

/// The labels of the attribution's values in the email, in [`ATTRIBUTION_KEYS`](crate::contact::ATTRIBUTION_KEYS) order.
const ATTRIBUTION_LABELS: [&str; 8] = [
    "Source",
    "Medium",
    "Campaign",
    "Term",
    "Content",
    "Landing page",
    "Referrer",
    "Sent from page",
];

/// "Where this enquiry came from": a heading and a table of the values captured, each escaped.
fn attribution_block(a: &Attribution) -> String {
    let mut block = String::from("<h2>Where this enquiry came from</h2><table cellpadding=\"4\">");
    for (label, (_, value)) in ATTRIBUTION_LABELS.iter().zip(a.values()) {
        if let Some(value) = value {
            block.push_str(&format!(
                "<tr><th align=\"left\" valign=\"top\">{label}</th><td>{}</td></tr>",
                escape_html(value)
            ));
        }
    }
    if a.ad_click {
        block.push_str(
            "<tr><th align=\"left\" valign=\"top\">Advertisement</th><td>came from an ad click</td></tr>",
        );
    }
    block.push_str("</table>");
    block
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::{ContactForm, Enquiry, EnquiryId};
    use crate::ports::UnixMillis;

    fn stored(message: &str) -> StoredEnquiry {
        StoredEnquiry {
            id: EnquiryId::parse("0190-abc").unwrap(),
            received_at: UnixMillis(1_700_000_000_000),
            enquiry: Enquiry::parse(ContactForm {
                firstname: "<b>Ada</b>".into(),
                lastname: "O'Brien & Co".into(),
                org_name: "\"Engines\" <Pty>".into(),
                phone: "0400 000 000".into(),
                email: "ada@example.com".into(),
                message: message.into(),
                robot_checked: true,
            })
            .unwrap(),
        }
    }

    #[test]
    fn every_value_is_escaped_and_message_lines_become_breaks() {
        let body = html(&stored("<script>alert(1)</script>\nsecond & last"));
        assert!(
            body.contains("<td>&lt;b&gt;Ada&lt;/b&gt; O&#39;Brien &amp; Co</td>"),
            "{body}"
        );
        assert!(
            body.contains("<td>&quot;Engines&quot; &lt;Pty&gt;</td>"),
            "{body}"
        );
        assert!(
            body.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;<br>second &amp; last</td>"),
            "{body}"
        );
        assert!(!body.contains("<script>"));
        assert!(body.contains("Received 14 Nov 2023, 22:13 UTC (enquiry 0190-abc)."));
    }

    #[test]
    fn braces_never_reach_the_template_engine_in_the_body_or_the_subject() {
        let mut s = stored("{{ params.secret }} and {% if x %}");
        s.enquiry = Enquiry::parse(ContactForm {
            firstname: "{{contact.FIRSTNAME}}".into(),
            lastname: "Lovelace".into(),
            org_name: "{% raw %}".into(),
            phone: "0400 000 000".into(),
            email: "ada@example.com".into(),
            message: "{{ params.secret }} and {% if x %}".into(),
            robot_checked: true,
        })
        .unwrap();
        let body = html(&s);
        assert!(!body.contains('{') && !body.contains('}'), "{body}");
        assert!(body.contains("&#123;&#123; params.secret &#125;&#125; and &#123;% if x %&#125;"));
        let subject = subject(&s);
        assert_eq!(
            subject,
            "Website enquiry from \u{FF5B}\u{FF5B}contact.FIRSTNAME\u{FF5D}\u{FF5D} Lovelace (\u{FF5B}% raw %\u{FF5D})"
        );
    }

    #[test]
    fn where_the_enquiry_came_from_is_a_block_of_its_own_every_value_escaped() {
        let mut s = stored("Hello");
        assert!(!html(&s).contains("Where this enquiry came from"));
        let attribution = crate::contact::clean_attribution(Some(&serde_json::json!({
            "source": "news<letter>", "campaign": "{{ params.x }}", "landingPage": "/insights?utm_source=a&utm_medium=b",
            "referrer": "news.example.com", "conversionPage": "/etender", "adClick": true
        })))
        .unwrap();
        s.enquiry = s.enquiry.with_attribution(attribution);
        let body = html(&s);
        let block = &body[body.find("<h2>").unwrap()..body.find("<p>Received").unwrap()];
        insta::assert_snapshot!(block);
        assert!(!body.contains('{'), "{body}");
    }

    #[test]
    fn no_message_says_so() {
        assert!(html(&stored("")).contains("<td><em>(no message)</em></td>"));
    }

    #[test]
    fn the_subject_names_the_visitor_and_organisation_as_plain_text() {
        assert_eq!(
            subject(&stored("")),
            "Website enquiry from <b>Ada</b> O'Brien & Co (\"Engines\" <Pty>)"
        );
    }
}
