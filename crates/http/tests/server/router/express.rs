//! The express lane (`Site::express`): a `GET` that a cached page answers at once gets what the
//! router would answer, byte for byte but for the request id and the date: pages and their
//! page API answers, in every coding a client may ask for, 304s, with and without markup from
//! the server-side renderer. Anything that needs more than a look-up goes to the router.

use crate::support::*;
use axum::body::Body;
use axum::http::{Request, Response, StatusCode};
use std::sync::Arc;
use supplysite_http::{RenderOptions, Renderer, Site};
use tower::ServiceExt;

/// A response as a client sees it, with the request id, which differs between two answers
/// made alike, named instead. Bodies are compared as sent, compressed or not: nothing in a
/// page is made per response.
async fn seen(response: Response<Body>) -> Seen {
    let status = response.status();
    let headers = response
        .headers()
        .iter()
        .map(|(k, v)| {
            let value = match k.as_str() {
                "x-request-id" => "ID".to_owned(),
                _ => v.to_str().unwrap().to_owned(),
            };
            (k.to_string(), value)
        })
        .collect();
    (status, headers, body_bytes(response).await)
}

type Seen = (StatusCode, Vec<(String, String)>, Vec<u8>);

/// Two answers seen alike: status, headers in order, body.
fn same(express: &Seen, routed: &Seen, what: &str) {
    assert_eq!(express.0, routed.0, "{what}: status");
    assert_eq!(express.1, routed.1, "{what}: headers");
    assert!(express.2 == routed.2, "{what}: bodies differ");
}

