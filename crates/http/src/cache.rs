//! Rendered pages kept per path for one content generation, and the ETags that let browsers
//! and CDNs revalidate them.
//!
//! Keys are canonical paths of pages that exist, so the number of entries is bounded by the
//! content; redirects and not-found answers are never stored under the requested path, so
//! made-up URLs cannot grow the cache. The cache is bounded by the bytes its pages hold (their
//! HTML, API JSON, compressed forms and server-rendered copies): past its budget the least
//! recently used pages are dropped, and are made again when asked for.
//!
//! Layer: the cached page and how it is sent (encodings, gzip, ETag stamps,
//! per-generation files). It uses no other module of the server: everything above may use it.

pub mod compressible;
pub mod encoding;
pub(crate) mod generated;
pub mod stamp;

pub mod rendered;

use crate::cache::encoding::Coding;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use bytes::Bytes;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

/// The bytes of pages kept per generation unless set.
pub const DEFAULT_BUDGET: usize = 256 * 1024 * 1024;
/// What an entry costs besides its bytes: the key, the map slot, the entry's fields.
const ENTRY_OVERHEAD: usize = 512;

/// A page ready to send, as HTML and as API JSON. Compressed forms are made on the first
/// request that wants them and kept with the entry.
#[derive(Debug)]
pub struct PageEntry {
    /// The page's HTTP status (200, or 404 for the not-found page).
    pub status: StatusCode,
    /// The HTML page: the same bytes in every response.
    pub html: Bytes,
    /// The page's answer from the page API, as JSON.
    pub api_json: Bytes,
    /// The HTML page's strong ETag.
    pub html_etag: HeaderValue,
    /// The page API answer's strong ETag.
    pub api_etag: HeaderValue,
    html_gzip: OnceLock<Bytes>,
    api_gzip: OnceLock<Bytes>,
    api_br: OnceLock<Bytes>,
    /// The same page with the server-rendered markup, once rendered (see [`crate::render::ssr`]).
    pub(crate) rendered: rendered::Rendered,
    /// The byte count of the cache holding this entry, which forms made later add to.
    meter: OnceLock<Arc<AtomicUsize>>,
}

impl PageEntry {
    /// A page entry; its compressed forms are made later, when first asked for.
    pub fn new(
        status: StatusCode,
        html: impl Into<Bytes>,
        api_json: Bytes,
        html_etag: HeaderValue,
        api_etag: HeaderValue,
    ) -> Self {
        PageEntry {
            status,
            html: html.into(),
            api_json,
            html_etag,
            api_etag,
            html_gzip: OnceLock::new(),
            api_gzip: OnceLock::new(),
            api_br: OnceLock::new(),
            rendered: Default::default(),
            meter: OnceLock::new(),
        }
    }

    /// This entry for another generation's cache, when the page composed there gives the same
    /// answer: every part shared (the HTML, the JSON, their compressed forms and the
    /// server-rendered copy), the ETags kept, its bytes counted afresh by the cache it joins.
    pub(crate) fn carry(&self) -> PageEntry {
        let shared = |lock: &OnceLock<Bytes>| match lock.get() {
            Some(b) => OnceLock::from(b.clone()),
            None => OnceLock::new(),
        };
        PageEntry {
            status: self.status,
            html: self.html.clone(),
            api_json: self.api_json.clone(),
            html_etag: self.html_etag.clone(),
            api_etag: self.api_etag.clone(),
            html_gzip: shared(&self.html_gzip),
            api_gzip: shared(&self.api_gzip),
            api_br: shared(&self.api_br),
            rendered: self.rendered.carry(),
            meter: OnceLock::new(),
        }
    }

    /// Counts `copy` (this page with its server-rendered markup, kept with it) and the forms
    /// made of it later against this entry's cache.
    pub(crate) fn keep_copy(&self, copy: &PageEntry) {
        if let Some(meter) = self.meter.get()
            && copy.meter.set(Arc::clone(meter)).is_ok()
        {
            self.charge(copy.footprint());
        }
    }

    /// Adds `bytes` made after the entry was cached to its cache's count.
    fn charge(&self, bytes: usize) {
        if let Some(meter) = self.meter.get() {
            meter.fetch_add(bytes, Ordering::Relaxed);
        }
    }

