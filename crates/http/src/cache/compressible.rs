//! Which responses the compression layer compresses: text only (HTML, CSS, JavaScript, JSON,
//! XML, SVG, plain text), above a few bytes, and not an answer marked [`AsIs`]. Files that are
//! compressed already (PDFs, office documents, archives, images, video, fonts) would cost a
//! request runtime milliseconds per megabyte to gain nothing, so they go out as they are.

use axum::http::{Response, header};
use tower_http::compression::Predicate;
use tower_http::compression::predicate::SizeAbove;

/// Bodies smaller than this gain nothing from compression (tower-http's own default).
const MIN_SIZE: u16 = 32;

/// Marks an answer that is sent as it is, in the coding it was made in: pages, the page API
/// and the files kept precompressed (feed, sitemap, API description), each compressed once
/// when it is made. A client that takes none of those codings gets the text itself rather than
/// a compression per request, which would cost the server 10 to 50 times a kept answer's CPU
/// on every request anyone chose to send with `Accept-Encoding: br` alone.
#[derive(Clone, Copy, Debug)]
pub struct AsIs;

/// The compression layer's predicate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Textual;

impl Predicate for Textual {
    fn should_compress<B>(&self, response: &Response<B>) -> bool
    where
        B: http_body::Body,
    {
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        response.extensions().get::<AsIs>().is_none()
            && is_textual(content_type)
            && SizeAbove::new(MIN_SIZE).should_compress(response)
    }
}

/// The media type of a `Content-Type` value without its parameters, in lower case
/// (`Text/HTML; charset=utf-8` is `text/html`).
pub fn essence(content_type: &str) -> String {
    content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

/// Whether a response of `content_type` is text worth compressing.
pub fn is_textual(content_type: &str) -> bool {
    let essence = essence(content_type);
    essence.starts_with("text/") && essence != "text/event-stream"
        || matches!(
            essence.as_str(),
            "application/json"
                | "application/javascript"
                | "application/xml"
                | "application/manifest+json"
                | "application/ld+json"
                | "image/svg+xml"
        )
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_compressed_and_compressed_files_are_not() {
        for text in [
            "text/html; charset=utf-8",
            "text/javascript",
            "text/css",
            "application/json",
            "application/xml; charset=utf-8",
            "image/svg+xml",
            "application/manifest+json",
        ] {
            assert!(is_textual(text), "{text}");
        }
        for binary in [
            "application/pdf",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "application/zip",
            "image/png",
            "video/mp4",
            "font/woff2",
            "application/octet-stream",
            "text/event-stream",
            "",
        ] {
            assert!(!is_textual(binary), "{binary}");
        }
    }
}
