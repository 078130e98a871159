//! The one harness of the server's tests: [`TestApp`], the site built from [`Options`] (a fixture
//! content set composed by core's page rules, a fixture web build and export in temporary
//! folders, and whatever a suite mounts: a contact desk, an image engine, the preview, the
//! server-side renderer, changed settings), answered in-process with `oneshot` or served on a
//! loopback socket ([`TestApp::serve`]); and the helpers every suite reads answers with.
//!
//! `TEST_LOG` shows what the server logs while a test runs (with `--nocapture`); its value,
//! unless it is `1`, is the `RUST_LOG`-style filter (for example
//! `TEST_LOG=supplysite_http=debug cargo test -p supplysite-http --test server -- NAME
//! --nocapture`).

pub mod contact;
mod fixture;
pub mod images;
pub mod preview;

pub use fixture::*;

use axum::body::Body;
use axum::http::{Request, Response};
use http_body_util::BodyExt;
use serde_json::Value;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::ContentSource;
use supplysite_core::view::RobotWidget;
use supplysite_http::content::freshness::ContentFreshness;
use supplysite_http::handlers::contact::ContactDesk;
use supplysite_http::{
    AppState, Composer, CoreComposer, Mounts, Preview, PublicUrl, Renderer, Secret, Settings,
    Shell, StateParts,
};
use supplysite_images::Renditions;
use tempfile::TempDir;
use tower::ServiceExt;

pub const PUBLIC_URL: &str = "https://www.supplysite.test";
/// The webhook secret of the sites the tests build, unless [`Options::secret`] says otherwise.
pub const SECRET: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/// A change made to the fixture's settings.
pub type ChangeSettings = Box<dyn FnOnce(&mut Settings)>;

/// Where the site reads the files the Contentful export downloaded.
pub enum Export {
    /// The fixture export: a picture and [`EXPORT_DOCUMENTS`].
    Fixture,
    /// This folder.
    At(PathBuf),
    /// No export folder.
    None,
}

/// What the site a test builds differs in from the fixture.
pub struct Options {
    /// The webhook secret.
    pub secret: Option<&'static str>,
    /// The site's address, for the settings and the page rules.
    pub public_url: &'static str,
    pub reload: Option<Arc<dyn ContentSource>>,
    /// The content to serve instead of the fixture's.
    pub content: Option<ContentSet>,
    /// Changes to the settings.
    pub settings: Option<ChangeSettings>,
    /// The web build's `index.html` instead of [`INDEX_HTML`].
    pub index_html: Option<String>,
    /// The web build: the fixture's files, or `index.html` alone.
    pub web_files: bool,
    pub export: Export,
    /// Enquiries taken over fakes with this robot check, shown on every page (see
    /// [`contact::desk_showing`]).
    pub robot: Option<RobotWidget>,
    /// The contact desk to mount (instead of the one [`Options::robot`] makes).
    pub desk: Option<ContactDesk>,
    /// The page rules to use instead of core's.
    pub composer: Option<Arc<dyn Composer>>,
    /// The image endpoint's engine.
    pub images: Option<Arc<Renditions>>,
    /// The editors' preview.
    pub preview: Option<Arc<Preview>>,
    /// Pages' markup rendered on the server.
    pub renderer: Option<Renderer>,
    /// The live source's account of the content, for `/readyz` and the metrics.
    pub freshness: Option<Arc<dyn ContentFreshness>>,
    /// The search index instead of a new in-memory tantivy index (`None` inside: no index).
    pub search: Option<Option<Arc<dyn supplysite_core::ports::SearchIndex>>>,
    /// Whether the search index is brought to the first content after start.
    pub search_after_start: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            secret: Some(SECRET),
            public_url: PUBLIC_URL,
            reload: None,
            content: None,
            settings: None,
            index_html: None,
            web_files: true,
            export: Export::Fixture,
            robot: None,
            desk: None,
            composer: None,
            images: None,
            preview: None,
            renderer: None,
            freshness: None,
            search: None,
            search_after_start: false,
        }
    }
}

pub struct TestApp {
    pub router: supplysite_http::Site,
    pub state: AppState,
    /// The image endpoint's engine, when one is mounted.
    pub engine: Option<Arc<Renditions>>,
    /// Keeps the fixture web build and export alive.
    _dirs: Vec<TempDir>,
}

pub fn spawn_app() -> TestApp {
    spawn_app_with(Options::default())
}

pub fn spawn_app_with(options: Options) -> TestApp {
    TestApp::new(options)
}