fn get(uri: &str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut request = Request::get(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.body(Body::empty()).unwrap()
}

/// Every page path of the site's sitemap.
async fn pages(site: &Site) -> Vec<String> {
    let response = site
        .clone()
        .oneshot(get("/sitemap.xml", &[]))
        .await
        .unwrap();
    let sitemap = body_text(response).await;
    let paths: Vec<String> = sitemap
        .split("<loc>")
        .skip(1)
        .map(|s| s.split("</loc>").next().unwrap())
        .map(|url| url.strip_prefix(PUBLIC_URL).unwrap().to_owned())
        .collect();
    assert!(paths.len() > 5, "{paths:?}");
    paths
}

/// The codings clients ask for: none said, gzip, what browsers send, brotli alone, and an
/// odd one.
const CODINGS: [Option<&str>; 5] = [
    None,
    Some("gzip"),
    Some("gzip, deflate, br, zstd"),
    Some("br"),
    Some("deflate"),
];

/// For each page and its page API answer, in each coding: nothing from the express lane before
/// the page is cached; after, the express lane answers it, as the router does. Returns how
/// many it answered.
async fn same_as_the_router(site: &Site) -> usize {
    let mut answered = 0;
    for path in pages(site).await {
        for uri in [
            path.clone(),
            format!(
                "/api/page?path={}",
                supplysite_core::uri::encode_component(&path)
            ),
        ] {
            for coding in CODINGS {
                let headers: Vec<(&str, &str)> =
                    coding.map(|c| ("accept-encoding", c)).into_iter().collect();
                let request = || get(&uri, &headers);
                let routed = seen(site.clone().oneshot(request()).await.unwrap()).await;
                // Every coding: a page is gzipped or sent as it is, the page API's answer made
                // in brotli or gzip or sent as it is; nothing is left to the compression layer.
                let express = site
                    .express(&request())
                    .unwrap_or_else(|| panic!("{uri} {coding:?}: not answered from the cache"));
                answered += 1;
                let express = seen(express).await;
                same(&express, &routed, &format!("{uri} {coding:?}"));
                // Revalidated: the same 304.
                let etag = routed
                    .1
                    .iter()
                    .find(|(k, _)| k == "etag")
                    .map(|(_, v)| v.clone())
                    .unwrap_or_else(|| panic!("{uri}: no etag"));
                let mut with_tag = headers.clone();
                with_tag.push(("if-none-match", &etag));
                let request = || get(&uri, &with_tag);
                let routed = seen(site.clone().oneshot(request()).await.unwrap()).await;
                assert_eq!(routed.0, StatusCode::NOT_MODIFIED, "{uri}");
                let express = seen(site.express(&request()).unwrap()).await;
                same(&express, &routed, &format!("{uri} {coding:?} revalidated"));
            }
        }
    }
    answered
}

#[tokio::test]
async fn a_cached_page_and_its_api_answer_come_from_the_express_lane_as_the_router_gives_them() {
    let app = spawn_app();
    let uncached = get("/etender", &[]);
    assert!(
        app.router.express(&uncached).is_none(),
        "nothing cached yet"
    );
    let answered = same_as_the_router(&app.router).await;
    assert!(answered > 20, "{answered} answered");
}

#[tokio::test]
async fn pages_with_server_markup_come_from_the_express_lane_once_rendered() {
    let app = spawn_app();
    let bundle = "globalThis.render = (json) => '<main>' + JSON.parse(json).url + '</main>';";
    let options = RenderOptions {
        threads: 1,
        queue: 16,
        ..RenderOptions::default()
    };
    let renderer = Renderer::new(bundle, options).unwrap();
    let site = supplysite_http::router(app.state.clone().with_renderer(Arc::new(renderer)));
    // Cached by the page API but not rendered yet: the router renders it.
    site.clone()
        .oneshot(get("/api/page?path=%2Fabout-us", &[]))
        .await
        .unwrap();
    assert!(site.express(&get("/about-us", &[])).is_none());
    assert!(
        site.express(&get("/api/page?path=%2Fabout-us", &[]))
            .is_some()
    );
    let answered = same_as_the_router(&site).await;
    assert!(answered > 20, "{answered} answered");
    let page = site.express(&get("/about-us", &[])).unwrap();
    assert!(body_text(page).await.contains("<main>/about-us</main>"));
}

#[tokio::test]
async fn requests_that_need_more_than_a_look_up_go_to_the_router() {
    let app = spawn_app();
    let site = &app.router;
    for uri in [
        "/etender",
        "/api/page?path=%2Fetender",
        "/insights",
        "/etender?utm_source=mail&gclid=x",
    ] {
        site.clone().oneshot(get(uri, &[])).await.unwrap();
        assert!(site.express(&get(uri, &[])).is_some(), "{uri}");
    }
    let refused = [
        // Another method, or a body.
        Request::head("/etender").body(Body::empty()).unwrap(),
        Request::post("/etender").body(Body::empty()).unwrap(),
        get("/etender", &[("content-length", "0")]),
        // Not a cached page: another spelling, an unknown or uncached path, another route.
        get("/etender/", &[]),
        get("/insights?page=2", &[]),
        get("/no-such-page", &[]),
        get("/readyz", &[]),
        get("/sitemap.xml", &[]),
        get("/api/page", &[]),
        get("/api/page?path=%2Fno-such-page", &[]),
        get("/api/page?path=%2Fetender%2F", &[]),
        // A cached page asked for at an address outside its canonical form: refused or
        // redirected by the router (see `handlers::canonical`), never answered from the cache.
        get("/etender?PAGE=2", &[]),
        get("/etender?x=1", &[]),
        get("/etender?page=2", &[]),
        get("/etender?", &[]),
        get("/api/page?path=/etender", &[]),
        get("/api/page?path=%2Fetender&path=%2Finsights", &[]),
        get("/api/page?path=%2Fetender%3Fx%3D1", &[]),
    ];
    for request in refused {
        let what = format!("{} {}", request.method(), request.uri());
        assert!(site.express(&request).is_none(), "{what}");
    }
}

#[tokio::test]
async fn the_express_lane_counts_its_answers_as_page_cache_hits() {
    let app = spawn_app();
    app.router
        .clone()
        .oneshot(get("/etender", &[]))
        .await
        .unwrap();
    for _ in 0..3 {
        app.router.express(&get("/etender", &[])).unwrap();
    }
    let text = app.metrics_text().await;
    for line in [
        r#"supplysite_page_cache_requests_total{result="hit"} 3"#,
        r#"supplysite_page_cache_requests_total{result="miss"} 1"#,
        r#"supplysite_http_requests_total{route="/:product",status="200"} 4"#,
    ] {
        assert!(text.lines().any(|l| l == line), "no {line:?} in\n{text}");
    }
}
