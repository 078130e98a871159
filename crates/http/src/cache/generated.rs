//! Files built once per content generation and kept with it (see [`crate::content`]): the
//! insights feed and the sitemap's files. Their handlers build them on first request. Each is
//! kept as it is and gzipped ([`Precompressed`]), so none is compressed per request.

use crate::cache::encoding::{Coding, VARY_ENCODING, accepts};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use std::io::Write;

/// The feed of one content generation, written once.
#[derive(Debug)]
pub struct FeedFile {
    /// The feed's weak ETag.
    pub(crate) etag: HeaderValue,
    /// The Atom XML.
    pub(crate) body: Precompressed,
}

/// The sitemap's files of one generation, each as XML and gzipped.
pub struct SitemapFiles {
    /// `/sitemap.xml`: the sitemap itself, or the index of its parts.
    pub(crate) main: Precompressed,
    /// `/sitemap-1.xml`, `/sitemap-2.xml`, …, when the sitemap is split.
    pub(crate) parts: Vec<Precompressed>,
}

/// A file as it is and gzipped.
#[derive(Debug)]
pub(crate) struct Precompressed {
    pub(crate) plain: Bytes,
    pub(crate) gzip: Bytes,
}

impl Precompressed {
    /// `plain` and its gzipped form.
    pub(crate) fn new(plain: Bytes) -> Self {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&plain).expect("writing to memory cannot fail");
        let gzip = Bytes::from(gz.finish().expect("writing to memory cannot fail"));
        Precompressed { plain, gzip }
    }

    /// The answer to a request with headers `request`: gzipped when the client takes gzip,
    /// else as it is, saying it varies by `Accept-Encoding`, and marked so the compression
    /// layer leaves it alone ([`crate::cache::compressible::AsIs`]): a text compressed per
    /// request costs ten to fifty times what sending a kept one does, at anyone's asking.
    pub(crate) fn respond(&self, request: &HeaderMap, content_type: &'static str) -> Response {
        let gzip = accepts(request, Coding::Gzip);
        let body = if gzip { &self.gzip } else { &self.plain };
        let mut response = (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
                (header::VARY, VARY_ENCODING),
            ],
            body.clone(),
        )
            .into_response();
        if gzip {
            response.headers_mut().insert(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(Coding::Gzip.header_value()),
            );
        }
        response
            .extensions_mut()
            .insert(crate::cache::compressible::AsIs);
        response
    }
}
