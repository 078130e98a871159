//! `GET /api/search`: answers, refusals and the index kept current by each content set,
//! including Sync deltas from the fake Contentful (publish, change, delete); each generation
//! answering from the index as of its own content; an index that fails shown in the answer
//! (503), the search page (503, never stored), `/readyz` and the metrics.

use crate::support::*;
use axum::body::to_bytes;
use axum::http::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;
use supplysite_content_adapter::contentful::SyncSource;
use supplysite_content_adapter::contentful::fake::FakeContentful;
use supplysite_core::content::ContentSet;
use supplysite_core::ports::{ContentSource, SearchIndex, SearchIndexError, SearchSnapshot};
use supplysite_core::search::{SearchAnswer, SearchRequest};
use supplysite_http::content::{ContentStore, Generation};
use supplysite_search_adapter::TantivyIndex;

async fn ask(app: &TestApp, uri: &str) -> (StatusCode, String, Value) {
    let response = app.get(uri).await;
    let status = response.status();
    let cache = response
        .headers()
        .get("cache-control")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, cache, serde_json::from_slice(&body).unwrap())
}

/// `GET /api/search` answers 503, never stored, saying search is not available.
async fn expect_search_unavailable(app: &TestApp) {
    let (status, cache, answer) = ask(app, "/api/search?q=insight").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(cache, "no-store");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .starts_with("search is not available"),
        "{answer}"
    );
}

fn paths(answer: &Value) -> Vec<String> {
    answer["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["path"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn an_answer_lists_indexable_pages_with_escaped_snippets_and_counts() {
    let app = spawn_app();
    let (status, cache, answer) = ask(&app, "/api/search?q=insight").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cache, "no-store");
    assert_eq!(answer["query"], "insight");
    assert_eq!(answer["total"], json!({"exactly": 2}));
    assert_eq!(answer["page"], 1);
    assert_eq!(answer["pages"], 1);
    // The newer of two equally relevant posts first; the noindex post never.
    assert_eq!(
        paths(&answer),
        ["/insights/newest-insight", "/insights/older-insight"]
    );
    let first = &answer["results"][0];
    assert_eq!(first["kind"], "insight");
    assert_eq!(first["title"], "Insight newest-insight v1");
    assert_eq!(first["date"], "2024-03-05");
    assert_eq!(
        first["snippet"],
        "About newest-<mark>insight</mark> &amp; &lt;things&gt;"
    );
    assert_eq!(
        answer["facets"],
        json!({"kinds": [{"kind": "insight", "count": 2}], "products": [{"product": "eRFx", "count": 2}], "complete": true})
    );
}

#[tokio::test]
async fn filters_narrow_the_results_and_leave_the_counts_of_the_query() {
    let app = spawn_app();
    let (_, _, answer) = ask(&app, "/api/search?q=acme&type=caseStudy").await;
    assert_eq!(paths(&answer), ["/case-study/manage-contractor-compliance"]);
    let (_, _, answer) = ask(&app, "/api/search?q=insight&product=SIM").await;
    assert_eq!(answer["total"], json!({"exactly": 0}));
    assert_eq!(answer["facets"]["kinds"][0]["count"], 2);
    let (_, _, answer) = ask(&app, "/api/search?q=story&type=insight").await;
    assert_eq!(answer["total"], json!({"exactly": 0}));
    // A hidden story and page are never found.
    let (_, _, answer) = ask(&app, "/api/search?q=quiet%20customer").await;
    assert!(!paths(&answer).contains(&"/case-study/quiet-customer".to_string()));
    let (_, _, answer) = ask(&app, "/api/search?q=draft%20campaign").await;
    assert!(!paths(&answer).contains(&"/page/draft-campaign".to_string()));
    // An empty query finds nothing, without refusing.
    let (status, _, answer) = ask(&app, "/api/search?q=").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["total"], json!({"exactly": 0}));
}

