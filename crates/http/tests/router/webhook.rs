use crate::support::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};
use supplysite_core::ports::fakes::FakeContentSource;
use supplysite_core::ports::{ContentLoadError, ContentSource};
use supplysite_http::Secret;
use supplysite_http::webhook::signature::{SIGNATURE, SIGNED_HEADERS, TIMESTAMP, sign};

const PATH: &str = "/api/webhooks/contentful";
const BODY: &str = r#"{"sys":{"id":"post-newest-insight","type":"Entry"}}"#;

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

fn signed(secret: &str, timestamp_ms: u64, body: &str) -> Request<Body> {
    let topic = "ContentManagement.Entry.publish";
    let (signature, signed_headers) = sign(
        &Secret::webhook(secret).unwrap(),
        "POST",
        PATH,
        &[("x-contentful-topic", topic)],
        body.as_bytes(),
        timestamp_ms,
    );
    Request::post(PATH)
        .header(
            "content-type",
            "application/vnd.contentful.management.v1+json",
        )
        .header("x-contentful-topic", topic)
        .header(SIGNATURE, signature)
        .header(SIGNED_HEADERS, signed_headers)
        .header(TIMESTAMP, timestamp_ms.to_string())
        .body(Body::from(body.to_string()))
        .unwrap()
}

/// A content source that loads "v2", or fails when asked to; it counts its loads.
fn reload_source(fail: bool) -> (Arc<dyn ContentSource>, Arc<FakeContentSource>) {
    let fake = Arc::new(if fail {
        FakeContentSource::failing(ContentLoadError::Malformed {
            location: "content/demo/export.json".into(),
            reason: "not JSON at line 1".into(),
        })
    } else {
        FakeContentSource::new(content("v2"))
    });
    (fake.clone(), fake)
}

#[tokio::test]
async fn a_signed_webhook_reloads_the_content_and_the_site_serves_it() {
    let (reload, calls) = reload_source(false);
    let app = spawn_app_with(Options {
        reload: Some(reload),
        ..Options::default()
    });
    let response = app.send(signed(SECRET, now_ms(), BODY)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let json: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
    assert_eq!(
        json,
        json!({"reloaded": true, "version": "v2", "previous": "v1"})
    );
    assert_eq!(calls.loads(), 1);
    let html = body_text(app.get("/insights/newest-insight").await).await;
    assert!(html.contains("Insight newest-insight v2"));
}

#[tokio::test]
async fn a_wrong_signature_is_refused_with_401_and_nothing_reloads() {
    let (reload, calls) = reload_source(false);
    let app = spawn_app_with(Options {
        reload: Some(reload),
        ..Options::default()
    });
    let other = "f".repeat(64);
    let response = app.send(signed(&other, now_ms(), BODY)).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body = body_text(response).await;
    assert_eq!(body, r#"{"message":"signature does not match"}"#);

    let mut tampered = signed(SECRET, now_ms(), BODY);
    *tampered.body_mut() = Body::from(BODY.replace("newest", "oldest"));
    assert_eq!(app.send(tampered).await.status(), StatusCode::UNAUTHORIZED);

    let unsigned = Request::post(PATH).body(Body::from(BODY)).unwrap();
    let response = app.send(unsigned).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        body_text(response).await,
        r#"{"message":"missing header x-contentful-signature"}"#
    );
    assert_eq!(calls.loads(), 0);
}

#[tokio::test]
async fn a_replayed_webhook_is_refused() {
    let (reload, calls) = reload_source(false);
    let app = spawn_app_with(Options {
        reload: Some(reload),
        ..Options::default()
    });
    let ts = now_ms();
    assert_eq!(
        app.send(signed(SECRET, ts, BODY)).await.status(),
        StatusCode::OK
    );
    let replay = app.send(signed(SECRET, ts, BODY)).await;
    assert_eq!(replay.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(body_text(replay).await, r#"{"message":"replayed request"}"#);
    assert_eq!(calls.loads(), 1);
}

#[tokio::test]
async fn a_stale_webhook_is_refused() {
    let (reload, calls) = reload_source(false);
    let app = spawn_app_with(Options {
        reload: Some(reload),
        ..Options::default()
    });
    let response = app.send(signed(SECRET, now_ms() - 31_000, BODY)).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(body_text(response).await.contains("stale request"));
    assert_eq!(calls.loads(), 0);
}

#[tokio::test]
async fn without_a_secret_every_webhook_is_refused() {
    let (reload, calls) = reload_source(false);
    let app = spawn_app_with(Options {
        secret: None,
        reload: Some(reload),
        ..Options::default()
    });
    let response = app.send(signed(SECRET, now_ms(), BODY)).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(calls.loads(), 0);
}

#[tokio::test]
async fn a_failed_reload_keeps_serving_the_current_content() {
    let (reload, calls) = reload_source(true);
    let app = spawn_app_with(Options {
        reload: Some(reload),
        ..Options::default()
    });
    let response = app.send(signed(SECRET, now_ms(), BODY)).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body = body_text(response).await;
    assert!(
        !body.contains("line 1"),
        "the cause is logged, not sent: {body}"
    );
    assert_eq!(calls.loads(), 1);
    let html = body_text(app.get("/insights/newest-insight").await).await;
    assert!(html.contains("Insight newest-insight v1"));
}

#[tokio::test]
async fn the_webhook_only_accepts_post() {
    let app = spawn_app();
    let response = app.get(PATH).await;
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
}
