use crate::support::*;
use axum::http::StatusCode;

#[tokio::test]
async fn the_sitemap_lists_every_indexable_route_with_lastmod() {
    let app = spawn_app();
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        header(&response, "content-type"),
        "application/xml; charset=utf-8"
    );
    let xml = body_text(response).await;
    insta::assert_snapshot!(xml);
}

#[tokio::test]
async fn the_sitemap_is_well_formed_sitemaps_org_0_9() {
    let app = spawn_app();
    let xml = body_text(app.get("/sitemap.xml").await).await;
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
    assert!(xml.contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    assert!(xml.trim_end().ends_with("</urlset>"));
    let urls: Vec<&str> = xml.lines().filter(|l| l.contains("<url>")).collect();
    assert_eq!(urls.len(), xml.matches("</url>").count());
    for url in &urls {
        let loc = url
            .split("<loc>")
            .nth(1)
            .unwrap()
            .split("</loc>")
            .next()
            .unwrap();
        assert!(loc.starts_with(PUBLIC_URL), "{loc}");
        let lastmod = url
            .split("<lastmod>")
            .nth(1)
            .unwrap()
            .split("</lastmod>")
            .next()
            .unwrap();
        assert_eq!(lastmod.len(), 10, "W3C date {lastmod}");
        assert_eq!(&lastmod[4..5], "-");
    }
}

#[tokio::test]
async fn noindex_entries_are_left_out_and_articles_carry_their_date() {
    let app = spawn_app();
    let xml = body_text(app.get("/sitemap.xml").await).await;
    for hidden in [
        "/insights/hidden-insight",
        "/case-study/quiet-customer",
        "/page/draft-campaign",
        "/videopopup",
    ] {
        assert!(!xml.contains(hidden), "{hidden}");
    }
    assert!(xml.contains(&format!(
        "<loc>{PUBLIC_URL}/insights/older-insight</loc><lastmod>2023-11-20</lastmod>"
    )));
    assert!(xml.contains(&format!(
        "<loc>{PUBLIC_URL}/</loc><lastmod>2024-03-05</lastmod>"
    )));
}

#[tokio::test]
async fn robots_txt_allows_crawling_and_names_the_absolute_sitemap() {
    let app = spawn_app();
    let response = app.get("/robots.txt").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        header(&response, "content-type"),
        "text/plain; charset=utf-8"
    );
    assert_eq!(
        body_text(response).await,
        format!("User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {PUBLIC_URL}/sitemap.xml\n")
    );
}

/// A site with `posts` indexable articles besides the fixture's other entries.
fn site_with_posts(posts: usize) -> TestApp {
    site_with_posts_and_timeout(posts, std::time::Duration::from_secs(300))
}

fn site_with_posts_and_timeout(posts: usize, timeout: std::time::Duration) -> TestApp {
    site_with(posts, timeout, None)
}

fn site_with_posts_composed_by(
    posts: usize,
    composer: Option<std::sync::Arc<dyn supplysite_http::Composer>>,
) -> TestApp {
    site_with(posts, std::time::Duration::from_secs(300), composer)
}

fn site_with(
    posts: usize,
    timeout: std::time::Duration,
    composer: Option<std::sync::Arc<dyn supplysite_http::Composer>>,
) -> TestApp {
    let mut parts = serde_json::to_value(parts("big")).unwrap();
    let list = parts["posts"].as_array_mut().unwrap();
    list.clear();
    for i in 0..posts {
        let date = format!("2023-{:02}-{:02}", 1 + i % 12, 1 + i % 28);
        list.push(post(&format!("article-{i}"), &date, true, "big"));
    }
    let parts = serde_json::from_value(parts).unwrap();
    spawn_app_with(Options {
        content: Some(supplysite_core::content::ContentSet::new(parts, "big")),
        // Building 50,000 entries takes a debug build on a busy machine longer than the
        // default request timeout; this test is about what the sitemap holds.
        settings: Some(Box::new(move |s| s.request_timeout = timeout)),
        composer,
        ..Options::default()
    })
}

