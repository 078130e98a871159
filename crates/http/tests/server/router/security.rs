use crate::support::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};

const FIXED: [(&str, &str); 4] = [
    (
        "strict-transport-security",
        "max-age=63072000; includeSubDomains",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    (
        "permissions-policy",
        "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
    ),
];

#[tokio::test]
async fn every_kind_of_response_carries_the_security_headers() {
    let app = spawn_app();
    let requests = [
        Request::get("/").body(Body::empty()).unwrap(),
        Request::get("/nope").body(Body::empty()).unwrap(),
        Request::get("/insights/gone").body(Body::empty()).unwrap(),
        Request::get("/api/page?path=%2F")
            .body(Body::empty())
            .unwrap(),
        Request::get("/assets/index-Ab12Cd.js")
            .body(Body::empty())
            .unwrap(),
        Request::get("/assets/missing.js")
            .body(Body::empty())
            .unwrap(),
        Request::get("/favicon.ico").body(Body::empty()).unwrap(),
        Request::get("/sitemap.xml").body(Body::empty()).unwrap(),
        Request::get("/robots.txt").body(Body::empty()).unwrap(),
        Request::get("/healthz").body(Body::empty()).unwrap(),
        Request::post("/api/webhooks/contentful")
            .body(Body::empty())
            .unwrap(),
        Request::post("/api/webhooks/contentful")
            .header("content-length", (2 * 1024 * 1024).to_string())
            .body(Body::from(vec![b'x'; 2 * 1024 * 1024]))
            .unwrap(),
    ];
    for request in requests {
        let what = format!("{} {}", request.method(), request.uri());
        let response = app.send(request).await;
        for (name, value) in FIXED {
            assert_eq!(header(&response, name), value, "{what}");
        }
        let csp = header(&response, "content-security-policy");
        assert!(csp.contains("script-src 'nonce-"), "{what}");
        assert!(csp.contains("'strict-dynamic'"), "{what}");
        assert!(csp.contains("frame-ancestors 'none'"), "{what}");
        assert!(csp.contains("object-src 'none'"), "{what}");
        assert!(csp.contains("base-uri 'self'"), "{what}");
        assert!(
            !csp.split("; ")
                .find(|d| d.starts_with("script-src"))
                .unwrap()
                .contains("unsafe-inline"),
            "{what}"
        );
        assert_eq!(header(&response, "x-frame-options"), "DENY");
        assert!(!header(&response, "x-request-id").is_empty(), "{what}");
    }
}

#[tokio::test]
async fn an_oversized_body_is_refused_with_413() {
    let app = spawn_app();
    let response = app
        .send(
            Request::post("/api/webhooks/contentful")
                .header("content-length", (2 * 1024 * 1024).to_string())
                .body(Body::from(vec![b'x'; 2 * 1024 * 1024]))
                .unwrap(),
        )
        .await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    // Refused by its declared length, before a byte is read, in the API's own words.
    assert_eq!(header(&response, "content-type"), "application/json");
    let body: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
    assert_eq!(body["message"], "the body is over 1 MiB");
}

fn csp_nonce(csp: &str) -> String {
    csp.split("'nonce-")
        .nth(1)
        .and_then(|s| s.split('\'').next())
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_cached_page_gets_a_fresh_nonce_that_matches_its_policy() {
    let app = spawn_app();
    let mut nonces = Vec::new();
    for _ in 0..2 {
        let response = app.get("/etender").await;
        let nonce = csp_nonce(header(&response, "content-security-policy"));
        let html = body_text(response).await;
        let tags: Vec<&str> = html
            .split("<script")
            .skip(1)
            .map(|rest| rest.split('>').next().unwrap())
            .collect();
        let (data, code): (Vec<&str>, Vec<&str>) = tags
            .iter()
            .partition(|tag| tag.contains("type=\"application/json\"") || tag.contains("ld+json"));
        assert!(!code.is_empty() && !data.is_empty(), "{tags:?}");
        let marked = format!("nonce=\"{nonce}\"");
        assert!(
            code.iter().all(|tag| tag.contains(&marked)),
            "every script that runs carries the response's nonce: {code:?}"
        );
        // The page data and JSON-LD are never run; CSP does not govern them.
        assert!(data.iter().all(|tag| !tag.contains("nonce")), "{data:?}");
        nonces.push(nonce);
    }
    assert_ne!(nonces[0], nonces[1]);
}

#[tokio::test]
async fn a_client_request_id_is_kept_and_echoed() {
    let app = spawn_app();
    let response = app
        .send(
            Request::get("/healthz")
                .header("x-request-id", "abc-123")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(header(&response, "x-request-id"), "abc-123");
}

#[tokio::test]
async fn no_secret_appears_in_any_response() {
    let app = spawn_app();
    for uri in [
        "/",
        "/readyz",
        "/healthz",
        "/api/page?path=%2F",
        "/sitemap.xml",
        "/robots.txt",
    ] {
        let response = app.get(uri).await;
        let headers = format!("{:?}", response.headers());
        let body = body_text(response).await;
        assert!(!body.contains(SECRET) && !headers.contains(SECRET), "{uri}");
    }
    let response = app
        .send(
            Request::post("/api/webhooks/contentful")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert!(!body_text(response).await.contains(SECRET));
}
