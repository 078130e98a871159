//! Everything a request handler can reach: the content store, the shell, the settings, the
//! composer and the reload source.
//!
//! Layer: holds the parts the layers below build (content, render, cache, connections, the
//! contact desk, preview, metrics, settings) and is used by the handlers alone.

use crate::connections::ConnectionStats;
use crate::contact_desk::ContactDesk;
use crate::content::ContentStore;
use crate::content::freshness::ContentFreshness;
use crate::content::replay::ReplayGuard;
use crate::render::composer::Composer;
use crate::render::shell::Shell;
use crate::settings::Settings;
use axum::http::HeaderValue;
use serde_json::value::{RawValue, to_raw_value};
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
    /// The server's settings.
    pub settings: Settings,
    /// The web build's page shell.
    pub shell: Shell,
    /// The content to serve until the first reload.
    pub content: ContentSet,
    /// Turns a path and the content into a page.
    pub composer: Arc<dyn Composer>,
    /// Where `POST /api/webhooks/contentful` reloads content from; `None` refuses reloads.
    pub reload: Option<Arc<dyn ContentSource>>,
}

/// Optional parts mounted beside the pages, for [`AppState::with_mounts`].
#[derive(Default)]
pub struct Mounts {
    /// The contact endpoints; without it `POST /api/contact` answers 404.
    pub contact: Option<Arc<ContactDesk>>,
    /// How fresh the content is, for `/readyz`.
    pub freshness: Option<Arc<dyn ContentFreshness>>,
    /// The editors' preview; without it the preview routes answer 404.
    pub preview: Option<Arc<crate::preview::Preview>>,
    /// The engine of the image endpoint (`/img/…`); without it the endpoint answers 404.
    pub images: Option<Arc<supplysite_images::Renditions>>,
    /// Where accepted webhook signatures are remembered when several replicas share them;
    /// without it, in this process's memory.
    pub seen_signatures: Option<Arc<dyn supplysite_core::ports::SeenSignatures>>,
    /// The public search index, brought to each content set served; without it
    /// `GET /api/search` and the `/search` page answer 503.
    pub search: Option<Arc<dyn supplysite_core::ports::SearchIndex>>,
    /// Whether the search index is brought to the first content after the server is ready
    /// (search answers 503 until then) instead of before: for an index built from nothing
    /// for a large archive.
    pub search_after_start: bool,
}

pub(crate) struct Inner {
    pub content: ContentStore,
    pub shell: Shell,
    pub settings: Settings,
    pub composer: Arc<dyn Composer>,
    pub reload: Option<Arc<dyn ContentSource>>,
    /// The chrome, serialised once: it is the same on every page.
    pub chrome_json: Box<RawValue>,
    /// The signatures of webhooks accepted, so a replay is refused.
    pub replay: Arc<dyn supplysite_core::ports::SeenSignatures>,
    /// Composing, building and compressing, off the request runtimes.
    pub heavy: crate::heavy::HeavyPool,
    /// Reloads asked for by webhooks, one at a time in the background.
    pub reloads: crate::content::reload::Reloads,
    /// Where background work (reloads) runs; unset, on the runtime of the request asking.
    pub background: OnceLock<tokio::runtime::Handle>,
    /// Renders pages' markup on the server; unset, pages are drawn by the browser.
    pub renderer: OnceLock<Arc<Renderer>>,
    pub contact: Option<Arc<ContactDesk>>,
    pub freshness: Option<Arc<dyn ContentFreshness>>,
    pub preview: Option<Arc<crate::preview::Preview>>,
    pub images: Option<Arc<supplysite_images::Renditions>>,
    /// Encodes started per client by the image endpoint.
    pub image_encodes: crate::contact_desk::RateLimiter,
    /// Web Vitals reports per client.
    pub vitals: crate::contact_desk::RateLimiter,
    /// The page settings (`{"robot":…}`), serialised once.
    pub settings_json: Box<RawValue>,
    /// What the server's connection defences did, for `/readyz`.
    pub connections: Arc<ConnectionStats>,
    /// What every page's ETag covers besides its content version and path.
    pub page_stamp: String,
    /// The Cache-Control of pages, the page API and the feed, from the settings' max-age.
    pub page_cache: HeaderValue,
    /// The counters `/metrics` reports (see [`crate::metrics`]).
    pub metrics: Arc<crate::metrics::Metrics>,
}

impl AppState {
    /// The state of a server with nothing mounted beside the pages.
    pub fn new(parts: StateParts) -> Self {
        Self::with_mounts(parts, Mounts::default())
    }

