//! Rendered pages kept per path for one content generation, and the ETags that let browsers
//! and CDNs revalidate them.
//!
//! Keys are canonical paths of pages that exist, so the number of entries is bounded by the
//! content; redirects and not-found answers are never stored under the requested path, so
//! made-up URLs cannot grow the cache. A capacity still caps it.

use crate::encoding::Coding;
use crate::gzip::GzipTemplate;
use crate::template::{FrozenTemplate, NonceTemplate};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use bytes::Bytes;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, OnceLock, RwLock};

/// The most pages kept per generation.
pub const CAPACITY: usize = 20_000;

/// A page ready to send, as HTML and as API JSON. Compressed forms are made on the first
/// request that wants them and kept with the entry.
#[derive(Debug)]
pub struct PageEntry {
    pub status: StatusCode,
    pub html: FrozenTemplate,
    pub api_json: Bytes,
    pub html_etag: HeaderValue,
    pub api_etag: HeaderValue,
    html_gzip: OnceLock<GzipTemplate>,
    api_gzip: OnceLock<Bytes>,
    api_br: OnceLock<Bytes>,
    /// The same page with the server-rendered markup, once rendered (see [`crate::ssr`]).
    pub(crate) rendered: crate::ssr::Rendered,
}

impl PageEntry {
    pub fn new(
        status: StatusCode,
        html: &NonceTemplate,
        api_json: Bytes,
        html_etag: HeaderValue,
        api_etag: HeaderValue,
    ) -> Self {
        PageEntry {
            status,
            html: html.freeze(),
            api_json,
            html_etag,
            api_etag,
            html_gzip: OnceLock::new(),
            api_gzip: OnceLock::new(),
            api_br: OnceLock::new(),
            rendered: Default::default(),
        }
    }

    /// The HTML's parts, gzipped once.
    pub fn html_gzip(&self) -> &GzipTemplate {
        self.html_gzip.get_or_init(|| GzipTemplate::new(&self.html))
    }

    /// The API JSON in `coding`, compressed once at the best level: it has no nonce, so every
    /// response is the same bytes.
    pub fn api_encoded(&self, coding: Coding) -> Bytes {
        let json = &self.api_json;
        match coding {
            Coding::Gzip => self.api_gzip.get_or_init(|| {
                let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                gz.write_all(json).expect("writing to memory cannot fail");
                Bytes::from(gz.finish().expect("writing to memory cannot fail"))
            }),
            Coding::Brotli => self.api_br.get_or_init(|| {
                let mut out = Vec::new();
                let params = brotli::enc::BrotliEncoderParams {
                    quality: 11,
                    lgwin: 22,
                    ..Default::default()
                };
                brotli::BrotliCompress(&mut &json[..], &mut out, &params)
                    .expect("writing to memory cannot fail");
                Bytes::from(out)
            }),
        }
        .clone()
    }
}

/// Pages by canonical path.
#[derive(Default)]
pub struct PageCache {
    pages: RwLock<HashMap<String, Arc<PageEntry>>>,
}

impl PageCache {
    pub fn get(&self, path: &str) -> Option<Arc<PageEntry>> {
        self.pages
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(path)
            .cloned()
    }

    /// Keeps `entry` unless the cache is full; returns the entry to use (another request may
    /// have stored the same page first).
    pub fn insert(&self, path: &str, entry: Arc<PageEntry>) -> Arc<PageEntry> {
        let mut pages = self.pages.write().unwrap_or_else(|p| p.into_inner());
        if let Some(existing) = pages.get(path) {
            return Arc::clone(existing);
        }
        if pages.len() < CAPACITY {
            pages.insert(path.to_string(), Arc::clone(&entry));
        }
        entry
    }

    pub fn len(&self) -> usize {
        self.pages.read().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A weak ETag for a representation (`kind`: html or api) of `path` under a content version
/// and build. Weak because every HTML response carries a fresh nonce, and compression changes
/// the bytes: the representations are equivalent, not byte-identical.
pub fn etag(version: &str, build_id: &str, kind: &str, path: &str) -> HeaderValue {
    let mut hash = Sha256::new();
    for part in [version, build_id, kind, path] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    let value = format!("W/\"{}\"", hex::encode(&hash.finalize()[..12]));
    HeaderValue::from_str(&value).expect("hex is a valid header value")
}

/// Whether the request's `If-None-Match` matches `etag` by the weak comparison RFC 9110
/// prescribes for `If-None-Match`.
pub fn not_modified(request: &HeaderMap, etag: &HeaderValue) -> bool {
    let ours = opaque(etag.to_str().unwrap_or_default());
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == "*" || opaque(tag) == ours)
}

fn opaque(tag: &str) -> &str {
    tag.strip_prefix("W/").unwrap_or(tag)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::IF_NONE_MATCH, HeaderValue::from_str(value).unwrap());
        h
    }

    #[test]
    fn etags_differ_by_version_build_kind_and_path() {
        let base = etag("v1", "b1", "html", "/");
        assert!(base.to_str().unwrap().starts_with("W/\""));
        assert_eq!(base, etag("v1", "b1", "html", "/"));
        for other in [
            etag("v2", "b1", "html", "/"),
            etag("v1", "b2", "html", "/"),
            etag("v1", "b1", "api", "/"),
            etag("v1", "b1", "html", "/etender"),
        ] {
            assert_ne!(base, other);
        }
    }

    #[test]
    fn if_none_match_compares_weakly_and_reads_lists_and_star() {
        let tag = etag("v1", "b1", "html", "/");
        let strong = tag.to_str().unwrap().trim_start_matches("W/").to_string();
        assert!(not_modified(&headers(tag.to_str().unwrap()), &tag));
        assert!(not_modified(&headers(&strong), &tag));
        assert!(not_modified(&headers(&format!("\"x\", {strong}")), &tag));
        assert!(not_modified(&headers("*"), &tag));
        assert!(!not_modified(&headers("\"x\""), &tag));
        assert!(!not_modified(&HeaderMap::new(), &tag));
    }

    #[test]
    fn the_cache_keeps_the_first_entry_for_a_path() {
        let cache = PageCache::default();
        let entry = |status| {
            Arc::new(PageEntry::new(
                status,
                &NonceTemplate::default(),
                Bytes::new(),
                HeaderValue::from_static("W/\"a\""),
                HeaderValue::from_static("W/\"b\""),
            ))
        };
        let first = cache.insert("/", entry(StatusCode::OK));
        let second = cache.insert("/", entry(StatusCode::NOT_FOUND));
        assert!(Arc::ptr_eq(&first, &second));
        assert_eq!(cache.get("/").unwrap().status, StatusCode::OK);
        assert_eq!(cache.len(), 1);
    }

    #[test]
    fn api_json_is_compressed_once_and_decompresses_to_itself() {
        use std::io::Read;
        let json = Bytes::from("{\"outcome\":\"page\",\"view\":{}}".repeat(50));
        let entry = PageEntry::new(
            StatusCode::OK,
            &NonceTemplate::default(),
            json.clone(),
            HeaderValue::from_static("W/\"a\""),
            HeaderValue::from_static("W/\"b\""),
        );
        let br = entry.api_encoded(Coding::Brotli);
        assert_eq!(br.as_ptr(), entry.api_encoded(Coding::Brotli).as_ptr());
        let mut plain = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(plain, json);
        let gz = entry.api_encoded(Coding::Gzip);
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(plain, json);
    }
}
