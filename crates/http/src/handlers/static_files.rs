//! Files served as they are: the web build's hashed assets (cached for a year), its other files
//! (favicon, images; cached for an hour) and the files (images, PDFs, documents) downloaded
//! with a Contentful export.

use crate::state::AppState;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, Response, StatusCode, header};
use std::path::Path;
use tower::ServiceExt;
use tower::util::MapResponse;
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

/// A directory whose files may be sent as their `.br` or `.gz` copies: every answer, 304s
/// included, says it varies by Accept-Encoding (the file server does not, and the compression
/// layer leaves an answer that already has a Content-Encoding alone).
pub type VariedDir = SetResponseHeader<CachedDir, HeaderValue>;

/// `/assets/…` from `<web dir>/assets`.
pub fn assets(web_dir: &Path) -> VariedDir {
    SetResponseHeader::if_not_present(
        SetResponseHeader::overriding(
            dir(&web_dir.join("assets")),
            header::CACHE_CONTROL,
            immutable,
        ),
        header::VARY,
        crate::cache::encoding::VARY_ENCODING,
    )
}

/// The files of the space, served as untrusted uploads (see [`untrusted`]).
pub type SpaceFiles = MapResponse<CachedDir, fn(FileResponse) -> FileResponse>;

type FileResponse = Response<ServeFileSystemResponseBody>;

/// `/assets/<host>/…` from `<export dir>/<host>`, for one of Contentful's asset hosts
/// ([`supplysite_core::content::ASSET_HOSTS`]). Anyone who may upload to the space chooses
/// these files, so each is served as [`untrusted`].
pub fn export_files(asset_dir: &Path, host: &str) -> SpaceFiles {
    let cached: CachedDir = SetResponseHeader::overriding(
        dir(&asset_dir.join(host)),
        header::CACHE_CONTROL,
        export_assets,
    );
    MapResponse::new(cached, untrusted as fn(FileResponse) -> FileResponse)
}

/// A file someone uploaded, made harmless to open according to what it can run:
/// `X-Content-Type-Options: nosniff` (its declared type only) always;
/// `Content-Security-Policy: sandbox` (an opaque origin, no scripts) on everything but a PDF;
/// and `Content-Disposition: attachment` unless its type is one a browser only displays
/// ([`displayed_inline`]): an HTML, SVG or XML file is downloaded, never opened on the site's
/// origin. A PDF is opened inline by the browser's own viewer, which a sandboxed document
/// may be refused (a sandbox allows no plugins and no scripts, and viewers are either); it
/// gets the site's page policy from the front layer instead, and whatever script a PDF holds
/// runs in the viewer, never as the site. As a subresource (`<img>`, `<video>`, a link's
/// download) nothing changes.
pub fn untrusted<B>(mut response: Response<B>) -> Response<B> {
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok());
    let inline = content_type.is_some_and(displayed_inline);
    let viewed = content_type.is_some_and(opened_by_a_viewer);
    let headers = response.headers_mut();
    if !viewed {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(crate::front::security::UNTRUSTED_FILE_POLICY),
        );
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if !inline && response.status().is_success() {
        response.headers_mut().insert(
            header::CONTENT_DISPOSITION,
            HeaderValue::from_static("attachment"),
        );
    }
    response
}

/// Whether a file of `content_type` is shown by a viewer of the browser's own (a PDF), which
/// a sandboxing policy would stop from opening it.
pub fn opened_by_a_viewer(content_type: &str) -> bool {
    crate::cache::compressible::essence(content_type) == "application/pdf"
}

/// Whether a file of `content_type` is only displayed by a browser, never run: raster
/// pictures, audio, video, PDF and plain text. Everything else (HTML, XHTML, SVG, XML, scripts,
/// unknown types) is sent as an attachment.
pub fn displayed_inline(content_type: &str) -> bool {
    let essence = crate::cache::compressible::essence(content_type);
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    match kind {
        "image" => matches!(
            subtype,
            "png" | "jpeg" | "gif" | "webp" | "avif" | "bmp" | "x-icon" | "vnd.microsoft.icon"
        ),
        "audio" | "video" => !subtype.contains("xml"),
        "text" => subtype == "plain",
        "application" => subtype == "pdf",
        _ => false,
    }
}

/// A file at the request's path in the web build, if there is one and it is one the site
/// publishes (see [`publishes`]).
pub async fn from_web_dir(state: &AppState, request: Request) -> Option<axum::response::Response> {
    if !publishes(request.uri().path()) {
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
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, cache);
    headers.insert(header::VARY, crate::cache::encoding::VARY_ENCODING);
    Some(response)
}

/// Whether `path` names a file of the web build that the site publishes under that name. The
/// shell (`index.html`, and its precompressed copies) is never served raw: it has no head and
/// no data, and every page is made from it. Nor are the build's own records (`.vite/…`, any
/// dot-named file). The file server decodes escapes and drops `.` segments, so an escaped or
/// dotted spelling would reach the same file by another name: the web build's files all have
/// plain names, so any path with an escape, an empty or dot segment is refused.
pub fn publishes(path: &str) -> bool {
    let Some(rest) = path.strip_prefix('/') else {
        return false;
    };
    !path.contains(['%', '\\'])
        && rest.split('/').all(|segment| {
            !segment.is_empty()
                && !segment.starts_with('.')
                && !segment.to_ascii_lowercase().starts_with("index.html")
        })
}

#[cfg(test)]
mod tests {
    use super::{displayed_inline, publishes};

    #[test]
    fn only_types_a_browser_merely_displays_are_inline() {
        for inline in [
            "image/png",
            "image/jpeg",
            "IMAGE/WEBP",
            "application/pdf",
            "text/plain; charset=utf-8",
            "video/mp4",
            "audio/mpeg",
        ] {
            assert!(displayed_inline(inline), "{inline}");
        }
        for attachment in [
            "text/html",
            "text/html; charset=utf-8",
            "application/xhtml+xml",
            "image/svg+xml",
            "text/xml",
            "application/xml",
            "text/xsl",
            "application/javascript",
            "text/javascript",
            "text/css",
            "application/octet-stream",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "multipart/x-mixed-replace",
            "",
            "nonsense",
        ] {
            assert!(!displayed_inline(attachment), "{attachment}");
        }
    }

    #[test]
    fn the_shell_and_the_builds_records_are_never_published() {
        for path in [
            "/index.html",
            "/INDEX.HTML",
            "/index.html.br",
            "/index.html.gz",
            "/%69ndex.html",
            "/index.html/.",
            "/./index.html",
            "/.vite/manifest.json",
            "/%2evite/manifest.json",
            "/images//etender.svg",
            "/images/",
            "/",
            "",
        ] {
            assert!(!publishes(path), "{path}");
        }
    }

    #[test]
    fn the_builds_public_files_are_published() {
        for path in [
            "/favicon.svg",
            "/images/products/etender.svg",
            "/robots-x.txt",
        ] {
            assert!(publishes(path), "{path}");
        }
    }
}
