//! `GET /api/openapi.json`: the OpenAPI 3.1 description of the HTTP API, derived from the
//! request and response types the handlers read and write (their `#[utoipa::path]`
//! attributes list every status a route answers), so the description follows the code.
//! `/api/page`'s answer is core's [`PageAnswer`], every screen's view described field by field
//! from the view models themselves, as the web UI's types are.

use crate::cache::generated::Precompressed;
use crate::handlers::api_error::ApiErrorBody;
use crate::handlers::contact::{Accepted, AcceptedStatus, ContactBody, Invalid};
use crate::handlers::health::{
    Deliveries, DeliveriesDegraded, Health, HealthStatus, Ready, ReadyStatus,
};
use crate::handlers::webhook::{ReloadAsked, WebhookAccepted};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;
use bytes::Bytes;
use std::sync::LazyLock;
use supplysite_core::contact::ContactForm;
use supplysite_core::ports::Challenge;
use supplysite_core::view::PageAnswer;
use utoipa::OpenApi;

/// The description, as the types say it.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "supplysite",
        description = "The site's HTTP API: pages for in-app navigation, site search, enquiries, visitors' Web Vitals, the robot check, the content webhook, editors' preview and health."
    ),
    paths(
        crate::handlers::pages::api,
        crate::handlers::contact::submit,
        crate::handlers::vitals::report,
        crate::handlers::robot::challenge,
        crate::handlers::search::search,
        crate::handlers::webhook::contentful,
        crate::handlers::preview::routes::enter,
        crate::handlers::preview::routes::exit,
        crate::handlers::preview::compose::compose,
        crate::handlers::health::healthz,
        crate::handlers::health::readyz,
    ),
    components(schemas(
        Accepted,
        AcceptedStatus,
        ApiErrorBody,
        Challenge,
        ContactBody,
        ContactForm,
        supplysite_core::contact::Attribution,
        crate::handlers::preview::compose::ComposeRequest,
        Deliveries,
        DeliveriesDegraded,
        crate::connections::ConnectionCounts,
        Health,
        HealthStatus,
        Invalid,
        PageAnswer,
        Ready,
        crate::handlers::health::SearchReady,
        supplysite_core::search::SearchAnswer,
        ReadyStatus,
        WebhookAccepted,
        ReloadAsked,
        crate::handlers::vitals::VitalsReport,
    ))
)]
pub struct ApiDoc;

/// The description as a document.
pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// The description changes only with the build, so it is serialised and gzipped once.
static JSON: LazyLock<Precompressed> = LazyLock::new(|| {
    Precompressed::new(Bytes::from(
        document()
            .to_json()
            .expect("the OpenAPI description serialises"),
    ))
});

/// The description's cache lifetime: it changes only with a deploy.
const CACHE: &str = "public, max-age=300";

/// `GET /api/openapi.json`.
pub async fn openapi_json(request: HeaderMap) -> Response {
    let mut response = JSON.respond(&request, "application/json");
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE));
    response
}