    /// The bytes this entry holds now: its HTML and JSON, the compressed forms made so far and
    /// its server-rendered copy, if any.
    pub fn footprint(&self) -> usize {
        let html = self.html.len();
        let lazy = self.html_gzip.get().map_or(0, |g| g.len())
            + self.api_gzip.get().map_or(0, |b| b.len())
            + self.api_br.get().map_or(0, |b| b.len());
        let rendered = self.rendered.page().map_or(0, |p| p.footprint());
        ENTRY_OVERHEAD + html + self.api_json.len() + lazy + rendered
    }

    /// The HTML, gzipped once at the best level: every response of the page sends these bytes.
    pub fn html_gzip(&self) -> &Bytes {
        self.html_gzip.get_or_init(|| {
            let gzip = gzip_best(&self.html);
            self.charge(gzip.len());
            gzip
        })
    }

    /// Whether the API JSON in `coding` is made already.
    pub fn has_api_encoded(&self, coding: Coding) -> bool {
        match coding {
            Coding::Gzip => self.api_gzip.get().is_some(),
            Coding::Brotli => self.api_br.get().is_some(),
        }
    }

    /// The API JSON in `coding`, compressed once: every response is the same bytes. Gzip at its
    /// best level; brotli at quality 5, since it is made on the first request
    /// for the page after each content change: for a 75 KB page answer quality 11 took about
    /// 0.5 s of a core in a release build (several seconds in a debug one) to save a fifth of
    /// the bytes, where 5 takes about 2 ms and still beats gzip's best by a tenth.
    pub fn api_encoded(&self, coding: Coding) -> Bytes {
        let json = &self.api_json;
        match coding {
            Coding::Gzip => self.api_gzip.get_or_init(|| {
                let gzip = gzip_best(json);
                self.charge(gzip.len());
                gzip
            }),
            Coding::Brotli => self.api_br.get_or_init(|| {
                let mut out = Vec::new();
                let params = brotli::enc::BrotliEncoderParams {
                    quality: 5,
                    lgwin: 22,
                    ..Default::default()
                };
                brotli::BrotliCompress(&mut &json[..], &mut out, &params)
                    .expect("writing to memory cannot fail");
                self.charge(out.len());
                Bytes::from(out)
            }),
        }
        .clone()
    }
}

/// `bytes` gzipped at the best level.
fn gzip_best(bytes: &[u8]) -> Bytes {
    let mut gz = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 4 + 64),
        flate2::Compression::best(),
    );
    gz.write_all(bytes).expect("writing to memory cannot fail");
    Bytes::from(gz.finish().expect("writing to memory cannot fail"))
}

/// Pages by canonical path, at most `budget` bytes of them, least recently used dropped first.
///
/// A hit takes the read lock and stamps the page's slot with a clock tick; only adding a page,
/// or finding the cache over its budget, takes the write lock. A page's bytes are counted when
/// it is added, and its compressed forms and server-rendered copy when they are made (they are
/// made after the page is cached); the count is checked on every lookup and addition, and the
/// pages are measured exactly before any is dropped.
pub struct PageCache {
    budget: usize,
    pages: RwLock<HashMap<String, Slot>>,
    clock: AtomicU64,
    /// The bytes counted so far: exact after a measure, then plus each page and form added.
    used: Arc<AtomicUsize>,
}

struct Slot {
    entry: Arc<PageEntry>,
    last_used: AtomicU64,
}

impl Default for PageCache {
    fn default() -> Self {
        PageCache::with_budget(DEFAULT_BUDGET)
    }
}

