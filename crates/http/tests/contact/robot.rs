//! The robot check as the page sees it: which widget the embedded data names, the self-hosted
//! challenge, and the CSP that allows reCAPTCHA only when it is the check.

use crate::support::*;
use axum::http::StatusCode;
use serde_json::json;
use supplysite_core::ports::Challenge;
use supplysite_http::contact::ContactSettings;
use supplysite_mail_adapter::selfhosted::solve;

const SITE_KEY: &str = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";
const SECRET: &str = "recaptcha-secret-never-shown";

fn recaptcha_app(dir: &std::path::Path) -> TestApp {
    app(
        Some(embedded_default(
            dir,
            &[
                ("RECAPTCHA_SITE_KEY", SITE_KEY),
                ("RECAPTCHA_SECRET", SECRET),
            ],
        )),
        ContactSettings::default(),
    )
}

fn csp(answer: &Answer) -> String {
    answer.header("content-security-policy").to_owned()
}

#[tokio::test]
async fn the_embedded_default_tells_the_page_to_show_the_self_hosted_check() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(
        Some(embedded_default(dir.path(), &[])),
        ContactSettings::default(),
    );
    let page = app.get("/contact-us").await;
    assert_eq!(page.status, StatusCode::OK);
    let data = embedded_data(&page.text);
    assert_eq!(
        data["settings"],
        json!({"robot": {"kind": "selfHosted"}, "tracker": null})
    );
    assert!(data["chrome"].is_object() && data["outcome"].is_object());
    assert!(!csp(&page).contains("google"), "{}", csp(&page));
    assert!(!csp(&page).contains("gstatic"), "{}", csp(&page));
}

#[tokio::test]
async fn recaptcha_puts_its_site_key_but_never_its_secret_in_the_page_and_opens_the_csp() {
    let dir = tempfile::tempdir().unwrap();
    let app = recaptcha_app(dir.path());
    let page = app.get("/contact-us").await;
    let data = embedded_data(&page.text);
    assert_eq!(
        data["settings"],
        json!({"robot": {"kind": "recaptcha", "siteKey": SITE_KEY}, "tracker": null})
    );
    assert!(!page.text.contains(SECRET));
    let policy = csp(&page);
    let directive = |name: &str| {
        policy
            .split("; ")
            .find(|d| d.starts_with(name))
            .unwrap()
            .to_owned()
    };
    assert!(directive("script-src").contains("https://www.google.com/recaptcha/"));
    assert!(directive("script-src").contains("https://www.gstatic.com/recaptcha/"));
    assert!(directive("frame-src").contains("https://www.google.com/recaptcha/"));
}

#[tokio::test]
async fn with_recaptcha_there_is_no_self_hosted_challenge() {
    let dir = tempfile::tempdir().unwrap();
    let app = recaptcha_app(dir.path());
    let answer = app.get("/api/robot-challenge").await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert!(!answer.message().is_empty());
}

#[tokio::test]
async fn a_challenge_is_fresh_uncached_and_solving_it_lets_one_enquiry_through() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(
        Some(embedded_default(dir.path(), &[])),
        ContactSettings::default(),
    );
    let first = app.get("/api/robot-challenge").await;
    let second = app.get("/api/robot-challenge").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header("cache-control"), "no-store");
    let challenge: Challenge = serde_json::from_str(&first.text).unwrap();
    let other: Challenge = serde_json::from_str(&second.text).unwrap();
    assert_ne!(challenge.challenge, other.challenge);

    let token = solve(&challenge);
    let sent = app.post(&valid_form(&token)).await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
    assert_eq!(sent.json(), json!({"status": "sent"}));
    let replayed = app.post(&valid_form(&token)).await;
    assert_eq!(replayed.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        replayed.json()["errors"],
        json!({"robot": "Please select 'I'm not a robot' checkbox."})
    );
}
