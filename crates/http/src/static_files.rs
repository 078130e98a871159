//! Files served as they are: the web build's hashed assets (cached for a year), its other files
//! (favicon, images; cached for an hour) and the images downloaded with a Contentful export.

use crate::state::AppState;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, Response, StatusCode, header};
use std::path::Path;
use tower::ServiceExt;
use tower_http::services::ServeDir;
use tower_http::services::fs::ServeFileSystemResponseBody;
use tower_http::set_header::SetResponseHeader;

/// Hashed build output never changes under its name.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Unhashed files of the web build may change with a deploy.
pub const SHORT: &str = "public, max-age=3600";
/// Export assets: Contentful puts a per-upload token in the path, so a new file gets a new URL.
pub const EXPORT_ASSETS: &str = "public, max-age=86400, stale-while-revalidate=604800";

/// A directory of files with `cache` on successful responses and `no-store` on errors, so a
/// missing file is never cached as if it were immutable.
pub type CachedDir =
    SetResponseHeader<ServeDir, fn(&Response<ServeFileSystemResponseBody>) -> Option<HeaderValue>>;

fn dir(path: &Path) -> ServeDir {
    ServeDir::new(path)
        .append_index_html_on_directories(false)
        .precompressed_br()
        .precompressed_gzip()
}

fn immutable(res: &Response<ServeFileSystemResponseBody>) -> Option<HeaderValue> {
    Some(cache_for(res.status(), IMMUTABLE))
}

fn export_assets(res: &Response<ServeFileSystemResponseBody>) -> Option<HeaderValue> {
    Some(cache_for(res.status(), EXPORT_ASSETS))
}

fn cache_for(status: StatusCode, cache: &'static str) -> HeaderValue {
    if status.is_success() || status == StatusCode::NOT_MODIFIED {
        HeaderValue::from_static(cache)
    } else {
        HeaderValue::from_static("no-store")
    }
}

/// `/assets/…` from `<web dir>/assets`.
pub fn assets(web_dir: &Path) -> CachedDir {
    SetResponseHeader::overriding(
        dir(&web_dir.join("assets")),
        header::CACHE_CONTROL,
        immutable,
    )
}

/// `/assets/images.ctfassets.net/…` from `<export dir>/images.ctfassets.net`.
pub fn export_files(asset_dir: &Path) -> CachedDir {
    SetResponseHeader::overriding(
        dir(&asset_dir.join("images.ctfassets.net")),
        header::CACHE_CONTROL,
        export_assets,
    )
}

/// A file at the request's path in the web build, if there is one. The shell itself is never
/// served raw: it has no head and no data.
pub async fn from_web_dir(state: &AppState, request: Request) -> Option<axum::response::Response> {
    let path = request.uri().path();
    if path.ends_with('/') || path.ends_with("/index.html") {
        return None;
    }
    let response = dir(&state.settings().web_dir)
        .oneshot(request)
        .await
        .unwrap_or_else(|never| match never {});
    if response.status() == StatusCode::NOT_FOUND {
        return None;
    }
    let mut response = response.map(Body::new);
    let cache = cache_for(response.status(), SHORT);
    response.headers_mut().insert(header::CACHE_CONTROL, cache);
    Some(response)
}
