//! The listings page by page with the real page rules: `/insights?page=N` and
//! `/case-study-index?page=N` are server-rendered pages with their own canonical, `rel=prev`
//! and `rel=next` links, cache entries and ETags; a page past the last is not found, and a crawler
//! that follows `rel=next` from the first page meets every post once.

use crate::support::{
    Options, PUBLIC_URL, body_text, case_study, embedded_data, header, parts, post, spawn_app_with,
};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::Value;
use std::sync::Arc;
use supplysite_core::content::ContentSet;
use supplysite_http::CoreComposer;

const POSTS: usize = 25;
const STORIES: usize = 13;

fn app() -> crate::support::TestApp {
    let mut parts = serde_json::to_value(parts("paged")).unwrap();
    let posts = parts["posts"].as_array_mut().unwrap();
    posts.clear();
    for i in 0..POSTS {
        // One post a day, so newest first is post-24 down to post-0.
        let date = format!("2024-{:02}-{:02}", 1 + i / 28, 1 + i % 28);
        posts.push(post(&format!("post-{i}"), &date, true, "paged"));
    }
    let stories = parts["caseStudies"].as_array_mut().unwrap();
    stories.clear();
    for i in 0..STORIES {
        stories.push(case_study(&format!("story-{i}"), i as i32 + 1, true));
    }
    let parts = serde_json::from_value(parts).unwrap();
    spawn_app_with(Options {
        content: Some(ContentSet::new(parts, "paged")),
        composer: Some(Arc::new(CoreComposer::new(PUBLIC_URL))),
        ..Options::default()
    })
}

/// The `href` of `<link rel="{rel}">` in the page's head, if any.
fn link(html: &str, rel: &str) -> Option<String> {
    let tag = format!("<link rel=\"{rel}\" href=\"");
    let start = html.find(&tag)? + tag.len();
    let end = start + html[start..].find('"')?;
    Some(html[start..end].replace("&amp;", "&"))
}

fn view(html: &str) -> Value {
    embedded_data(html)["outcome"]["view"].clone()
}

