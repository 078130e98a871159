//! The embedded default through a spawned server (SQLite outbox, local `.eml` mailbox,
//! self-hosted robot check): a challenge is fresh and uncached and lets one enquiry through,
//! what a visitor types never becomes markup or a header in the email, and with reCAPTCHA's
//! keys set the page names its site key, never its secret, and no challenge is issued.

use crate::support::{Server, serve, workdir};
use serde_json::{Value, json};
use std::path::Path;
use supplysite_core::ports::Challenge;
use supplysite_mail_adapter::selfhosted::solve;

const SITE_KEY: &str = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";
const SECRET: &str = "recaptcha-secret-never-shown";

fn form(token: &str) -> Value {
    crate::support::form("ada@example.com", token)
}

/// `GET path`: status, the named header and the body.
async fn get_with_header(server: &Server, path: &str, header: &str) -> (u16, String, String) {
    let response = reqwest::get(format!("{}{path}", server.base))
        .await
        .unwrap();
    let status = response.status().as_u16();
    let value = response
        .headers()
        .get(header)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, value, response.text().await.unwrap())
}

async fn solved_token(server: &Server) -> String {
    let (status, challenge) = server.get_json("/api/robot-challenge").await;
    assert_eq!(status, 200, "{challenge}");
    solve(&serde_json::from_value::<Challenge>(challenge).unwrap())
}

fn emls(dir: &Path) -> Vec<std::path::PathBuf> {
    match std::fs::read_dir(dir.join("mailbox")) {
        Ok(entries) => entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .collect(),
        Err(_) => Vec::new(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_fresh_uncached_and_solving_it_lets_one_enquiry_through() {
    let dir = workdir();
    let server = Server::start(serve(dir.path())).await;
    let (status, cache, first) =
        get_with_header(&server, "/api/robot-challenge", "cache-control").await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(cache, "no-store");
    let challenge: Challenge = serde_json::from_str(&first).unwrap();
    let (_, other) = server.get_json("/api/robot-challenge").await;
    let other: Challenge = serde_json::from_value(other).unwrap();
    assert_ne!(challenge.challenge, other.challenge);

    let token = solve(&challenge);
    let (status, answer) = server
        .post_json("/api/contact", &form(&token))
        .await
        .unwrap();
    assert_eq!(status, 200, "{answer}\n{}", server.log());
    assert_eq!(answer, json!({"status": "sent"}));
    assert_eq!(emls(dir.path()).len(), 1);
    let (status, replayed) = server
        .post_json("/api/contact", &form(&token))
        .await
        .unwrap();
    assert_eq!(status, 422, "{replayed}");
    assert_eq!(
        replayed["errors"],
        json!({"robot": "Please select 'I'm not a robot' checkbox."})
    );
    assert_eq!(emls(dir.path()).len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn markup_and_header_lines_in_the_message_arrive_escaped_in_the_eml() {
    let dir = workdir();
    let server = Server::start(serve(dir.path())).await;
    let token = solved_token(&server).await;
    let form = json!({
        "firstname": "<script>alert('first')</script>",
        "lastname": "\"Lovelace\" <evil@example.com>",
        "orgName": "Engines & Co <b>bold</b>",
        "phone": "+61 2 9000 0000",
        "email": "ada@example.com",
        "message": "Hello\r\nBcc: victim@example.com\r\n\r\n<img src=x onerror=alert(1)>",
        "robotToken": token,
    });
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!(status, 200, "{answer}\n{}", server.log());
    assert_eq!(answer, json!({"status": "sent"}));

    let emls = emls(dir.path());
    assert_eq!(emls.len(), 1, "{emls:?}");
    let raw = std::fs::read(&emls[0]).unwrap();
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_break_in_a_header_field_is_refused_and_nothing_is_written() {
    let dir = workdir();
    let server = Server::start(serve(dir.path())).await;
    let token = solved_token(&server).await;
    let mut form = form(&token);
    form["firstname"] = json!("Ada\r\nBcc: victim@example.com");
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        answer["errors"],
        json!({"firstname": "First name must not contain line breaks or control characters."})
    );
    assert!(emls(dir.path()).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recaptcha_puts_its_site_key_but_never_its_secret_in_the_page_and_issues_no_challenge() {
    let dir = workdir();
    let mut cmd = serve(dir.path());
    cmd.env("RECAPTCHA_SITE_KEY", SITE_KEY)
        .env("RECAPTCHA_SECRET", SECRET);
    let server = Server::start(cmd).await;
    let (status, policy, page) =
        get_with_header(&server, "/contact-us", "content-security-policy").await;
    assert_eq!(status, 200);
    assert!(
        page.contains(&format!(
            r#""settings":{{"robot":{{"kind":"recaptcha","siteKey":"{SITE_KEY}"}},"tracker":null,"contactWaitMs":5000,"leadCapture":true}}"#
        )),
        "the page is told which robot check to show"
    );
    assert!(!page.contains(SECRET));
    let directive = |name: &str| {
        policy
            .split("; ")
            .find(|d| d.starts_with(name))
            .unwrap_or_else(|| panic!("no {name} in {policy}"))
            .to_owned()
    };
    assert!(directive("script-src").contains("https://www.google.com/recaptcha/"));
    assert!(directive("script-src").contains("https://www.gstatic.com/recaptcha/"));
    assert!(directive("frame-src").contains("https://www.google.com/recaptcha/"));

    let (status, answer) = server.get_json("/api/robot-challenge").await;
    assert_eq!(status, 404, "{answer}");
    assert!(!answer["message"].as_str().unwrap_or("").is_empty());
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");
    assert!(
        !log.contains(SECRET),
        "the reCAPTCHA secret is never logged"
    );
}
