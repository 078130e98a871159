//! `GET|HEAD /img/images.ctfassets.net/{path}?w=&fm=&q=`: a rendition of a picture of the
//! export, resized and encoded on the server (see [`supplysite_images`]). Renditions never
//! change under their URL (a replaced file gets a new path from Contentful), so they are cached
//! for a year with a strong ETag; without `fm` the format follows `Accept` and the answer
//! varies by it. Refusals are the site's JSON errors: 400 for a query, width or path refused,
//! 404 for no file, 415 for a file that is not a resizable picture (SVG, GIF, corrupt), 422 for
//! a picture over the pixel limits, 503 with Retry-After when the encoding queue is full.

use crate::api_error::api_error;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

/// The path the endpoint answers under, before the picture's own path.
pub const PREFIX: &str = "/img/images.ctfassets.net/";

/// Seconds a client is asked to wait when the encoding queue is full.
pub const RETRY_AFTER_SECONDS: u64 = 2;

/// The route's handler.
pub async fn rendition(State(state): State<AppState>, uri: Uri, headers: HeaderMap) -> Response {
    let Some(engine) = state.images() else {
        return api_error(StatusCode::NOT_FOUND, "no pictures are resized here");
    };
    let raw_path = uri.path().strip_prefix(PREFIX).unwrap_or_default();
    let query = uri.query().unwrap_or_default();
    let accept = headers
        .get(header::ACCEPT)
        .and_then(|value| value.to_str().ok());
    let served = match engine.serve(raw_path, query, accept).await {
        Ok(served) => served,
        Err(error) => {
            let status =
                StatusCode::from_u16(error.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
                tracing::warn!(path = raw_path, %error, "rendition failed");
            }
            let mut response = api_error(status, &error.to_string());
            if status == StatusCode::SERVICE_UNAVAILABLE {
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
            }
            return response;
        }
    };
    // The query names the format, or the Accept header chose it.
    let varies = !query.split('&').any(|pair| pair.starts_with("fm="));
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
        HeaderValue::from_static(crate::static_files::IMMUTABLE),
    );
    out.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // Made from an upload: opened on its own, it may do nothing as the site.
    out.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(crate::security::UNTRUSTED_FILE_POLICY),
    );
    if varies {
        out.insert(header::VARY, HeaderValue::from_static("accept"));
    }
    response
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
