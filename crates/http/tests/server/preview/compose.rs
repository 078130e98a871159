//! `POST /api/preview/compose`: Live Preview's unsaved edits laid over the preview content for
//! one answer only, behind the preview cookie, with malformed and oversized bodies refused.

use crate::support::preview::*;
use serde_json::{Value, json};

/// The demo post's entry as Contentful's web app delivers it while an editor types: `sys` and
/// every field by locale, the title changed and not saved.
fn edited_post(site_export: &Value, title: &str) -> Value {
    let mut entry = changed_entry(site_export);
    entry["fields"]["title"] = json!({"en-AU": title});
    entry
}

async fn post(
    site: &PreviewSite,
    cookie: Option<&str>,
    content_type: &str,
    body: impl Into<reqwest::Body>,
) -> reqwest::Response {
    let mut request = reqwest::Client::new()
        .post(site.url("/api/preview/compose"))
        .header("content-type", content_type)
        .body(body);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.send().await.unwrap()
}

const TYPED: &str = "Typed in the editor, never saved";

#[tokio::test]
async fn the_edits_compose_the_page_as_the_page_api_would_for_this_answer_only() {
    let site = site(true).await;
    let path = format!("/insights/{CHANGED}");
    let cookie = site.enter(&path).await;
    let body = json!({"path": path, "entities": [edited_post(&supplysite_testkit::demo::export_json(), TYPED)]});
    let response = post(&site, Some(&cookie), "application/json", body.to_string()).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "private, no-store");
    assert_eq!(response.headers()["x-robots-tag"], "noindex");
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["outcome"], "page");
    assert_eq!(answer["view"]["title"], TYPED);

    // The same answer as the preview page API, but for the edit: compare with the edit undone.
    let undone = json!({"path": path, "entities": []});
    let composed: Value = post(&site, Some(&cookie), "application/json", undone.to_string())
        .await
        .json()
        .await
        .unwrap();
    let api: Value = site
        .get(
            &format!(
                "/api/page?path={}",
                supplysite_core::uri::encode_component(&path)
            ),
            Some(&cookie),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(composed, api);
    assert_eq!(api["view"]["title"], CHANGED_TITLE);

    // Nobody else sees the edit: not the preview after it, not the public page or its API.
    for (url, cookie) in [
        (path.clone(), Some(cookie.as_str())),
        (
            format!(
                "/api/page?path={}",
                supplysite_core::uri::encode_component(&path)
            ),
            Some(cookie.as_str()),
        ),
        (path.clone(), None),
        (
            format!(
                "/api/page?path={}",
                supplysite_core::uri::encode_component(&path)
            ),
            None,
        ),
    ] {
        let text = site.get(&url, cookie).await.text().await.unwrap();
        assert!(!text.contains(TYPED), "{url} {cookie:?}");
    }
    // Nor did it reach the disk copy of the public content.
    let disk = std::fs::read_to_string(&site.cache_file).unwrap();
    assert!(!disk.contains(TYPED));
}

