use crate::support::*;
use axum::http::StatusCode;
use serde_json::{Value, json};

async fn api(app: &TestApp, query: &str) -> (StatusCode, Value, axum::http::HeaderMap) {
    let response = app.get(&format!("/api/page{query}")).await;
    let status = response.status();
    let headers = response.headers().clone();
    let body = body_text(response).await;
    (status, serde_json::from_str(&body).unwrap(), headers)
}

#[tokio::test]
async fn a_page_path_returns_the_same_outcome_the_page_embeds() {
    let app = spawn_app();
    let (status, json, headers) = api(&app, "?path=%2Finsights%2Fnewest-insight").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/json");
    assert!(headers.contains_key("etag"));
    let html = body_text(app.get("/insights/newest-insight").await).await;
    assert_eq!(json, embedded_data(&html)["outcome"]);
}

#[tokio::test]
async fn a_query_on_the_path_is_redirected_to_the_page_it_names() {
    let app = spawn_app();
    let response = app.get("/api/page?path=%2Fetender%3Futm%3Dx").await;
    assert_eq!(response.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(header(&response, "location"), "/api/page?path=%2Fetender");
    let (status, json, _) = api(&app, "?path=%2Fetender").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        json["view"]["head"]["title"],
        "eRFx and eTender Software | Supplysite"
    );
}

#[tokio::test]
async fn redirects_are_200_with_the_redirect_outcome() {
    let app = spawn_app();
    let (status, json, _) = api(&app, "?path=%2Finsights%2Fgone").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json, json!({"outcome": "redirect", "to": "/insights"}));
    let (_, json, _) = api(&app, "?path=%2Fcase-study%2Fgone").await;
    assert_eq!(
        json,
        json!({"outcome": "redirect", "to": "/case-study-index"})
    );
    let (status, json, _) = api(&app, "?path=%2Fetender%2F").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json, json!({"outcome": "redirect", "to": "/etender"}));
}

#[tokio::test]
async fn not_found_is_404_with_the_not_found_outcome_and_view() {
    let app = spawn_app();
    let (status, json, _) = api(&app, "?path=%2Fnope").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(json["outcome"], "not_found");
    assert_eq!(json["screen"], "notFound");
    assert_eq!(json["view"]["head"]["title"], "Page not found | Supplysite");
}

#[tokio::test]
async fn a_missing_path_is_a_400_json_error() {
    let app = spawn_app();
    let (status, json, _) = api(&app, "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(json, json!({"message": "missing query parameter path"}));
    let (status, json, _) = api(&app, "?path=%2Fa&path=%2Fb").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        json,
        json!({"message": "the query parameter \"path\" is given more than once"})
    );
}

#[tokio::test]
async fn unknown_api_endpoints_are_404_json() {
    let app = spawn_app();
    let (status, json, _) = api(&app, "s").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(json, json!({"message": "no such API endpoint"}));
}