    /// The state with `mounts` beside the pages.
    pub fn with_mounts(parts: StateParts, mounts: Mounts) -> Self {
        let settings_json = to_raw_value(&crate::contact_desk::page_settings(
            mounts.contact.as_deref(),
            parts.settings.tracker_key.as_deref(),
            parts.settings.lead_capture,
        ))
        .expect("page settings serialise");
        let chrome_json = to_raw_value(&parts.composer.chrome()).expect("the chrome serialises");
        let page_stamp = crate::cache::stamp::page_stamp(crate::cache::stamp::StampInputs {
            build: crate::cache::stamp::BUILD_STAMP,
            web_build: parts.shell.build_id(),
            public_url: parts.settings.public_url.as_str(),
            page_settings: settings_json.get(),
        });
        let image_encodes =
            crate::contact_desk::RateLimiter::per_minute(parts.settings.image_encodes_per_minute);
        let page_cache = crate::settings::page_cache_control(parts.settings.page_max_age);
        let state = AppState {
            inner: Arc::new(Inner {
                content: ContentStore::with_options(
                    parts.content,
                    parts.settings.page_cache_bytes,
                    parts.settings.redirect_targets.clone(),
                    mounts.search,
                    mounts.search_after_start,
                ),
                shell: parts.shell,
                replay: mounts
                    .seen_signatures
                    .unwrap_or_else(|| Arc::new(ReplayGuard::default())),
                reloads: Default::default(),
                heavy: Default::default(),
                background: OnceLock::new(),
                settings: parts.settings,
                composer: parts.composer,
                reload: parts.reload,
                chrome_json,
                renderer: OnceLock::new(),
                contact: mounts.contact,
                freshness: mounts.freshness,
                preview: mounts.preview,
                images: mounts.images.clone(),
                image_encodes,
                vitals: crate::contact_desk::RateLimiter::per_minute(
                    std::num::NonZeroU32::new(crate::settings::VITALS_REPORTS_PER_MINUTE)
                        .expect("not zero"),
                ),
                settings_json,
                connections: Arc::default(),
                page_stamp,
                page_cache,
                metrics: Arc::default(),
            }),
        };
        // The common renditions of the pictures of every content set served, now and after each
        // reload, are made in the background.
        if let Some(images) = mounts.images
            && images.config().warm
        {
            state.content().on_load(Box::new(move |set| {
                images.warm(supplysite_images::warm::pictures(set));
            }));
        }
        state
    }

    /// Serves pages with their markup rendered by `renderer` (server-side rendering). Set it
    /// before serving; a second renderer is ignored.
    pub fn with_renderer(self, renderer: Arc<Renderer>) -> Self {
        let _ = self.inner.renderer.set(renderer);
        self
    }

    /// Runs reloads asked for by webhooks on `runtime` rather than on the request runtime of
    /// the worker that took the webhook: a reload parses the whole space. Set it before
    /// serving; a second runtime is ignored.
    pub fn with_background(self, runtime: tokio::runtime::Handle) -> Self {
        let _ = self.inner.background.set(runtime);
        self
    }

    /// What rendering pages on the server needs, if pages are rendered on the server.
    pub(crate) fn ssr(&self) -> Option<crate::render::ssr::Ssr<'_>> {
        Some(crate::render::ssr::Ssr {
            renderer: self.renderer()?,
            heavy: &self.inner.heavy,
            chrome_json: self.inner.chrome_json.get(),
        })
    }

    /// The server-side renderer, if pages are rendered on the server.
    pub fn renderer(&self) -> Option<&Renderer> {
        self.inner.renderer.get().map(|r| r.as_ref())
    }

    /// What every page's ETag covers besides its content version and path (see
    /// [`crate::cache::stamp`]).
    pub fn page_stamp(&self) -> &str {
        &self.inner.page_stamp
    }

    /// Whether a reload asked for by a webhook is running or due.
    pub fn reloading(&self) -> bool {
        self.inner.reloads.busy()
    }

    /// The content store, for reloading from outside a request (a poll loop).
    pub fn content(&self) -> &ContentStore {
        &self.inner.content
    }

    /// The server's settings.
    pub fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    /// The Cache-Control of pages, the page API's answers and the feed.
    pub fn page_cache(&self) -> &HeaderValue {
        &self.inner.page_cache
    }

    /// The counts of the connection defences, to hand to the server that serves this state
    /// so `/readyz` shows them.
    pub fn connection_stats(&self) -> Arc<ConnectionStats> {
        self.inner.connections.clone()
    }

    /// The counters `/metrics` reports.
    pub fn metrics(&self) -> &Arc<crate::metrics::Metrics> {
        &self.inner.metrics
    }

    /// Whether the server serving this state was asked to stop and is draining (see
    /// [`crate::serve_per_core`]): `/readyz` answers 503 so a load balancer sends new requests
    /// elsewhere while requests in flight finish.
    pub fn draining(&self) -> bool {
        self.inner.connections.draining()
    }

    /// The contact endpoints, when mounted.
    pub fn contact(&self) -> Option<&ContactDesk> {
        self.inner.contact.as_deref()
    }

    /// The client a request's allowances (pictures, Web Vitals reports) are counted by, found
    /// as the contact form finds it: behind the trusted proxies when enquiries are taken, else
    /// the socket's peer.
    pub fn client_key(&self, parts: &axum::http::request::Parts) -> std::net::IpAddr {
        match self.contact() {
            Some(desk) => desk.client_ip.key(parts),
            None => crate::contact_desk::ClientIpPolicy::default().key(parts),
        }
    }

    /// The editors' preview, when configured.
    pub fn preview(&self) -> Option<&crate::preview::Preview> {
        self.inner.preview.as_deref()
    }

    /// The engine of the image endpoint, when mounted.
    pub fn images(&self) -> Option<&supplysite_images::Renditions> {
        self.inner.images.as_deref()
    }

    /// The encodes each client has started at the image endpoint.
    pub(crate) fn vitals_limit(&self) -> &crate::contact_desk::RateLimiter {
        &self.inner.vitals
    }

    pub(crate) fn image_encodes(&self) -> &crate::contact_desk::RateLimiter {
        &self.inner.image_encodes
    }

    /// The pool heavy work runs in (see [`crate::heavy`]).
    pub(crate) fn heavy(&self) -> &crate::heavy::HeavyPool {
        &self.inner.heavy
    }

    pub(crate) fn inner(&self) -> &Inner {
        &self.inner
    }
}