#[tokio::test]
async fn an_edited_entry_not_on_the_page_changes_nothing() {
    let site = site(true).await;
    let path = format!("/insights/{CHANGED}");
    let cookie = site.enter(&path).await;
    let before: Value = site
        .get(
            &format!(
                "/api/page?path={}",
                supplysite_core::uri::encode_component(&path)
            ),
            Some(&cookie),
        )
        .await
        .json()
        .await
        .unwrap();
    // Another post, edited: this page's answer is the same (its side list shows other posts'
    // titles, so an unlisted post's body stands in).
    let mut other = supplysite_testkit::demo::export_json()["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["sys"]["id"] == "post-reverse-auction-myths")
        .cloned()
        .unwrap();
    other["fields"]["metaDescription"] = json!({"en-AU": "Edited elsewhere"});
    let body = json!({"path": path, "entities": [other]});
    let after: Value = post(&site, Some(&cookie), "application/json", body.to_string())
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(after, before);
}

#[tokio::test]
async fn without_a_valid_preview_cookie_the_answer_is_401() {
    let site = site(true).await;
    let body = json!({"path": "/", "entities": []}).to_string();
    for cookie in [None, Some("supplysite_preview=forged.value")] {
        let response = post(&site, cookie, "application/json", body.clone()).await;
        assert_eq!(response.status(), 401, "{cookie:?}");
        assert_eq!(response.headers()["cache-control"], "no-store");
        let answer: Value = response.json().await.unwrap();
        assert!(
            answer["message"]
                .as_str()
                .unwrap()
                .contains("preview cookie")
        );
    }
}

#[tokio::test]
async fn without_a_preview_configured_the_endpoint_is_not_there() {
    let site = site(false).await;
    let body = json!({"path": "/", "entities": []}).to_string();
    let response = post(&site, None, "application/json", body).await;
    assert_eq!(response.status(), 404);
}

#[tokio::test]
async fn malformed_non_json_and_oversized_bodies_are_refused_with_a_clear_message() {
    let site = site(true).await;
    let cookie = site.enter("/").await;
    let cases = [
        (
            "application/json",
            "{\"path\":".to_string(),
            400,
            "the body is not valid JSON",
        ),
        (
            "application/json",
            json!({"path": "/"}).to_string(),
            400,
            "entities is missing",
        ),
        (
            "application/json",
            json!({"path": "https://evil.example/", "entities": []}).to_string(),
            400,
            "path must be a path of this site",
        ),
        (
            "application/json",
            json!({"path": "/", "entities": [{"sys": {"id": "x", "type": "Entry"}, "fields": {}}]})
                .to_string(),
            400,
            "entities[0]: an entry's sys.contentType.sys.id must be a string",
        ),
        (
            "text/plain",
            json!({"path": "/", "entities": []}).to_string(),
            415,
            "application/json",
        ),
    ];
    for (content_type, body, status, message) in cases {
        let response = post(&site, Some(&cookie), content_type, body.clone()).await;
        assert_eq!(response.status(), status, "{body}");
        let answer: Value = response.json().await.unwrap();
        assert!(
            answer["message"].as_str().unwrap().contains(message),
            "{body}: {answer}"
        );
    }
    // Over a mebibyte.
    let big = format!(
        "{{\"path\":\"/\",\"entities\":[],\"pad\":\"{}\"}}",
        "x".repeat(1 << 20)
    );
    let response = post(&site, Some(&cookie), "application/json", big).await;
    assert_eq!(response.status(), 413);
    // The site still answers.
    assert_eq!(site.get("/", Some(&cookie)).await.status(), 200);
}

#[tokio::test]
async fn a_path_that_is_another_pages_answers_the_redirect_and_no_page_the_not_found_view() {
    let site = site(true).await;
    let cookie = site.enter("/").await;
    let doc: Value = site
        .get("/api/openapi.json", None)
        .await
        .json()
        .await
        .unwrap();
    let redirect = json!({"path": "/insights/", "entities": []});
    let response = post(
        &site,
        Some(&cookie),
        "application/json",
        redirect.to_string(),
    )
    .await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer, json!({"outcome": "redirect", "to": "/insights"}));
    assert_described(&doc, "200", &answer);

    let nowhere = json!({"path": "/no/such/page", "entities": []});
    let response = post(
        &site,
        Some(&cookie),
        "application/json",
        nowhere.to_string(),
    )
    .await;
    assert_eq!(response.status(), 404);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(
        (&answer["outcome"], &answer["screen"]),
        (&json!("not_found"), &json!("notFound"))
    );
    assert_described(&doc, "404", &answer);
}

/// Fails unless `answer` is a body the OpenAPI description `doc` allows for `status` of
/// `POST /api/preview/compose`.
fn assert_described(doc: &Value, status: &str, answer: &Value) {
    let mut schema = doc["paths"]["/api/preview/compose"]["post"]["responses"][status]["content"]
        ["application/json"]["schema"]
        .clone();
    assert!(schema.is_object(), "no JSON body described for {status}");
    schema["components"] = doc["components"].clone();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(answer)
        .map(|e| format!("{} fails {}", e.instance_path(), e.schema_path()))
        .collect();
    assert!(errors.is_empty(), "{status}: {errors:?}");
}

