//! A large synthetic space (the `supplysite content synth` generator) behind the real page
//! rules: the listings weigh the same at any size, and LOAD MORE reaches the oldest post
//! through the page API nine at a time, without gaps or repeats.
//!
//! Size: generating and loading the export dominates this test. With 10,000 posts it takes
//! about 11 s in a debug build on a 2-core machine; 100,000 would take minutes and gigabytes,
//! so `make bench` measures the listings at 100,000 posts in a release build instead.

use crate::support::{Options, PUBLIC_URL, body_bytes, header, spawn_app_with};
use axum::http::StatusCode;
use serde_json::Value;
use std::sync::Arc;
use supplysite_content_adapter::{load_export_bytes, synth};
use supplysite_http::CoreComposer;

const POSTS: usize = 10_000;
/// The weight budget of a listing page, HTML or JSON, at any number of entries.
const BUDGET: usize = 100 * 1024;

fn big_app() -> crate::support::TestApp {
    let mut export = Vec::new();
    synth::write_export(&mut export, POSTS).unwrap();
    let loaded = load_export_bytes(&export, None).unwrap();
    assert_eq!(loaded.set.posts().len(), POSTS);
    spawn_app_with(Options {
        content: Some(loaded.set),
        composer: Some(Arc::new(CoreComposer::new(PUBLIC_URL))),
        ..Options::default()
    })
}

fn api_uri(path: &str) -> String {
    format!(
        "/api/page?path={}",
        supplysite_core::uri::encode_component(path)
    )
}

#[tokio::test]
async fn listings_stay_light_and_load_more_reaches_the_oldest_post_in_steps_of_nine() {
    let app = big_app();
    for path in [
        "/insights",
        "/insights?page=2",
        "/case-study-index",
        "/case-study-index?page=2",
    ] {
        let html = app.get(path).await;
        assert_eq!(html.status(), StatusCode::OK, "{path}");
        assert_eq!(header(&html, "content-type"), "text/html; charset=utf-8");
        let weight = body_bytes(html).await.len();
        assert!(weight < BUDGET, "{path} weighs {weight} bytes of HTML");
        let json = body_bytes(app.get(&api_uri(path)).await).await.len();
        assert!(json < BUDGET, "{path} weighs {json} bytes of JSON");
    }

    let mut seen = std::collections::HashSet::new();
    let mut order = Vec::with_capacity(POSTS);
    let mut next = Some("/insights".to_string());
    let mut requests = 0;
    while let Some(path) = next {
        let response = app.get(&api_uri(&path)).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let body: Value = serde_json::from_slice(&body_bytes(response).await).unwrap();
        let view = &body["view"];
        assert_eq!(view["pagination"]["offset"], order.len(), "{path}");
        let cards = view["cards"].as_array().unwrap();
        next = view["pagination"]["next"].as_str().map(str::to_string);
        assert!(
            cards.len() == 9 || next.is_none(),
            "{path}: {} cards",
            cards.len()
        );
        for card in cards {
            let href = card["href"].as_str().unwrap().to_string();
            assert!(seen.insert(href.clone()), "{href} shown twice");
            order.push(href);
        }
        requests += 1;
    }
    assert_eq!(order.len(), POSTS);
    assert_eq!(requests, POSTS.div_ceil(9));
    // The listing is newest first: the last card is the oldest post of the space.
    let oldest = app
        .state
        .content()
        .current()
        .set
        .posts_newest()
        .last()
        .map(|p| format!("/insights/{}", p.slug))
        .unwrap();
    assert_eq!(order.last().unwrap(), &oldest);
    // A page past the last is not found.
    let past = format!("/insights?page={}", requests + 1);
    assert_eq!(app.get(&past).await.status(), StatusCode::NOT_FOUND);
}
