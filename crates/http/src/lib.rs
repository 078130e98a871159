//! The supplysite web server: pages, the page API, contact, sitemap, robots, the insights feed,
//! health and the Contentful webhook over axum.
//!
//! [`router`] builds the whole site from an [`AppState`]; [`serve`] runs it until SIGTERM or
//! Ctrl-C. Pages come from a [`Composer`] over the content in a [`ContentStore`], are filled
//! into the web build's [`Shell`] (with the markup of the web UI's server bundle when a
//! [`Renderer`] is configured, see [`ssr`]) and cached per (path, content version).

// Every public item is documented; clippy runs with `-D warnings`, so this is enforced.
#![warn(missing_docs)]

pub mod cache;
pub mod connections;
pub mod contact_desk;
pub mod content;
pub mod front;
pub mod handlers;
pub mod heavy;
pub mod metrics;
pub mod preview;
pub mod render;
pub mod settings;
mod state;

pub use connections::server::{
    Drain, METRICS_CONNECTIONS, serve, serve_per_core, serve_per_core_draining, shutdown_signal,
};
pub use connections::{ConnectionLimits, ConnectionStats, OpenFiles, raise_open_file_limit};
pub use content::{ContentStore, ReloadOutcome};
pub use handlers::pages::PAGE_CACHE;
pub use preview::Preview;
pub use render::composer::Composer;
pub use render::core_composer::CoreComposer;
pub use render::shell::{Shell, ShellError};
pub use settings::{PublicUrl, Secret, Settings};
pub use state::{AppState, Mounts, StateParts};
pub use supplysite_ssr::{Limits as RenderLimits, Options as RenderOptions, RenderError, Renderer};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get, post};
use cache::compressible;
use front::security;
use handlers::preview::{compose as preview_compose, routes as preview_routes};
use handlers::{
    contact, feed, health, images, openapi, pages, robot, sitemap, static_files, webhook,
};
use std::convert::Infallible;
use tower::Layer;
use tower_http::CompressionLevel;
use tower_http::compression::{Compression, CompressionLayer};
use tower_http::limit::RequestBodyLimitLayer;

/// The largest body any route reads, besides the webhook's own limit.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The whole site as one service: the front layer (request id, security headers,
/// timeout, request log) around the compression layer around the router. The layers wrap the
/// router once rather than each route (`Router::layer`), which would cost a boxed clone of the
/// route's service and a boxed future per layer on every request.
///
/// A `GET` that a cached page answers at once takes the express lane ([`Site::express`]):
/// the same answer, made without the router's and the layers' futures.
#[derive(Clone)]
pub struct Site {
    service:
        front::Front<Compression<handlers::canonical::Canonical<Router>, compressible::Textual>>,
    state: AppState,
}

impl Site {
    /// The answer to `request` when a cached page gives it at once (see
    /// [`handlers::pages::ready`]): what calling the site would answer, byte for byte but
    /// for the request id and the date. `None`: call the site.
    pub fn express<B>(&self, request: &axum::http::Request<B>) -> Option<axum::response::Response> {
        let headers = request.headers();
        if request.method() != axum::http::Method::GET
            || headers.contains_key(axum::http::header::CONTENT_LENGTH)
            || headers.contains_key(axum::http::header::TRANSFER_ENCODING)
        {
            return None;
        }
        let ready = pages::ready(&self.state, request.uri(), headers)?;
        let ticket = self
            .service
            .ticket(request.method(), headers, request.uri());
        Some(ticket.end(ready.respond(&self.state, headers)))
    }
}

impl tower::Service<axum::extract::Request> for Site {
    type Response = axum::response::Response;
    type Error = Infallible;
    type Future = <front::Front<
        Compression<handlers::canonical::Canonical<Router>, compressible::Textual>,
    > as tower::Service<axum::extract::Request>>::Future;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Infallible>> {
        self.service.poll_ready(cx)
    }

    fn call(&mut self, request: axum::extract::Request) -> Self::Future {
        self.service.call(request)
    }
}

/// The metrics listener's service: `GET /metrics` and nothing else (see [`metrics`]). It is
/// served on a port of its own (`SUPPLYSITE_METRICS_BIND`), never with the site.
pub fn metrics_router(state: AppState) -> Router {
    Router::new()
        .route(metrics::PATH, get(health::metrics))
        .with_state(state)
}

/// Serves [`metrics_router`] on `listener` until `stop` resolves, with the site's connection
/// defences: `limits`' head, idle and write deadlines and heads of at most 64 KiB, with a cap of
/// [`METRICS_CONNECTIONS`] connections (half per client) of its own. A warning is logged when
/// it is bound off loopback.
pub async fn serve_metrics(
    listener: tokio::net::TcpListener,
    state: AppState,
    limits: &ConnectionLimits,
    stop: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    connections::server::serve_router(listener, metrics_router(state), limits, stop).await
}

