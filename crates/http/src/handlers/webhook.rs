//! `POST /api/webhooks/contentful`: a signed notice from Contentful that content changed.
//! A verified request is answered at once and the content reloads in the background (see
//! [`crate::content::reload`]): one reload at a time, a burst during one causing exactly one more. A
//! failed reload keeps serving the current content and is logged.
//!
//! Answers: 202 `{"accepted":true,"reload":"started"|"queued"}`; 401 `{"message":…}` for a
//! missing, wrong, stale, future or replayed signature (and for every request when no secret is
//! set); 503 when no reload source is configured or the seen signatures cannot be read. The
//! headers are checked before the body is read: a request without a well-formed, fresh
//! signature costs the server no more than its head.

use crate::handlers::api_error::{ApiError, ApiErrorBody};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};
use supplysite_core::ports::UnixMillis;
use supplysite_core::webhook as signature;

/// The largest webhook body accepted (Contentful sends the changed entry).
pub const BODY_LIMIT: usize = 1024 * 1024;

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// The answer to a verified webhook: the reload runs in the background.
#[derive(Debug, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct WebhookAccepted {
    /// Always true.
    pub accepted: bool,
    /// Whether a reload started now or will run after the one under way.
    pub reload: ReloadAsked,
}

/// What a verified webhook did to the reloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReloadAsked {
    /// No reload was running: one started.
    Started,
    /// A reload was running: one more runs after it.
    Queued,
}

impl From<crate::content::reload::Asked> for ReloadAsked {
    fn from(asked: crate::content::reload::Asked) -> Self {
        match asked {
            crate::content::reload::Asked::Started => ReloadAsked::Started,
            crate::content::reload::Asked::Queued
            | crate::content::reload::Asked::AlreadyQueued => ReloadAsked::Queued,
        }
    }
}

/// `POST /api/webhooks/contentful`: reloads the content in the background when the request is
/// signed.
#[utoipa::path(
    post,
    path = "/api/webhooks/contentful",
    tag = "webhooks",
    params(
        ("x-contentful-signature" = Option<String>, Header, description = "The request's HMAC-SHA256 signature, hex"),
        ("x-contentful-timestamp" = Option<String>, Header, description = "When the request was signed (Unix milliseconds)"),
        ("x-contentful-signed-headers" = Option<String>, Header, description = "The headers the signature covers, comma-separated"),
        ("x-contentful-topic" = Option<String>, Header, description = "What changed, for the log"),
    ),
    request_body(
        description = "Contentful's notice; the server reads only its signature",
        content(
            (Object = "application/vnd.contentful.management.v1+json"),
            (Object = "application/json"),
        )
    ),
    responses(
        (status = 202, description = "Verified; the content reloads in the background", body = WebhookAccepted,
            headers(("cache-control" = String, description = "`no-store`"))),
        (status = 400, description = "The body could not be read", body = ApiErrorBody),
        (status = 401, description = "Missing, wrong, stale, future or replayed signature, or no signing secret is set", body = ApiErrorBody),
        (status = 413, description = "The body is over 1 MiB (plain text when its declared length is refused before it is read)",
            content((ApiErrorBody = "application/json"), (String = "text/plain"))),
        (status = 503, description = "Verified, but no reload source is configured (JSON), or the request outlasted the site's request timeout (plain text, with Retry-After)",
            content((ApiErrorBody = "application/json"), (String = "text/plain")),
            headers(("retry-after" = Option<u64>, description = "Seconds to wait, after a timeout"))),
    )
)]
pub async fn contentful(
    State(state): State<AppState>,
    request: Request,
) -> Result<Response, ApiError> {
    let settings = state.settings();
    let Some(secret) = &settings.webhook_secret else {
        tracing::warn!("webhook refused: no signing secret is set (CONTENTFUL_WEBHOOK_SECRET)");
        return Err(unauthorized("webhook verification is not configured"));
    };
    let (parts, body) = request.into_parts();
    let (method, uri, headers) = (parts.method, parts.uri, parts.headers);
    // What the headers alone can refuse is refused before a byte of the body is read.
    let now = now_ms();
    signature::check_headers(&headers, now, settings.webhook_ttl).map_err(refused)?;
    let body = axum::body::to_bytes(body, BODY_LIMIT)
        .await
        .map_err(|e| body_refused(&e))?;
    let path_and_query = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
    let incoming = signature::Incoming {
        method: method.as_str(),
        path_and_query,
        headers: &headers,
        body: &body,
    };
    let now = now_ms();
    let verified =
        signature::verify(secret, &incoming, now, settings.webhook_ttl).map_err(refused)?;
    let expires = verified
        .timestamp_ms
        .saturating_add(settings.webhook_ttl.as_millis() as u64);
    let to_millis = |ms: u64| UnixMillis(i64::try_from(ms).unwrap_or(i64::MAX));
    match state
        .inner()
        .replay
        .first_use(&verified.signature, to_millis(expires), to_millis(now))
        .await
    {
        Ok(true) => {}
        Ok(false) => {
            tracing::warn!("webhook refused: replayed request");
            return Err(unauthorized("replayed request"));
        }
        Err(e) => {
            // Never accepted unchecked: Contentful tries again later.
            tracing::error!(error = %e, "webhook refused: the seen signatures cannot be read");
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the webhook cannot be checked now; try again",
            ));
        }
    }
    let topic = headers
        .get("x-contentful-topic")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("unknown");
    let Some(source) = &state.inner().reload else {
        tracing::warn!(topic, "webhook verified but no reload source is configured");
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "content reload is not configured",
        ));
    };
    let inner = state.inner();
    let asked = inner
        .reloads
        .ask(state.clone(), Arc::clone(source), inner.background.get());
    tracing::info!(topic, reload = asked.as_str(), "webhook accepted");
    Ok((
        StatusCode::ACCEPTED,
        [(header::CACHE_CONTROL, "no-store")],
        Json(WebhookAccepted {
            accepted: true,
            reload: asked.into(),
        }),
    )
        .into_response())
}

/// A body over [`BODY_LIMIT`] is 413, one that could not be read 400.
fn body_refused(error: &axum::Error) -> ApiError {
    let too_large = std::error::Error::source(error)
        .is_some_and(|source| source.is::<http_body_util::LengthLimitError>());
    if too_large {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "the body is over 1 MiB")
    } else {
        ApiError::new(StatusCode::BAD_REQUEST, "the body could not be read")
    }
}

/// A signature refused, logged with its reason and answered 401 with it.
fn refused(error: signature::VerifyError) -> ApiError {
    tracing::warn!(reason = %error, "webhook refused");
    unauthorized(error.to_string())
}

fn unauthorized(reason: impl Into<std::borrow::Cow<'static, str>>) -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, reason)
}
