//! Editors' redirects (content type `redirect`) as a visitor meets them, with the content read
//! from an export file and from a (fake) live space: the demo's redirects plus planted loops, a
//! redirect onto itself, one from a page and one to a page that does not exist.

use crate::support::{Server, serve, serve_content, workdir};
use serde_json::{Value, json};
use supplysite_content_adapter::contentful::fake::{ENVIRONMENT, FakeContentful, SPACE_ID, TOKEN};

/// The demo export with the planted redirects added.
fn planted() -> Value {
    let mut export = supplysite_testkit::demo::export_json();
    let template = export["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["sys"]["contentType"]["sys"]["id"] == "redirect")
        .expect("the demo has redirects")
        .clone();
    let planted = [
        ("planted-loop-a", "/loop-a", "/loop-b"),
        ("planted-loop-b", "/loop-b", "/loop-a"),
        ("planted-self", "/itself", "/itself?again=1"),
        ("planted-shadow", "/about-us", "/insights"),
        ("planted-dead", "/dead-end", "/page/no-such-page"),
        // `/insights/slash-gone/` is answered with a redirect to `/insights/slash-gone`.
        ("planted-slash", "/slash-loop", "/insights/slash-gone/"),
        ("planted-slash-back", "/insights/slash-gone", "/slash-loop"),
    ];
    for (id, from, to) in planted {
        let mut entry = template.clone();
        entry["sys"]["id"] = json!(id);
        entry["fields"] = json!({"from": {"en-AU": from}, "to": {"en-AU": to}});
        export["entries"].as_array_mut().unwrap().push(entry);
    }
    export
}

fn location(headers: &reqwest::header::HeaderMap) -> &str {
    headers
        .get("location")
        .map(|v| v.to_str().unwrap())
        .unwrap_or_default()
}

/// What every visitor sees, whichever source the content came from.
async fn visitor_sees_the_redirects(server: &Server) {
    // Permanent (left to the default), with the query string kept.
    let (status, h) = server
        .get_headers("/insights/e-tendering-guide?utm_source=mail")
        .await;
    assert_eq!(status, 308);
    assert_eq!(
        location(&h),
        "/insights/what-is-e-tendering?utm_source=mail"
    );
    // It carries the query it was asked with, which a shared cache's key leaves out.
    assert_eq!(h["cache-control"], "private, max-age=60");
    let (status, h) = server.get_headers("/insights/e-tendering-guide").await;
    assert_eq!(status, 308);
    assert_eq!(h["cache-control"], "public, max-age=60");
    // Temporary.
    let (status, h) = server.get_headers("/spring-offer").await;
    assert_eq!((status, location(&h)), (307, "/contact-us"));
    // Another site.
    let (status, h) = server.get_headers("/careers?ref=footer").await;
    assert_eq!(
        (status, location(&h)),
        (308, "https://example.com/careers?ref=footer")
    );
    // A chain (/blog → /news → /insights) is one hop to its end.
    let (status, h) = server.get_headers("/blog").await;
    assert_eq!((status, location(&h)), (308, "/insights"));
    let (status, _) = server.get_headers("/insights").await;
    assert_eq!(status, 200);
    // A redirect from a page: the page wins.
    let (status, body) = server.get("/about-us").await;
    assert_eq!(status, 200);
    assert!(body.contains("About Us"), "{body}");
    // Loops (one through the trailing-slash rule) and a redirect onto itself are never
    // served: 404.
    for path in [
        "/loop-a",
        "/loop-b",
        "/itself",
        "/slash-loop",
        "/insights/slash-gone",
    ] {
        let (status, h) = server.get_headers(path).await;
        assert_eq!(status, 404, "{path}");
        assert!(h.get("location").is_none(), "{path}");
    }
    // The page API answers the redirect for in-app navigation, and 404 for a loop.
    let (status, answer) = server.get_json("/api/page?path=%2Fblog").await;
    assert_eq!(
        (status, answer),
        (200, json!({"outcome": "redirect", "to": "/insights"}))
    );
    let (status, answer) = server.get_json("/api/page?path=%2Floop-a").await;
    assert_eq!((status, &answer["outcome"]), (404, &json!("not_found")));
    // The code's own fallbacks still answer as before.
    let (status, h) = server.get_headers("/insights/no-such-article").await;
    assert_eq!((status, location(&h)), (301, "/insights"));
    // No redirect source in the sitemap.
    let (status, sitemap) = server.get("/sitemap.xml").await;
    assert_eq!(status, 200);
    assert!(sitemap.contains("/insights/what-is-e-tendering</loc>"));
    for from in [
        "/insights/e-tendering-guide",
        "/spring-offer",
        "/careers",
        "/blog",
        "/news",
        "/loop-a",
        "/itself",
        "/dead-end",
    ] {
        assert!(!sitemap.contains(&format!("{from}</loc>")), "{from}");
    }
    // The loops are logged once for this content version.
    let log = server.log();
    assert_eq!(
        log.matches("redirect loop /loop-a -> /loop-b -> /loop-a")
            .count(),
        1,
        "{log}"
    );
    assert_eq!(
        log.matches("redirect loop /itself -> /itself").count(),
        1,
        "{log}"
    );
    assert_eq!(
        log.matches("redirect loop /slash-loop -> /insights/slash-gone/ -> /insights/slash-gone -> /slash-loop")
            .count(),
        1,
        "{log}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_hosts_listed_a_redirect_to_another_host_is_refused_and_logged() {
    let dir = workdir();
    let file = dir.path().join("export.json");
    std::fs::write(&file, planted().to_string()).unwrap();
    let mut cmd = serve_content(dir.path(), &file);
    cmd.env(
        "SUPPLYSITE_REDIRECT_HOSTS",
        "status.example.org, www.example.net",
    );
    let server = Server::start(cmd).await;
    // The demo's redirect to https://example.com/careers: not a listed host.
    let (status, h) = server.get_headers("/careers?ref=footer").await;
    assert_eq!(status, 404);
    assert!(h.get("location").is_none());
    let (status, answer) = server.get_json("/api/page?path=%2Fcareers").await;
    assert_eq!((status, &answer["outcome"]), (404, &json!("not_found")));
    // The site's own paths are redirected as before.
    let (status, h) = server.get_headers("/spring-offer").await;
    assert_eq!((status, location(&h)), (307, "/contact-us"));
    let log = server.log();
    assert_eq!(
        log.matches("redirect from /careers goes to example.com, which SUPPLYSITE_REDIRECT_HOSTS does not list")
            .count(),
        1,
        "{log}"
    );
    server.terminate().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redirects_from_an_export_file() {
    let dir = workdir();
    let file = dir.path().join("export.json");
    std::fs::write(&file, planted().to_string()).unwrap();
    let server = Server::start(serve_content(dir.path(), &file)).await;
    visitor_sees_the_redirects(&server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redirects_from_the_live_space() {
    let fake = FakeContentful::start(planted()).await;
    let dir = workdir();
    let mut cmd = serve(dir.path());
    cmd.env("CONTENTFUL_SPACE_ID", SPACE_ID)
        .env("CONTENTFUL_ACCESS_TOKEN", TOKEN)
        .env("CONTENTFUL_ENVIRONMENT", ENVIRONMENT)
        .env("CONTENTFUL_GRAPHQL_HOST", fake.url())
        .env("CONTENTFUL_CDA_HOST", fake.url())
        .env("SUPPLYSITE_CACHE_DIR", dir.path().join("cache"))
        .env("SUPPLYSITE_POLL_SECONDS", "0");
    let server = Server::start(cmd).await;
    let (_, ready) = server.get_json("/readyz").await;
    assert_eq!(ready["source"], "contentful");
    visitor_sees_the_redirects(&server).await;
}