#[tokio::test]
async fn bad_parameters_are_refused_with_a_sentence() {
    let app = spawn_app();
    let long = "a".repeat(201);
    let many = (0..13)
        .map(|i| format!("w{i}"))
        .collect::<Vec<_>>()
        .join("+");
    for (uri, says) in [
        (format!("/api/search?q={long}"), "at most 200 characters"),
        (format!("/api/search?q={many}"), "at most 12"),
        (
            "/api/search?q=x&type=blog".to_string(),
            "type must be one of",
        ),
        (
            "/api/search?q=x&product=ERP".to_string(),
            "product must be one of",
        ),
        (
            "/api/search?q=x&page=0".to_string(),
            "page must be a whole number",
        ),
        (
            "/api/search?q=x&page=51".to_string(),
            "page must be a whole number",
        ),
    ] {
        let (status, cache, body) = ask(&app, &uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(cache, "no-store", "{uri}");
        assert!(
            body["message"].as_str().unwrap().contains(says),
            "{uri}: {body}"
        );
    }
}

#[tokio::test]
async fn the_openapi_description_has_the_search_route_and_its_answer() {
    let app = spawn_app();
    let (_, _, doc) = ask(&app, "/api/openapi.json").await;
    let get = &doc["paths"]["/api/search"]["get"];
    let names: Vec<&str> = get["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["q", "type", "product", "page"]);
    assert!(get["responses"]["400"].is_object());
    let schema = &doc["components"]["schemas"]["SearchAnswer"];
    for field in ["query", "total", "results", "facets"] {
        assert!(schema["properties"][field].is_object(), "{field}");
    }
}

#[tokio::test]
async fn answers_over_the_demo_validate_against_the_description() {
    let app = super::openapi::demo_app();
    let doc = super::openapi::description(&app).await;
    let mut schema = doc["paths"]["/api/search"]["get"]["responses"]["200"]["content"]
        ["application/json"]["schema"]
        .clone();
    assert!(schema.is_object(), "no JSON body described for 200");
    schema["components"] = doc["components"].clone();
    let validator = jsonschema::draft202012::new(&schema).expect("the schema compiles");
    for uri in [
        "/api/search?q=allergen",
        "/api/search?q=reverse%20auction&type=insight",
        "/api/search?q=supplier&product=SPM&page=2",
        "/api/search?q=zzzzqqq",
    ] {
        let (status, _, answer) = ask(&app, uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        let errors: Vec<String> = validator
            .iter_errors(&answer)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{uri}: {errors:?}");
    }
    let (_, _, answer) = ask(&app, "/api/search?q=allergen").await;
    assert_eq!(
        answer["results"][0]["path"],
        "/insights/allergen-declarations-pim"
    );
}

fn entry_mut<'a>(export: &'a mut Value, id: &str) -> &'a mut Value {
    export["entries"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["sys"]["id"] == id)
        .unwrap_or_else(|| panic!("no entry {id}"))
}

fn found(store: &ContentStore, q: &str) -> Vec<String> {
    found_in(&store.current(), q)
}

fn found_in(generation: &Generation, q: &str) -> Vec<String> {
    let search = generation.search();
    let index = search.snapshot().expect("an index");
    let answer = index
        .search(&SearchRequest::parse(Some(q), None, None, None).unwrap())
        .unwrap();
    answer.results.into_iter().map(|h| h.path).collect()
}

fn tantivy() -> Arc<dyn SearchIndex> {
    Arc::new(TantivyIndex::new().unwrap())
}

#[tokio::test]
async fn publish_change_and_delete_on_the_live_space_reach_the_results_with_the_delta() {
    let fake = FakeContentful::start(supplysite_testkit::demo::export_json()).await;
    let dir = tempfile::tempdir().unwrap();
    let source = SyncSource::new(fake.settings(), Some(dir.path().join("snapshot.json"))).unwrap();
    let store = ContentStore::with_search(source.load().await.unwrap(), tantivy());
    assert_eq!(
        found(&store, "allergen declarations")
            .first()
            .map(String::as_str),
        Some("/insights/allergen-declarations-pim")
    );
    assert!(found(&store, "quokka").is_empty());

    // Publish: a new post, found by the words of its title.
    fake.edit(|export| {
        let mut copy = entry_mut(export, "post-allergen-declarations-pim").clone();
        copy["sys"]["id"] = json!("post-quokka-sourcing");
        copy["fields"]["slug"]["en-AU"] = json!("quokka-sourcing");
        copy["fields"]["title"]["en-AU"] = json!("Sourcing for Quokka Sanctuaries");
        export["entries"].as_array_mut().unwrap().push(copy);
    });
    store.reload(&source).await.unwrap();
    assert_eq!(
        found(&store, "quokka").first().map(String::as_str),
        Some("/insights/quokka-sourcing")
    );

    // Change: the new title is found, the old one's words no longer find it.
    fake.edit(|export| {
        let entry = entry_mut(export, "post-quokka-sourcing");
        entry["fields"]["title"]["en-AU"] = json!("Sourcing for Wombat Sanctuaries");
        entry["sys"]["publishedVersion"] = json!(90);
    });
    store.reload(&source).await.unwrap();
    assert_eq!(
        found(&store, "wombat").first().map(String::as_str),
        Some("/insights/quokka-sourcing")
    );
    assert!(found(&store, "quokka").is_empty());

    // Delete (unpublish): gone from the results at once.
    fake.unpublish("post-quokka-sourcing");
    store.reload(&source).await.unwrap();
    assert!(found(&store, "wombat").is_empty());
    // seoIndex turned off: the page leaves the results too.
    fake.edit(|export| {
        let entry = entry_mut(export, "post-allergen-declarations-pim");
        entry["fields"]["seoIndex"]["en-AU"] = json!(false);
        entry["sys"]["publishedVersion"] = json!(91);
    });
    store.reload(&source).await.unwrap();
    assert!(
        !found(&store, "allergen declarations")
            .contains(&"/insights/allergen-declarations-pim".to_string())
    );
    fake.stop().await;
}

#[tokio::test]
async fn a_generation_still_served_answers_as_of_its_own_content_after_the_next_deletes_a_page() {
    let fake = FakeContentful::start(supplysite_testkit::demo::export_json()).await;
    let dir = tempfile::tempdir().unwrap();
    let source = SyncSource::new(fake.settings(), Some(dir.path().join("snapshot.json"))).unwrap();
    let store = ContentStore::with_search(source.load().await.unwrap(), tantivy());
    // A request that began on this generation holds it while the next is built and swapped in.
    let older = store.current();
    let before = found_in(&older, "allergen declarations");
    assert_eq!(
        before.first().map(String::as_str),
        Some("/insights/allergen-declarations-pim")
    );
    fake.unpublish("post-allergen-declarations-pim");
    store.reload(&source).await.unwrap();
    let newer = store.current();
    assert!(!Arc::ptr_eq(&older, &newer));
    assert!(
        !found_in(&newer, "allergen declarations")
            .contains(&"/insights/allergen-declarations-pim".to_string())
    );
    assert_eq!(found_in(&older, "allergen declarations"), before);
    assert_eq!(
        older.search().snapshot().unwrap().documents(),
        newer.search().snapshot().unwrap().documents() + 1
    );
    fake.stop().await;
}

/// An index that takes content until told to fail.
struct Failing {
    inner: TantivyIndex,
    failing: std::sync::atomic::AtomicBool,
}

impl SearchIndex for Failing {
    fn index(&self, set: &ContentSet) -> Result<Arc<dyn SearchSnapshot>, SearchIndexError> {
        if self.failing.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(SearchIndexError::Update {
                version: set.version().to_string(),
                reason: "out of memory".into(),
            });
        }
        self.inner.index(set)
    }
}

