use crate::support::contact::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use std::num::NonZeroU32;
use supplysite_core::ports::fakes::FakeRobotCheck;
use supplysite_core::ports::{DeliveryError, JobKind};
use supplysite_http::handlers::contact::{BODY_LIMIT, ContactSettings};

/// The description the site serves.
async fn description(app: &TestApp) -> Value {
    let answer = app.ask("/api/openapi.json").await;
    assert_eq!(answer.status, StatusCode::OK);
    answer.json()
}

/// Fails unless the description lists `answer`'s status for `method path` with its content
/// type (and a `Retry-After` header when the answer has one).
fn assert_described(doc: &Value, method: &str, path: &str, answer: &Answer) {
    let status = answer.status;
    let response = &doc["paths"][path][method]["responses"][status.as_str()];
    assert!(
        response.is_object(),
        "{method} {path} answered {status}, which the description does not list: {}",
        answer.text
    );
    let content_type = answer.header("content-type");
    let essence = content_type.split(';').next().unwrap().trim();
    assert!(
        response["content"][essence].is_object(),
        "{method} {path} {status} answered {content_type}, described as {}",
        response["content"]
    );
    if answer.headers.contains_key("retry-after") {
        assert!(
            response["headers"]["retry-after"].is_object(),
            "{method} {path} {status} sends Retry-After, which the description does not list"
        );
    }
}

#[tokio::test]
async fn every_answer_of_the_contact_endpoint_is_described() {
    let fakes = Fakes::new();
    let app = app_over(&fakes);
    let doc = description(&app).await;
    let mut answers = vec![
        app.post_contact(&valid_form(GOOD_TOKEN)).await,
        app.post_contact(&json!({})).await,
        app.answer(contact_request("{")).await,
        app.answer(contact_request(format!(
            r#"{{"message":"{}"}}"#,
            "a".repeat(BODY_LIMIT)
        )))
        .await,
        app.answer(from_peer(
            Request::post("/api/contact")
                .header("content-type", "text/plain")
                .body(Body::from("{}"))
                .unwrap(),
            PEER,
        ))
        .await,
    ];
    fakes.delivery.push(
        JobKind::NotifyInbox,
        Err(DeliveryError::Transient {
            reason: "HTTP 503".into(),
            retry_after: None,
        }),
    );
    answers.push(app.post_contact(&valid_form(GOOD_TOKEN)).await);
    fakes.outbox.set_unavailable(Some("disk full"));
    answers.push(app.post_contact(&valid_form(GOOD_TOKEN)).await);

    let unavailable = Fakes::with_robot(FakeRobotCheck::unavailable("siteverify timed out"));
    answers.push(
        app_over(&unavailable)
            .post_contact(&valid_form(GOOD_TOKEN))
            .await,
    );

    let one_a_minute = ContactSettings {
        rate_per_minute: NonZeroU32::new(1).unwrap(),
        ..ContactSettings::default()
    };
    let limited = crate::support::contact::app(Some(Fakes::new().enquiries()), one_a_minute);
    limited.post_contact(&valid_form(GOOD_TOKEN)).await;
    answers.push(limited.post_contact(&valid_form(GOOD_TOKEN)).await);

    let closed = crate::support::contact::app(None, ContactSettings::default());
    answers.push(closed.post_contact(&json!({})).await);

    let statuses: Vec<u16> = answers.iter().map(|a| a.status.as_u16()).collect();
    assert_eq!(statuses, [200, 422, 400, 413, 415, 200, 503, 503, 429, 404]);
    for answer in &answers {
        assert_described(&doc, "post", "/api/contact", answer);
    }
}

#[tokio::test]
async fn the_robot_challenge_and_its_absence_are_described() {
    let app = app_over(&Fakes::new());
    let doc = description(&app).await;
    let issued = app.ask("/api/robot-challenge").await;
    assert_eq!(issued.status, StatusCode::OK);
    assert_described(&doc, "get", "/api/robot-challenge", &issued);
    let properties = doc["components"]["schemas"]["Challenge"]["properties"]
        .as_object()
        .unwrap();
    for key in issued.json().as_object().unwrap().keys() {
        assert!(properties.contains_key(key), "{key} is not described");
    }
    let none = crate::support::contact::app(None, ContactSettings::default())
        .ask("/api/robot-challenge")
        .await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert_described(&doc, "get", "/api/robot-challenge", &none);
}
