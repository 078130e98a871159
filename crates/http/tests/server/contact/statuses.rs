use crate::support::contact::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;
use std::net::IpAddr;
use supplysite_core::ports::fakes::FakeRobotCheck;
use supplysite_core::ports::{DeliveryError, JobKind};
use supplysite_http::handlers::contact::BODY_LIMIT;

#[tokio::test]
async fn an_enquiry_stored_and_delivered_at_once_is_sent() {
    let fakes = Fakes::new();
    let app = app_over(&fakes);
    let answer = app.post_contact(&valid_form(GOOD_TOKEN)).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json(), json!({"status": "sent"}));
    assert_eq!(answer.header("cache-control"), "no-store");
    assert_eq!(fakes.outbox.enquiries().len(), 1);
    assert_eq!(fakes.delivery.delivered(JobKind::NotifyInbox).len(), 1);
    assert_eq!(fakes.delivery.delivered(JobKind::UpsertContact).len(), 1);
    let peer: IpAddr = "203.0.113.7".parse().unwrap();
    assert_eq!(
        fakes.robot.calls(),
        vec![(GOOD_TOKEN.to_owned(), Some(peer))],
        "the robot check hears the visitor's address"
    );
}

#[tokio::test]
async fn an_enquiry_stored_whose_delivery_fails_for_now_is_queued() {
    let fakes = Fakes::new();
    fakes.delivery.push(
        JobKind::NotifyInbox,
        Err(DeliveryError::Transient {
            reason: "HTTP 503".into(),
            retry_after: None,
        }),
    );
    let app = app_over(&fakes);
    let answer = app.post_contact(&valid_form(GOOD_TOKEN)).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json(), json!({"status": "queued"}));
    assert_eq!(fakes.outbox.enquiries().len(), 1, "stored all the same");
    assert!(fakes.delivery.delivered(JobKind::NotifyInbox).is_empty());
}

#[tokio::test]
async fn an_empty_form_gets_every_documented_message_at_once() {
    let fakes = Fakes::new();
    let app = app_over(&fakes);
    let answer = app.post_contact(&json!({})).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!answer.message().is_empty());
    assert_eq!(
        answer.json()["errors"],
        json!({
            "firstname": "First name is required.",
            "lastname": "Last name is required.",
            "orgName": "Organisation name is required.",
            "phone": "Phone number is required",
            "email": "Email is required.",
            "robot": "Please select 'I'm not a robot' checkbox.",
        })
    );
    let positions: Vec<usize> = [
        "firstname",
        "lastname",
        "orgName",
        "phone",
        "email",
        "robot",
    ]
    .iter()
    .map(|k| answer.text.find(&format!("\"{k}\":")).unwrap())
    .collect();
    assert!(
        positions.is_sorted(),
        "the messages come in the form's order: {}",
        answer.text
    );
    assert!(fakes.outbox.enquiries().is_empty());
    assert!(
        fakes.robot.calls().is_empty(),
        "no token is spent on a form to fix"
    );
}

#[tokio::test]
async fn a_short_phone_and_a_bad_email_get_their_format_messages() {
    let fakes = Fakes::new();
    let app = app_over(&fakes);
    let mut form = valid_form(GOOD_TOKEN);
    form["phone"] = json!("12345");
    form["email"] = json!("ada@");
    let answer = app.post_contact(&form).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.json()["errors"],
        json!({"phone": "Enter a valid phone number", "email": "Enter a valid email."})
    );
}

#[tokio::test]
async fn a_rejected_robot_token_gets_the_robot_message_alone_and_nothing_is_stored() {
    let fakes = Fakes::new();
    let app = app_over(&fakes);
    let answer = app.post_contact(&valid_form("forged-token")).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.json()["errors"],
        json!({"robot": "Please select 'I'm not a robot' checkbox."})
    );
    assert!(fakes.outbox.enquiries().is_empty());
}

#[tokio::test]
async fn malformed_json_is_400_with_a_message() {
    let app = app_over(&Fakes::new());
    for body in [
        "{\"firstname\": ",
        "[1, 2]",
        "{\"phone\": 61290000000}",
        "{\"robotToken\": 7}",
    ] {
        let answer = app.answer(contact_request(body)).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(!answer.message().is_empty());
    }
}

#[tokio::test]
async fn a_body_that_is_not_json_by_content_type_is_415() {
    let app = app_over(&Fakes::new());
    for content_type in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let mut request = Request::post("/api/contact");
        if let Some(ct) = content_type {
            request = request.header("content-type", ct);
        }
        let request = from_peer(
            request
                .body(Body::from(valid_form(GOOD_TOKEN).to_string()))
                .unwrap(),
            PEER,
        );
        let answer = app.answer(request).await;
        assert_eq!(
            answer.status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{content_type:?}"
        );
        assert!(answer.message().contains("application/json"));
    }
}

