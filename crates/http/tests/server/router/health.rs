use crate::support::*;
use axum::http::StatusCode;
use std::sync::Arc;
use std::time::SystemTime;
use supplysite_core::ports::{SnapshotActivity, UnixMillis};
use supplysite_http::content::freshness::{ContentFreshness, Freshness};

#[tokio::test]
async fn healthz_says_the_process_answers() {
    let app = spawn_app();
    let response = app.get("/healthz").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "cache-control"), "no-store");
    assert_eq!(body_text(response).await, r#"{"status":"ok"}"#);
}

#[tokio::test]
async fn readyz_names_the_content_version_and_its_age() {
    let app = spawn_app();
    let response = app.get("/readyz").await;
    assert_eq!(response.status(), StatusCode::OK);
    let json: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
    assert_eq!(json["status"], "ready");
    assert_eq!(json["contentVersion"], "v1");
    assert!(json["ageSeconds"].as_u64().unwrap() < 60);
    assert!(json["loadedAt"].as_u64().unwrap() > 1_700_000_000);
    assert_eq!(json["build"].as_str().unwrap().len(), 16);
}

#[tokio::test]
async fn readyz_reports_what_the_connection_defences_did() {
    let app = spawn_app();
    let response = app.get("/readyz").await;
    let json: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
    let connections = &json["connections"];
    for counter in [
        "open",
        "limit",
        "perClientLimit",
        "acceptErrors",
        "refusedPerClient",
        "refusedTotal",
        "timedOut",
    ] {
        // Served without a socket here, so nothing was counted.
        assert_eq!(connections[counter], 0, "{counter} in {connections}");
    }
}

/// A live source whose last good copy was saved, then failed to save; shared once.
struct Keeping(SnapshotActivity);

impl ContentFreshness for Keeping {
    fn freshness(&self) -> Option<Freshness> {
        Some(Freshness {
            source: "contentful",
            version: "v1".into(),
            fetched_at: SystemTime::now(),
            from_disk: false,
            snapshot: Some(self.0),
        })
    }
}

#[tokio::test]
async fn readyz_and_the_metrics_say_when_the_last_good_copy_was_saved_and_shared_and_what_is_failing()
 {
    let mut activity = SnapshotActivity {
        sharing: true,
        ..SnapshotActivity::default()
    };
    activity.saves.record(true, UnixMillis(1_800_000_000_000));
    activity.saves.record(false, UnixMillis(1_800_000_060_000));
    activity.shares.record(true, UnixMillis(1_800_000_000_500));
    activity
        .adoptions
        .record(false, UnixMillis(1_799_999_999_000));
    let app = spawn_app_with(Options {
        freshness: Some(Arc::new(Keeping(activity))),
        ..Options::default()
    });
    let response = app.get("/readyz").await;
    // Pages are still served from memory: the status stays ready.
    assert_eq!(response.status(), StatusCode::OK);
    let json: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
    assert_eq!(
        json["snapshot"],
        serde_json::json!({
            "savedAt": 1_800_000_000u64,
            "saveFailing": true,
            "sharedAt": 1_800_000_000u64,
            "shareFailing": false,
            // The copy taken at start was refused (unreadable, or a gzip bomb).
            "takeFailed": true,
        }),
        "{json}"
    );

    let text = app.metrics_text().await;
    for line in [
        r#"supplysite_content_snapshot_steps_total{step="save",outcome="ok"} 1"#,
        r#"supplysite_content_snapshot_steps_total{step="save",outcome="failed"} 1"#,
        r#"supplysite_content_snapshot_steps_total{step="share",outcome="ok"} 1"#,
        r#"supplysite_content_snapshot_steps_total{step="share",outcome="failed"} 0"#,
        r#"supplysite_content_snapshot_steps_total{step="adopt",outcome="failed"} 1"#,
    ] {
        assert!(text.lines().any(|l| l == line), "no {line:?} in\n{text}");
    }

    // Without a database nothing is shared, and /readyz does not speak of sharing.
    let alone = spawn_app_with(Options {
        freshness: Some(Arc::new(Keeping(SnapshotActivity::default()))),
        ..Options::default()
    });
    let json: serde_json::Value =
        serde_json::from_str(&body_text(alone.get("/readyz").await).await).unwrap();
    assert_eq!(
        json["snapshot"],
        serde_json::json!({"saveFailing": false}),
        "{json}"
    );
}

#[tokio::test]
async fn readyz_of_content_from_a_file_says_nothing_of_a_last_good_copy() {
    let json: serde_json::Value =
        serde_json::from_str(&body_text(spawn_app().get("/readyz").await).await).unwrap();
    assert!(json.get("snapshot").is_none(), "{json}");
}

#[tokio::test(start_paused = true)]
async fn readyz_asks_the_outbox_at_most_once_a_second_however_often_it_is_called() {
    use supplysite_http::contact_desk::BLOCKED_FRESH_FOR;
    let fakes = crate::support::contact::Fakes::new();
    let app = Arc::new(crate::support::contact::app_over(&fakes));
    let ready = |app: Arc<TestApp>| async move {
        let response = app.get("/readyz").await;
        assert_eq!(response.status(), StatusCode::OK);
        let json: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
        assert_eq!(json["deliveries"]["status"], "flowing", "{json}");
    };
    // Many callers at once, then one after another: one query between them.
    let callers: Vec<_> = (0..20).map(|_| tokio::spawn(ready(app.clone()))).collect();
    for caller in callers {
        caller.await.unwrap();
    }
    for _ in 0..20 {
        ready(app.clone()).await;
    }
    assert_eq!(fakes.outbox.blocked_reads(), 1);
    // A second later the outbox is asked again, once.
    tokio::time::advance(BLOCKED_FRESH_FOR).await;
    for _ in 0..20 {
        ready(app.clone()).await;
    }
    assert_eq!(fakes.outbox.blocked_reads(), 2);
}
