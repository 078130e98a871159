//! A site built from a fixture content set, a fixture composer that follows the page contract,
//! and a fixture web build in a temporary folder.

use axum::body::Body;
use axum::http::{Request, Response};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::sync::Arc;
use supplysite_core::content::{ContentParts, ContentSet};
use supplysite_core::routes::Route;
use supplysite_http::Site;
use supplysite_http::{AppState, Composer, PublicUrl, Secret, Settings, Shell, StateParts};
use tempfile::TempDir;
use tower::ServiceExt;

pub const PUBLIC_URL: &str = "https://www.supplysite.test";
pub const SECRET: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

pub const INDEX_HTML: &str = r#"<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <title>Shell</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
"#;

pub fn parts(version_tag: &str) -> ContentParts {
    serde_json::from_value(json!({
        "posts": [
            post("newest-insight", "2024-03-05", true, version_tag),
            post("older-insight", "2023-11-20", true, version_tag),
            post("hidden-insight", "2024-01-10", false, version_tag),
        ],
        "caseStudies": [
            case_study("manage-contractor-compliance", 1, true),
            case_study("quiet-customer", 2, false),
        ],
        "pages": [page("why-us", true), page("draft-campaign", false)],
        "faqLists": [],
        "timeline": [],
        "privacy": null,
        "customerLogos": [],
        "assets": {}
    }))
    .expect("fixture content matches the content model")
}

pub fn post(slug: &str, date: &str, index: bool, tag: &str) -> Value {
    json!({
        "id": format!("post-{slug}"), "slug": slug, "title": format!("Insight {slug} {tag}"),
        "description": format!("About {slug} & <things>"), "publishDate": date,
        "hasVideo": false, "tags": [], "products": ["eRFx"], "seoIndex": index
    })
}

pub fn case_study(slug: &str, priority: i32, index: bool) -> Value {
    json!({
        "id": format!("cs-{slug}"), "slug": slug, "title": format!("Story {slug}"),
        "organisation": "Acme Foods", "products": ["SIM"], "orderPriority": priority,
        "quotedPerson": "Jo", "quotedPersonJobTitle": "CPO", "calloutQuote": "Great",
        "teaserHeading": "Heading", "extractForTeaser": "Extract", "hasPdf": false,
        "seoIndex": index
    })
}

fn page(slug: &str, index: bool) -> Value {
    json!({
        "id": format!("page-{slug}"), "title": format!("Page {slug}"), "slug": slug,
        "seoIndex": index, "addComponents": [], "products": [], "slices": []
    })
}

pub fn content(version: &str) -> ContentSet {
    ContentSet::new(parts(version), version)
}

/// Composes by the contract `supplysite_core::compose` follows: a page per route, a redirect
/// for unknown case studies and articles, not-found for unknown page slugs.
pub struct FixtureComposer;

fn robots(index: bool) -> &'static str {
    if index {
        "index, follow"
    } else {
        "noindex, follow"
    }
}

fn page_outcome(screen: &str, path: &str, title: &str, index: bool, extra: Value) -> Value {
    json!({
        "outcome": "page",
        "screen": screen,
        "view": {
            "head": {
                "title": title,
                "description": format!("{title} description"),
                "canonical": path,
                "robots": robots(index),
                "openGraph": {"type": "website", "title": title, "description": "d", "url": path},
                "jsonLd": [{"@context": "https://schema.org", "@type": "WebPage", "name": title}]
            },
            "extra": extra
        }
    })
}

impl Composer for FixtureComposer {
    fn compose(&self, route: &Route, set: &ContentSet) -> Value {
        let path = route.path();
        match route {
            Route::Insight(slug) => match set.post(slug) {
                Some(p) => page_outcome(
                    "insight",
                    &path,
                    &p.title,
                    p.seo_index,
                    json!(p.description),
                ),
                None => json!({"outcome": "redirect", "to": "/insights"}),
            },
            Route::CaseStudy(slug) => match set.case_study(slug) {
                Some(c) => page_outcome("caseStudy", &path, &c.title, c.seo_index, json!(null)),
                None => json!({"outcome": "redirect", "to": "/case-study-index"}),
            },
            Route::Page(slug) => match set.page(slug) {
                Some(p) => page_outcome("page", &path, &p.title, p.seo_index, json!(null)),
                None => json!({"outcome": "not_found"}),
            },
            Route::NotFound => json!({"outcome": "not_found"}),
            Route::VideoPopup => page_outcome("videoPopup", &path, "Video", false, json!(null)),
            other => page_outcome(
                "fixed",
                &path,
                &format!("Fixed {}", other.path()),
                true,
                json!(set.version()),
            ),
        }
    }