#[tokio::test]
async fn an_index_that_cannot_take_the_content_shows_in_the_answer_readyz_and_the_metrics() {
    let index = Arc::new(Failing {
        inner: TantivyIndex::new().unwrap(),
        failing: false.into(),
    });
    let app = spawn_app_with(Options {
        search: Some(Some(index.clone() as Arc<dyn SearchIndex>)),
        ..Options::default()
    });
    let (status, _, answer) = ask(&app, "/api/search?q=insight").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["total"], json!({"exactly": 2}));
    let (_, _, ready) = ask(&app, "/readyz").await;
    assert_eq!(ready["search"]["status"], "ready");
    assert!(ready["search"]["documents"].as_u64().unwrap() > 2);
    assert_eq!(
        ready["search"]["written"], ready["search"]["documents"],
        "built from nothing"
    );
    let text = app.metrics_text().await;
    assert!(text.contains("supplysite_search_index_ready 1"), "{text}");
    assert!(
        text.contains("supplysite_search_index_failures_total 0"),
        "{text}"
    );

    index
        .failing
        .store(true, std::sync::atomic::Ordering::SeqCst);
    app.state.content().replace(content("v2"));
    expect_search_unavailable(&app).await;
    let (status, _, ready) = ask(&app, "/readyz").await;
    assert_eq!(status, StatusCode::OK, "the pages are still served");
    assert_eq!(ready["search"], json!({"status": "failed", "failures": 1}));
    let text = app.metrics_text().await;
    assert!(text.contains("supplysite_search_index_ready 0"), "{text}");
    assert!(
        text.contains("supplysite_search_index_failures_total 1"),
        "{text}"
    );

    // The next content set is taken again.
    index
        .failing
        .store(false, std::sync::atomic::Ordering::SeqCst);
    app.state.content().replace(content("v3"));
    let (status, _, _) = ask(&app, "/api/search?q=insight").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn without_an_index_search_answers_503_and_readyz_says_off() {
    let app = spawn_app_with(Options {
        search: Some(None),
        ..Options::default()
    });
    let (status, _, answer) = ask(&app, "/api/search?q=insight").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(answer["message"].as_str().unwrap().contains("search"));
    let (_, _, ready) = ask(&app, "/readyz").await;
    assert_eq!(ready["search"], json!({"status": "off"}));
}

