//! `GET|HEAD /img/images.ctfassets.net/{path}?w=&fm=&q=`: a rendition of a picture of the
//! export, resized and encoded on the server (see [`supplysite_images`]). Renditions never
//! change under their URL (a replaced file gets a new path from Contentful), so they are cached
//! for a year with a strong ETag; without `fm` the format follows `Accept` and the answer
//! varies by it. Refusals are the site's JSON errors: 400 for a query, width or path refused,
//! 404 for no file, 415 for a file that is not a resizable picture (SVG, GIF, corrupt), 422 for
//! a picture over the pixel limits, 503 with Retry-After when the encoding queue is full.
//!
//! Only the renditions pages write for a picture are made (core's
//! [`supplysite_core::rendition::answer`]): another width, format or quality is answered 308
//! to the nearest one pages write, so a client cannot make the server encode variants no page
//! uses. Each client (found as the contact form finds it) may start
//! [`crate::Settings::image_encodes_per_minute`] encodes a minute; past that, a rendition not
//! made yet is answered 429 with Retry-After (made ones are always served).
//!
//! A picture a page offers is never left broken by load: when its rendition cannot be made
//! now (the encoding queue is full, or the client is past its encodes), the nearest one of the
//! same picture already made (another width or format) is sent instead, else the original
//! file (it passed the resizer's limits), with [`STAND_IN_CACHE_CONTROL`] so that neither
//! nginx nor the browser keeps it and the proper rendition replaces it. Nothing is encoded
//! for a stand-in, so encoding stays bounded by the pool. A request still waiting for its
//! encode after [`stand_in_patience`] gets a stand-in the same way, instead of running into
//! the request timeout. Only when there is nothing to send is the request refused (503 or 429).

use crate::handlers::api_error::ApiError;
use crate::metrics::Shed;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use supplysite_images::ImageError;

/// The path the endpoint answers under, before the picture's own path.
pub const PREFIX: &str = "/img/images.ctfassets.net/";

/// Seconds a client is asked to wait when the encoding queue is full.
pub const RETRY_AFTER_SECONDS: u64 = 2;

/// The lifetime of a stand-in: long enough to spare a burst, short enough that the proper
/// rendition replaces it within a minute in every cache.
pub const STAND_IN_CACHE_CONTROL: &str = "public, max-age=30";

/// The route's handler.
pub async fn rendition(
    State(state): State<AppState>,
    request: Request,
) -> Result<Response, ApiError> {
    let (parts, _) = request.into_parts();
    // The client, found as the contact form finds it (behind the trusted proxies); without
    // any address all such requests share one allowance, as they do there.
    let client = state.client_key(&parts);
    let (uri, headers) = (parts.uri, parts.headers);
    let engine = state
        .images()
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no pictures are resized here"))?;
    let raw_path = uri.path().strip_prefix(PREFIX).unwrap_or_default();
    let query = uri.query().unwrap_or_default();
    let accept = headers
        .get(header::ACCEPT)
        .and_then(|value| value.to_str().ok());
    let admit = || {
        state
            .image_encodes()
            .check(client, std::time::Instant::now())
    };
    // A request waiting in the queue longer than its patience gets a stand-in instead of
    // running into the request timeout; the encode it waited for goes on if it had started.
    let patience = stand_in_patience(state.settings().request_timeout);
    let made = tokio::time::timeout(
        patience,
        engine.serve_admitted(raw_path, query, accept, &admit),
    )
    .await;
    let made = match made {
        Ok(made) => made,
        Err(_) => engine
            .stand_in_for(raw_path, query, accept)
            .await
            .ok_or(ImageError::Busy),
    };
    let served = match made {
        Ok(served) => served,
        Err(ImageError::Elsewhere(nearest)) => {
            // The nearest rendition the site writes: a cache in front keeps the redirect.
            let location = format!("{PREFIX}{raw_path}?{}", nearest.query());
            let mut response = (
                StatusCode::PERMANENT_REDIRECT,
                [(header::LOCATION, location)],
            )
                .into_response();
            response.headers_mut().insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static(crate::handlers::static_files::IMMUTABLE),
            );
            return Ok(response);
        }
        Err(error) => {
            if matches!(error, ImageError::Internal(_)) {
                tracing::warn!(path = raw_path, %error, "rendition failed");
            }
            return Err(error.into());
        }
    };
    // The query names the format, or the Accept header chose it; a stand-in's format
    // always follows the Accept header.
    let varies = served.stand_in || !query.split('&').any(|pair| pair.starts_with("fm="));
    let etag = HeaderValue::from_str(&served.etag).expect("a hex ETag is a header value");
    let mut response = if not_modified(&headers, &served.etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = served.bytes.into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(served.format.mime()),
        );
        response
    };
    let out = response.headers_mut();
    out.insert(header::ETAG, etag);
    out.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if served.stand_in {
            STAND_IN_CACHE_CONTROL
        } else {
            crate::handlers::static_files::IMMUTABLE
        }),
    );
    out.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // Made from an upload: opened on its own, it may do nothing as the site.
    out.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(crate::front::security::UNTRUSTED_FILE_POLICY),
    );
    if varies {
        out.insert(header::VARY, HeaderValue::from_static("accept"));
    }
    Ok(response)
}

/// How long a picture request waits for its rendition to be made before it is answered with a
/// stand-in: three quarters of the request timeout, so the stand-in is read and sent before
/// the timeout would answer 503.
pub fn stand_in_patience(request_timeout: std::time::Duration) -> std::time::Duration {
    request_timeout * 3 / 4
}

/// Why a rendition is refused, as the API answers it: 400 for a query, width or path that is
/// refused, 404 for a missing file, 415 for a file that is not a resizable picture (or is
/// corrupt), 422 for a picture over the pixel limits (the request is well formed but the
/// source cannot be processed), 429 past the client's encodes and 503 when the pool is full
/// (both with `Retry-After`), 500 for a fault on the server. The nearest rendition
/// ([`ImageError::Elsewhere`]) is a redirect, answered before this.
impl From<ImageError> for ApiError {
    fn from(error: ImageError) -> Self {
        let status = match &error {
            ImageError::Query(_) | ImageError::Width { .. } | ImageError::Path(_) => {
                StatusCode::BAD_REQUEST
            }
            ImageError::NotFound(_) => StatusCode::NOT_FOUND,
            ImageError::NotResizable(_) | ImageError::Corrupt(_) => {
                StatusCode::UNSUPPORTED_MEDIA_TYPE
            }
            ImageError::TooLarge(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ImageError::Limited(_) => StatusCode::TOO_MANY_REQUESTS,
            ImageError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            ImageError::Elsewhere(_) | ImageError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let refusal = ApiError::new(status, error.to_string());
        match error {
            ImageError::Limited(wait) => refusal.retry_after(wait.as_secs().max(1)),
            ImageError::Busy => refusal
                .retry_after(RETRY_AFTER_SECONDS)
                .shed(Shed::ImageQueueFull),
            _ => refusal,
        }
    }
}

/// Whether `If-None-Match` names `etag` (or is `*`).
fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == etag || tag == "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_takes_lists_weak_tags_and_the_wildcard() {
        let mut headers = HeaderMap::new();
        headers.insert(header::IF_NONE_MATCH, "\"a\", W/\"b\"".parse().unwrap());
        assert!(not_modified(&headers, "\"b\""));
        assert!(!not_modified(&headers, "\"c\""));
        headers.insert(header::IF_NONE_MATCH, "*".parse().unwrap());
        assert!(not_modified(&headers, "\"c\""));
        assert!(!not_modified(&HeaderMap::new(), "\"c\""));
    }
}