impl PageCache {
    /// An empty cache that keeps at most `budget` bytes of pages.
    pub fn with_budget(budget: usize) -> Self {
        PageCache {
            budget,
            pages: RwLock::new(HashMap::new()),
            clock: AtomicU64::new(0),
            used: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// The page kept for `path`, marked as just used; first evicts if the cache is over its budget.
    pub fn get(&self, path: &str) -> Option<Arc<PageEntry>> {
        if self.used.load(Ordering::Relaxed) > self.budget {
            let mut pages = self.pages.write().unwrap_or_else(|p| p.into_inner());
            self.measure_and_evict(&mut pages);
        }
        let pages = self.pages.read().unwrap_or_else(|p| p.into_inner());
        let slot = pages.get(path)?;
        slot.last_used.store(self.tick(), Ordering::Relaxed);
        Some(Arc::clone(&slot.entry))
    }

    /// Keeps `entry` for `path`, dropping the least recently used pages if the cache is over
    /// its budget; returns the entry to use (another request may have stored the same page
    /// first). A page larger than the whole budget is used but not kept.
    pub fn insert(&self, path: &str, entry: Arc<PageEntry>) -> Arc<PageEntry> {
        let size = entry.footprint();
        let mut pages = self.pages.write().unwrap_or_else(|p| p.into_inner());
        if let Some(existing) = pages.get(path) {
            return Arc::clone(&existing.entry);
        }
        if size > self.budget {
            return entry;
        }
        // An entry is counted by one cache only (an entry the budget refused has no meter).
        if entry.meter.set(Arc::clone(&self.used)).is_err() {
            return entry;
        }
        let used = self.used.fetch_add(size, Ordering::Relaxed) + size;
        pages.insert(
            path.to_string(),
            Slot {
                entry: Arc::clone(&entry),
                last_used: AtomicU64::new(self.tick()),
            },
        );
        if used > self.budget {
            self.measure_and_evict(&mut pages);
        }
        entry
    }

    /// Counts the bytes again and, over the budget, drops the least recently used pages until
    /// the rest fit in nine tenths of it, so the next few additions do not each drop one.
    fn measure_and_evict(&self, pages: &mut HashMap<String, Slot>) {
        let mut used: usize = pages.values().map(|s| s.entry.footprint()).sum();
        if used > self.budget {
            let target = self.budget / 10 * 9;
            let mut by_age: Vec<(u64, String, usize)> = pages
                .iter()
                .map(|(path, s)| {
                    let age = s.last_used.load(Ordering::Relaxed);
                    (age, path.clone(), s.entry.footprint())
                })
                .collect();
            by_age.sort_unstable_by_key(|(age, _, _)| *age);
            for (_, path, size) in by_age {
                if used <= target {
                    break;
                }
                pages.remove(&path);
                used -= size;
            }
        }
        self.used.store(used, Ordering::Relaxed);
    }

    /// The bytes counted so far (see [`PageCache::bytes`] for a fresh count).
    pub(crate) fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }

    /// The most bytes of pages the cache keeps.
    pub(crate) fn budget(&self) -> usize {
        self.budget
    }

    fn tick(&self) -> u64 {
        self.clock.fetch_add(1, Ordering::Relaxed)
    }

    /// Every page kept, by key, most recently used first.
    pub(crate) fn entries(&self) -> Vec<(String, Arc<PageEntry>)> {
        let pages = self.pages.read().unwrap_or_else(|p| p.into_inner());
        let mut all: Vec<(u64, String, Arc<PageEntry>)> = pages
            .iter()
            .map(|(key, slot)| {
                let age = slot.last_used.load(Ordering::Relaxed);
                (age, key.clone(), Arc::clone(&slot.entry))
            })
            .collect();
        all.sort_unstable_by_key(|(age, _, _)| std::cmp::Reverse(*age));
        all.into_iter()
            .map(|(_, key, entry)| (key, entry))
            .collect()
    }

    /// How many pages are kept.
    pub fn len(&self) -> usize {
        self.pages.read().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Whether no page is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes the kept pages hold now.
    pub fn bytes(&self) -> usize {
        let pages = self.pages.read().unwrap_or_else(|p| p.into_inner());
        pages.values().map(|s| s.entry.footprint()).sum()
    }
}

/// A weak ETag for a representation (`kind`: html or api) of `path` with `content` (a
/// content version, or a [`digest`] of what the representation is made from) and a page stamp
/// (the build and settings, see [`crate::cache::stamp`]). Weak because compression changes the
/// bytes: the representations in each coding are equivalent, not byte-identical.
pub fn etag(content: &str, stamp: &str, kind: &str, path: &str) -> HeaderValue {
    tag([content, stamp, kind, path])
}

/// A digest of `bytes`, for [`etag`]: a page's tags follow its answer, so a publish that
/// leaves a page's answer as it was leaves its tags as they were, on every replica.
pub fn digest(bytes: &[u8]) -> String {
    hex::encode(&Sha256::digest(bytes)[..16])
}

/// The ETag of the page tagged `etag` with the server-rendered markup in it: the markup changes
/// the bytes, so a page sent without it (the renderer was busy or failed) and the same page
/// with it never share a tag.
pub fn with_markup(etag: &HeaderValue) -> HeaderValue {
    tag([etag.to_str().unwrap_or_default(), "server-rendered markup"])
}

fn tag<const N: usize>(parts: [&str; N]) -> HeaderValue {
    let mut hash = Sha256::new();
    for part in parts {
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
            with_markup(&base),
        ] {
            assert_ne!(base, other);
        }
        assert_eq!(
            with_markup(&base),
            with_markup(&etag("v1", "b1", "html", "/"))
        );
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
                "",
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

    /// An entry of about `kib` KiB of HTML.
    fn sized(kib: usize) -> Arc<PageEntry> {
        Arc::new(PageEntry::new(
            StatusCode::OK,
            "x".repeat(kib * 1024),
            Bytes::new(),
            HeaderValue::from_static("W/\"a\""),
            HeaderValue::from_static("W/\"b\""),
        ))
    }

    #[test]
    fn the_least_recently_used_pages_go_first_when_the_bytes_run_out() {
        let page = sized(10).footprint();
        let cache = PageCache::with_budget(page * 10);
        for n in 0..10 {
            cache.insert(&format!("/p{n}"), sized(10));
        }
        assert_eq!(cache.len(), 10);
        // /p0 was used lately; /p1 and /p2 are now the oldest.
        assert!(cache.get("/p0").is_some());
        cache.insert("/p10", sized(10));
        assert!(cache.bytes() <= page * 10);
        assert!(cache.get("/p0").is_some(), "recently used page kept");
        assert!(cache.get("/p10").is_some(), "new page kept");
        assert!(cache.get("/p1").is_none(), "oldest page dropped");
        assert!(cache.get("/p2").is_none(), "second oldest page dropped");
        assert_eq!(cache.len(), 9);
    }

    #[test]
    fn a_page_larger_than_the_budget_is_used_but_not_kept() {
        let cache = PageCache::with_budget(4 * 1024);
        let big = sized(8);
        let used = cache.insert("/big", Arc::clone(&big));
        assert!(Arc::ptr_eq(&used, &big));
        assert!(cache.is_empty());
    }

    #[test]
    fn compressed_forms_made_after_adding_count_against_the_budget() {
        let cache = PageCache::with_budget(64 * 1024);
        let first = sized(20);
        let before = first.footprint();
        // Incompressible JSON makes the compressed forms about as large as the JSON.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let json: Vec<u8> = (0..40_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 56) as u8
            })
            .collect();
        let noisy = Arc::new(PageEntry::new(
            StatusCode::OK,
            "",
            Bytes::from(json),
            HeaderValue::from_static("W/\"c\""),
            HeaderValue::from_static("W/\"d\""),
        ));
        cache.insert("/b", Arc::clone(&noisy));
        cache.insert("/a", Arc::clone(&first));
        noisy.api_encoded(Coding::Gzip);
        noisy.api_encoded(Coding::Brotli);
        assert!(noisy.footprint() > 100_000);
        // The next lookup finds the cache over its budget.
        cache.get("/a");
        assert!(cache.bytes() <= 64 * 1024, "{}", cache.bytes());
        assert!(
            cache.get("/b").is_none(),
            "the page that grew is the oldest"
        );
        assert!(cache.get("/a").is_some());
        assert_eq!(first.footprint(), before);
    }

