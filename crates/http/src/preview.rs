//! Preview for editors: drafts and unpublished changes, shown only to a browser that holds a
//! signed preview cookie, which `GET /api/preview?secret=…&path=…` hands out.
//!
//! A preview page is composed from the preview content (read through its own source, kept a
//! few seconds at most) and sent with `Cache-Control: private, no-store` and
//! `X-Robots-Tag: noindex`; it never reads from or writes to the public page cache, and the
//! preview source is not the public one, so nothing reaches the disk copy of the last good
//! content either. Without a [`Preview`] mounted, the preview routes answer 404 and every
//! request is public.
//!
//! Preview work (laying edits over the content, composing a preview page) runs in the
//! preview's own bounded pool ([`pool`]), never in the heavy pool public pages use.
//!
//! Layer: the preview model (settings, cookie, paths, its pool). It uses [`crate::heavy`]
//! alone; its routes are in `handlers::preview`.

pub(crate) mod cookie;
mod path;
pub mod pool;

pub use cookie::COOKIE_NAME;
pub use path::site_path;

use std::sync::Arc;
use std::time::{Duration, Instant};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::{ContentLoadError, ContentSource, SearchIndex, SearchSnapshot};
use supplysite_core::secret::Secret;

/// The shortest secret accepted.
pub const MIN_SECRET_LEN: usize = 32;
/// How long a preview cookie lasts unless set: long enough for an editor's session of saves,
/// short enough that a copied cookie soon stops working. Each preview page an editor opens in
/// its second half hands out a fresh one, so an editor at work is never cut off.
pub const DEFAULT_COOKIE_TTL: Duration = Duration::from_secs(20 * 60);
/// The most entries and assets one `POST /api/preview/compose` may lay over the content: the
/// page sends those an editor changed since the last save, a handful; a page shows a few dozen
/// at most.
pub const MAX_ENTITIES: usize = 100;
/// How long preview content is reused before it is read again unless set.
pub const DEFAULT_FRESH_FOR: Duration = Duration::from_secs(5);

/// The preview: its secret, its content source and how long cookies and content last.
pub struct Preview {
    pub(crate) secret: Secret,
    source: Arc<dyn ContentSource>,
    pub(crate) cookie_ttl: Duration,
    /// The epoch cookies are issued in and must carry ([`Preview::with_epoch`]).
    pub(crate) epoch: u64,
    fresh_for: Duration,
    /// The last preview content read and when; one read at a time.
    cached: tokio::sync::Mutex<Option<(Instant, Arc<ContentSet>)>>,
    /// Where preview work runs.
    pool: pool::PreviewPool,
    /// The index the preview content is searched in (drafts included), when there is one: an
    /// index of its own, never the public one.
    search: Option<Arc<dyn SearchIndex>>,
    /// The snapshot of the last preview content searched, by its version.
    searched: std::sync::Mutex<Option<(String, Arc<dyn SearchSnapshot>)>>,
}

impl Preview {
    /// A preview reading drafts from `source` (a source of preview content, never the public
    /// one), opened with `secret`.
    pub fn new(secret: Secret, source: Arc<dyn ContentSource>) -> Self {
        Preview {
            secret,
            source,
            cookie_ttl: DEFAULT_COOKIE_TTL,
            epoch: 0,
            fresh_for: DEFAULT_FRESH_FOR,
            cached: tokio::sync::Mutex::new(None),
            pool: pool::PreviewPool::default(),
            search: None,
            searched: std::sync::Mutex::new(None),
        }
    }

    /// Preview searches (the search page with the preview cookie) look in `index`, which
    /// follows the preview content, drafts included. It must be an index of its own: the
    /// public one answers only for the published content.
    pub fn with_search(mut self, index: Arc<dyn SearchIndex>) -> Self {
        self.search = Some(index);
        self
    }

    /// The preview search index brought to `set`, or `None` without one or when it cannot take
    /// `set` (logged). The same content is indexed once.
    pub(crate) fn snapshot(&self, set: &ContentSet) -> Option<Arc<dyn SearchSnapshot>> {
        let index = self.search.as_ref()?;
        let mut searched = self
            .searched
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((version, snapshot)) = searched.as_ref()
            && version == set.version()
        {
            return Some(Arc::clone(snapshot));
        }
        match index.index(set) {
            Ok(snapshot) => {
                *searched = Some((set.version().to_string(), Arc::clone(&snapshot)));
                Some(snapshot)
            }
            Err(e) => {
                tracing::error!(error = %e, "the preview content could not be searched");
                None
            }
        }
    }

    /// Preview work runs in `pool` (one job at a time, four requests waiting or running and a
    /// ten-second timeout unless set).
    pub fn with_pool(mut self, pool: pool::PreviewPool) -> Self {
        self.pool = pool;
        self
    }

    /// The pool preview work runs in.
    pub fn pool(&self) -> &pool::PreviewPool {
        &self.pool
    }

    /// Cookies are issued in `epoch` and only cookies of it are honoured (0 unless set): a new
    /// epoch ends every preview handed out before.
    pub fn with_epoch(mut self, epoch: u64) -> Self {
        self.epoch = epoch;
        self
    }

    /// Cookies last `ttl` (twenty minutes unless set).
    pub fn with_cookie_ttl(mut self, ttl: Duration) -> Self {
        self.cookie_ttl = ttl;
        self
    }

    /// Preview content is reused for `fresh_for` before it is read again (five seconds unless
    /// set; zero reads it for every request).
    pub fn with_freshness(mut self, fresh_for: Duration) -> Self {
        self.fresh_for = fresh_for;
        self
    }

    /// The source of the preview content, for laying Live Preview's edits over its last read.
    pub(crate) fn source(&self) -> Arc<dyn ContentSource> {
        Arc::clone(&self.source)
    }

    /// Whether `given` is the secret, compared in constant time (see [`cookie::secret_matches`]).
    pub(crate) fn secret_matches(&self, given: &str) -> bool {
        cookie::secret_matches(self.secret.expose().as_bytes(), given.as_bytes())
    }

    /// The preview content: the last read when it is fresh enough, else read now. Concurrent
    /// requests wait for one read.
    ///
    /// Errors: what the preview source returns.
    pub async fn content(&self) -> Result<Arc<ContentSet>, ContentLoadError> {
        self.read(false).await.map(|(set, _)| set)
    }

    /// The preview content and its locale (the default locale of the space, `en-US` when the
    /// source does not say), for the inspector tags. `fresh`: read it now even if the last
    /// read is recent (a page asking again after an editor saved).
    ///
    /// Errors: what the preview source returns.
    pub(crate) async fn read(
        &self,
        fresh: bool,
    ) -> Result<(Arc<ContentSet>, String), ContentLoadError> {
        let set = self.load(fresh).await?;
        let locale = self.source.locale().unwrap_or_else(|| "en-US".to_string());
        Ok((set, locale))
    }

    async fn load(&self, fresh: bool) -> Result<Arc<ContentSet>, ContentLoadError> {
        let asked = Instant::now();
        let mut cached = self.cached.lock().await;
        // A read that started after this request asked is fresh enough even when `fresh`.
        if let Some((at, set)) = cached.as_ref()
            && (*at >= asked || (!fresh && at.elapsed() < self.fresh_for))
        {
            return Ok(Arc::clone(set));
        }
        let set = Arc::new(self.source.load().await?);
        *cached = Some((Instant::now(), Arc::clone(&set)));
        Ok(set)
    }
}