#[tokio::test]
async fn a_body_over_32_kb_is_413_whether_or_not_its_length_is_declared() {
    let fakes = Fakes::new();
    let app = app_over(&fakes);
    let mut form = valid_form(GOOD_TOKEN);
    form["message"] = json!("a".repeat(BODY_LIMIT));
    let body = form.to_string();

    let declared = from_peer(
        Request::post("/api/contact")
            .header("content-type", "application/json")
            .header("content-length", body.len())
            .body(Body::from(body.clone()))
            .unwrap(),
        PEER,
    );
    let answer = app.answer(declared).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(!answer.message().is_empty());

    // No Content-Length header: the limit is found while reading.
    let undeclared = contact_request(body);
    let answer = app.answer(undeclared).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(!answer.message().is_empty());
    assert!(fakes.outbox.enquiries().is_empty());
}

#[tokio::test]
async fn an_outbox_that_cannot_store_is_503_with_a_clear_message() {
    let fakes = Fakes::new();
    fakes.outbox.set_unavailable(Some("disk full"));
    let app = app_over(&fakes);
    let answer = app.post_contact(&valid_form(GOOD_TOKEN)).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    let message = answer.message();
    assert!(message.contains("could not be saved"), "{message}");
    assert!(
        !message.contains("disk full"),
        "the cause is logged, not shown"
    );
}

#[tokio::test]
async fn a_robot_check_that_cannot_be_asked_is_503() {
    let fakes = Fakes::with_robot(FakeRobotCheck::unavailable("siteverify timed out"));
    let app = app_over(&fakes);
    let answer = app.post_contact(&valid_form(GOOD_TOKEN)).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(answer.header("retry-after"), "5");
    assert!(answer.message().contains("robot check"));
    assert!(answer.message().contains("try again"));
    assert!(fakes.outbox.enquiries().is_empty());
}

#[tokio::test]
async fn a_resubmission_with_the_same_id_gets_the_first_answer_and_stores_nothing() {
    let fakes = Fakes::new();
    let app = app_over(&fakes);
    let mut form = valid_form(GOOD_TOKEN);
    form["submissionId"] = "5f0c2a8e-1d1b-4f6e-9a8c-2b7d3e4f5a6b".into();
    let first = app.post_contact(&form).await;
    assert_eq!(first.json(), json!({"status": "sent"}));
    form["message"] = "Changed while the first answer was lost.".into();
    let again = app.post_contact(&form).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.json(), json!({"status": "sent"}));
    assert_eq!(fakes.outbox.enquiries().len(), 1);
    assert_eq!(fakes.delivery.delivered(JobKind::NotifyInbox).len(), 1);
    assert_eq!(fakes.robot.calls().len(), 1);
}

#[tokio::test]
async fn a_malformed_submission_id_is_400_naming_it() {
    let app = app_over(&Fakes::new());
    let mut form = valid_form(GOOD_TOKEN);
    form["submissionId"] = "<script>".into();
    let answer = app.post_contact(&form).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.message().starts_with("submissionId: "),
        "{}",
        answer.text
    );
}

#[tokio::test]
async fn another_method_is_405_naming_post() {
    let app = app_over(&Fakes::new());
    let answer = app.ask("/api/contact").await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.header("allow"), "POST");
    assert!(!answer.message().is_empty());
}

#[tokio::test]
async fn without_a_contact_desk_the_endpoints_are_404_json() {
    let app = app(None, Default::default());
    let answer = app.post_contact(&valid_form(GOOD_TOKEN)).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert!(!answer.message().is_empty());
    let answer = app.ask("/api/robot-challenge").await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert!(!answer.message().is_empty());
}

/// A verifier that never gives a verdict, as a siteverify that hangs.
struct NeverAnswers;

#[async_trait::async_trait]
impl supplysite_core::ports::RobotCheck for NeverAnswers {
    async fn verify(
        &self,
        _token: &str,
        _remote_ip: Option<IpAddr>,
    ) -> Result<(), supplysite_core::ports::RobotCheckError> {
        std::future::pending().await
    }
}

/// The robot budget running out is a runtime timer firing; here it fires as soon as the
/// verdict is not ready (core's tests and the enquiry adapter's time it for real).
#[tokio::test]
async fn a_robot_check_that_never_answers_fails_closed_within_its_budget_with_retry_after() {
    use std::sync::Arc;
    use supplysite_core::enquiry::{Enquiries, EnquiryParts};
    use supplysite_core::ports::fakes::FakeRuntime;
    let fakes = Fakes::new();
    let budget = std::time::Duration::from_millis(200);
    let enquiries = Enquiries::from_parts(EnquiryParts {
        robot: Arc::new(NeverAnswers),
        ..fakes.enquiries_parts(FakeRuntime::timers_fire_at_once(), budget)
    });
    let app = app(
        Some(enquiries),
        supplysite_http::handlers::contact::ContactSettings::default(),
    );
    let answer = app.post_contact(&valid_form(GOOD_TOKEN)).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(answer.header("retry-after"), "5");
    assert!(answer.message().contains("Please try again"));
    assert!(fakes.outbox.enquiries().is_empty());
}
