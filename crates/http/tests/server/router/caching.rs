use crate::support::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use std::io::Read;
use supplysite_http::PAGE_CACHE;

fn conditional(uri: &str, etag: &str) -> Request<Body> {
    Request::get(uri)
        .header("if-none-match", etag)
        .body(Body::empty())
        .unwrap()
}

#[tokio::test]
async fn pages_and_api_responses_carry_a_weak_etag_and_the_cdn_cache_policy() {
    let app = spawn_app();
    for uri in ["/etender", "/api/page?path=%2Fetender"] {
        let response = app.get(uri).await;
        assert!(header(&response, "etag").starts_with("W/\""), "{uri}");
        assert_eq!(header(&response, "cache-control"), PAGE_CACHE);
        assert_eq!(
            PAGE_CACHE,
            "public, max-age=60, stale-while-revalidate=600, stale-if-error=86400"
        );
    }
    let html = app.get("/etender").await;
    let api = app.get("/api/page?path=%2Fetender").await;
    assert_ne!(header(&html, "etag"), header(&api, "etag"));
}

#[tokio::test]
async fn the_operator_s_max_age_reaches_pages_the_page_api_the_feed_and_their_304s() {
    let app = spawn_app_with(Options {
        settings: Some(Box::new(|s| {
            s.page_max_age = std::time::Duration::from_secs(300);
        })),
        ..Default::default()
    });
    let policy = "public, max-age=300, stale-while-revalidate=600, stale-if-error=86400";
    for uri in [
        "/etender",
        "/api/page?path=%2Fetender",
        "/insights/feed.xml",
    ] {
        let first = app.get(uri).await;
        assert_eq!(first.status(), StatusCode::OK, "{uri}");
        assert_eq!(header(&first, "cache-control"), policy, "{uri}");
        let etag = header(&first, "etag").to_string();
        let again = app.send(conditional(uri, &etag)).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{uri}");
        assert_eq!(header(&again, "cache-control"), policy, "{uri}");
    }
    // A missing page keeps its own short lifetime.
    let missing = app.get("/no-such-page").await;
    assert_eq!(header(&missing, "cache-control"), "public, max-age=60");
}

#[tokio::test]
async fn a_matching_if_none_match_gets_304_without_a_body() {
    let app = spawn_app();
    for uri in ["/etender", "/api/page?path=%2Fetender"] {
        let first = app.get(uri).await;
        let etag = header(&first, "etag").to_string();
        let again = app.send(conditional(uri, &etag)).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{uri}");
        assert_eq!(header(&again, "etag"), etag);
        assert_eq!(header(&again, "cache-control"), PAGE_CACHE);
        assert!(again.headers().get("content-security-policy").is_none());
        assert!(body_bytes(again).await.is_empty());
        let other = app.send(conditional(uri, "W/\"something-else\"")).await;
        assert_eq!(other.status(), StatusCode::OK);
    }
}

#[tokio::test]
async fn new_content_changes_the_etag_and_the_page() {
    let app = spawn_app();
    let before = app.get("/insights/newest-insight").await;
    let etag = header(&before, "etag").to_string();
    app.state.content().replace(content("v2"));
    let after = app
        .send(conditional("/insights/newest-insight", &etag))
        .await;
    assert_eq!(after.status(), StatusCode::OK);
    assert_ne!(header(&after, "etag"), etag);
    assert!(body_text(after).await.contains("Insight newest-insight v2"));
}

