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
/// message's line breaks as `<br>`.
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
    body.push_str(&format!(
        "</table><p>Received {} (enquiry {}).</p></body></html>",
        date::readable(stored.received_at),
        escape_html(stored.id.as_str())
    ));
    body
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
