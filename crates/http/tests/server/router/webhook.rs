use crate::support::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use supplysite_content_adapter::contentful::ContentfulSource;
use supplysite_content_adapter::contentful::fake::{FakeContentful, Fault};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::fakes::FakeContentSource;
use supplysite_core::ports::{ContentLoadError, ContentSource};
use supplysite_core::webhook::{SIGNATURE, SIGNED_HEADERS, TIMESTAMP, sign};
use supplysite_http::Secret;
use tokio::sync::Semaphore;

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
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    assert_eq!(header(&response, "cache-control"), "no-store");
    let json: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
    assert_eq!(json, json!({"accepted": true, "reload": "started"}));
    until("the reload ended", || !app.state.reloading()).await;
    assert_eq!(calls.loads(), 1);
    assert_eq!(app.state.content().current().version(), "v2");
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
        StatusCode::ACCEPTED
    );
    let replay = app.send(signed(SECRET, ts, BODY)).await;
    assert_eq!(replay.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(body_text(replay).await, r#"{"message":"replayed request"}"#);
    until("the reload ended", || !app.state.reloading()).await;
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
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body = body_text(response).await;
    assert!(
        !body.contains("line 1"),
        "the cause is logged, not sent: {body}"
    );
    until("the reload ended", || !app.state.reloading()).await;
    assert_eq!(calls.loads(), 1);
    let html = body_text(app.get("/insights/newest-insight").await).await;
    assert!(html.contains("Insight newest-insight v1"));
}

#[tokio::test]
async fn without_a_reload_source_a_verified_webhook_is_answered_503() {
    let app = spawn_app();
    let response = app.send(signed(SECRET, now_ms(), BODY)).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(!app.state.reloading());
}

/// Loads "v{n+1}" for its n-th load, each only once the test lets it finish.
struct Gated {
    permits: Semaphore,
    loads: AtomicUsize,
}

#[async_trait::async_trait]
impl ContentSource for Gated {
    async fn load(&self) -> Result<ContentSet, ContentLoadError> {
        let n = self.loads.fetch_add(1, Ordering::SeqCst) + 1;
        self.permits.acquire().await.unwrap().forget();
        Ok(content(&format!("v{}", n + 1)))
    }
}

#[tokio::test]
async fn a_burst_of_webhooks_during_a_reload_is_answered_at_once_and_causes_one_more_reload() {
    let gated = Arc::new(Gated {
        permits: Semaphore::new(0),
        loads: AtomicUsize::new(0),
    });
    let app = spawn_app_with(Options {
        reload: Some(gated.clone()),
        ..Options::default()
    });
    let ts = now_ms();
    let first = app.send(signed(SECRET, ts, BODY)).await;
    assert_eq!(first.status(), StatusCode::ACCEPTED);
    assert_eq!(
        body_text(first).await,
        r#"{"accepted":true,"reload":"started"}"#
    );
    until("the first load began", || {
        gated.loads.load(Ordering::SeqCst) == 1
    })
    .await;
    // Every webhook of the burst is answered while the reload waits on the source.
    for n in 1..=8 {
        let body = format!(r#"{{"sys":{{"id":"post-{n}","type":"Entry"}}}}"#);
        let started = Instant::now();
        let response = app.send(signed(SECRET, ts + n, &body)).await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
        assert!(started.elapsed() < Duration::from_secs(1));
        assert_eq!(
            body_text(response).await,
            r#"{"accepted":true,"reload":"queued"}"#
        );
    }
    assert_eq!(gated.loads.load(Ordering::SeqCst), 1);
    gated.permits.add_permits(1);
    until("the follow-up load began", || {
        gated.loads.load(Ordering::SeqCst) == 2
    })
    .await;
    assert_eq!(app.state.content().current().version(), "v2");
    gated.permits.add_permits(1);
    until("the reloads ended", || !app.state.reloading()).await;
    assert_eq!(
        gated.loads.load(Ordering::SeqCst),
        2,
        "exactly one more reload"
    );
    assert_eq!(app.state.content().current().version(), "v3");
}

#[tokio::test]
async fn a_reload_slower_than_the_request_timeout_is_answered_at_once_and_still_completes() {
    let demo = supplysite_testkit::demo::export_json();
    let fake = FakeContentful::start(demo).await;
    let source = Arc::new(ContentfulSource::from_settings(fake.settings()).unwrap());
    let app = spawn_app_with(Options {
        reload: Some(source),
        settings: Some(Box::new(|s| s.request_timeout = Duration::from_millis(200))),
        ..Options::default()
    });
    // Contentful's first answer takes three times as long as a request to the site may.
    fake.push(Fault::Slow(Duration::from_millis(600)));
    let started = Instant::now();
    let response = app.send(signed(SECRET, now_ms(), BODY)).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    assert!(started.elapsed() < Duration::from_millis(200));
    until("the slow reload completed", || {
        app.state.content().current().version() != "v1"
    })
    .await;
    assert!(started.elapsed() >= Duration::from_millis(600));
    until("the reload ended", || !app.state.reloading()).await;
    fake.stop().await;
}

/// Waits until `done` holds, failing after ten seconds.
async fn until(what: &str, done: impl Fn() -> bool) {
    eventually(Duration::from_secs(10), what, done).await;
}

#[tokio::test]
async fn the_webhook_only_accepts_post() {
    let app = spawn_app();
    let response = app.get(PATH).await;
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
}
