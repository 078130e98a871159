//! An article published in the evening UTC is published the next morning in Australia: every
//! machine-readable date a visitor's browser or a search engine reads (the page's
//! `publishedIso` for `<time datetime>`, the JSON-LD `datePublished`, the sitemap's
//! `lastmod`) names the same day as the date printed beside the title, from an export, from
//! live Contentful (which sends dates in UTC) and in an editor's preview.

use crate::support::{
    POST_ID, POST_PATH, Server, serve, serve_content, with_fake_contentful, with_fake_preview,
    workdir,
};
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use supplysite_content_adapter::contentful::fake::FakeContentful;

/// The demo space with the article published at `when`.
fn demo_published_at(when: &str) -> Value {
    let mut demo = supplysite_testkit::demo::export_json();
    set_publish_date(&mut demo, when);
    demo
}

fn set_publish_date(space: &mut Value, when: &str) {
    let entry = space["entries"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["sys"]["id"] == POST_ID)
        .expect("the demo has the article");
    set_entry_date(entry, when);
}

fn set_entry_date(entry: &mut Value, when: &str) {
    entry["fields"]["publishDate"]["en-AU"] = Value::from(when);
}

/// What the article's page tells machines and people about its date.
#[derive(Debug, PartialEq, Eq)]
struct Dates {
    /// The date printed beside the title.
    printed: String,
    /// `publishedIso`, the page's `<time datetime>`.
    iso: String,
    /// The JSON-LD Article's `datePublished`, as far as its day.
    json_ld_day: String,
}

fn dates(html: &str) -> Dates {
    let data = between(
        html,
        "<script id=\"__SUPPLYSITE__\" data-route=\"/insights/:slug\" type=\"application/json\">",
    )
    .unwrap_or_else(|| panic!("no page data: {html}"));
    let data: Value = serde_json::from_str(data).unwrap();
    let view = &data["outcome"]["view"];
    let article = html
        .split("<script type=\"application/ld+json\">")
        .skip(1)
        .filter_map(|rest| rest.split("</script>").next())
        .filter_map(|json| serde_json::from_str::<Value>(json).ok())
        .find(|v| v["@type"] == "Article")
        .unwrap_or_else(|| panic!("no Article JSON-LD: {html}"));
    let published = article["datePublished"].as_str().unwrap();
    Dates {
        printed: view["published"].as_str().unwrap().to_owned(),
        iso: view["publishedIso"].as_str().unwrap().to_owned(),
        json_ld_day: published[..10].to_owned(),
    }
}

fn between<'a>(text: &'a str, open: &str) -> Option<&'a str> {
    let start = text.find(open)? + open.len();
    let end = text[start..].find("</script>")? + start;
    Some(&text[start..end])
}

/// `<lastmod>` of the article's URL in the sitemap.
async fn lastmod(server: &Server) -> String {
    let (status, sitemap) = server.get("/sitemap.xml").await;
    assert_eq!(status, 200);
    let at = sitemap
        .find(POST_PATH)
        .expect("the article is in the sitemap");
    let rest = &sitemap[at..];
    let start = rest.find("<lastmod>").unwrap() + "<lastmod>".len();
    rest[start..start + 10].to_owned()
}

fn expect_day(dates: &Dates, printed: &str, iso: &str) {
    assert_eq!(
        dates,
        &Dates {
            printed: printed.to_owned(),
            iso: iso.to_owned(),
            json_ld_day: iso.to_owned(),
        }
    );
}

fn live(dir: &Path, contentful: &str) -> Command {
    let mut cmd = serve(dir);
    with_fake_contentful(&mut cmd, dir, contentful);
    cmd
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_evening_utc_article_is_dated_the_next_day_in_sydney_everywhere() {
    // 20:00 UTC on 1 March 2026 is 07:00 on 2 March in Sydney (daylight time, +11:00).
    let space = demo_published_at("2026-03-01T20:00:00.000Z");

    // From an export.
    let dir = workdir();
    let export = dir.path().join("export.json");
    std::fs::write(&export, serde_json::to_vec(&space).unwrap()).unwrap();
    let server = Server::start(serve_content(dir.path(), &export)).await;
    let (status, html) = server.get(POST_PATH).await;
    assert_eq!(status, 200);
    expect_day(&dates(&html), "March 02, 2026", "2026-03-02");
    assert_eq!(lastmod(&server).await, "2026-03-02");
    let (_, api) = server
        .get_json(&format!(
            "/api/page?path={}",
            supplysite_core::uri::encode_component(POST_PATH)
        ))
        .await;
    assert_eq!(api["view"]["publishedIso"], "2026-03-02");
    drop(server);

    // Live: Contentful sends the date in UTC.
    let fake = FakeContentful::start(space).await;
    let dir = workdir();
    let server = Server::start(live(dir.path(), &fake.url())).await;
    let (status, html) = server.get(POST_PATH).await;
    assert_eq!(status, 200, "{}", server.log());
    expect_day(&dates(&html), "March 02, 2026", "2026-03-02");
    assert_eq!(lastmod(&server).await, "2026-03-02");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draft_in_preview_is_dated_in_the_sites_own_zone() {
    // 11:30 UTC on 1 March 2026 is 22:30 that day in Sydney and 00:30 on 2 March in Auckland.
    let fake = FakeContentful::start(demo_published_at("2026-03-01T11:30:00.000Z")).await;
    fake.save_draft(POST_ID, |entry| {
        set_entry_date(entry, "2026-03-01T11:30:00.000Z");
        entry["fields"]["title"]["en-AU"] = Value::from("What Is e-Tendering? (draft)");
    });
    let dir = workdir();
    let mut cmd = live(dir.path(), &fake.url());
    with_fake_preview(&mut cmd, &fake.url()).env("SUPPLYSITE_TIME_ZONE", "Pacific/Auckland");
    let server = Server::start(cmd).await;

    let (_, published) = server.get(POST_PATH).await;
    expect_day(&dates(&published), "March 02, 2026", "2026-03-02");

    let (_, cookie) = server.enter_preview(POST_PATH).await;
    let draft = server.get_with_cookie(POST_PATH, &cookie).await;
    assert!(draft.contains("(draft)"), "the preview shows the draft");
    expect_day(&dates(&draft), "March 02, 2026", "2026-03-02");
}