/// The hard cap's refusal of a body whose declared length is over it, as the API's JSON error
/// ([`handlers::api_error::ApiError`]) instead of the limit layer's plain text.
async fn too_large_as_json<B>(response: axum::http::Response<B>) -> axum::response::Response
where
    B: http_body::Body<Data = bytes::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    use axum::response::IntoResponse;
    let plain = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .is_none_or(|t| !t.as_bytes().starts_with(b"application/json"));
    if response.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE && plain {
        return handlers::api_error::ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            "the body is over 1 MiB",
        )
        .into_response();
    }
    response.map(axum::body::Body::new)
}

/// The whole site.
pub fn router(state: AppState) -> Site {
    let settings = state.settings().clone();
    // Only the routes that read a body carry body limits: 64 KiB for the contact form's
    // extractors, 1 MiB for the webhook and for Live Preview's edits, and the 1 MiB hard cap on
    // the stream for all three; 256 bytes for a Web Vitals report.
    let hard_cap = || {
        (
            axum::middleware::map_response(too_large_as_json),
            RequestBodyLimitLayer::new(webhook::BODY_LIMIT),
        )
    };
    let mut app = Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/sitemap.xml", get(sitemap::sitemap))
        .route("/robots.txt", get(sitemap::robots))
        .route(supplysite_core::routes::INSIGHTS_FEED, get(feed::feed))
        .route("/api/page", get(pages::api))
        .route("/api/preview", get(preview_routes::enter))
        .route("/api/preview/exit", get(preview_routes::exit))
        .route(
            "/api/preview/compose",
            post(preview_compose::compose)
                .layer::<_, Infallible>(DefaultBodyLimit::max(preview_compose::BODY_LIMIT))
                .layer::<_, Infallible>(hard_cap()),
        )
        .route(
            "/api/contact",
            contact::route()
                .layer::<_, Infallible>(DefaultBodyLimit::max(BODY_LIMIT))
                .layer::<_, Infallible>(hard_cap()),
        )
        .route(
            "/api/vitals",
            handlers::vitals::route().layer::<_, Infallible>((
                axum::middleware::map_response(too_large_as_json),
                RequestBodyLimitLayer::new(handlers::vitals::MAX_BODY_BYTES),
            )),
        )
        .route("/api/robot-challenge", get(robot::challenge))
        .route("/api/search", get(handlers::search::search))
        .route("/api/openapi.json", get(openapi::openapi_json))
        .route(
            "/api/webhooks/contentful",
            post(webhook::contentful)
                .layer::<_, Infallible>(DefaultBodyLimit::max(webhook::BODY_LIMIT))
                .layer::<_, Infallible>(hard_cap()),
        )
        .route("/api/{*rest}", any(pages::api_not_found))
        .nest_service("/assets", static_files::assets(&settings.web_dir))
        // Renditions of the export's pictures (404 unless an engine is mounted).
        .route(
            &format!("{}{{*path}}", images::PREFIX),
            get(images::rendition),
        );
    if let Some(dir) = &settings.asset_dir {
        for host in supplysite_core::content::ASSET_HOSTS {
            app = app.nest_service(
                &format!("/assets/{host}"),
                static_files::export_files(dir, host),
            );
        }
    }
    let https = settings.public_url.is_https();
    let third = security::ThirdParties {
        recaptcha: state.contact().is_some_and(|c| c.uses_recaptcha()),
        tracker: state.settings().tracker_key.is_some(),
    };
    // Pages and the page API bring their own precompressed bodies; the compression layer
    // leaves a response with a Content-Encoding alone.
    let metrics = state.metrics().clone();
    let app = app.fallback(pages::page).with_state(state.clone());
    // Core's reading of the address first: a stray one never reaches a route (see
    // `handlers::canonical`).
    let app = handlers::canonical::CanonicalLayer.layer(app);
    let compressed = CompressionLayer::new()
        .br(true)
        .gzip(true)
        // Brotli's default (11) costs milliseconds per page; 4 compresses HTML about as well
        // as gzip -9 at a fraction of the time.
        .quality(CompressionLevel::Precise(4))
        .compress_when(compressible::Textual)
        .layer(app);
    Site {
        service: front::FrontLayer::new(
            state.inner().shell.script_hashes(),
            https,
            third,
            settings.request_timeout,
        )
        .with_metrics(metrics)
        .layer(compressed),
        state,
    }
}
