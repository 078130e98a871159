//! The fake Brevo itself, as other processes drive it: its control API reads what it received
//! and scripts failures, and it refuses a key that is not the account's as Brevo does.

use crate::brevo::client;
use crate::support::enquiry;
use serde_json::{Value, json};
use std::time::Duration;
use supplysite_core::contact::EnquiryId;
use supplysite_core::ports::{DeliveryError, EnquiryDelivery, StoredEnquiry, UnixMillis};
use supplysite_mail_adapter::fake_brevo::{EMAIL, FakeBrevo, KEY};
use supplysite_mail_adapter::{BrevoClient, BrevoConfig, MailAddress, Secret};

fn stored() -> StoredEnquiry {
    StoredEnquiry {
        id: EnquiryId::parse("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b").unwrap(),
        received_at: UnixMillis(1_700_000_000_000),
        enquiry: enquiry("ada@example.com"),
    }
}

async fn control(brevo: &FakeBrevo, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let http = reqwest::Client::new();
    let url = format!("{}/_control/{path}", brevo.base_url);
    let request = match method {
        "GET" => http.get(url),
        _ => http.post(url),
    };
    let request = match body {
        Some(body) => request.json(&body),
        None => request,
    };
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_control_api_scripts_failures_and_shows_what_was_received_and_sent() {
    let brevo = FakeBrevo::start().await.unwrap();
    let (status, scripted) = control(
        &brevo,
        "POST",
        "fail",
        Some(json!({"status": 429, "path": EMAIL, "resetSeconds": 7})),
    )
    .await;
    assert_eq!(status, 200, "{scripted}");
    let brevo_client = client(&brevo.base_url, Duration::from_secs(5));
    let err = brevo_client.notify_inbox(&stored()).await.unwrap_err();
    assert!(
        matches!(err, DeliveryError::Transient { retry_after: Some(d), .. } if d == Duration::from_secs(7)),
        "{err:?}"
    );
    brevo_client.notify_inbox(&stored()).await.unwrap();

    let (_, requests) = control(&brevo, "GET", "requests", None).await;
    let requests = requests.as_array().unwrap();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0]["path"], EMAIL);
    assert_eq!(requests[0]["headers"]["api-key"], KEY);
    assert_eq!(
        requests[0]["body"]["headers"]["idempotencyKey"],
        "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
    );
    assert_eq!(requests[0]["violations"], json!([]));
    let (_, emails) = control(&brevo, "GET", "emails", None).await;
    assert_eq!(
        emails,
        json!({"total": 1, "byKey": {"0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b": 1}})
    );

    let (status, _) = control(&brevo, "POST", "reset", None).await;
    assert_eq!(status, 204);
    assert_eq!(control(&brevo, "GET", "requests", None).await.1, json!([]));
    assert_eq!(brevo.total_emails(), 0);
}

#[tokio::test]
async fn a_scripted_permanent_failure_answers_brevos_error_body_on_both_calls() {
    let brevo = FakeBrevo::start().await.unwrap();
    let (status, _) = control(
        &brevo,
        "POST",
        "fail",
        Some(json!({"status": 400, "code": "invalid_parameter", "message": "sender is invalid"})),
    )
    .await;
    assert_eq!(status, 200);
    let brevo_client = client(&brevo.base_url, Duration::from_secs(5));
    let expected = |what: &str| DeliveryError::Permanent {
        reason: format!("brevo {what}: HTTP 400 invalid_parameter: sender is invalid"),
    };
    assert_eq!(
        brevo_client.notify_inbox(&stored()).await.unwrap_err(),
        expected("transactional email")
    );
    assert_eq!(
        brevo_client.upsert_contact(&stored()).await.unwrap_err(),
        expected("contact upsert")
    );
    assert_eq!(brevo.total_emails(), 0);
}

#[tokio::test]
async fn a_malformed_control_request_is_refused_with_a_reason() {
    let brevo = FakeBrevo::start().await.unwrap();
    for (body, reason) in [
        (json!({"status": 200}), "invalid status 200"),
        (json!({"status": 500, "times": 0}), "invalid times 0"),
        (
            json!({"status": 500, "path": "/v3/sms"}),
            "invalid path \"/v3/sms\"",
        ),
        (json!({"code": "x"}), "invalid fail request"),
    ] {
        let (status, answer) = control(&brevo, "POST", "fail", Some(body)).await;
        assert_eq!(status, 400);
        let message = answer["message"].as_str().unwrap();
        assert!(message.starts_with(reason), "{message}");
    }
}

#[tokio::test]
async fn a_key_that_is_not_the_accounts_is_refused_and_recorded_as_a_violation() {
    let brevo = FakeBrevo::start().await.unwrap();
    let mut config = BrevoConfig::new(
        Secret::new("xkeysib-someone-else"),
        MailAddress::parse("Web <web@example.com>").unwrap(),
        MailAddress::parse("Info <info@example.com>").unwrap(),
    );
    config.base_url = brevo.base_url.clone();
    let err = BrevoClient::new(config)
        .unwrap()
        .notify_inbox(&stored())
        .await
        .unwrap_err();
    assert_eq!(
        err,
        DeliveryError::Blocked {
            reason: "brevo transactional email: HTTP 401 unauthorized: Key not found".into()
        }
    );
    assert_eq!(
        brevo.violations(),
        ["api-key header is missing or not the account's key"]
    );
    assert_eq!(brevo.total_emails(), 0);
}

#[tokio::test]
async fn a_scripted_slow_answer_accepts_after_the_wait() {
    let brevo = FakeBrevo::start().await.unwrap();
    let (status, _) = control(
        &brevo,
        "POST",
        "slow",
        Some(json!({"millis": 300, "path": "/v3/smtp/email"})),
    )
    .await;
    assert_eq!(status, 200);
    let started = std::time::Instant::now();
    client(&brevo.base_url, Duration::from_secs(5))
        .notify_inbox(&stored())
        .await
        .unwrap();
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert_eq!(brevo.total_emails(), 1);
    let (status, answer) = control(&brevo, "POST", "slow", Some(json!({"millis": 600_000}))).await;
    assert_eq!(status, 400);
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid millis")
    );
}
