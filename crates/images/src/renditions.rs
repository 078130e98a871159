//! The image endpoint's engine: from a path under the export's image folder and a query to the
//! bytes of the rendition, cached on disk, made at most once at a time per rendition, in the
//! bounded pool.

use crate::cache::{DiskCache, Hit};
use crate::decode::{Limits, Probe, probe};
use crate::error::ImageError;
use crate::path::IMAGE_HOST;
use crate::pool::Pool;
use crate::recent::Recent;
use crate::render::{Target, render};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime};
use supplysite_core::rendition::{Answer, Format, Request, answer};
use tokio::sync::OnceCell;

/// The most bytes of renditions kept in memory for the requests that come again.
pub const RECENT_BYTES: usize = 32 << 20;

/// The largest source file read, in bytes: a camera photograph is a few MB (core's
/// [`supplysite_core::rendition::MAX_SOURCE_BYTES`], which pages keep to).
pub const MAX_SOURCE_BYTES: u64 = supplysite_core::rendition::MAX_SOURCE_BYTES;

/// How the engine is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// The export's asset folder (holding `images.ctfassets.net/…`).
    pub asset_dir: PathBuf,
    /// Where renditions are cached.
    pub cache_dir: PathBuf,
    /// The most bytes of renditions kept on disk.
    pub cache_bytes: u64,
    /// Pictures encoded at once.
    pub pool_size: usize,
    /// Visitors' encodes waiting or running at once before the endpoint answers 503.
    pub queue_limit: usize,
    /// Whether the common renditions are made in the background after a content load.
    pub warm: bool,
    /// How long a rendition served is answered again from memory, without looking at its
    /// source file (a file rewritten in place shows within this time).
    pub recheck: std::time::Duration,
    /// How large a source picture may be before it is refused.
    pub limits: Limits,
}

impl Config {
    /// The defaults for `asset_dir` and `cache_dir`: 1 GiB of cache, half the cores, warm-up on.
    pub fn new(asset_dir: impl Into<PathBuf>, cache_dir: impl Into<PathBuf>) -> Config {
        let pool_size = crate::pool::default_size();
        Config {
            asset_dir: asset_dir.into(),
            cache_dir: cache_dir.into(),
            cache_bytes: 1 << 30,
            pool_size,
            queue_limit: pool_size * 16,
            warm: true,
            recheck: crate::recent::RECHECK,
            limits: Limits::default(),
        }
    }
}

/// A rendition ready to send.
#[derive(Clone, Debug)]
pub struct Served {
    /// The rendition's encoded bytes.
    pub bytes: bytes::Bytes,
    /// A strong ETag, quoted.
    pub etag: String,
    /// The rendition's encoding, for its `Content-Type`.
    pub format: Format,
    /// Whether this is a stand-in for the rendition asked for, sent because it could not be
    /// made now (the encoding queue full, or the client past its encodes): the nearest
    /// rendition of the same picture already made, or the original. It is to be cached
    /// briefly, so the proper rendition replaces it.
    pub stand_in: bool,
}

/// Counts of what the engine did, for tests and health pages.
#[derive(Debug, Default)]
pub struct Stats {
    /// Renditions answered from the cache: from memory or from disk.
    pub hits: AtomicU64,
    /// Of the hits, those answered from the memory of recent answers.
    pub memory_hits: AtomicU64,
    /// Of the hits, those answered from the disk cache.
    pub disk_hits: AtomicU64,
    /// Renditions encoded.
    pub encodes: AtomicU64,
    /// Renditions made by the background warm-up.
    pub warmed: AtomicU64,
    /// Requests answered with a stand-in ([`Served::stand_in`]) because the rendition asked
    /// for could not be made then.
    pub stand_ins: AtomicU64,
    /// Renditions the background warm-up has still to make (or find made): 0 once it is done.
    pub to_warm: AtomicU64,
    /// Of those, the renditions of pictures shown largest on a first screen, which it makes
    /// first: 0 once a visitor never waits on an encode for one.
    pub first_screen_to_warm: AtomicU64,
}

type Shared = Arc<OnceCell<Result<Hit, ImageError>>>;