    #[test]
    fn the_html_is_gzipped_once_counted_once_and_decompresses_to_itself() {
        use std::io::Read;
        let html = "<p>supplier management, e-sourcing, contracts</p>".repeat(300);
        let cache = PageCache::with_budget(1024 * 1024);
        let entry = cache.insert(
            "/",
            Arc::new(PageEntry::new(
                StatusCode::OK,
                html.clone(),
                Bytes::new(),
                HeaderValue::from_static("W/\"a\""),
                HeaderValue::from_static("W/\"b\""),
            )),
        );
        let before = cache.used();
        let gzip = entry.html_gzip().clone();
        assert_eq!(gzip.as_ptr(), entry.html_gzip().as_ptr(), "made once");
        assert_eq!(cache.used(), before + gzip.len(), "counted once");
        assert!(
            gzip.len() < html.len() / 10,
            "{} of {}",
            gzip.len(),
            html.len()
        );
        let mut plain = String::new();
        flate2::read::GzDecoder::new(&gzip[..])
            .read_to_string(&mut plain)
            .unwrap();
        assert_eq!(plain, html);
        // Handed to another generation, the page and its gzip are the same buffers.
        let carried = entry.carry();
        assert_eq!(carried.html.as_ptr(), entry.html.as_ptr());
        assert_eq!(carried.html_gzip().as_ptr(), gzip.as_ptr());
    }

    #[test]
    fn api_json_is_compressed_once_and_decompresses_to_itself() {
        use std::io::Read;
        let json = Bytes::from("{\"outcome\":\"page\",\"view\":{}}".repeat(50));
        let entry = PageEntry::new(
            StatusCode::OK,
            "",
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