/// The search page's answer: status, Cache-Control, ETag and the HTML.
async fn search_page(app: &TestApp, uri: &str) -> (StatusCode, String, Option<String>, String) {
    let response = app.get(uri).await;
    let status = response.status();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
    };
    let (cache, etag) = (header("cache-control").unwrap_or_default(), header("etag"));
    (status, cache, etag, body_text(response).await)
}

const UNAVAILABLE: &str = "Search is not available just now";
const NOINDEX: &str = r#"<meta name="robots" content="noindex, follow">"#;

#[tokio::test]
async fn while_the_index_cannot_answer_the_search_page_says_so_with_a_503_nothing_keeps() {
    let index = Arc::new(Failing {
        inner: TantivyIndex::new().unwrap(),
        failing: true.into(),
    });
    let app = spawn_app_with(Options {
        search: Some(Some(index.clone() as Arc<dyn SearchIndex>)),
        ..Options::default()
    });
    for _ in 0..2 {
        let (status, cache, etag, html) = search_page(&app, "/search?q=insight").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(cache, "no-store");
        assert_eq!(etag, None);
        // The page's data says so; its words are the page copy's (the markup is the script's,
        // or the server renderer's, which `ssr_parity` covers).
        assert!(html.contains(r#""unavailable":true"#), "{html}");
        assert!(html.contains(UNAVAILABLE), "{html}");
        assert!(html.contains(NOINDEX), "{html}");
    }
    // The page API gives the same page for in-app navigation, on the same terms.
    let (status, cache, answer) = ask(&app, "/api/page?path=%2Fsearch%3Fq%3Dinsight").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(cache, "no-store");
    assert_eq!(answer["screen"], "search");
    assert_eq!(answer["view"]["unavailable"], true);
    // The form alone asks the index nothing: a page like any other.
    let (status, cache, _, _) = search_page(&app, "/search").await;
    assert_eq!(status, StatusCode::OK);
    assert!(cache.starts_with("public, max-age="), "{cache}");

    // Once the index takes the content, the same address answers with results.
    index
        .failing
        .store(false, std::sync::atomic::Ordering::SeqCst);
    app.state.content().replace(content("v2"));
    let (status, cache, etag, html) = search_page(&app, "/search?q=insight").await;
    assert_eq!(status, StatusCode::OK);
    assert!(cache.starts_with("public, max-age="), "{cache}");
    assert!(etag.is_some());
    assert!(html.contains(r#""unavailable":false"#), "{html}");
    assert!(html.contains("/insights/newest-insight"), "{html}");
    assert!(html.contains(NOINDEX), "{html}");
}

/// An index whose snapshots fail each query while `failing` is set.
struct FlakySnapshots {
    inner: TantivyIndex,
    failing: Arc<std::sync::atomic::AtomicBool>,
}

struct FlakySnapshot {
    inner: Arc<dyn SearchSnapshot>,
    failing: Arc<std::sync::atomic::AtomicBool>,
}

impl SearchIndex for FlakySnapshots {
    fn index(&self, set: &ContentSet) -> Result<Arc<dyn SearchSnapshot>, SearchIndexError> {
        Ok(Arc::new(FlakySnapshot {
            inner: self.inner.index(set)?,
            failing: Arc::clone(&self.failing),
        }))
    }
}

impl SearchSnapshot for FlakySnapshot {
    fn search(&self, request: &SearchRequest) -> Result<SearchAnswer, SearchIndexError> {
        if self.failing.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(SearchIndexError::Query("reader gone".into()));
        }
        self.inner.search(request)
    }

    fn documents(&self) -> usize {
        self.inner.documents()
    }

    fn written(&self) -> usize {
        self.inner.written()
    }
}

#[tokio::test]
async fn a_search_the_index_failed_is_asked_again_by_the_next_request_of_the_same_content() {
    let failing = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let app = spawn_app_with(Options {
        search: Some(Some(Arc::new(FlakySnapshots {
            inner: TantivyIndex::new().unwrap(),
            failing: Arc::clone(&failing),
        }) as Arc<dyn SearchIndex>)),
        ..Options::default()
    });
    let version = app.state.content().current().version().to_string();
    let (status, cache, _, _) = search_page(&app, "/search?q=insight").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(cache, "no-store");
    failing.store(false, std::sync::atomic::Ordering::SeqCst);
    let (status, _, etag, html) = search_page(&app, "/search?q=insight").await;
    assert_eq!(app.state.content().current().version(), version);
    assert_eq!(status, StatusCode::OK);
    assert!(etag.is_some());
    assert!(html.contains("/insights/newest-insight"), "{html}");
    // Now the answer is the page, and it is kept: a failure after it does not replace it.
    failing.store(true, std::sync::atomic::Ordering::SeqCst);
    let (status, _, _, _) = search_page(&app, "/search?q=insight").await;
    assert_eq!(status, StatusCode::OK);
}

/// An index that takes no content until it is let go.
struct Gated {
    inner: TantivyIndex,
    open: std::sync::Mutex<bool>,
    opened: std::sync::Condvar,
}

impl Gated {
    fn let_go(&self) {
        *self.open.lock().unwrap() = true;
        self.opened.notify_all();
    }
}

impl SearchIndex for Gated {
    fn index(&self, set: &ContentSet) -> Result<Arc<dyn SearchSnapshot>, SearchIndexError> {
        let mut open = self.open.lock().unwrap();
        while !*open {
            open = self.opened.wait(open).unwrap();
        }
        drop(open);
        self.inner.index(set)
    }
}

#[tokio::test]
async fn an_index_built_after_start_answers_503_until_it_is_ready_and_readyz_says_building() {
    let index = Arc::new(Gated {
        inner: TantivyIndex::new().unwrap(),
        open: std::sync::Mutex::new(false),
        opened: std::sync::Condvar::new(),
    });
    let app = spawn_app_with(Options {
        search: Some(Some(index.clone() as Arc<dyn SearchIndex>)),
        search_after_start: true,
        ..Options::default()
    });
    // The server is ready at once: the pages are served while the index is built.
    let (status, _, ready) = ask(&app, "/readyz").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ready["search"], json!({"status": "building"}));
    let text = app.metrics_text().await;
    assert!(text.contains("supplysite_search_index_ready 0"), "{text}");
    assert!(
        text.contains("supplysite_search_index_building 1"),
        "{text}"
    );
    assert!(
        text.contains("supplysite_search_index_failures_total 0"),
        "building is no failure: {text}"
    );
    expect_search_unavailable(&app).await;
    let page = app.get("/search?q=insight").await;
    assert_eq!(page.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(page.headers()["cache-control"], "no-store");
    assert_eq!(app.get("/").await.status(), StatusCode::OK);

    index.let_go();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let (_, _, ready) = ask(&app, "/readyz").await;
        if ready["search"]["status"] == "ready" {
            break;
        }
        assert_eq!(ready["search"]["status"], "building", "{ready}");
        assert!(std::time::Instant::now() < deadline, "never built");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (status, _, answer) = ask(&app, "/api/search?q=insight").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["total"], json!({"exactly": 2}));
    assert_eq!(app.get("/search?q=insight").await.status(), StatusCode::OK);
    let text = app.metrics_text().await;
    assert!(text.contains("supplysite_search_index_ready 1"), "{text}");
    assert!(
        text.contains("supplysite_search_index_building 0"),
        "{text}"
    );
}