#[tokio::test]
async fn a_publish_leaves_the_pages_it_did_not_change_cached_with_their_etags() {
    let app = spawn_app();
    let unchanged = [
        "/page/why-us",
        "/api/page?path=%2Fpage%2Fwhy-us",
        "/case-study-index",
    ];
    let mut tags = Vec::new();
    for uri in unchanged {
        tags.push(header(&app.get(uri).await, "etag").to_string());
    }
    let changed = header(&app.get("/insights/newest-insight").await, "etag").to_string();
    let before = app.state.content().current();
    let kept = before.pages().get("/page/why-us").unwrap();

    // Every post's title changes; the page-builder page and the case studies do not.
    app.state.content().replace(content("v2"));
    for (uri, tag) in unchanged.iter().zip(&tags) {
        let again = app.send(conditional(uri, tag)).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{uri}");
    }
    // Taken over from the generation before: the same bytes, not made again.
    let now = app.state.content().current();
    assert_ne!(now.version(), before.version());
    let carried = now.pages().get("/page/why-us").unwrap();
    assert!(!std::sync::Arc::ptr_eq(&carried, &kept));
    assert_eq!(carried.api_json.as_ptr(), kept.api_json.as_ptr());
    assert_eq!(carried.html_etag, kept.html_etag);
    // A page the publish changed is made again, with a new tag.
    let after = app
        .send(conditional("/insights/newest-insight", &changed))
        .await;
    assert_eq!(after.status(), StatusCode::OK);
    assert_ne!(header(&after, "etag"), changed);
    assert!(body_text(after).await.contains("Insight newest-insight v2"));
    let remade = now.pages().get("/insights/newest-insight").unwrap();
    let old = before.pages().get("/insights/newest-insight").unwrap();
    assert_ne!(remade.api_json.as_ptr(), old.api_json.as_ptr());
}

#[tokio::test]
async fn replicas_holding_the_same_page_under_different_content_versions_give_it_one_etag() {
    let a = spawn_app();
    let b = spawn_app_with(Options {
        content: Some(supplysite_core::content::ContentSet::new(
            parts("v1"),
            "another-version",
        )),
        ..Options::default()
    });
    for uri in [
        "/page/why-us",
        "/api/page?path=%2Finsights%2Fnewest-insight",
    ] {
        assert_eq!(
            header(&a.get(uri).await, "etag"),
            header(&b.get(uri).await, "etag"),
            "{uri}"
        );
    }
}

async fn fetch_encoded(app: &TestApp, uri: &str, encoding: &str) -> (String, Vec<u8>, String) {
    let response = app.get_accepting(uri, encoding).await;
    assert_eq!(response.status(), StatusCode::OK);
    // Empty when sent as it is.
    let used = response
        .headers()
        .get("content-encoding")
        .map_or("", |v| v.to_str().unwrap())
        .to_string();
    let vary = header(&response, "vary").to_string();
    (used, body_bytes(response).await, vary)
}

#[tokio::test]
async fn a_page_is_gzipped_or_sent_as_it_is_and_never_compressed_per_request() {
    let app = spawn_app();
    let plain = body_text(app.get("/etender").await).await;

    let (used, bytes, _) = fetch_encoded(&app, "/etender", "gzip").await;
    assert_eq!(used, "gzip");
    let mut decoded = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);

    // A client that takes none of the codings a page is made in gets the page itself: a
    // compression per request would let anyone make every request cost the server 10 to 50
    // times as much by naming brotli alone.
    for coding in ["br", "deflate", "zstd", "br;q=1, gzip;q=0"] {
        for uri in ["/etender", "/no-such-page"] {
            let response = app.get_accepting(uri, coding).await;
            assert!(
                response.headers().get("content-encoding").is_none(),
                "{uri} {coding}"
            );
            assert!(
                header(&response, "vary").contains("accept-encoding"),
                "{uri} {coding}"
            );
            if uri == "/etender" {
                let html = body_text(response).await;
                assert_eq!(html, plain, "{coding}");
            }
        }
    }

    // The page API: made in brotli or gzip once, and as it is for anything else.
    let (used, _, _) = fetch_encoded(&app, "/api/page?path=%2Fetender", "gzip, br").await;
    assert_eq!(used, "br");
    let (used, _, vary) = fetch_encoded(&app, "/api/page?path=%2Fetender", "deflate").await;
    assert_eq!(used, "");
    assert!(vary.contains("accept-encoding"));
}

#[tokio::test]
async fn two_responses_of_a_cached_page_are_the_same_bytes_under_the_same_policy() {
    let app = spawn_app();
    let mut pages = Vec::new();
    for _ in 0..2 {
        let response = app.get("/etender").await;
        let csp = header(&response, "content-security-policy").to_string();
        let length: usize = header(&response, "content-length").parse().unwrap();
        let html = body_text(response).await;
        assert_eq!(html.len(), length, "Content-Length is the body's length");
        pages.push((csp, html));
    }
    assert_eq!(pages[0], pages[1]);
}

