use crate::support::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};
use std::io::Write;
use std::process::Command;
use supplysite_content_adapter::load_export_value;
use supplysite_core::content::ContentSet;
use supplysite_http::PAGE_CACHE;

const FEED: &str = "/insights/feed.xml";

/// A published entry of the export, its fields in en-US.
fn entry(id: &str, fields: Value, published: bool) -> Value {
    let fields: serde_json::Map<String, Value> = fields
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), json!({ "en-US": v })))
        .collect();
    let mut sys = json!({
        "id": id, "type": "Entry", "version": 5,
        "contentType": {"sys": {"type": "Link", "linkType": "ContentType", "id": "blogPost"}},
    });
    if published {
        sys["publishedVersion"] = json!(4);
    }
    json!({ "sys": sys, "fields": fields })
}

fn post(slug: &str, date: &str, index: bool, published: bool) -> Value {
    entry(
        &format!("post-{slug}"),
        json!({
            "slug": slug, "title": format!("Title of {slug}"),
            "description": format!("Summary of {slug}"), "publishDate": date, "seoIndex": index,
        }),
        published,
    )
}

/// 24 indexable posts, one a day in January 2024 (day 24 newest), plus a noindex post and a
/// draft, both newer than any of them: loaded the way the server loads an export.
fn space() -> ContentSet {
    let mut entries: Vec<Value> = (1..=24)
        .map(|d| {
            post(
                &format!("day-{d:02}"),
                &format!("2024-01-{d:02}"),
                true,
                true,
            )
        })
        .collect();
    entries.push(post("quiet-noindex", "2024-02-01", false, true));
    entries.push(post("unpublished-draft", "2024-02-02", true, false));
    let export = json!({
        "contentTypes": [], "entries": entries, "assets": [],
        "locales": [{"code": "en-US", "name": "English", "default": true, "fallbackCode": null}],
    });
    load_export_value(export, None).expect("an export").set
}

fn app() -> TestApp {
    spawn_app_with(Options {
        content: Some(space()),
        ..Options::default()
    })
}

#[tokio::test]
async fn the_feed_is_atom_with_the_pages_caching_headers() {
    let app = app();
    let response = app.get(FEED).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        header(&response, "content-type"),
        "application/atom+xml; charset=utf-8"
    );
    assert_eq!(header(&response, "cache-control"), PAGE_CACHE);
    assert!(header(&response, "etag").starts_with("W/\""));
    let xml = body_text(response).await;
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"));
}

#[tokio::test]
async fn a_feed_reader_reads_the_twenty_newest_indexable_posts_newest_first() {
    let app = app();
    let bytes = body_bytes(app.get(FEED).await).await;
    let feed = feed_rs::parser::parse(&bytes[..]).expect("a feed parser reads the feed");
    assert_eq!(feed.feed_type, feed_rs::model::FeedType::Atom);
    assert_eq!(feed.id, format!("{PUBLIC_URL}{FEED}"));
    assert_eq!(feed.title.unwrap().content, "Supplysite Insights");
    assert_eq!(feed.authors[0].name, "Supplysite");
    let links: Vec<(Option<&str>, &str)> = feed
        .links
        .iter()
        .map(|l| (l.rel.as_deref(), l.href.as_str()))
        .collect();
    assert_eq!(
        links,
        [
            (Some("self"), format!("{PUBLIC_URL}{FEED}").as_str()),
            (Some("alternate"), format!("{PUBLIC_URL}/insights").as_str()),
        ]
    );
    assert_eq!(
        feed.updated.unwrap().to_rfc3339(),
        "2024-01-24T00:00:00+00:00"
    );

    assert_eq!(feed.entries.len(), 20);
    let slugs: Vec<String> = feed
        .entries
        .iter()
        .map(|e| e.links[0].href.rsplit('/').next().unwrap().to_string())
        .collect();
    let expected: Vec<String> = (5..=24).rev().map(|d| format!("day-{d:02}")).collect();
    assert_eq!(slugs, expected);
    for entry in &feed.entries {
        let url = &entry.links[0].href;
        assert_eq!(&entry.id, url, "the entry's id is its article's address");
        assert!(
            url.starts_with(&format!("{PUBLIC_URL}/insights/day-")),
            "{url}"
        );
        assert_eq!(entry.published, entry.updated);
        assert!(entry.published.is_some());
        let slug = url.rsplit('/').next().unwrap();
        assert_eq!(
            entry.title.as_ref().unwrap().content,
            format!("Title of {slug}")
        );
        assert_eq!(
            entry.summary.as_ref().unwrap().content,
            format!("Summary of {slug}")
        );
        assert_eq!(entry.authors[0].name, "Supplysite");
    }
    let newest = feed.entries[0].published.unwrap();
    assert!(
        feed.entries
            .windows(2)
            .all(|w| w[0].published > w[1].published)
    );
    assert_eq!(newest.to_rfc3339(), "2024-01-24T00:00:00+00:00");
}

