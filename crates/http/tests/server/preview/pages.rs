use crate::support::LOADER_HASH;
use crate::support::preview::{
    CHANGED, CHANGED_TITLE, DRAFT, DRAFT_TITLE, PreviewSite, site, site_with_preview_index,
};

const EDITOR: &str = "frame-ancestors https://app.contentful.com https://app.eu.contentful.com";

/// What the public sees of the site.
async fn public_view(site: &PreviewSite) -> Vec<(String, u16, String)> {
    let mut out = Vec::new();
    for path in [
        format!("/insights/{CHANGED}"),
        format!("/insights/{DRAFT}"),
        "/insights".to_string(),
        "/".to_string(),
        "/sitemap.xml".to_string(),
        "/insights/feed.xml".to_string(),
        format!("/api/page?path=%2Finsights%2F{CHANGED}"),
        format!("/api/page?path=%2Finsights%2F{DRAFT}"),
    ] {
        let response = site.get(&path, None).await;
        let status = response.status().as_u16();
        let body = response.text().await.unwrap();
        out.push((path, status, body));
    }
    out
}

#[tokio::test]
async fn a_draft_is_shown_with_the_cookie_and_redirected_without_it() {
    let site = site(true).await;
    let path = format!("/insights/{DRAFT}");
    let public = site.get(&path, None).await;
    assert_eq!(public.status(), 301);
    assert_eq!(public.headers()["location"], "/insights");

    let cookie = site.enter(&path).await;
    let preview = site.get(&path, Some(&cookie)).await;
    assert_eq!(preview.status(), 200);
    let html = preview.text().await.unwrap();
    assert!(html.contains(DRAFT_TITLE), "{html}");

    let api = site
        .get(
            &format!(
                "/api/page?path={}",
                supplysite_core::uri::encode_component(&path)
            ),
            Some(&cookie),
        )
        .await;
    assert_eq!(api.status(), 200);
    assert_eq!(api.headers()["cache-control"], "private, no-store");
    let json: serde_json::Value = api.json().await.unwrap();
    assert_eq!(json["outcome"], "page");
    assert!(json.to_string().contains(DRAFT_TITLE));
    let api = site
        .get(
            &format!(
                "/api/page?path={}",
                supplysite_core::uri::encode_component(&path)
            ),
            None,
        )
        .await;
    let json: serde_json::Value = api.json().await.unwrap();
    assert_eq!(json["outcome"], "redirect");
}

#[tokio::test]
async fn a_changed_entry_shows_its_latest_version_in_preview_and_its_published_one_in_public() {
    let site = site(true).await;
    let path = format!("/insights/{CHANGED}");
    let cookie = site.enter(&path).await;
    let preview = site.get(&path, Some(&cookie)).await.text().await.unwrap();
    assert!(preview.contains(CHANGED_TITLE));
    let public = site.get(&path, None).await.text().await.unwrap();
    assert!(!public.contains(CHANGED_TITLE));
    assert!(public.contains("What Is e-Tendering?"));
}