/// A source file's identity: a replaced file has another size or modification time.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Identity {
    file: PathBuf,
    len: u64,
    modified: Option<SystemTime>,
}

/// The engine. Share it behind an `Arc`.
pub struct Renditions {
    config: Config,
    cache: DiskCache,
    pool: Pool,
    recent: Recent<Served>,
    inflight: Mutex<HashMap<String, Shared>>,
    probes: Mutex<HashMap<Identity, Probe>>,
    stats: Stats,
    warm: Mutex<Option<std::sync::mpsc::Sender<Vec<crate::warm::Picture>>>>,
    /// Whether the warm-up may make first-screen pictures on every core, outside the encoding
    /// pool: only while the server waits for them before it listens, with no visitor to serve.
    every_core: AtomicBool,
    /// Itself, for jobs that outlive the request that started them.
    me: std::sync::Weak<Renditions>,
}

/// The format to answer with: the one asked for, else the best the `Accept` header takes
/// (AVIF, then WebP), else the source's fallback.
pub fn choose_format(asked: Option<Format>, accept: Option<&str>, source: Format) -> Format {
    if let Some(format) = asked {
        return format;
    }
    if accepts(accept, Format::Avif) {
        Format::Avif
    } else if accepts(accept, Format::Webp) {
        Format::Webp
    } else {
        source.fallback()
    }
}

/// Whether the `Accept` header takes `format` (named, with a quality above 0).
fn accepts(accept: Option<&str>, format: Format) -> bool {
    accept.unwrap_or("").split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        parts
            .next()
            .is_some_and(|t| t.eq_ignore_ascii_case(format.mime()))
            && !parts.any(|p| {
                p.strip_prefix("q=")
                    .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q <= 0.0))
            })
    })
}

