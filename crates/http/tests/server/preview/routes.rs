use crate::support::preview::{CHANGED, DRAFT, SECRET, site};

#[tokio::test]
async fn without_the_preview_configured_its_routes_answer_404() {
    let site = site(false).await;
    for path in [
        format!("/api/preview?secret={SECRET}&path=/insights/{DRAFT}"),
        "/api/preview/exit?path=/".to_string(),
    ] {
        let response = site.get(&path, None).await;
        assert_eq!(response.status(), 404, "{path}");
        assert!(response.headers().get("set-cookie").is_none());
    }
}

#[tokio::test]
async fn a_wrong_or_missing_secret_is_401_and_sets_no_cookie() {
    let site = site(true).await;
    let near_miss = format!("{}X", &SECRET[..SECRET.len() - 1]);
    let longer = format!("{SECRET}x");
    for query in [
        format!("secret={near_miss}&path=/insights/{DRAFT}"),
        format!("secret={}&path=/insights/{DRAFT}", &SECRET[..16]),
        format!("secret={longer}&path=/insights/{DRAFT}"),
        format!("secret=&path=/insights/{DRAFT}"),
        format!("path=/insights/{DRAFT}"),
        // The path is not looked at before the secret is right.
        "secret=nope&path=//evil.example".to_string(),
    ] {
        let response = site.get(&format!("/api/preview?{query}"), None).await;
        assert_eq!(response.status(), 401, "{query}");
        assert!(response.headers().get("set-cookie").is_none(), "{query}");
        assert!(response.headers().get("location").is_none(), "{query}");
        let body = response.text().await.unwrap();
        assert!(!body.contains(SECRET), "{body}");
    }
}

#[tokio::test]
async fn paths_of_other_sites_and_paths_without_a_page_are_400() {
    let site = site(true).await;
    for path in [
        "//evil.example/",
        "https://evil.example/",
        "https:/evil.example",
        "/%5Cevil.example",
        "/\\evil.example",
        "evil.example",
        "",
        "/insights/no-such-post",
        "/no/such/page",
    ] {
        let query = format!("secret={SECRET}&path={}", path.replace('\\', "%5C"));
        let response = site.get(&format!("/api/preview?{query}"), None).await;
        assert_eq!(response.status(), 400, "{path:?}");
        assert!(response.headers().get("set-cookie").is_none(), "{path:?}");
        assert!(response.headers().get("location").is_none(), "{path:?}");
    }
    let response = site
        .get(&format!("/api/preview?secret={SECRET}"), None)
        .await;
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn the_right_secret_sets_a_twenty_minute_signed_cookie_and_redirects_to_the_draft() {
    let site = site(true).await;
    let response = site
        .get(
            &format!("/api/preview?secret={SECRET}&path=/insights/{DRAFT}"),
            None,
        )
        .await;
    assert_eq!(response.status(), 307);
    assert_eq!(response.headers()["location"], format!("/insights/{DRAFT}"));
    assert_eq!(response.headers()["cache-control"], "no-store");
    let cookie = response.headers()["set-cookie"].to_str().unwrap();
    let attributes: Vec<&str> = cookie.split("; ").collect();
    assert!(attributes[0].starts_with("supplysite_preview="), "{cookie}");
    for wanted in [
        "Max-Age=1200",
        "Path=/",
        "HttpOnly",
        "Secure",
        "SameSite=None",
        "Partitioned",
    ] {
        assert!(attributes.contains(&wanted), "{cookie}");
    }
    assert!(!cookie.contains(SECRET), "{cookie}");
    // A published page may be previewed too.
    site.enter(&format!("/insights/{CHANGED}")).await;
}

#[tokio::test]
async fn exit_clears_the_cookie_and_goes_back_to_a_path_of_this_site_only() {
    let site = site(true).await;
    let response = site
        .get(&format!("/api/preview/exit?path=/insights/{CHANGED}"), None)
        .await;
    assert_eq!(response.status(), 307);
    assert_eq!(
        response.headers()["location"],
        format!("/insights/{CHANGED}")
    );
    let cookie = response.headers()["set-cookie"].to_str().unwrap();
    assert!(
        cookie.starts_with("supplysite_preview=; Max-Age=0;"),
        "{cookie}"
    );
    for path in ["//evil.example", "https://evil.example"] {
        let response = site
            .get(&format!("/api/preview/exit?path={path}"), None)
            .await;
        assert_eq!(response.headers()["location"], "/", "{path}");
    }
}

#[tokio::test]
async fn every_status_the_preview_routes_answer_is_in_the_api_description() {
    let site = site(true).await;
    let doc: serde_json::Value = site
        .get("/api/openapi.json", None)
        .await
        .json()
        .await
        .unwrap();
    let cases = [
        (
            "/api/preview",
            format!("secret={SECRET}&path=/insights/{DRAFT}"),
        ),
        (
            "/api/preview",
            format!("secret=nope&path=/insights/{DRAFT}"),
        ),
        (
            "/api/preview",
            format!("secret={SECRET}&path=//evil.example"),
        ),
        (
            "/api/preview",
            format!("secret={SECRET}&path=/no/such/page"),
        ),
        ("/api/preview/exit", "path=/insights".to_string()),
    ];
    let mut seen = Vec::new();
    for (path, query) in cases {
        let response = site.get(&format!("{path}?{query}"), None).await;
        let status = response.status();
        seen.push(status.as_u16());
        let described = &doc["paths"][path]["get"]["responses"][status.as_str()];
        assert!(
            described.is_object(),
            "{path}?{query}: {status} is not described"
        );
        let content_type = response
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_owned());
        match content_type {
            Some(ct) => assert!(
                described["content"][&ct].is_object(),
                "{path}?{query}: {status} with {ct}, described as {}",
                described["content"]
            ),
            None => assert!(
                described["content"].is_null(),
                "{path}: {status} has no body"
            ),
        }
    }
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, [307, 400, 401]);
}