fn card_hrefs(view: &Value) -> Vec<String> {
    view["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["href"].as_str().unwrap().to_string())
        .collect()
}

fn local(url: &str) -> &str {
    url.strip_prefix(PUBLIC_URL)
        .expect("an absolute URL of the site")
}

#[tokio::test]
async fn the_first_page_carries_nine_cards_and_links_to_the_next_page_only() {
    let app = app();
    let response = app.get("/insights").await;
    assert_eq!(response.status(), StatusCode::OK);
    let html = body_text(response).await;
    assert_eq!(
        link(&html, "canonical").unwrap(),
        format!("{PUBLIC_URL}/insights")
    );
    assert_eq!(
        link(&html, "next").unwrap(),
        format!("{PUBLIC_URL}/insights?page=2")
    );
    assert_eq!(link(&html, "prev"), None);
    let view = view(&html);
    assert_eq!(card_hrefs(&view).len(), 9);
    assert_eq!(card_hrefs(&view)[0], "/insights/post-24");
    assert_eq!(view["pagination"]["total"], POSTS);
    assert_eq!(view["pagination"]["next"], "/insights?page=2");
}

#[tokio::test]
async fn a_middle_page_has_its_own_canonical_and_links_both_ways() {
    let app = app();
    let html = body_text(app.get("/insights?page=2").await).await;
    assert_eq!(
        link(&html, "canonical").unwrap(),
        format!("{PUBLIC_URL}/insights?page=2")
    );
    assert_eq!(
        link(&html, "prev").unwrap(),
        format!("{PUBLIC_URL}/insights")
    );
    assert_eq!(
        link(&html, "next").unwrap(),
        format!("{PUBLIC_URL}/insights?page=3")
    );
    assert!(html.contains("<title>Our Latest Insights, page 2 | Supplysite</title>"));
    assert_eq!(card_hrefs(&view(&html))[0], "/insights/post-15");
}

#[tokio::test]
async fn following_rel_next_from_the_first_page_reaches_every_post_once() {
    let app = app();
    let mut url = "/insights".to_string();
    let mut seen = Vec::new();
    for _ in 0..POSTS {
        let html = body_text(app.get(&url).await).await;
        seen.extend(card_hrefs(&view(&html)));
        match link(&html, "next") {
            Some(next) => url = local(&next).to_string(),
            None => break,
        }
    }
    let expected: Vec<String> = (0..POSTS)
        .rev()
        .map(|i| format!("/insights/post-{i}"))
        .collect();
    assert_eq!(seen, expected);
}

#[tokio::test]
async fn pages_past_the_last_and_malformed_page_numbers_are_not_found() {
    let app = app();
    assert_eq!(app.get("/insights?page=3").await.status(), StatusCode::OK);
    for bad in ["4", "0", "02", "x", ""] {
        let response = app.get(&format!("/insights?page={bad}")).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "page={bad}");
        assert_eq!(header(&response, "cache-control"), "public, max-age=60");
    }
    // Two page numbers: which one a cache in front would read is anybody's guess.
    let response = app.get("/insights?page=3&page=2").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn each_page_is_cached_and_tagged_apart_from_the_others() {
    let app = app();
    let first = app.get("/insights").await;
    let first_tag = header(&first, "etag").to_string();
    let second = app.get("/insights?page=2").await;
    let second_tag = header(&second, "etag").to_string();
    assert_ne!(first_tag, second_tag);
    // A tag of page 1 does not validate page 2, and page 1 is served from its own entry.
    let revalidate = |uri: &str, tag: &str| {
        Request::get(uri)
            .header(header::IF_NONE_MATCH, tag)
            .body(Body::empty())
            .unwrap()
    };
    let response = app.send(revalidate("/insights?page=2", &first_tag)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        card_hrefs(&view(&body_text(response).await))[0],
        "/insights/post-15"
    );
    let response = app.send(revalidate("/insights?page=2", &second_tag)).await;
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
    let again = body_text(app.get("/insights").await).await;
    assert_eq!(card_hrefs(&view(&again))[0], "/insights/post-24");
    // Other query parameters do not make new pages.
    let tracked = app.get("/insights?utm_source=x").await;
    assert_eq!(header(&tracked, "etag"), first_tag);
}

#[tokio::test]
async fn load_more_reads_the_next_page_from_the_page_api() {
    let app = app();
    let mut next = Some("/insights".to_string());
    let mut seen = Vec::new();
    while let Some(path) = next {
        let uri = format!(
            "/api/page?path={}",
            supplysite_core::uri::encode_component(&path)
        );
        let response = app.get(&uri).await;
        assert_eq!(response.status(), StatusCode::OK, "{uri}");
        let json: Value = serde_json::from_str(&body_text(response).await).unwrap();
        let view = &json["view"];
        assert_eq!(view["pagination"]["offset"], seen.len());
        seen.extend(card_hrefs(view));
        next = view["pagination"]["next"].as_str().map(str::to_string);
    }
    assert_eq!(seen.len(), POSTS);
    assert_eq!(seen.last().unwrap(), "/insights/post-0");
}

#[tokio::test]
async fn the_case_study_index_pages_by_twelve_with_plain_links() {
    let app = app();
    let html = body_text(app.get("/case-study-index").await).await;
    let first = view(&html);
    assert_eq!(first["teasers"].as_array().unwrap().len(), 12);
    assert_eq!(
        link(&html, "next").unwrap(),
        format!("{PUBLIC_URL}/case-study-index?page=2")
    );
    let html = body_text(app.get("/case-study-index?page=2").await).await;
    let second = view(&html);
    let teasers = second["teasers"].as_array().unwrap();
    assert_eq!(teasers.len(), STORIES - 12);
    assert_eq!(teasers[0]["href"], "/case-study/story-12");
    // The logo keeps alternating across pages: the 13th story sits left like the 1st.
    assert_eq!(teasers[0]["logoSide"], first["teasers"][0]["logoSide"]);
    assert_eq!(
        link(&html, "prev").unwrap(),
        format!("{PUBLIC_URL}/case-study-index")
    );
    assert_eq!(link(&html, "next"), None);
    assert_eq!(
        app.get("/case-study-index?page=3").await.status(),
        StatusCode::NOT_FOUND
    );
}
