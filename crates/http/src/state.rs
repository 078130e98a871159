//! Everything a request handler can reach: the content store, the shell, the settings, the
//! composer and the reload source.

use crate::composer::Composer;
use crate::content::ContentStore;
use crate::settings::Settings;
use crate::shell::Shell;
use crate::webhook::ReplayGuard;
use std::sync::{Arc, OnceLock};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::ContentSource;
use supplysite_ssr::Renderer;

/// Shared state of the router. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

/// What the composition root hands to [`AppState::new`].
pub struct StateParts {
    pub settings: Settings,
    pub shell: Shell,
    /// The content to serve until the first reload.
    pub content: ContentSet,
    pub composer: Arc<dyn Composer>,
    /// Where `POST /api/webhooks/contentful` reloads content from; `None` refuses reloads.
    pub reload: Option<Arc<dyn ContentSource>>,
}

pub(crate) struct Inner {
    pub content: ContentStore,
    pub shell: Shell,
    pub settings: Settings,
    pub composer: Arc<dyn Composer>,
    pub reload: Option<Arc<dyn ContentSource>>,
    /// The chrome, serialised once: it is the same on every page.
    pub chrome_json: String,
    pub replay: ReplayGuard,
    /// Renders pages' markup on the server; unset, pages are drawn by the browser.
    pub renderer: OnceLock<Arc<Renderer>>,
}

impl AppState {
    pub fn new(parts: StateParts) -> Self {
        let chrome_json = parts.composer.chrome().to_string();
        AppState {
            inner: Arc::new(Inner {
                content: ContentStore::new(parts.content),
                shell: parts.shell,
                replay: ReplayGuard::new(parts.settings.webhook_ttl),
                settings: parts.settings,
                composer: parts.composer,
                reload: parts.reload,
                chrome_json,
                renderer: OnceLock::new(),
            }),
        }
    }

    /// Serves pages with their markup rendered by `renderer` (server-side rendering). Set it
    /// before serving; a second renderer is ignored.
    pub fn with_renderer(self, renderer: Arc<Renderer>) -> Self {
        let _ = self.inner.renderer.set(renderer);
        self
    }

    /// The server-side renderer, if pages are rendered on the server.
    pub fn renderer(&self) -> Option<&Renderer> {
        self.inner.renderer.get().map(|r| r.as_ref())
    }

    /// The content store, for reloading from outside a request (a poll loop).
    pub fn content(&self) -> &ContentStore {
        &self.inner.content
    }

    pub fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    pub(crate) fn inner(&self) -> &Inner {
        &self.inner
    }
}
