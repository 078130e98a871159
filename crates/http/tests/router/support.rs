//! A site built from a fixture content set, composed by core's page rules, and a fixture web
//! build in a temporary folder.

use axum::body::Body;
use axum::http::{Request, Response};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::sync::Arc;
use supplysite_core::content::{ContentParts, ContentSet};
use supplysite_core::enquiry::Enquiries;
use supplysite_core::view::RobotWidget;
use supplysite_http::Site;
use supplysite_http::handlers::contact::{ClientIpPolicy, ContactDesk, ContactSettings};
use supplysite_http::{
    AppState, Composer, CoreComposer, Mounts, PublicUrl, Secret, Settings, Shell, StateParts,
};
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

/// Files the export downloaded from Contentful's other asset hosts: (host, name, bytes), each
/// under `<host>/space1/asset2/token2/`.
pub const EXPORT_DOCUMENTS: [(&str, &str, &[u8]); 2] = [
    ("assets.ctfassets.net", "brochure.pdf", b"%PDF-1.7 brochure"),
    (
        "downloads.ctfassets.net",
        "price-list.docx",
        b"PK\x03\x04 price list",
    ),
];

/// The file the export holds for one of [`EXPORT_DOCUMENTS`]: large enough to be worth
/// compressing, were it not compressed already.
pub fn document(bytes: &[u8]) -> Vec<u8> {
    bytes.repeat(200)
}

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

pub struct TestApp {
    pub router: Site,
    pub state: AppState,
    /// Keeps the fixture web build alive.
    pub _dirs: (TempDir, TempDir),
}

/// A change made to the fixture's settings.
pub type ChangeSettings = Box<dyn FnOnce(&mut Settings)>;

pub struct Options {
    pub secret: Option<&'static str>,
    pub reload: Option<Arc<dyn supplysite_core::ports::ContentSource>>,
    /// The content to serve instead of the fixture's.
    pub content: Option<ContentSet>,
    /// Changes to the settings.
    pub settings: Option<ChangeSettings>,
    /// The web build's `index.html` instead of [`INDEX_HTML`].
    pub index_html: Option<String>,
    /// Enquiries taken with this robot check, shown on every page.
    pub robot: Option<RobotWidget>,
    /// The page rules to use instead of core's.
    pub composer: Option<Arc<dyn Composer>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            secret: Some(SECRET),
            reload: None,
            content: None,
            settings: None,
            index_html: None,
            robot: None,
            composer: None,
        }
    }
}

/// A contact desk over fakes whose page settings name `widget`.
fn contact_desk(widget: RobotWidget) -> Arc<ContactDesk> {
    use supplysite_core::enquiry::EnquiryParts;
    use supplysite_core::enquiry::RetryPolicy;
    use supplysite_core::ports::fakes::{
        FakeClock, FakeDelivery, FakeOutbox, FakeRobotCheck, FakeRuntime, FakeWakeup,
    };
    let enquiries = Enquiries::from_parts(EnquiryParts {
        outbox: Arc::new(FakeOutbox::new()),
        delivery: Arc::new(FakeDelivery::new()),
        robot: Arc::new(FakeRobotCheck::accepting(["token"])),
        clock: Arc::new(FakeClock::at(supplysite_core::ports::UnixMillis(
            1_700_000_000_000,
        ))),
        runtime: Arc::new(FakeRuntime::timers_never_fire()),
        wakeup: Arc::new(FakeWakeup::new()),
        challenges: None,
        widget,
        policy: RetryPolicy::default(),
        answer_budget: std::time::Duration::from_secs(2),
        robot_budget: std::time::Duration::from_secs(4),
    });
    let settings = ContactSettings {
        rate_per_minute: std::num::NonZeroU32::new(5).unwrap(),
        client_ip: ClientIpPolicy::default(),
        limiter_capacity: supplysite_http::handlers::contact::rate_limit::MAX_CLIENTS,
    };
    Arc::new(ContactDesk::new(enquiries, settings))
}

pub fn spawn_app() -> TestApp {
    spawn_app_with(Options::default())
}

pub fn spawn_app_with(options: Options) -> TestApp {
    let index_html = options.index_html.unwrap_or_else(|| INDEX_HTML.to_string());
    let web = TempDir::new().unwrap();
    std::fs::write(web.path().join("index.html"), &index_html).unwrap();
    std::fs::create_dir_all(web.path().join(".vite")).unwrap();
    std::fs::write(
        web.path().join(".vite/manifest.json"),
        r#"{"index.html":{"file":"assets/index-Ab12Cd.js","isEntry":true}}"#,
    )
    .unwrap();
    std::fs::create_dir_all(web.path().join("assets")).unwrap();
    let js = "console.log('supplysite');".repeat(40);
    std::fs::write(web.path().join("assets/index-Ab12Cd.js"), js).unwrap();
    // The web build's brotli copy (not real brotli: the server sends it as it is).
    std::fs::write(web.path().join("assets/index-Ab12Cd.js.br"), "brotli bytes").unwrap();
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
    for (host, name, bytes) in EXPORT_DOCUMENTS {
        let folder = export.path().join(host).join("space1/asset2/token2");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(name), document(bytes)).unwrap();
    }

    let mut settings = Settings::new(PublicUrl::parse(PUBLIC_URL).unwrap(), web.path());
    settings.asset_dir = Some(export.path().to_path_buf());
    settings.webhook_secret = options.secret.map(|s| Secret::webhook(s).unwrap());
    if let Some(configure) = options.settings {
        configure(&mut settings);
    }
    let shell = Shell::parse(&index_html).unwrap();
    let parts = StateParts {
        settings,
        shell,
        content: options.content.unwrap_or_else(|| content("v1")),
        composer: options
            .composer
            .unwrap_or_else(|| Arc::new(CoreComposer::new(PUBLIC_URL))),
        reload: options.reload,
    };
    let mounts = Mounts {
        contact: options.robot.map(contact_desk),
        freshness: None,
        ..Default::default()
    };
    let state = AppState::with_mounts(parts, mounts);
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

    /// `GET uri` from a client that accepts `encoding` (an `accept-encoding` value).
    pub async fn get_accepting(&self, uri: &str, encoding: &str) -> Response<Body> {
        let request = Request::get(uri)
            .header("accept-encoding", encoding)
            .body(Body::empty())
            .unwrap();
        self.send(request).await
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

/// `state`'s site served on a free loopback port: its address and the server's task (abort it
/// to stop the server). The preview and images suites share this file; the router's own tests
/// answer in-process.
#[allow(dead_code)]
pub async fn serve_on_loopback(
    state: &AppState,
) -> (std::net::SocketAddr, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let site = supplysite_http::router(state.clone());
    let stats = state.connection_stats();
    let server = tokio::spawn(async move {
        let limits = supplysite_http::ConnectionLimits::default();
        let _ = supplysite_http::serve(listener, site, limits, stats).await;
    });
    (addr, server)
}
