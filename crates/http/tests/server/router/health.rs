use crate::support::*;
use axum::http::StatusCode;

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