#[tokio::test]
async fn a_browser_gets_the_precompressed_gzip_page_the_same_for_everyone() {
    let app = spawn_app();
    let plain = app.get("/etender").await;
    let policy = header(&plain, "content-security-policy").to_string();
    let plain = body_text(plain).await;
    for uri in ["/etender", "/no-such-page"] {
        let mut bodies = Vec::new();
        for _ in 0..2 {
            let response = app.get_accepting(uri, "gzip, deflate, br, zstd").await;
            assert_eq!(header(&response, "content-encoding"), "gzip", "{uri}");
            assert!(header(&response, "vary").contains("accept-encoding"));
            assert_eq!(header(&response, "content-security-policy"), policy);
            bodies.push(body_bytes(response).await);
        }
        // The gzip is made once with the page: two answers are the very same bytes.
        assert_eq!(bodies[0], bodies[1], "{uri}");
        let mut decoded = String::new();
        flate2::read::GzDecoder::new(&bodies[0][..])
            .read_to_string(&mut decoded)
            .unwrap();
        if uri == "/etender" {
            assert_eq!(decoded, plain);
        }
    }
}

#[tokio::test]
async fn the_page_api_is_precompressed_in_the_best_coding_the_client_accepts() {
    let app = spawn_app();
    let plain = body_bytes(app.get("/api/page?path=%2Fetender").await).await;
    let (used, bytes, _) = fetch_encoded(&app, "/api/page?path=%2Fetender", "gzip;q=0.5, br").await;
    assert_eq!(used, "br");
    let mut decoded = Vec::new();
    brotli::Decompressor::new(&bytes[..], 4096)
        .read_to_end(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);
    let (used, bytes, _) = fetch_encoded(&app, "/api/page?path=%2Fetender", "gzip").await;
    assert_eq!(used, "gzip");
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_end(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);
}

#[tokio::test]
async fn the_page_cache_keeps_within_its_byte_budget_dropping_the_least_recently_used() {
    let paths: Vec<String> = supplysite_core::routes::Route::fixed()
        .iter()
        .map(|r| r.path())
        .collect();
    // The budget: three and a half times the home page, the largest of the fixed pages.
    let probe = spawn_app();
    probe.get(&paths[0]).await;
    let page = probe.state.content().current().pages().bytes();
    assert!(page > 0);
    let budget = page * 7 / 2;
    let app = spawn_app_with(Options {
        settings: Some(Box::new(move |s| s.page_cache_bytes = budget)),
        ..Options::default()
    });
    for path in &paths {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        // The first page is used all along: it stays.
        app.get(&paths[0]).await;
        let pages = app.state.content().current();
        assert!(pages.pages().bytes() <= budget, "over budget after {path}");
    }
    let generation = app.state.content().current();
    let cache = generation.pages();
    assert!(
        cache.len() >= 2 && cache.len() < paths.len(),
        "{} pages",
        cache.len()
    );
    assert!(
        cache.get(&paths[0]).is_some(),
        "the page in use was dropped"
    );
    assert!(cache.get(paths.last().unwrap()).is_some());
    assert!(cache.get(&paths[1]).is_none(), "an old page was kept");
    // A dropped page is made again when asked for.
    let again = app.get(&paths[1]).await;
    assert_eq!(again.status(), StatusCode::OK);
    assert!(
        body_text(again)
            .await
            .contains("<title>Our Solutions | Supplysite</title>")
    );
}

#[tokio::test]
async fn the_feed_the_sitemap_and_the_api_description_are_gzipped_once_and_never_per_request() {
    let app = spawn_app();
    for uri in ["/insights/feed.xml", "/sitemap.xml", "/api/openapi.json"] {
        let plain = body_bytes(app.get(uri).await).await;
        let (used, bytes, vary) = fetch_encoded(&app, uri, "gzip, deflate, br, zstd").await;
        assert_eq!(used, "gzip", "{uri}");
        assert!(vary.contains("accept-encoding"), "{uri}");
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, plain, "{uri}");
        // Brotli alone, or another coding: the text as it is, not compressed for this request.
        for coding in ["br", "deflate", "zstd"] {
            let (used, bytes, vary) = fetch_encoded(&app, uri, coding).await;
            assert_eq!(
                (used.as_str(), bytes.as_slice()),
                ("", plain.as_slice()),
                "{uri} {coding}"
            );
            assert!(vary.contains("accept-encoding"), "{uri} {coding}");
        }
    }
}