#[tokio::test]
async fn noindex_posts_and_drafts_never_reach_the_feed() {
    let app = app();
    let xml = body_text(app.get(FEED).await).await;
    assert!(!xml.contains("quiet-noindex"));
    assert!(!xml.contains("unpublished-draft"));
    // The noindex post is still an article of the site; only the feed leaves it out.
    assert_eq!(
        app.get("/insights/quiet-noindex").await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_matching_if_none_match_gets_304_and_new_content_a_new_etag() {
    let app = app();
    let first = app.get(FEED).await;
    let tag = header(&first, "etag").to_string();
    let revalidate = |tag: &str| {
        Request::get(FEED)
            .header("if-none-match", tag)
            .body(Body::empty())
            .unwrap()
    };
    let response = app.send(revalidate(&tag)).await;
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(&response, "etag"), tag);
    assert_eq!(header(&response, "cache-control"), PAGE_CACHE);
    assert!(body_bytes(response).await.is_empty());

    app.state.content().replace(content("v2"));
    let response = app.send(revalidate(&tag)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_ne!(header(&response, "etag"), tag);
    let xml = body_text(response).await;
    assert!(xml.contains("/insights/newest-insight</id>"), "{xml}");
}

#[tokio::test]
async fn head_answers_without_a_body_and_the_feed_is_no_article() {
    let app = app();
    let response = app
        .send(Request::head(FEED).body(Body::empty()).unwrap())
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(body_bytes(response).await.is_empty());
    let api = app.get("/api/page?path=%2Finsights%2Ffeed.xml").await;
    assert_eq!(api.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn every_page_names_the_feed_for_readers_to_discover() {
    let app = app();
    let link = format!(
        "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Supplysite Insights\" \
         href=\"{PUBLIC_URL}{FEED}\">"
    );
    for path in [
        "/",
        "/insights",
        "/insights/day-01",
        "/etender",
        "/no-such-page",
    ] {
        let html = body_text(app.get(path).await).await;
        assert_eq!(html.matches(&link).count(), 1, "{path}");
    }
}

/// Validates against the RELAX NG grammar of RFC 4287 (appendix B, in `atom.rng`) with
/// libxml2's xmllint, which `scripts/setup.sh` installs.
#[tokio::test]
async fn the_feed_is_valid_against_the_atom_relax_ng_grammar() {
    let schema = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/server/router/atom.rng");
    let app = app();
    let xml = body_bytes(app.get(FEED).await).await;
    let (ok, report) = xmllint(schema, &xml);
    assert!(ok, "{report}");
    // The grammar does refuse a feed that breaks it: an entry without its id.
    let text = String::from_utf8(xml).unwrap();
    let first_id = text.find("  <entry>\n    <id>").unwrap() + "  <entry>\n".len();
    let end = first_id + text[first_id..].find('\n').unwrap() + 1;
    let broken = format!("{}{}", &text[..first_id], &text[end..]);
    let (ok, report) = xmllint(schema, broken.as_bytes());
    assert!(!ok && report.contains("fails to validate"), "{report}");
}

fn xmllint(schema: &str, xml: &[u8]) -> (bool, String) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(xml).unwrap();
    let out = Command::new("xmllint")
        .args(["--noout", "--relaxng", schema])
        .arg(file.path())
        .output()
        .expect("xmllint runs (libxml2-utils; scripts/setup.sh installs it)");
    let report = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.success(), report)
}