/// How long a public page may take while compose is flooded, on a loaded two-core machine.
const PAGE_WITHIN: std::time::Duration = std::time::Duration::from_millis(1500);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_compose_requests_never_delays_public_pages() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    use supplysite_http::preview::pool::DEFAULT_QUEUE_LIMIT;

    let site = Arc::new(site(true).await);
    let path = format!("/insights/{CHANGED}");
    let cookie = site.enter(&path).await;
    let export = supplysite_testkit::demo::export_json();
    let body = json!({"path": path, "entities": [edited_post(&export, TYPED)]}).to_string();
    let stop = Arc::new(AtomicBool::new(false));
    let answers = Arc::new(Mutex::new(Vec::new()));
    let flood: Vec<_> = (0..3 * DEFAULT_QUEUE_LIMIT)
        .map(|_| {
            let (site, cookie, body) = (site.clone(), cookie.clone(), body.clone());
            let (stop, answers) = (stop.clone(), answers.clone());
            tokio::spawn(async move {
                while !stop.load(Ordering::SeqCst) {
                    let response =
                        post(&site, Some(&cookie), "application/json", body.clone()).await;
                    let status = response.status().as_u16();
                    let retry = response.headers().contains_key("retry-after");
                    let answer: Value = response.json().await.unwrap();
                    answers.lock().unwrap().push((status, retry, answer));
                }
            })
        })
        .collect();
    let pool = || site.state().preview().unwrap().pool();
    crate::support::eventually(Duration::from_secs(30), "the preview pool to fill", || {
        pool().queued() == DEFAULT_QUEUE_LIMIT
    })
    .await;
    // Pages nobody asked for yet: each is composed for this request, beside the flood.
    for page in [
        "/",
        "/insights",
        "/case-study-index",
        "/about-us",
        "/etender",
        "/api/page?path=%2Fcontact-us",
    ] {
        let started = Instant::now();
        let response = site.get(page, None).await;
        let took = started.elapsed();
        assert_eq!(response.status(), 200, "{page}");
        assert!(!response.text().await.unwrap().contains(TYPED), "{page}");
        assert!(took < PAGE_WITHIN, "{page} took {took:?} during the flood");
    }
    // The flood was still on when the last page was answered.
    assert!(
        pool().queued() > 0,
        "the flood ended before the pages were asked"
    );
    stop.store(true, Ordering::SeqCst);
    for task in flood {
        task.await.unwrap();
    }
    let answers = answers.lock().unwrap();
    // Edits were composed, and past the queue the rest were told to come back, never waited.
    assert!(
        answers
            .iter()
            .any(|(status, _, a)| *status == 200 && a["view"]["title"] == TYPED)
    );
    let busy: Vec<_> = answers
        .iter()
        .filter(|(status, ..)| *status == 503)
        .collect();
    assert!(!busy.is_empty(), "the queue never overflowed");
    for (status, retry, answer) in answers.iter() {
        assert!(matches!(status, 200 | 503), "{status}: {answer}");
        if *status == 503 {
            assert!(retry, "a 503 without Retry-After");
            assert!(
                answer["message"]
                    .as_str()
                    .unwrap()
                    .contains("preview is busy")
            );
        }
    }
    // One job at a time, whatever the flood.
    assert_eq!(pool().most_running(), 1);
}

#[tokio::test]
async fn more_entities_than_the_cap_are_refused_with_413_naming_it() {
    let site = site(true).await;
    let cookie = site.enter("/").await;
    let asset = json!({"sys": {"id": "a", "type": "Asset"}, "fields": {}});
    let limit = supplysite_http::preview::MAX_ENTITIES;
    let body = json!({"path": "/", "entities": vec![asset; limit + 1]}).to_string();
    let response = post(&site, Some(&cookie), "application/json", body).await;
    assert_eq!(response.status(), 413);
    let answer: Value = response.json().await.unwrap();
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains(&format!("at most {limit} entries and assets")),
        "{answer}"
    );
}
