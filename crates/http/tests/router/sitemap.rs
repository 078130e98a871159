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