impl TestApp {
    pub fn new(options: Options) -> TestApp {
        init_test_log();
        let index_html = options.index_html.unwrap_or_else(|| INDEX_HTML.to_string());
        let web = TempDir::new().unwrap();
        if options.web_files {
            write_web_build(web.path(), &index_html);
        } else {
            std::fs::write(web.path().join("index.html"), &index_html).unwrap();
        }
        let mut dirs = vec![];
        let mut settings = Settings::new(PublicUrl::parse(options.public_url).unwrap(), web.path());
        settings.asset_dir = match options.export {
            Export::Fixture => {
                let export = fixture_export();
                let path = export.path().to_path_buf();
                dirs.push(export);
                Some(path)
            }
            Export::At(path) => Some(path),
            Export::None => None,
        };
        dirs.push(web);
        settings.webhook_secret = options.secret.map(|s| Secret::webhook(s).unwrap());
        if let Some(configure) = options.settings {
            configure(&mut settings);
        }
        let parts = StateParts {
            settings,
            shell: Shell::parse(&index_html).unwrap(),
            content: options.content.unwrap_or_else(|| content("v1")),
            composer: options
                .composer
                .unwrap_or_else(|| Arc::new(CoreComposer::new(options.public_url))),
            reload: options.reload,
        };
        let desk = options
            .desk
            .or_else(|| options.robot.map(contact::desk_showing));
        let mounts = Mounts {
            contact: desk.map(Arc::new),
            freshness: options.freshness,
            images: options.images.clone(),
            preview: options.preview,
            search: options.search.unwrap_or_else(|| {
                Some(
                    Arc::new(supplysite_search_adapter::TantivyIndex::new().unwrap())
                        as Arc<dyn supplysite_core::ports::SearchIndex>,
                )
            }),
            search_after_start: options.search_after_start,
            ..Default::default()
        };
        let state = AppState::with_mounts(parts, mounts);
        let state = match options.renderer {
            Some(renderer) => state.with_renderer(Arc::new(renderer)),
            None => state,
        };
        TestApp {
            router: supplysite_http::router(state.clone()),
            state,
            engine: options.images,
            _dirs: dirs,
        }
    }

    pub async fn send(&self, request: Request<Body>) -> Response<Body> {
        self.router.clone().oneshot(request).await.unwrap()
    }

    pub async fn get(&self, uri: &str) -> Response<Body> {
        self.send(Request::get(uri).body(Body::empty()).unwrap())
            .await
    }

    /// What the metrics listener answers to `GET /metrics`.
    pub async fn metrics_text(&self) -> String {
        let response = supplysite_http::metrics_router(self.state.clone())
            .oneshot(Request::get("/metrics").body(Body::empty()).unwrap())
            .await
            .unwrap();
        body_text(response).await
    }

    /// `GET uri` from a client that accepts `encoding` (an `accept-encoding` value).
    pub async fn get_accepting(&self, uri: &str, encoding: &str) -> Response<Body> {
        let request = Request::get(uri)
            .header("accept-encoding", encoding)
            .body(Body::empty())
            .unwrap();
        self.send(request).await
    }

    /// The site served on a free port of 127.0.0.1, until the [`Server`] is dropped.
    pub async fn serve(self) -> Server {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let site = self.router.clone();
        let stats = self.state.connection_stats();
        let task = tokio::spawn(async move {
            let limits = supplysite_http::ConnectionLimits::default();
            let _ = supplysite_http::serve(listener, site, limits, stats).await;
        });
        Server {
            addr,
            app: self,
            task,
        }
    }
}

/// A [`TestApp`] on a loopback socket, asked over HTTP (redirects not followed).
pub struct Server {
    pub addr: SocketAddr,
    pub app: TestApp,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Server {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub fn state(&self) -> &AppState {
        &self.app.state
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.get_with(path, &[]).await
    }

    /// `GET path` with `headers`.
    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
        let mut request = client().get(self.url(path));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send().await.unwrap()
    }
}

/// An HTTP client that does not follow redirects and waits long for debug-build answers.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(120))
        .build()
        .unwrap()
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

/// Polls `condition` until it holds, failing after `limit`.
pub async fn eventually(limit: Duration, what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !condition() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// With `TEST_LOG` set, the server's logs go to the test's output (shown with `--nocapture`
/// or when the test fails), filtered by its value unless it is `1`.
fn init_test_log() {
    let Some(filter) = std::env::var("TEST_LOG").ok().filter(|v| !v.is_empty()) else {
        return;
    };
    let filter = if filter == "1" { "info".into() } else { filter };
    // The first test to get here installs it; the others find it installed.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
        .with_test_writer()
        .try_init();
}
