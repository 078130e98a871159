//! Files built once per content generation and kept with it (see [`crate::content`]): the
//! insights feed and the sitemap's files. Their handlers build them on first request.

use axum::http::HeaderValue;
use bytes::Bytes;
use std::io::Write;

/// The feed of one content generation, written once.
#[derive(Debug)]
pub struct FeedFile {
    /// The feed's weak ETag.
    pub(crate) etag: HeaderValue,
    /// The Atom XML.
    pub(crate) body: Bytes,
}

/// The sitemap's files of one generation, each as XML and gzipped.
pub struct SitemapFiles {
    /// `/sitemap.xml`: the sitemap itself, or the index of its parts.
    pub(crate) main: Precompressed,
    /// `/sitemap-1.xml`, `/sitemap-2.xml`, …, when the sitemap is split.
    pub(crate) parts: Vec<Precompressed>,
}

/// A file as it is and gzipped.
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
}
