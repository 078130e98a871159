//! The robot check as the page sees it: which widget the embedded data names, the self-hosted
//! challenge, and the CSP that allows reCAPTCHA only when it is the check. (Solving a real
//! challenge, and reCAPTCHA's secret kept out of the page, are tried against the spawned
//! server in the CLI's wiring tests.)

use crate::support::contact::*;
use axum::http::StatusCode;
use serde_json::json;
use supplysite_core::ports::Challenge;
use supplysite_http::handlers::contact::ContactSettings;

const SITE_KEY: &str = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";

fn csp(answer: &Answer) -> String {
    answer.header("content-security-policy").to_owned()
}

#[tokio::test]
async fn the_self_hosted_check_is_named_to_the_page_and_the_csp_stays_closed_to_google() {
    let app = app_over(&Fakes::new());
    let page = app.ask("/contact-us").await;
    assert_eq!(page.status, StatusCode::OK);
    let data = embedded_data(&page.text);
    assert_eq!(
        data["settings"],
        json!({"robot": {"kind": "selfHosted"}, "tracker": null, "contactWaitMs": 2500, "leadCapture": true})
    );
    assert!(data["chrome"].is_object() && data["outcome"].is_object());
    assert!(!csp(&page).contains("google"), "{}", csp(&page));
    assert!(!csp(&page).contains("gstatic"), "{}", csp(&page));
}

#[tokio::test]
async fn recaptcha_puts_its_site_key_in_the_page_and_opens_the_csp() {
    let app = app_over(&Fakes::recaptcha(SITE_KEY));
    let page = app.ask("/contact-us").await;
    let data = embedded_data(&page.text);
    assert_eq!(
        data["settings"],
        json!({"robot": {"kind": "recaptcha", "siteKey": SITE_KEY}, "tracker": null, "contactWaitMs": 2500, "leadCapture": true})
    );
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
    let app = app_over(&Fakes::recaptcha(SITE_KEY));
    let answer = app.ask("/api/robot-challenge").await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert!(!answer.message().is_empty());
}

#[tokio::test]
async fn each_challenge_is_issued_fresh_and_never_cached() {
    let fakes = Fakes::new();
    let app = app(Some(fakes.enquiries()), ContactSettings::default());
    let first = app.ask("/api/robot-challenge").await;
    let second = app.ask("/api/robot-challenge").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header("cache-control"), "no-store");
    let challenge: Challenge = serde_json::from_str(&first.text).unwrap();
    let other: Challenge = serde_json::from_str(&second.text).unwrap();
    assert_ne!(challenge.challenge, other.challenge);
    assert_eq!(fakes.challenges.as_ref().unwrap().issued(), 2);
}
