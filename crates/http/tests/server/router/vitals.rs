//! `POST /api/vitals`: a visitor's Core Web Vitals measurement counted into the histograms by
//! route template and metric; anything but a report of a template, a metric and its value
//! refused with 400, an oversized body with 413, and a flood from one client limited while
//! another is still counted.

use crate::support::contact::from_peer;
use crate::support::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use supplysite_http::handlers::vitals::REPORTS_PER_MINUTE;
use supplysite_http::metrics::Scrape;

fn beacon(peer: &str, body: &str) -> Request<Body> {
    // sendBeacon sends a string as text/plain.
    let request = Request::post("/api/vitals")
        .header("content-type", "text/plain;charset=UTF-8")
        .body(Body::from(body.to_owned()))
        .unwrap();
    from_peer(request, peer)
}

fn metrics(app: &TestApp) -> String {
    app.state.metrics().encode(Scrape::default())
}

#[tokio::test]
async fn a_measurement_is_counted_by_route_template_and_metric() {
    let app = spawn_app();
    for body in [
        r#"{"route":"/insights/:slug","name":"LCP","value":3100}"#,
        r#"{"route":"/insights/:slug","name":"LCP","value":900}"#,
        r#"{"route":"/","name":"CLS","value":0.04}"#,
        r#"{"route":"/:product","name":"INP","value":120}"#,
    ] {
        let response = app.send(beacon("198.51.100.1:4000", body)).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT, "{body}");
        assert_eq!(header(&response, "cache-control"), "no-store");
        assert!(response.headers().get("set-cookie").is_none());
    }
    let text = metrics(&app);
    for line in [
        r#"supplysite_web_vitals_seconds_count{route="/insights/:slug",metric="LCP"} 2"#,
        r#"supplysite_web_vitals_seconds_sum{route="/insights/:slug",metric="LCP"} 4.0"#,
        r#"supplysite_web_vitals_seconds_bucket{route="/insights/:slug",metric="LCP",le="2.5"} 1"#,
        r#"supplysite_web_vitals_seconds_bucket{route="/insights/:slug",metric="LCP",le="4"} 2"#,
        r#"supplysite_web_vitals_seconds_count{route="/:product",metric="INP"} 1"#,
        r#"supplysite_web_vitals_cls_count{route="/",metric="CLS"} 1"#,
        r#"supplysite_web_vitals_cls_bucket{route="/",metric="CLS",le="0.05"} 1"#,
    ] {
        assert!(text.contains(line), "{line} missing from\n{text}");
    }
}

#[tokio::test]
async fn anything_but_a_template_a_metric_and_its_value_is_400() {
    let app = spawn_app();
    for body in [
        r#"{"route":"/insights/my-post","name":"LCP","value":1}"#,
        r#"{"route":"/","name":"FID","value":1}"#,
        r#"{"route":"/","name":"LCP","value":-5}"#,
        r#"{"route":"/","name":"LCP","value":1e9}"#,
        r#"{"route":"/","name":"LCP","value":1,"id":"v5-1700000000000-123"}"#,
        r#"{"route":"/","name":"LCP"}"#,
        "not json",
        "",
    ] {
        let response = app.send(beacon("198.51.100.2:4000", body)).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(header(&response, "content-type"), "application/json");
        let message = body_text(response).await;
        assert!(message.contains("\"message\""), "{message}");
    }
    assert!(!metrics(&app).contains("supplysite_web_vitals_seconds_count"));
    let get = app.get("/api/vitals").await;
    assert_eq!(get.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(header(&get, "allow"), "POST");
}

#[tokio::test]
async fn a_body_over_256_bytes_is_413() {
    let app = spawn_app();
    let padded = format!(
        r#"{{"route":"/","name":"LCP","value":1{}}}"#,
        " ".repeat(300)
    );
    let response = app.send(beacon("198.51.100.3:4000", &padded)).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(header(&response, "content-type"), "application/json");
}

#[tokio::test]
async fn a_flood_from_one_client_is_limited_while_another_is_counted() {
    let app = spawn_app();
    let body = r#"{"route":"/about-us","name":"TTFB","value":80}"#;
    // The allowance is taken at once; it refills one report every half second, so a slow
    // machine may be allowed one or two more before the refusal.
    let mut accepted = 0;
    let limited = loop {
        let response = app.send(beacon("203.0.113.7:5000", body)).await;
        if response.status() != StatusCode::NO_CONTENT {
            break response;
        }
        accepted += 1;
        assert!(accepted <= REPORTS_PER_MINUTE + 5, "never limited");
    };
    assert!(accepted >= REPORTS_PER_MINUTE, "limited after {accepted}");
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = header(&limited, "retry-after").parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    let other = app.send(beacon("203.0.113.8:5000", body)).await;
    assert_eq!(other.status(), StatusCode::NO_CONTENT);
    let counted = format!(
        r#"supplysite_web_vitals_seconds_count{{route="/about-us",metric="TTFB"}} {}"#,
        accepted + 1
    );
    assert!(metrics(&app).contains(&counted), "{}", metrics(&app));
}
