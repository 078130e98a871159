//! What a visitor types never becomes markup or a header in the email: the embedded default
//! writes each enquiry as an `.eml` file, which is parsed back here.

use crate::support::*;
use axum::http::StatusCode;
use serde_json::json;
use supplysite_core::ports::Challenge;
use supplysite_http::contact::ContactSettings;
use supplysite_mail_adapter::selfhosted::solve;

async fn solved_token(app: &TestApp) -> String {
    let answer = app.get("/api/robot-challenge").await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let challenge: Challenge = serde_json::from_str(&answer.text).unwrap();
    solve(&challenge)
}

fn only_eml(dir: &std::path::Path) -> Vec<u8> {
    let emls: Vec<_> = std::fs::read_dir(dir.join("mailbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .collect();
    assert_eq!(emls.len(), 1, "{emls:?}");
    std::fs::read(&emls[0]).unwrap()
}

#[tokio::test]
async fn markup_and_header_lines_in_the_message_arrive_escaped_in_the_eml() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(
        Some(embedded_default(dir.path(), &[])),
        ContactSettings::default(),
    );
    let token = solved_token(&app).await;
    let form = json!({
        "firstname": "<script>alert('first')</script>",
        "lastname": "\"Lovelace\" <evil@example.com>",
        "orgName": "Engines & Co <b>bold</b>",
        "phone": "+61 2 9000 0000",
        "email": "ada@example.com",
        "message": "Hello\r\nBcc: victim@example.com\r\n\r\n<img src=x onerror=alert(1)>",
        "robotToken": token,
    });
    let answer = app.post(&form).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json(), json!({"status": "sent"}));

    let raw = only_eml(dir.path());
    let mail = mailparse::parse_mail(&raw).unwrap();
    let header_names: Vec<String> = mail.headers.iter().map(|h| h.get_key()).collect();
    assert!(
        !header_names.iter().any(|h| h.eq_ignore_ascii_case("bcc")),
        "{header_names:?}"
    );
    let reply_to = mailparse::addrparse_header(
        mail.headers
            .iter()
            .find(|h| h.get_key().eq_ignore_ascii_case("reply-to"))
            .unwrap(),
    )
    .unwrap();
    let reply_to = reply_to
        .extract_single_info()
        .expect("one reply-to address");
    assert_eq!(reply_to.addr, "ada@example.com");
    let to = mail
        .headers
        .iter()
        .find(|h| h.get_key().eq_ignore_ascii_case("to"))
        .unwrap()
        .get_value();
    assert!(!to.contains("evil@example.com"), "{to}");

    let html = mail.get_body().unwrap();
    for raw_markup in ["<script>", "<img", "<b>bold"] {
        assert!(!html.contains(raw_markup), "{raw_markup} in {html}");
    }
    for escaped in [
        "&lt;script&gt;alert(",
        "&lt;img src=x onerror=alert(1)&gt;",
        "Engines &amp; Co &lt;b&gt;bold&lt;/b&gt;",
    ] {
        assert!(html.contains(escaped), "{escaped} not in {html}");
    }
    assert!(
        html.contains("Bcc: victim@example.com"),
        "the message keeps the text, as text: {html}"
    );
}

#[tokio::test]
async fn a_line_break_in_a_header_field_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(
        Some(embedded_default(dir.path(), &[])),
        ContactSettings::default(),
    );
    let token = solved_token(&app).await;
    let mut form = valid_form(&token);
    form["firstname"] = json!("Ada\r\nBcc: victim@example.com");
    let answer = app.post(&form).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.json()["errors"],
        json!({"firstname": "First name must not contain line breaks or control characters."})
    );
    assert!(
        !dir.path().join("mailbox").exists()
            || std::fs::read_dir(dir.path().join("mailbox"))
                .unwrap()
                .next()
                .is_none()
    );
}
