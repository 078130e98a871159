//! `POST /api/vitals`: a Core Web Vitals measurement from a visitor's browser (core's
//! [`supplysite_core::vitals`] rule), counted into the Prometheus histograms by route template
//! and metric (`supplysite_web_vitals_seconds`, `supplysite_web_vitals_cls`). The report holds
//! the route template, the metric's name and its value only; nothing of the visitor is read
//! or kept (its address counts towards its allowance and is forgotten with it). Answers 204;
//! 400 for anything but such a report, 413 past [`MAX_BODY_BYTES`], 429 with Retry-After past
//! the client's reports a minute.

use crate::handlers::api_error::{ApiError, ApiErrorBody};
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, post};
pub use supplysite_core::vitals::MAX_BODY_BYTES;
use supplysite_core::vitals::Report;

/// Reports one client may send a minute (see [`crate::settings::VITALS_REPORTS_PER_MINUTE`]).
pub const REPORTS_PER_MINUTE: u32 = crate::settings::VITALS_REPORTS_PER_MINUTE;

/// The route: POST only.
pub fn route() -> MethodRouter<AppState> {
    post(report).fallback(|| async {
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "use POST to send a measurement",
        )
        .with_header(header::ALLOW, HeaderValue::from_static("POST"))
    })
}

/// A measurement as the page sends it (the body's shape; core's rule checks it).
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct VitalsReport {
    /// The page's route template, as the route table names it (`/insights/:slug`).
    #[schema(example = "/insights/:slug")]
    pub route: String,
    /// `LCP`, `INP`, `CLS` or `TTFB`.
    #[schema(example = "LCP")]
    pub name: String,
    /// Milliseconds for LCP, INP and TTFB (0 to 60000); unitless for CLS (0 to 100).
    #[schema(example = 1834.5)]
    pub value: f64,
}

/// The route's handler.
#[utoipa::path(
    post,
    path = "/api/vitals",
    tag = "vitals",
    request_body(
        description = "One measurement. Sent with navigator.sendBeacon, so any content type is read as JSON.",
        content(
            (VitalsReport = "application/json"),
            (VitalsReport = "text/plain"),
        )
    ),
    responses(
        (status = 204, description = "Counted",
            headers(("cache-control" = String, description = "`no-store`"))),
        (status = 400, description = "Not a report of a route template, a metric and its value only, or a value out of range", body = ApiErrorBody),
        (status = 413, description = "The body is over 256 bytes", body = ApiErrorBody),
        (status = 429, description = "Too many reports from this client; try again later", body = ApiErrorBody,
            headers(("retry-after" = u64, description = "Seconds to wait"))),
    )
)]
pub async fn report(State(state): State<AppState>, request: Request) -> Result<Response, ApiError> {
    let (parts, body) = request.into_parts();
    let client = state.client_key(&parts);
    if let Err(wait) = state
        .vitals_limit()
        .check(client, std::time::Instant::now())
    {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too many measurements from this client; try again later",
        )
        .retry_after(wait.as_secs().max(1)));
    }
    let body = axum::body::to_bytes(body, MAX_BODY_BYTES)
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("a measurement is at most {MAX_BODY_BYTES} bytes"),
            )
        })?;
    let report = Report::parse(&body)
        .map_err(|error| ApiError::new(StatusCode::BAD_REQUEST, error.to_string()))?;
    state.metrics().vital(report);
    Ok((
        StatusCode::NO_CONTENT,
        [(header::CACHE_CONTROL, "no-store")],
    )
        .into_response())
}