    fn not_found(&self, _set: &ContentSet) -> Value {
        json!({
            "screen": "notFound",
            "view": {
                "head": {"title": "Page not found", "robots": "noindex, follow"},
                "links": [{"href": "/", "label": "Home"}]
            }
        })
    }

    fn chrome(&self) -> Value {
        json!({"nav": [{"href": "/insights", "label": "Insights"}]})
    }
}

pub struct TestApp {
    pub router: Site,
    pub state: AppState,
    /// Keeps the fixture web build alive.
    pub _dirs: (TempDir, TempDir),
}

pub struct Options {
    pub secret: Option<&'static str>,
    pub reload: Option<Arc<dyn supplysite_core::ports::ContentSource>>,
    /// The content to serve instead of the fixture's.
    pub content: Option<ContentSet>,
    /// The page rules to use instead of the fixture composer.
    pub composer: Option<Arc<dyn Composer>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            secret: Some(SECRET),
            reload: None,
            content: None,
            composer: None,
        }
    }
}

pub fn spawn_app() -> TestApp {
    spawn_app_with(Options::default())
}

pub fn spawn_app_with(options: Options) -> TestApp {
    let web = TempDir::new().unwrap();
    std::fs::write(web.path().join("index.html"), INDEX_HTML).unwrap();
    std::fs::create_dir_all(web.path().join("assets")).unwrap();
    let js = "console.log('supplysite');".repeat(40);
    std::fs::write(web.path().join("assets/index-Ab12Cd.js"), js).unwrap();
    std::fs::write(web.path().join("favicon.ico"), [0u8, 0, 1, 0]).unwrap();
    std::fs::create_dir_all(web.path().join("images/products")).unwrap();
    std::fs::write(
        web.path().join("images/products/etender.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();

    let export = TempDir::new().unwrap();
    let image = export
        .path()
        .join("images.ctfassets.net/space1/asset1/token1");
    std::fs::create_dir_all(&image).unwrap();
    std::fs::write(image.join("hero.png"), [137u8, 80, 78, 71]).unwrap();

    let mut settings = Settings::new(PublicUrl::parse(PUBLIC_URL).unwrap(), web.path());
    settings.asset_dir = Some(export.path().to_path_buf());
    settings.webhook_secret = options.secret.map(|s| Secret::webhook(s).unwrap());
    let shell = Shell::parse(INDEX_HTML).unwrap();
    let state = AppState::new(StateParts {
        settings,
        shell,
        content: options.content.unwrap_or_else(|| content("v1")),
        composer: options
            .composer
            .unwrap_or_else(|| Arc::new(FixtureComposer)),
        reload: options.reload,
    });
    TestApp {
        router: supplysite_http::router(state.clone()),
        state,
        _dirs: (web, export),
    }
}

impl TestApp {
    pub async fn send(&self, request: Request<Body>) -> Response<Body> {
        self.router.clone().oneshot(request).await.unwrap()
    }

    pub async fn get(&self, uri: &str) -> Response<Body> {
        self.send(Request::get(uri).body(Body::empty()).unwrap())
            .await
    }
}

pub async fn body_bytes(response: Response<Body>) -> Vec<u8> {
    response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec()
}

pub async fn body_text(response: Response<Body>) -> String {
    String::from_utf8(body_bytes(response).await).unwrap()
}

pub fn header<'a>(response: &'a Response<Body>, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_str()
        .unwrap()
}

/// The JSON embedded in the page's data element.
pub fn embedded_data(html: &str) -> Value {
    let start_tag = html
        .find("<script id=\"__SUPPLYSITE__\"")
        .expect("data element present");
    let open_end = start_tag + html[start_tag..].find('>').unwrap() + 1;
    let close = open_end + html[open_end..].find("</script>").unwrap();
    serde_json::from_str(&html[open_end..close]).expect("embedded data is JSON")
}