#[tokio::test]
async fn an_archived_entry_is_not_in_the_preview() {
    let site = site(true).await;
    site.fake.archive(&format!("post-{CHANGED}"));
    let response = site
        .get(
            &format!(
                "/api/preview?secret={}&path=/insights/{CHANGED}",
                crate::support::preview::SECRET
            ),
            None,
        )
        .await;
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn preview_responses_are_private_unindexed_marked_and_framable_by_the_editor_only() {
    let site = site(true).await;
    let path = format!("/insights/{CHANGED}");
    let cookie = site.enter(&path).await;
    let preview = site.get(&path, Some(&cookie)).await;
    let headers = preview.headers().clone();
    assert_eq!(headers["cache-control"], "private, no-store");
    assert_eq!(headers["x-robots-tag"], "noindex");
    assert!(headers.get("etag").is_none());
    assert!(headers.get("x-frame-options").is_none());
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains(EDITOR), "{csp}");
    assert!(!csp.contains("frame-ancestors 'none'"), "{csp}");
    // The same scripts as the public page: the shell's loader, by its hash.
    let preview_csp = csp.to_string();
    assert!(
        csp.contains(&format!("script-src {LOADER_HASH} 'strict-dynamic'")),
        "{csp}"
    );
    let html = preview.text().await.unwrap();
    assert!(!html.contains("nonce"));
    assert!(
        html.contains("role=\"region\" aria-label=\"Preview\""),
        "{html}"
    );
    assert!(html.contains(&format!(
        "<a href=\"/api/preview/exit?path=/insights/{CHANGED}\""
    )));

    let public = site.get(&path, None).await;
    let headers = public.headers().clone();
    assert_eq!(headers["cache-control"], supplysite_http::PAGE_CACHE);
    assert!(headers.get("x-robots-tag").is_none());
    assert_eq!(headers["x-frame-options"], "DENY");
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(!csp.contains("contentful"), "{csp}");
    // The framing is all that differs.
    assert_eq!(preview_csp.replace(EDITOR, "frame-ancestors 'none'"), csp);
    let html = public.text().await.unwrap();
    assert!(!html.contains("aria-label=\"Preview\""));
    assert!(!html.contains("\"preview\""));
    assert!(!html.contains("/api/preview"));
}

#[tokio::test]
async fn a_forged_or_expired_cookie_is_ignored() {
    let site = site(true).await;
    let path = format!("/insights/{DRAFT}");
    let cookie = site.enter(&path).await;
    let (name, value) = cookie.split_once('=').unwrap();
    let (expires, tag) = value.split_once('.').unwrap();
    let later = format!("{name}={}.{tag}", expires.parse::<u64>().unwrap() + 86_400);
    let expired = format!("{name}=1.{tag}");
    for cookie in [
        later,
        expired,
        format!("{name}=1700000000.00"),
        format!("{name}="),
    ] {
        let response = site.get(&path, Some(&cookie)).await;
        assert_eq!(response.status(), 301, "{cookie}");
    }
}

#[tokio::test]
async fn a_preview_visit_leaves_public_responses_the_page_cache_and_the_disk_cache_unchanged() {
    let site = site(true).await;
    let before = public_view(&site).await;
    let disk_before = std::fs::read(&site.cache_file).unwrap();
    let generation = site.state().content().current();
    let cached_before = (generation.pages().len(), generation.pages().bytes());

    for path in [format!("/insights/{CHANGED}"), format!("/insights/{DRAFT}")] {
        let cookie = site.enter(&path).await;
        for visit in [path.clone(), "/insights".to_string(), "/".to_string()] {
            assert_eq!(site.get(&visit, Some(&cookie)).await.status(), 200);
        }
        let api = format!(
            "/api/page?path={}",
            supplysite_core::uri::encode_component(&path)
        );
        assert_eq!(site.get(&api, Some(&cookie)).await.status(), 200);
    }
    let listing = site
        .get("/insights", Some(&site.enter("/insights").await))
        .await;
    assert!(listing.text().await.unwrap().contains(DRAFT_TITLE));

    let after = public_view(&site).await;
    for ((path, status, body), (_, status_after, body_after)) in before.iter().zip(&after) {
        assert_eq!(status, status_after, "{path}");
        assert_eq!(body, body_after, "{path}");
        assert!(!body_after.contains(DRAFT), "{path}");
        assert!(!body_after.contains(CHANGED_TITLE), "{path}");
    }
    assert_eq!(std::fs::read(&site.cache_file).unwrap(), disk_before);
    let generation = site.state().content().current();
    assert_eq!(
        (generation.pages().len(), generation.pages().bytes()),
        cached_before
    );
}

