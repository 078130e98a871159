//! A site reading the demo space from a fake Contentful through the disk cache, with the preview
//! mounted, served on 127.0.0.1.

use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use supplysite_content_adapter::contentful::fake::FakeContentful;
use supplysite_content_adapter::contentful::{CachedSource, ContentfulSource};
use supplysite_core::ports::ContentSource;
use supplysite_http::{
    AppState, CoreComposer, Mounts, Preview, PublicUrl, Secret, Settings, Shell, StateParts,
};
use tempfile::TempDir;

use crate::router_support::{INDEX_HTML, serve_on_loopback};

pub const SECRET: &str = "preview-secret-0123456789abcdefghijklmnop";
pub const PUBLIC_URL: &str = "https://www.supplysite.test";
/// A published post whose latest version is an unpublished change of its title.
pub const CHANGED: &str = "what-is-e-tendering";
pub const CHANGED_TITLE: &str = "A changed title nobody has published";
/// A post that was never published.
pub const DRAFT: &str = "a-draft-nobody-has-published";
pub const DRAFT_TITLE: &str = "A draft nobody has published";

pub struct Site {
    pub addr: SocketAddr,
    pub state: AppState,
    pub fake: FakeContentful,
    /// The disk copy of the last good public content.
    pub cache_file: PathBuf,
    server: tokio::task::JoinHandle<()>,
    _dirs: (TempDir, TempDir),
}

impl Drop for Site {
    fn drop(&mut self) {
        self.server.abort();
    }
}

fn demo() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/demo/export.json"
    );
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The demo space with a draft, a changed and an archived post; `preview`: whether the preview
/// is mounted.
pub async fn site(preview: bool) -> Site {
    start(preview, None).await
}

/// [`site`] with the preview, its pages' markup rendered by `renderer`.
pub async fn rendered_site(renderer: supplysite_http::Renderer) -> Site {
    start(true, Some(renderer)).await
}

async fn start(preview: bool, renderer: Option<supplysite_http::Renderer>) -> Site {
    let export = demo();
    let original = export["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["sys"]["id"] == json!(format!("post-{CHANGED}")))
        .cloned()
        .unwrap();
    let fake = FakeContentful::start(export).await;
    let mut draft = original.clone();
    draft["sys"]["id"] = json!("post-draft");
    draft["fields"]["slug"] = json!({"en-AU": DRAFT});
    draft["fields"]["title"] = json!({"en-AU": DRAFT_TITLE});
    // The newest post, so the first page of the listing shows it.
    draft["fields"]["publishDate"] = json!({"en-AU": "2026-01-05T09:00+11:00"});
    fake.create_draft(draft);
    fake.save_draft(&format!("post-{CHANGED}"), |e| {
        e["fields"]["title"] = json!({"en-AU": CHANGED_TITLE});
    });

    let cache_dir = tempfile::tempdir().unwrap();
    let cache_file = cache_dir.path().join("content.json");
    let public = CachedSource::new(
        Arc::new(ContentfulSource::from_settings(fake.settings()).unwrap()),
        &cache_file,
    );
    let content = public.load().await.unwrap();
    let web = tempfile::tempdir().unwrap();
    let parts = StateParts {
        settings: Settings::new(PublicUrl::parse(PUBLIC_URL).unwrap(), web.path()),
        shell: Shell::parse(INDEX_HTML).unwrap(),
        content,
        composer: Arc::new(CoreComposer::new(PUBLIC_URL)),
        reload: None,
    };
    let preview = preview.then(|| {
        let source = ContentfulSource::from_settings(fake.preview_settings()).unwrap();
        Arc::new(Preview::new(
            Secret::at_least(SECRET, supplysite_http::preview::MIN_SECRET_LEN).unwrap(),
            Arc::new(source),
        ))
    });
    let state = AppState::with_mounts(
        parts,
        Mounts {
            preview,
            ..Default::default()
        },
    );
    let state = match renderer {
        Some(renderer) => state.with_renderer(Arc::new(renderer)),
        None => state,
    };
    let (addr, server) = serve_on_loopback(&state).await;
    Site {
        addr,
        state,
        fake,
        cache_file,
        server,
        _dirs: (cache_dir, web),
    }
}

impl Site {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `GET path`, with `cookie` when given, redirects not followed.
    pub async fn get(&self, path: &str, cookie: Option<&str>) -> reqwest::Response {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let mut request = client.get(self.url(path));
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        request.send().await.unwrap()
    }

    /// Opens a preview of `path` and returns the cookie (`name=value`) it set.
    pub async fn enter(&self, path: &str) -> String {
        let response = self
            .get(&format!("/api/preview?secret={SECRET}&path={path}"), None)
            .await;
        assert_eq!(response.status(), 307, "{path}");
        let set = response.headers()["set-cookie"].to_str().unwrap();
        set.split(';').next().unwrap().to_string()
    }
}

/// `html` without its nonces, which differ per response.
pub fn without_nonces(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("nonce=\"") {
        out.push_str(&rest[..at + 7]);
        rest = &rest[at + 7..];
        rest = &rest[rest.find('"').unwrap_or(0)..];
    }
    out.push_str(rest);
    out
}
