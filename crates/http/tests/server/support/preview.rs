//! A site reading the demo space from a fake Contentful through the disk cache, with the preview
//! mounted, served on 127.0.0.1.

use super::{Export, Options, Server, TestApp};
use serde_json::json;
use std::ops::Deref;
use std::path::PathBuf;
use std::sync::Arc;
use supplysite_content_adapter::contentful::fake::FakeContentful;
use supplysite_content_adapter::contentful::{CachedSource, ContentfulSource};
use supplysite_core::ports::ContentSource;
use supplysite_http::{Preview, Secret};
use tempfile::TempDir;

pub const SECRET: &str = "preview-secret-0123456789abcdefghijklmnop";
/// A published post whose latest version is an unpublished change of its title.
pub const CHANGED: &str = "what-is-e-tendering";
pub const CHANGED_TITLE: &str = "A changed title nobody has published";
/// A post that was never published.
pub const DRAFT: &str = "a-draft-nobody-has-published";
pub const DRAFT_TITLE: &str = "A draft nobody has published";

/// The site served over the fake space, with what a test looks at beside it.
pub struct PreviewSite {
    pub server: Server,
    pub fake: FakeContentful,
    /// The disk copy of the last good public content.
    pub cache_file: PathBuf,
    _cache_dir: TempDir,
}

impl Deref for PreviewSite {
    type Target = Server;

    fn deref(&self) -> &Server {
        &self.server
    }
}

/// The entry of the [`CHANGED`] post in `export`, as published.
pub fn changed_entry(export: &serde_json::Value) -> serde_json::Value {
    export["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["sys"]["id"] == json!(format!("post-{CHANGED}")))
        .cloned()
        .unwrap()
}

/// The demo space with a draft, a changed and an archived post; `preview`: whether the preview
/// is mounted.
pub async fn site(preview: bool) -> PreviewSite {
    start(preview, None, None).await
}

/// [`site`] with the preview, its pages' markup rendered by `renderer`.
pub async fn rendered_site(renderer: supplysite_http::Renderer) -> PreviewSite {
    start(true, Some(renderer), None).await
}

/// [`site`] with the preview searching in `index`.
pub async fn site_with_preview_index(
    index: Arc<dyn supplysite_core::ports::SearchIndex>,
) -> PreviewSite {
    start(true, None, Some(index)).await
}

async fn start(
    preview: bool,
    renderer: Option<supplysite_http::Renderer>,
    index: Option<Arc<dyn supplysite_core::ports::SearchIndex>>,
) -> PreviewSite {
    let export = supplysite_testkit::demo::export_json();
    let original = changed_entry(&export);
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
    let preview = preview.then(|| {
        let source = ContentfulSource::from_settings(fake.preview_settings()).unwrap();
        Arc::new(
            Preview::new(
                Secret::at_least(SECRET, supplysite_http::preview::MIN_SECRET_LEN).unwrap(),
                Arc::new(source),
            )
            .with_search(index.unwrap_or_else(|| {
                Arc::new(supplysite_search_adapter::TantivyIndex::new().unwrap())
            })),
        )
    });
    let app = TestApp::new(Options {
        secret: None,
        web_files: false,
        export: Export::None,
        content: Some(content),
        preview,
        renderer,
        ..Options::default()
    });
    PreviewSite {
        server: app.serve().await,
        fake,
        cache_file,
        _cache_dir: cache_dir,
    }
}

impl PreviewSite {
    pub fn state(&self) -> &supplysite_http::AppState {
        self.server.state()
    }

    /// `GET path`, with `cookie` when given, redirects not followed.
    pub async fn get(&self, path: &str, cookie: Option<&str>) -> reqwest::Response {
        match cookie {
            Some(cookie) => self.server.get_with(path, &[("cookie", cookie)]).await,
            None => self.server.get(path).await,
        }
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