pub fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .map(|s| s.split("</loc>").next().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn past_50000_urls_the_sitemap_is_an_index_of_parts_that_hold_every_url_once() {
    let posts = 50_010;
    let app = site_with_posts(posts);
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), StatusCode::OK);
    let index = body_text(response).await;
    assert!(index.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
    assert!(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    assert!(!index.contains("<urlset"));
    let parts = locs(&index);
    assert_eq!(
        parts,
        [
            format!("{PUBLIC_URL}/sitemap-1.xml"),
            format!("{PUBLIC_URL}/sitemap-2.xml")
        ]
    );
    // The newest article is dated 2023-12-28; the fixed routes in part 1 carry that date.
    assert!(index.contains("/sitemap-1.xml</loc><lastmod>2023-12-28</lastmod>"));

    let mut urls = Vec::new();
    for part in &parts {
        let path = part.trim_start_matches(PUBLIC_URL);
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            header(&response, "content-type"),
            "application/xml; charset=utf-8"
        );
        let xml = body_text(response).await;
        assert!(xml.contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
        assert!(xml.trim_end().ends_with("</urlset>"));
        assert!(xml.len() <= 52_428_800);
        let here = locs(&xml);
        assert!(here.len() <= 50_000, "{path}: {}", here.len());
        urls.extend(here);
    }
    let unique: std::collections::HashSet<&String> = urls.iter().collect();
    assert_eq!(unique.len(), urls.len(), "no URL is listed twice");
    assert!(urls.contains(&format!("{PUBLIC_URL}/")));
    assert!(urls.contains(&format!("{PUBLIC_URL}/insights/article-0")));
    assert!(urls.contains(&format!("{PUBLIC_URL}/insights/article-{}", posts - 1)));
    // The fixed routes, every article, the indexable case study and page.
    let fixed = urls
        .iter()
        .filter(|u| !u.contains("/insights/article-"))
        .count();
    assert_eq!(urls.len(), fixed + posts);

    for missing in ["/sitemap-3.xml", "/sitemap-0.xml", "/sitemap-01.xml"] {
        assert_eq!(
            app.get(missing).await.status(),
            StatusCode::NOT_FOUND,
            "{missing}"
        );
    }
    let robots = body_text(app.get("/robots.txt").await).await;
    assert!(robots.contains(&format!("Sitemap: {PUBLIC_URL}/sitemap.xml\n")));
}

#[tokio::test]
async fn a_sitemap_that_fits_one_file_has_no_parts() {
    let app = spawn_app();
    assert_eq!(
        app.get("/sitemap-1.xml").await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_sitemap_build_longer_than_the_request_timeout_completes_and_is_served_after() {
    use std::time::{Duration, Instant};
    let app = site_with_posts_and_timeout(5_000, Duration::from_millis(20));
    let first = app.get("/sitemap.xml").await;
    assert_eq!(first.status(), StatusCode::SERVICE_UNAVAILABLE);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let response = app.get("/sitemap.xml").await;
        if response.status() == StatusCode::OK {
            let urls = locs(&body_text(response).await);
            assert!(urls.len() > 5_000, "{} URLs", urls.len());
            assert!(urls.contains(&format!("{PUBLIC_URL}/insights/article-4999")));
            break;
        }
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(Instant::now() < deadline, "the sitemap was never built");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_listing_longer_than_a_page_lists_each_later_page_at_its_own_address() {
    // 20 articles: the insights listing shows them on three pages of nine (the real page
    // rules, which paginate).
    let app = site_with_posts_composed_by(
        20,
        Some(std::sync::Arc::new(supplysite_http::CoreComposer::new(
            PUBLIC_URL,
        ))),
    );
    let urls = locs(&body_text(app.get("/sitemap.xml").await).await);
    let listing: Vec<&String> = urls
        .iter()
        .filter(|u| u.starts_with(&format!("{PUBLIC_URL}/insights")) && !u.contains("/insights/"))
        .collect();
    assert_eq!(
        listing,
        [
            &format!("{PUBLIC_URL}/insights"),
            &format!("{PUBLIC_URL}/insights?page=2"),
            &format!("{PUBLIC_URL}/insights?page=3"),
        ]
    );
    // Each later page names itself as canonical, as the sitemap does, and exists.
    for page in ["/insights?page=2", "/insights?page=3"] {
        let response = app.get(page).await;
        assert_eq!(response.status(), StatusCode::OK, "{page}");
        let html = body_text(response).await;
        assert!(
            html.contains(&format!(
                "<link rel=\"canonical\" href=\"{PUBLIC_URL}{page}\""
            )),
            "{page}"
        );
    }
    assert_eq!(
        app.get("/insights?page=4").await.status(),
        StatusCode::NOT_FOUND
    );
    // The case-study index of the fixture fits one page: only its first page is listed.
    assert!(urls.contains(&format!("{PUBLIC_URL}/case-study-index")));
    assert!(!urls.iter().any(|u| u.contains("case-study-index?page=")));
}