fn key(identity: &Identity, target: Target) -> String {
    // The engine's version is part of the key: a new encoder makes new renditions.
    format!(
        "v1|{}|{}|{}|{}|{}|{}",
        identity.file.display(),
        identity.len,
        identity
            .modified
            .and_then(|m| m.duration_since(SystemTime::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos()),
        target.width,
        target.format.param(),
        target.quality
    )
}

impl crate::warm::Warm for Renditions {
    fn warm_one(
        &self,
        raw_path: &str,
        target: Target,
        through_pool: bool,
    ) -> Result<bool, ImageError> {
        Renditions::warm_one(self, raw_path, target, through_pool)
    }

    fn every_core(&self) -> bool {
        self.every_core.load(Ordering::Relaxed)
    }

    fn to_warm(&self, remaining: u64, first_screen: u64) {
        self.stats.to_warm.store(remaining, Ordering::Relaxed);
        self.stats
            .first_screen_to_warm
            .store(first_screen, Ordering::Relaxed);
    }
}

impl Renditions {
    /// The engine for `config`: opens (or creates) the cache folder.
    pub fn open(config: Config) -> std::io::Result<Arc<Renditions>> {
        let cache = DiskCache::open(&config.cache_dir, config.cache_bytes)?;
        let pool = Pool::new(config.pool_size, config.queue_limit);
        let recent = Recent::new(RECENT_BYTES, config.recheck);
        let renditions = Arc::new_cyclic(|me| Renditions {
            config,
            cache,
            pool,
            recent,
            inflight: Mutex::default(),
            probes: Mutex::default(),
            stats: Stats::default(),
            warm: Mutex::new(None),
            every_core: AtomicBool::new(false),
            me: me.clone(),
        });
        if renditions.config.warm {
            let sender = crate::warm::start(Arc::downgrade(&renditions));
            *lock(&renditions.warm) = Some(sender);
        }
        Ok(renditions)
    }

    /// The settings in use.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The bytes of renditions held in the disk cache now (at most [`Config::cache_bytes`]:
    /// past it the least recently used are deleted).
    pub fn cache_used(&self) -> u64 {
        self.cache.used()
    }

    /// What the engine did so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The encoding pool.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// The rendition asked by `query` of the picture at `raw_path` (as sent, percent-encoded,
    /// relative to the image folder), choosing the format by `accept` when the query names
    /// none. Only the renditions the site writes for the picture are made (core's
    /// [`supplysite_core::rendition::answer`]); anything else is [`ImageError::Elsewhere`].
    pub async fn serve(
        &self,
        raw_path: &str,
        query: &str,
        accept: Option<&str>,
    ) -> Result<Served, ImageError> {
        self.serve_admitted(raw_path, query, accept, &|| Ok(()))
            .await
    }

    /// [`Renditions::serve`] for one client: `admit` is asked once before this request starts
    /// an encode of its own (not for a rendition cached or being made by another request);
    /// its `Err` (how long to wait) refuses the request with [`ImageError::Limited`].
    pub async fn serve_admitted(
        &self,
        raw_path: &str,
        query: &str,
        accept: Option<&str>,
        admit: &(dyn Fn() -> Result<(), std::time::Duration> + Sync),
    ) -> Result<Served, ImageError> {
        let request = Request::parse(query)?;
        // The request as the answer depends on it: the format Accept allows matters only when
        // the query names none (and the source's own fallback is the same for every request).
        let asked = choose_format(request.format, accept, Format::Png);
        let recent_key = format!("{raw_path}?{query}#{}", asked.param());
        let now = Instant::now();
        if let Some(served) = self.recent.get(&recent_key, now) {
            self.stats.hits.fetch_add(1, Ordering::Relaxed);
            self.stats.memory_hits.fetch_add(1, Ordering::Relaxed);
            return Ok(served);
        }
        let (identity, probe) = self.source(raw_path).await?;
        match answer(&request, probe.width, probe.format) {
            Answer::Serve => {}
            Answer::Redirect(nearest) => return Err(ImageError::Elsewhere(nearest)),
            Answer::Refuse => {
                return Err(ImageError::Width {
                    width: request.width,
                    original: probe.width,
                });
            }
        }
        let format = choose_format(request.format, accept, probe.format);
        let target = Target {
            width: request.width,
            format,
            quality: request.quality.unwrap_or(format.default_quality()),
        };
        let hit = match self.rendition(&identity, target, admit).await {
            Ok(hit) => hit,
            Err(refused @ (ImageError::Busy | ImageError::Limited(_))) => {
                // Not made now: the nearest thing already there, never kept long.
                let Some(served) = self.stand_in(&identity, &probe, target, accept).await else {
                    return Err(refused);
                };
                self.stats.stand_ins.fetch_add(1, Ordering::Relaxed);
                return Ok(served);
            }
            Err(error) => return Err(error),
        };
        let served = Served {
            bytes: hit.bytes.into(),
            etag: hit.etag,
            format,
            stand_in: false,
        };
        self.recent
            .put(recent_key, served.clone(), served.bytes.len(), now);
        Ok(served)
    }

    /// A stand-in ([`Served::stand_in`]) for the rendition `query` asks of the picture at
    /// `raw_path`, for a request that could not wait for it to be made (the caller's own
    /// deadline): the nearest rendition made, else the original. `None` when there is nothing
    /// to send or the request is not one [`Renditions::serve`] would make.
    pub async fn stand_in_for(
        &self,
        raw_path: &str,
        query: &str,
        accept: Option<&str>,
    ) -> Option<Served> {
        let request = Request::parse(query).ok()?;
        let (identity, probe) = self.source(raw_path).await.ok()?;
        if answer(&request, probe.width, probe.format) != Answer::Serve {
            return None;
        }
        let format = choose_format(request.format, accept, probe.format);
        let target = Target {
            width: request.width,
            format,
            quality: request.quality.unwrap_or(format.default_quality()),
        };
        let served = self.stand_in(&identity, &probe, target, accept).await?;
        self.stats.stand_ins.fetch_add(1, Ordering::Relaxed);
        Some(served)
    }

    fn file(&self, raw_path: &str) -> Result<PathBuf, ImageError> {
        let relative = crate::path::relative_file(raw_path)?;
        Ok(self.config.asset_dir.join(IMAGE_HOST).join(relative))
    }

    /// The identity and header of the source file at `raw_path`.
    async fn source(&self, raw_path: &str) -> Result<(Identity, Probe), ImageError> {
        let file = self.file(raw_path)?;
        let not_found = || ImageError::NotFound(raw_path.to_owned());
        let meta = tokio::fs::metadata(&file).await.map_err(|_| not_found())?;
        if !meta.is_file() {
            return Err(not_found());
        }
        let identity = Identity {
            file: file.clone(),
            len: meta.len(),
            modified: meta.modified().ok(),
        };
        if let Some(probe) = lock(&self.probes).get(&identity) {
            return Ok((identity, *probe));
        }
        if identity.len > MAX_SOURCE_BYTES {
            return Err(ImageError::TooLarge(format!(
                "a file of {} bytes, over {MAX_SOURCE_BYTES}",
                identity.len
            )));
        }
        let bytes = tokio::fs::read(&file).await.map_err(|_| not_found())?;
        let name = file_name(&file);
        let probe = probe(&bytes, &name, &self.config.limits)?;
        let mut probes = lock(&self.probes);
        if probes.len() > 10_000 {
            probes.clear();
        }
        probes.insert(identity.clone(), probe);
        Ok((identity, probe))
    }

    /// The rendition `target` of the source `identity`: from the cache, else made in the pool
    /// once however many ask for it at the same time.
    async fn rendition(
        &self,
        identity: &Identity,
        target: Target,
        admit: &(dyn Fn() -> Result<(), std::time::Duration> + Sync),
    ) -> Result<Hit, ImageError> {
        let name = DiskCache::name(&key(identity, target), target.format.param());
        if let Some(hit) = self.cache.get(&name).await {
            self.stats.hits.fetch_add(1, Ordering::Relaxed);
            self.stats.disk_hits.fetch_add(1, Ordering::Relaxed);
            return Ok(hit);
        }
        let (cell, first) = {
            let mut inflight = lock(&self.inflight);
            match inflight.get(&name) {
                Some(cell) => (cell.clone(), false),
                None => {
                    admit().map_err(ImageError::Limited)?;
                    let cell = Shared::default();
                    inflight.insert(name.clone(), cell.clone());
                    (cell, true)
                }
            }
        };
        let outcome = cell
            .get_or_init(|| async {
                // Made meanwhile by a request that finished just before this one asked.
                if let Some(hit) = self.cache.get(&name).await {
                    return Ok(hit);
                }
                // The job stores what it made itself: a visitor who gives up (or a request
                // timeout) does not waste the encode.
                let engine = self.me.upgrade().ok_or_else(|| {
                    ImageError::Internal("the image engine is shutting down".into())
                })?;
                let file = identity.file.clone();
                let name = name.clone();
                self.pool
                    .run(move || {
                        let made = make(&file, target, &engine.config.limits)?;
                        engine.stats.encodes.fetch_add(1, Ordering::Relaxed);
                        engine
                            .cache
                            .put(&name, made)
                            .map_err(|e| ImageError::Internal(format!("cache write failed: {e}")))
                    })
                    .await
            })
            .await
            .clone();
        if first {
            lock(&self.inflight).remove(&name);
        }
        outcome
    }

    /// What is sent for `target` of the source `identity` when it cannot be made now: the
    /// nearest rendition of the picture already in the cache (the narrowest offered width at
    /// least as wide, else the widest narrower one; at a width, the format asked for first,
    /// then the others the client takes), else the source file itself when the client takes
    /// its format (it passed the resizer's limits to get here). Nothing is encoded. `None`
    /// when there is nothing to send.
    async fn stand_in(
        &self,
        identity: &Identity,
        probe: &Probe,
        target: Target,
        accept: Option<&str>,
    ) -> Option<Served> {
        let fallback = probe.format.fallback();
        let mut formats = vec![target.format];
        for format in [Format::Avif, Format::Webp, fallback] {
            let taken = format == fallback || accepts(accept, format);
            if taken && !formats.contains(&format) {
                formats.push(format);
            }
        }
        let mut widths = supplysite_core::rendition::widths_for(probe.width);
        // Wider first (scaled down, it looks right), the nearest of each side first.
        widths.sort_by_key(|&w| (w < target.width, w.abs_diff(target.width)));
        for width in widths {
            for &format in &formats {
                let candidate = Target {
                    width,
                    format,
                    quality: format.default_quality(),
                };
                let name = DiskCache::name(&key(identity, candidate), format.param());
                if !self.cache.contains(&name) {
                    continue;
                }
                if let Some(hit) = self.cache.get(&name).await {
                    return Some(Served {
                        bytes: hit.bytes.into(),
                        etag: hit.etag,
                        format,
                        stand_in: true,
                    });
                }
            }
        }
        if !formats.contains(&probe.format) {
            return None;
        }
        let bytes = tokio::fs::read(&identity.file).await.ok()?;
        if bytes.len() as u64 != identity.len {
            // Replaced since it was looked at: not the picture probed.
            return None;
        }
        Some(Served {
            etag: crate::cache::etag_of(&bytes),
            bytes: bytes.into(),
            format: probe.format,
            stand_in: true,
        })
    }

    /// Makes the rendition `target` of the picture at `raw_path` for the warm-up, blocking
    /// the calling thread, unless it is cached already: through the encoding pool when no
    /// visitor waits for it (`through_pool`), else at once. Returns whether it encoded.
    fn warm_one(
        &self,
        raw_path: &str,
        target: Target,
        through_pool: bool,
    ) -> Result<bool, ImageError> {
        let file = self.file(raw_path)?;
        let meta = std::fs::metadata(&file).map_err(|_| ImageError::NotFound(raw_path.into()))?;
        let identity = Identity {
            file: file.clone(),
            len: meta.len(),
            modified: meta.modified().ok(),
        };
        let name = DiskCache::name(&key(&identity, target), target.format.param());
        if self.cache.contains(&name) || lock(&self.inflight).contains_key(&name) {
            return Ok(false);
        }
        let limits = self.config.limits;
        let made = if through_pool {
            self.pool.run_low(|| make(&file, target, &limits))?
        } else {
            make(&file, target, &limits)?
        };
        self.cache
            .put(&name, made)
            .map_err(|e| ImageError::Internal(format!("cache write failed: {e}")))?;
        self.stats.warmed.fetch_add(1, Ordering::Relaxed);
        Ok(true)
    }

    /// Lets the warm-up make the first screens' pictures on every core, outside the encoding
    /// pool (`true`), or only through the pool at the lowest priority again (`false`). For the
    /// wait before the server listens, when no visitor can be kept waiting by it.
    pub fn warm_with_every_core(&self, every_core: bool) {
        self.every_core.store(every_core, Ordering::Relaxed);
    }

    /// Makes the common renditions of `pictures` in the background, visitors first. A newer
    /// list replaces one still being worked through. Does nothing when warm-up is off.
    pub fn warm(&self, pictures: Vec<crate::warm::Picture>) {
        if let Some(sender) = lock(&self.warm).as_ref() {
            let (targets, first_screen) = crate::warm::count(&pictures);
            self.stats.to_warm.store(targets, Ordering::Relaxed);
            self.stats
                .first_screen_to_warm
                .store(first_screen, Ordering::Relaxed);
            let _ = sender.send(pictures);
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn file_name(file: &Path) -> String {
    file.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Reads, decodes, resizes and encodes (blocking).
fn make(file: &Path, target: Target, limits: &Limits) -> Result<Vec<u8>, ImageError> {
    let name = file_name(file);
    let bytes = std::fs::read(file).map_err(|_| ImageError::NotFound(name.clone()))?;
    render(&bytes, &name, target, limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_follows_the_query_then_the_accept_header() {
        let chrome = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";
        assert_eq!(
            choose_format(Some(Format::Jpeg), Some(chrome), Format::Jpeg),
            Format::Jpeg
        );
        assert_eq!(
            choose_format(None, Some(chrome), Format::Jpeg),
            Format::Avif
        );
        assert_eq!(
            choose_format(None, Some("image/webp,*/*"), Format::Png),
            Format::Webp
        );
        assert_eq!(
            choose_format(None, Some("image/avif;q=0, image/webp"), Format::Png),
            Format::Webp
        );
        assert_eq!(choose_format(None, Some("*/*"), Format::Png), Format::Png);
        assert_eq!(choose_format(None, None, Format::Webp), Format::Png);
        assert_eq!(choose_format(None, None, Format::Jpeg), Format::Jpeg);
    }
}
