//! The supplysite web server: pages, the page API, contact, sitemap, robots, health and the
//! Contentful webhook over axum.
//!
//! [`router`] builds the whole site from an [`AppState`]; [`serve`] runs it until SIGTERM or
//! Ctrl-C. Pages come from a [`Composer`] over the content in a [`ContentStore`], are filled
//! into the web build's [`Shell`] (with the markup of the web UI's server bundle when a
//! [`Renderer`] is configured, see [`ssr`]) and cached per (path, content version).

pub mod cache;
pub mod composer;
pub mod contact;
pub mod content;
mod core_composer;
pub mod encoding;
pub mod escape;
pub mod freshness;
pub mod front;
pub mod gzip;
pub mod head;
mod health;
mod pages;
pub mod request_id;
pub mod robot;
pub mod security;
mod server;
pub mod settings;
pub mod shell;
mod sitemap;
pub mod ssr;
mod state;
pub mod static_files;
pub mod template;
pub mod webhook;

pub use composer::Composer;
pub use content::{ContentStore, ReloadOutcome};
pub use core_composer::CoreComposer;
pub use pages::PAGE_CACHE;
pub use server::{serve, serve_per_core, shutdown_signal};
pub use settings::{PublicUrl, Secret, Settings};
pub use shell::{Shell, ShellError};
pub use state::{AppState, Mounts, StateParts};
pub use supplysite_ssr::{Limits as RenderLimits, Options as RenderOptions, RenderError, Renderer};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{any, get, post};
use tower_http::CompressionLevel;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

/// The largest body any route reads, besides the webhook's own limit.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The whole site.
pub fn router(state: AppState) -> Router {
    let settings = state.settings().clone();
    let mut app = Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/sitemap.xml", get(sitemap::sitemap))
        .route("/robots.txt", get(sitemap::robots))
        .route("/api/page", get(pages::api))
        .route("/api/contact", contact::route())
        .route("/api/robot-challenge", get(robot::challenge))
        .route(
            "/api/webhooks/contentful",
            post(webhook::contentful).layer(DefaultBodyLimit::max(webhook::BODY_LIMIT)),
        )
        .route("/api/{*rest}", any(pages::api_not_found))
        .nest_service("/assets", static_files::assets(&settings.web_dir));
    if let Some(dir) = &settings.asset_dir {
        app = app.nest_service(
            "/assets/images.ctfassets.net",
            static_files::export_files(dir),
        );
    }
    let https = settings.public_url.is_https();
    let third = security::ThirdParties {
        recaptcha: state.contact().is_some_and(|c| c.uses_recaptcha()),
        tracker: state.settings().tracker_key.is_some(),
    };
    // Router::layer turns every layer's response body back into axum's, so the layers compose
    // in any order. Listed innermost first: the front layer (request id, nonce, security
    // headers, request log) also covers responses made by the timeout, body-limit and
    // compression layers. Pages and the page API bring their own precompressed bodies; the
    // compression layer leaves a response with a Content-Encoding alone.
    app.fallback(pages::page)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
        .layer(RequestBodyLimitLayer::new(webhook::BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            settings.request_timeout,
        ))
        .layer(
            CompressionLayer::new()
                .br(true)
                .gzip(true)
                // Brotli's default (11) costs milliseconds per page; 4 compresses HTML about
                // as well as gzip -9 at a fraction of the time.
                .quality(CompressionLevel::Precise(4)),
        )
        .layer(front::FrontLayer::new(https, third))
}