#[tokio::test]
async fn a_page_asking_with_no_cache_reads_the_preview_content_afresh() {
    let site = site(true).await;
    let path = format!("/insights/{CHANGED}");
    let cookie = site.enter(&path).await;
    let api = format!(
        "/api/page?path={}",
        supplysite_core::uri::encode_component(&path)
    );
    assert!(
        site.get(&api, Some(&cookie))
            .await
            .text()
            .await
            .unwrap()
            .contains(CHANGED_TITLE)
    );
    site.fake.save_draft(&format!("post-{CHANGED}"), |e| {
        e["fields"]["title"] = serde_json::json!({"en-AU": "Saved a moment ago"});
    });
    // Within the seconds the preview content is reused, a plain request sees the last read.
    let plain = site.get(&api, Some(&cookie)).await.text().await.unwrap();
    assert!(plain.contains(CHANGED_TITLE), "{plain}");
    let client = reqwest::Client::new();
    let fresh = client
        .get(site.url(&api))
        .header("cookie", &cookie)
        .header("cache-control", "no-cache")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(fresh.contains("Saved a moment ago"), "{fresh}");
}

#[tokio::test]
async fn the_preview_searches_the_drafts_and_the_public_search_never_does() {
    let site = site(true).await;
    let draft = format!("/insights/{DRAFT}");
    let api = "/api/search?q=draft+nobody+has+published";
    let page = "/search?q=draft+nobody+has+published";
    let public: serde_json::Value = site.get(api, None).await.json().await.unwrap();
    assert!(!public.to_string().contains(&draft), "{public}");
    let html = site.get(page, None).await.text().await.unwrap();
    assert!(!html.contains(&draft));

    let cookie = site.enter(&draft).await;
    let response = site.get(api, Some(&cookie)).await;
    assert_eq!(response.headers()["cache-control"], "no-store");
    let preview: serde_json::Value = response.json().await.unwrap();
    assert_eq!(preview["results"][0]["path"], draft.as_str(), "{preview}");
    assert_eq!(preview["results"][0]["title"], DRAFT_TITLE);
    let html = site.get(page, Some(&cookie)).await.text().await.unwrap();
    assert!(html.contains(&draft));
    // The public answer is still without it.
    let public: serde_json::Value = site.get(api, None).await.json().await.unwrap();
    assert!(!public.to_string().contains(&draft));
}

/// An index that can take no content.
struct Broken;

impl supplysite_core::ports::SearchIndex for Broken {
    fn index(
        &self,
        set: &supplysite_core::content::ContentSet,
    ) -> Result<
        std::sync::Arc<dyn supplysite_core::ports::SearchSnapshot>,
        supplysite_core::ports::SearchIndexError,
    > {
        Err(supplysite_core::ports::SearchIndexError::Update {
            version: set.version().to_string(),
            reason: "broken on purpose".into(),
        })
    }
}

#[tokio::test]
async fn a_preview_search_the_preview_index_cannot_answer_is_503_private_and_never_stored() {
    let site = site_with_preview_index(std::sync::Arc::new(Broken)).await;
    let cookie = site.enter(&format!("/insights/{DRAFT}")).await;
    for path in [
        "/search?q=draft+nobody+has+published",
        "/api/page?path=%2Fsearch%3Fq%3Ddraft%2Bnobody%2Bhas%2Bpublished",
    ] {
        let response = site.get(path, Some(&cookie)).await;
        assert_eq!(response.status(), 503, "{path}");
        assert_eq!(
            response.headers()["cache-control"],
            "private, no-store",
            "{path}"
        );
        let body = response.text().await.unwrap();
        assert!(body.contains("Search is not available"), "{path}: {body}");
    }
    let response = site
        .get("/api/search?q=draft+nobody+has+published", Some(&cookie))
        .await;
    assert_eq!(response.status(), 503);
    assert_eq!(response.headers()["cache-control"], "no-store");
    // The public search, from its own index, still answers.
    let public = site
        .get("/api/search?q=draft+nobody+has+published", None)
        .await;
    assert_eq!(public.status(), 200);
}
