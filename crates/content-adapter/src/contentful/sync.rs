//! The live content source for published content: the space followed with Contentful's Sync
//! API. An initial sync reads every published entry and asset with all their locales, in
//! pages of the largest size the API allows; after that each reload asks only for the delta
//! since the last sync token, one small request when nothing changed. Content types and locales
//! come from their own endpoints (the Sync API carries neither), read again with every delta
//! that changes something and at least every few minutes.
//!
//! A delta is applied in place to the synced items, which are shared, never copied; a new
//! content set is read from them only when something changed. The last good content and its
//! token are kept on disk ([`snapshot`]), so a restart serves at once and reads one delta; a
//! token Contentful no longer accepts is replaced by the replicas' shared snapshot when that
//! follows another token, else starts an initial sync, and the content being served stays until
//! that sync has completed. A replica with nothing on disk starts from the shared snapshot too:
//! read from memory, its synced items rebuilt alongside (its delta is seldom empty), and written
//! to disk in the background. What became of each write, offer and adoption of the snapshot is
//! counted ([`SyncSource::activity`]) for `/readyz` and the metrics.

mod snapshot;
mod store;

use super::cache::CacheStatus;
use super::client::{Client, FetchError};
use super::retry::{Pause, TokioPause};
use super::settings::ContentfulSettings;
use super::{SetupError, load_error};
use crate::export::{Kept, Reuse, Severity, load_bytes_as};
use async_trait::async_trait;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};
use store::{Applied, Delta, Store, token_of};
use supplysite_core::content::{ContentParts, ContentSet, EntryRef};
use supplysite_core::ports::{
    ContentLoadError, ContentSource, Outcomes, SharedSnapshots, SnapshotActivity, UnixMillis,
};

/// Items per page of an initial sync: the largest the Sync API allows. The page size is kept
/// in the sync token, so deltas use it too.
pub const PAGE_SIZE: u32 = 1000;

/// The content model (content types, locales) is read again at least this often, even when
/// no entry changed, since changing it alone syncs nothing.
pub const MODEL_EVERY: Duration = Duration::from_secs(300);

/// After a webhook, a reload that finds nothing new is tried again after each of these waits:
/// Contentful sends the webhook as the publish is made, and its delivery network, which the
/// Sync API is read through, has the change "within seconds" (Contentful's webhook FAQ), so
/// the first delta may still be empty. Three more requests at most, each one small.
pub const CATCH_UP: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];

/// The snapshot is offered to the replicas' shared store at most this often (and after the
/// first load): a replica starting from it reads one delta of at most this much editing.
pub const SHARE_EVERY: Duration = Duration::from_secs(600);

/// The synced space and what was last built from it.
struct Synced {
    store: Store,
    /// The version of the set last built from `store`.
    version: String,
    /// Something changed since that set was built.
    dirty: bool,
    /// When the content model was last read.
    model_at: Instant,
    /// The posts and case studies of the set last built that no delta has touched since: the
    /// next build takes them as they are.
    kept: Kept,
    /// The rest of the set last built (pages, FAQs, assets, …) while no delta has touched any
    /// of it: the next build takes it as it is and reads only the posts and case studies.
    rest: Option<ContentParts>,
    /// The entries deltas changed or deleted since the set was built.
    touched: Vec<String>,
    /// `store`'s items, still being rebuilt from the snapshot read at start-up (until then
    /// `store` holds the snapshot's token and locales only).
    rebuilding: Option<tokio::task::JoinHandle<Result<Store, String>>>,
}

impl Synced {
    /// Keeps the posts, case studies and rest of `set` for the next build.
    fn keep_all(&mut self, set: &ContentSet) {
        self.kept = Kept::of(set);
        self.rest = Some(Reuse::rest_of(set));
    }

    /// Keeps nothing: the next build reads every entry.
    fn keep_nothing(&mut self) {
        self.kept = Kept::default();
        self.rest = None;
    }

    /// Forgets the kept entries a delta touched: the entries it changed or deleted, and the
    /// posts and case studies that link to an asset it changed or deleted. A changed content
    /// model forgets them all.
    /// Anything else a delta touched forgets the rest.
    fn forget(&mut self, applied: &Applied) {
        let posts = &mut self.kept.posts;
        self.touched.extend(applied.entries.iter().cloned());
        for id in &applied.entries {
            let was_kept = posts.remove(id).is_some() | self.kept.case_studies.remove(id).is_some();
            // Deleted, it was a post or story only if it was kept; changed, its type says.
            let many = match self.store.entries.get(id) {
                Some(item) => item.content_type().is_some_and(Kept::keeps),
                None => was_kept,
            };
            if !many {
                self.rest = None;
            }
        }
        if !applied.assets.is_empty() {
            self.rest = None;
            // A post or story shows an asset it links to: those linking to a changed or
            // deleted one are read again. A link is in the entry's own text even when it
            // did not resolve (the asset was a draft then), so the text is what is searched.
            let entries = &self.store.entries;
            let links_changed = |id: &str| {
                entries
                    .get(id)
                    .is_none_or(|item| applied.assets.iter().any(|asset| item.mentions(asset)))
            };
            self.kept.case_studies.retain(|id, _| !links_changed(id));
            posts.retain(|id, post| {
                !links_changed(id)
                    && post
                        .hero_image
                        .as_ref()
                        .is_none_or(|image| !applied.assets.contains(&image.id))
            });
        }
    }
}

/// Published content read through the Sync API, kept current by deltas.
pub struct SyncSource {
    client: Client,
    snapshot: Option<PathBuf>,
    synced: tokio::sync::Mutex<Option<Synced>>,
    status: Mutex<Option<CacheStatus>>,
    /// The space's default locale, once read.
    locale: Mutex<Option<String>>,
    writes: Arc<Writes>,
    shared: Option<Shared>,
    activity: Arc<Activity>,
}

/// What became of the snapshot's writes, offers and adoptions, counted where they happen
/// (some on the writer's thread).
#[derive(Default)]
struct Activity(Mutex<SnapshotActivity>);

impl Activity {
    fn lock(&self) -> std::sync::MutexGuard<'_, SnapshotActivity> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn record(&self, step: impl FnOnce(&mut SnapshotActivity) -> &mut Outcomes, ok: bool) {
        step(&mut self.lock()).record(ok, UnixMillis::from(SystemTime::now()));
    }

    /// A copy on disk, written at `at` before this process started (or taken from the other
    /// replicas), stands as the last one saved until this process writes one.
    fn found(&self, at: SystemTime) {
        self.lock()
            .saves
            .last_ok
            .get_or_insert(UnixMillis::from(at));
    }
}

/// The replicas' shared store of snapshots, and when this source last offered one.
struct Shared {
    store: Arc<dyn SharedSnapshots>,
    /// The snapshot's key there: its file name, which names the space and environment.
    key: String,
    offered: Mutex<Option<Instant>>,
    /// The most bytes a snapshot taken from there may decode to.
    max_decoded: u64,
}

/// A snapshot offer to make once the snapshot is written.
struct Offer {
    store: Arc<dyn SharedSnapshots>,
    key: String,
    runtime: tokio::runtime::Handle,
    activity: Arc<Activity>,
}

/// Snapshot writes, in the background and in order: a write never replaces a newer one.
#[derive(Default)]
struct Writes {
    /// The number of the last write asked for.
    asked: std::sync::atomic::AtomicU64,
    /// The number of the last write done, held while writing.
    done: Mutex<u64>,
    activity: Arc<Activity>,
}

impl Writes {
    /// Saves `store` to `path`, synced at `at`, then makes `offer` from the file written.
    fn save(self: Arc<Self>, path: PathBuf, store: Store, at: SystemTime, offer: Option<Offer>) {
        self.in_order(move |activity| {
            let written = snapshot::write(&path, &store, at);
            activity.record(|a| &mut a.saves, written.is_ok());
            match written {
                Ok(()) => {
                    if let Some(offer) = offer {
                        offer.make(&path, at);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "the last good content could not be saved"),
            }
        });
    }

    /// Writes `bytes`, a whole snapshot taken from the other replicas, to `path`.
    fn install(self: Arc<Self>, path: PathBuf, bytes: Arc<Vec<u8>>) {
        self.in_order(move |activity| {
            let written = snapshot::install(&path, &bytes);
            activity.record(|a| &mut a.saves, written.is_ok());
            if let Err(e) = written {
                tracing::warn!(error = %e, "the content taken from the other replicas could not be saved");
            }
        });
    }

    /// Runs `write` on a thread of its own, after the writes asked for before it, and not at
    /// all once a later one is done (it would replace newer content with older).
    fn in_order(self: Arc<Self>, write: impl FnOnce(&Activity) + Send + 'static) {
        use std::sync::atomic::Ordering;
        let number = self.asked.fetch_add(1, Ordering::SeqCst) + 1;
        std::thread::spawn(move || {
            let mut done = self.done.lock().unwrap_or_else(PoisonError::into_inner);
            if *done > number {
                return;
            }
            write(&self.activity);
            *done = number;
        });
    }

    fn pending(&self) -> bool {
        let done = *self.done.lock().unwrap_or_else(PoisonError::into_inner);
        done < self.asked.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl Offer {
    /// Offers the snapshot just written at `path`, synced at `at`, to the shared store,
    /// gzipped (JSON shrinks to about a tenth, and only the compressed bytes are held).
    fn make(self, path: &Path, at: SystemTime) {
        let gzipped = std::fs::File::open(path).and_then(|mut file| {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            std::io::copy(&mut file, &mut gz)?;
            gz.finish()
        });
        let bytes = match gzipped {
            Ok(bytes) => bytes,
            Err(e) => {
                tracing::warn!(error = %e, "the saved content could not be read back to share");
                self.activity.record(|a| &mut a.shares, false);
                return;
            }
        };
        let at = UnixMillis::from(at);
        let offered = self
            .runtime
            .block_on(self.store.offer(&self.key, at, &bytes));
        self.activity.record(|a| &mut a.shares, offered.is_ok());
        match offered {
            Ok(()) => tracing::info!(
                gzipped_bytes = bytes.len(),
                "the saved content was shared with the other replicas"
            ),
            Err(e) => {
                tracing::warn!(error = %e, "the saved content could not be shared with the other replicas")
            }
        }
    }
}

impl SyncSource {
    /// The source for `settings`, keeping its last good content at `snapshot` (if given).
    pub fn new(
        settings: ContentfulSettings,
        snapshot: Option<PathBuf>,
    ) -> Result<Self, SetupError> {
        Self::with_pause(settings, Arc::new(TokioPause), snapshot)
    }

    /// [`Self::new`], waiting between retries with `pause`.
    pub fn with_pause(
        settings: ContentfulSettings,
        pause: Arc<dyn Pause>,
        snapshot: Option<PathBuf>,
    ) -> Result<Self, SetupError> {
        let activity = Arc::new(Activity::default());
        Ok(SyncSource {
            client: Client::new(settings, pause).map_err(SetupError)?,
            snapshot,
            synced: tokio::sync::Mutex::new(None),
            status: Mutex::new(None),
            locale: Mutex::new(None),
            writes: Arc::new(Writes {
                activity: Arc::clone(&activity),
                ..Writes::default()
            }),
            shared: None,
            activity,
        })
    }

    /// Shares the snapshot with other replicas through `store`: a source that starts without
    /// a snapshot on disk starts from the one kept there, and every source offers its own
    /// after its first load and then at most every [`SHARE_EVERY`]. Needs a snapshot path
    /// (its file name is the key); without one, this does nothing.
    pub fn with_shared(mut self, store: Arc<dyn SharedSnapshots>) -> Self {
        let key = self
            .snapshot
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned());
        self.shared = key.map(|key| Shared {
            store,
            key,
            offered: Mutex::new(None),
            max_decoded: MAX_SHARED_SNAPSHOT_BYTES,
        });
        self
    }

    /// A snapshot taken from the shared store may decode to at most `bytes`
    /// ([`MAX_SHARED_SNAPSHOT_BYTES`] unless set); one that decodes to more is refused and
    /// the source syncs from the start. Call after [`SyncSource::with_shared`].
    pub fn with_shared_limit(mut self, bytes: u64) -> Self {
        if let Some(shared) = self.shared.as_mut() {
            shared.max_decoded = bytes;
        }
        self
    }

    /// What became of the snapshot's writes, offers and adoptions since start.
    pub fn activity(&self) -> SnapshotActivity {
        SnapshotActivity {
            sharing: self.shared.is_some(),
            ..*self.activity.lock()
        }
    }

    /// The offer to make with the next snapshot, when one is due.
    fn offer(&self) -> Option<Offer> {
        let shared = self.shared.as_ref()?;
        let mut offered = shared
            .offered
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if offered.is_some_and(|at| at.elapsed() < SHARE_EVERY) {
            return None;
        }
        *offered = Some(Instant::now());
        Some(Offer {
            store: Arc::clone(&shared.store),
            key: shared.key.clone(),
            runtime: tokio::runtime::Handle::current(),
            activity: Arc::clone(&self.activity),
        })
    }

    /// Takes the shared snapshot for `path` when there is none there (`refused` is `None`),
    /// or, with `refused`, when the one there holds that token, which Contentful refused, and
    /// the shared one holds another: a new replica, or one whose copy is too old, starts from
    /// what another one saved. It is read from memory and written to `path` in the background
    /// (a new replica does not wait for 300 MiB to reach the disk). `None` when none was
    /// taken; anything amiss is logged and counted, and the source syncs from the start as it
    /// would without it.
    async fn adopt_shared(&self, path: &Path, refused: Option<&str>) -> Option<snapshot::Saved> {
        let shared = self.shared.as_ref()?;
        if refused.is_none() && path.exists() {
            return None;
        }
        let taken = match shared.store.latest(&shared.key).await {
            Ok(None) => return None,
            Ok(Some(gzipped)) => gunzip(&gzipped, shared.max_decoded)
                .and_then(|bytes| snapshot::parse(bytes, "the shared content"))
                .map(|saved| (saved, gzipped.len())),
            Err(e) => Err(e.to_string()),
        };
        match taken {
            // The shared copy follows the refused token too: nothing to gain from it.
            Ok((saved, _)) if refused == Some(saved.token.as_str()) => None,
            Ok((saved, gzipped_bytes)) => {
                self.activity.record(|a| &mut a.adoptions, true);
                let why = match refused {
                    Some(_) => "contentful refused the saved sync token",
                    None => "no saved content on disk",
                };
                tracing::info!(
                    gzipped_bytes,
                    why,
                    "starting from the one the replicas share"
                );
                Arc::clone(&self.writes).install(path.to_path_buf(), Arc::clone(saved.whole()));
                Some(saved)
            }
            Err(e) => {
                self.activity.record(|a| &mut a.adoptions, false);
                tracing::warn!(error = %e, "the shared content could not be taken");
                None
            }
        }
    }

    /// The sync endpoint read from (no secret in it).
    pub fn location(&self) -> String {
        format!("{}/sync", self.client.settings().cda_url())
    }

    /// The snapshot file, if the source keeps one.
    pub fn snapshot(&self) -> Option<&Path> {
        self.snapshot.as_deref()
    }

    /// Returns once the snapshots of every load so far have been written (or failed to be):
    /// they are written in the background, after the content is handed over.
    pub async fn saved(&self) {
        while self.writes.pending() {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Which content the last successful load gave and when it was last confirmed current.
    pub fn status(&self) -> Option<CacheStatus> {
        self.status
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set_status(&self, version: &str, fetched_at: SystemTime, from_disk: bool) {
        *self.status.lock().unwrap_or_else(PoisonError::into_inner) = Some(CacheStatus {
            version: version.to_string(),
            fetched_at,
            from_disk,
        });
    }

    /// Every page of one sync: the initial one (`token` `None`) or the delta since `token`.
    async fn pages(&self, token: Option<&str>) -> Result<Delta, FetchError> {
        let mut items = Vec::new();
        let token = self.each_page(token, |page| items.extend(page)).await?;
        Ok(Delta { items, token })
    }

    /// Reads every page of one sync, handing each page's items to `each` as it arrives, and
    /// returns the token that follows the sync.
    async fn each_page(
        &self,
        token: Option<&str>,
        mut each: impl FnMut(Vec<Value>),
    ) -> Result<String, FetchError> {
        let size = PAGE_SIZE.to_string();
        let mut next = token.map(str::to_string);
        loop {
            let page = match &next {
                None => {
                    self.client
                        .cda("sync", &[("initial", "true"), ("limit", &size)])
                        .await?
                }
                Some(token) => self.client.cda("sync", &[("sync_token", token)]).await?,
            };
            let malformed = |reason: &str| FetchError::Malformed {
                url: self.location(),
                reason: reason.to_string(),
            };
            let Value::Object(mut page) = page else {
                return Err(malformed("a sync page that is not an object"));
            };
            match page.remove("items") {
                Some(Value::Array(page_items)) => each(page_items),
                _ => return Err(malformed("a sync page without items")),
            }
            let url = |key: &str| page.get(key).and_then(Value::as_str).map(str::to_string);
            if let Some(url) = url("nextPageUrl") {
                next = Some(
                    token_of(&url)
                        .ok_or_else(|| malformed("a nextPageUrl without a sync_token"))?,
                );
                continue;
            }
            let Some(url) = url("nextSyncUrl") else {
                return Err(malformed(
                    "a sync page with neither nextPageUrl nor nextSyncUrl",
                ));
            };
            return token_of(&url).ok_or_else(|| malformed("a nextSyncUrl without a sync_token"));
        }
    }

    /// The locales and the content types.
    async fn model(&self) -> Result<(Vec<Value>, Vec<Value>), FetchError> {
        let items = |mut v: Value| match v.get_mut("items").map(Value::take) {
            Some(Value::Array(items)) => Ok(items),
            _ => Err(FetchError::Malformed {
                url: self.client.settings().cda_url(),
                reason: "a list without items".into(),
            }),
        };
        // Both at once: the client keeps to its limit of requests in flight.
        let (locales, types) = tokio::join!(
            self.client.cda("locales", &[("limit", "1000")]),
            self.client.cda("content_types", &[("limit", "1000")]),
        );
        let locales = items(locales?)?;
        if locales.is_empty() {
            return Err(FetchError::Malformed {
                url: format!("{}/locales", self.client.settings().cda_url()),
                reason: "no locales".into(),
            });
        }
        Ok((locales, items(types?)?))
    }

    /// An initial sync into a new store.
    async fn initial(&self) -> Result<Synced, ContentLoadError> {
        let (locales, content_types) = self.model().await.map_err(load_error)?;
        let mut store = Store {
            locales,
            content_types,
            ..Store::default()
        };
        // Each page goes into the new store as it arrives (the store is served only once the
        // sync is whole): at most one page is held as parsed values, not the whole space.
        let mut items = 0;
        store.token = self
            .each_page(None, |page| {
                items += store.apply_items(page).changed;
            })
            .await
            .map_err(load_error)?;
        tracing::info!(
            entries = store.entries.len(),
            assets = store.assets.len(),
            items,
            "contentful: initial sync read"
        );
        Ok(Synced {
            store,
            version: String::new(),
            dirty: true,
            model_at: Instant::now(),
            kept: Kept::default(),
            rest: None,
            touched: Vec::new(),
            rebuilding: None,
        })
    }

    /// The first load of the process: the snapshot on disk and the delta since it, else an
    /// initial sync. The snapshot alone is served when Contentful cannot be reached. A token
    /// Contentful refuses is replaced by the replicas' shared snapshot when that follows
    /// another token (`share_again`, once), else the source syncs from the start.
    async fn start(
        &self,
        share_again: bool,
        adopted: Option<snapshot::Saved>,
    ) -> Result<(Synced, Option<ContentSet>), ContentLoadError> {
        let location = || {
            self.snapshot
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        };
        let mut early_rebuild = None;
        let saved = match &self.snapshot {
            Some(path) => {
                let adopted = match adopted {
                    Some(saved) => Some(saved),
                    None => self.adopt_shared(path, None).await,
                };
                // Content taken from the other replicas is older than a restart's own (it is
                // shared at most every ten minutes), so its delta is seldom empty and needs the
                // synced items: they are rebuilt alongside the set instead of after it.
                early_rebuild = adopted
                    .clone()
                    .map(|saved| tokio::task::spawn_blocking(move || saved.store()));
                let path = path.clone();
                let (at, read) = (
                    location(),
                    tokio::task::spawn_blocking(move || {
                        let saved = match adopted {
                            Some(saved) => saved,
                            None => match snapshot::read(&path)? {
                                Some(saved) => saved,
                                None => return Ok(None),
                            },
                        };
                        // The saved content is read into a set first, with both cores; the
                        // synced items are rebuilt from the same bytes after it (content taken
                        // from the other replicas: alongside it, above).
                        let set = load_bytes_as(saved.export(), None, saved.version.clone(), None)
                            .map(|loaded| loaded.set)
                            .map_err(|e| e.to_string());
                        Ok::<_, String>(Some((saved, set)))
                    }),
                );
                match read.await {
                    Ok(Ok(Some((saved, set)))) => Some((
                        saved,
                        set.map_err(|reason| ContentLoadError::Malformed {
                            location: at,
                            reason,
                        }),
                    )),
                    Ok(Ok(None)) => None,
                    Ok(Err(e)) => {
                        tracing::warn!(error = %e, "the saved content cannot be used; syncing from the start");
                        None
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "the saved content could not be read");
                        None
                    }
                }
            }
            None => None,
        };
        let Some((saved, from_disk)) = saved else {
            return Ok((self.initial().await?, None));
        };
        self.activity.found(saved.synced_at);
        let mut synced = Synced {
            store: Store {
                locales: saved.locales.clone(),
                token: saved.token.clone(),
                ..Store::default()
            },
            version: String::new(),
            dirty: false,
            model_at: Instant::now(),
            kept: Kept::default(),
            rest: None,
            touched: Vec::new(),
            rebuilding: None,
        };
        let synced_at = saved.synced_at;
        synced.rebuilding = Some(
            early_rebuild.unwrap_or_else(|| tokio::task::spawn_blocking(move || saved.store())),
        );
        match self.pages(Some(&synced.store.token.clone())).await {
            Ok(delta) => {
                if !delta.items.is_empty() && self.rebuilt(&mut synced).await? {
                    return Ok((synced, None));
                }
                let applied = synced.store.apply(delta);
                tracing::info!(
                    changed = applied.changed,
                    deleted = applied.deleted,
                    "contentful: the saved content read, with the delta since it"
                );
                if applied.any() {
                    synced.dirty = true;
                    // What the delta did not touch is taken from the saved content as it is.
                    if let Ok(set) = &from_disk {
                        synced.keep_all(set);
                        synced.forget(&applied);
                    }
                    // A changed model shows with the change; the saved one stays otherwise.
                    match self.model().await {
                        Ok((locales, types)) => {
                            if locales != synced.store.locales
                                || types != synced.store.content_types
                            {
                                synced.keep_nothing();
                            }
                            synced.store.locales = locales;
                            synced.store.content_types = types;
                        }
                        Err(e) => {
                            tracing::warn!(error = %e, "contentful: the content model could not be read again")
                        }
                    }
                    return Ok((synced, None));
                }
                let set = from_disk?;
                synced.version = set.version().to_string();
                synced.keep_all(&set);
                self.set_status(set.version(), SystemTime::now(), false);
                Ok((synced, Some(set)))
            }
            Err(e) if refused_token(&e) => {
                if share_again
                    && let Some(path) = &self.snapshot
                    && let Some(adopted) = self.adopt_shared(path, Some(&synced.store.token)).await
                {
                    tracing::warn!(error = %e, "contentful refused the saved sync token; starting again from the shared content");
                    return Box::pin(self.start(false, Some(adopted))).await;
                }
                tracing::warn!(error = %e, "contentful refused the saved sync token; syncing from the start");
                Ok((self.initial().await?, None))
            }
            Err(e) => {
                let error = load_error(e);
                if !matches!(
                    error,
                    ContentLoadError::Unreachable { .. } | ContentLoadError::Malformed { .. }
                ) {
                    return Err(error);
                }
                let set = from_disk?;
                tracing::warn!(
                    error = %error,
                    version = set.version(),
                    "contentful unavailable at start-up; serving the last good content from disk"
                );
                synced.version = set.version().to_string();
                synced.keep_all(&set);
                self.set_status(set.version(), synced_at, true);
                Ok((synced, Some(set)))
            }
        }
    }

    /// Reads a content set from the synced items and saves them with their token.
    async fn build(&self, synced: &mut Synced) -> Result<ContentSet, ContentLoadError> {
        self.rebuilt(synced).await?;
        let kept = std::mem::take(&mut synced.kept);
        let rest = synced.rest.take();
        let bytes = match rest {
            // Only the posts and case studies to read again.
            Some(_) => synced.store.export_bytes_of(
                |id, item| !kept.holds(id) && item.content_type().is_some_and(Kept::keeps),
                false,
            ),
            None => synced.store.export_bytes_of(|id, _| !kept.holds(id), true),
        };
        let version = synced.store.version();
        // Without a rest, the export read is whole but for the kept entries; with one, it holds
        // only posts and case studies and must be read with what it leaves out.
        let reuse = (rest.is_some() || !kept.posts.is_empty() || !kept.case_studies.is_empty())
            .then(|| Reuse {
                kept,
                order: synced.store.entries.ids(),
                rest,
            });
        // The snapshot holds every entry in full; it is written from a copy of the store that
        // shares its items.
        let store = self.snapshot.is_some().then(|| synced.store.clone());
        let snapshot = self.snapshot.clone();
        let location = self.location();
        let now = SystemTime::now();
        let writes = Arc::clone(&self.writes);
        let offer = store.as_ref().and_then(|_| self.offer());
        let (set, reuse) = tokio::task::spawn_blocking(move || {
            let loaded = load_bytes_as(&bytes, None, version, reuse.as_ref()).map_err(|e| {
                ContentLoadError::Malformed {
                    location,
                    reason: e.to_string(),
                }
            })?;
            for problem in loaded
                .problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
            {
                tracing::warn!(%problem, "content problem; the entry or field is left out");
            }
            if let (Some(path), Some(store)) = (snapshot, store) {
                // Saved after the set is handed over: the disk is not in the way of a publish.
                writes.save(path, store, now, offer);
            }
            Ok::<_, ContentLoadError>((loaded.set, reuse))
        })
        .await
        .map_err(|e| ContentLoadError::Malformed {
            location: self.location(),
            reason: format!("reading the synced content failed: {e}"),
        })??;
        synced.version = set.version().to_string();
        synced.dirty = false;
        let touched = std::mem::take(&mut synced.touched);
        match reuse {
            // Nothing but posts and case studies changed: the kept ones, with those just read,
            // and the same rest serve the next delta.
            Some(Reuse {
                mut kept,
                rest: Some(rest),
                ..
            }) => {
                for id in touched {
                    match set.entry(&id) {
                        Some(EntryRef::Post(i)) => {
                            kept.posts.insert(id, Arc::clone(&set.posts()[i]));
                        }
                        Some(EntryRef::CaseStudy(i)) => {
                            kept.case_studies
                                .insert(id, Arc::clone(&set.case_studies()[i]));
                        }
                        _ => {}
                    }
                }
                synced.kept = kept;
                synced.rest = Some(rest);
            }
            _ => {
                synced.keep_all(&set);
            }
        }
        self.set_status(set.version(), now, false);
        Ok(set)
    }

    /// Waits for the synced items being rebuilt from the snapshot, if they still are. Items
    /// that cannot be rebuilt (the reader took the same bytes, so only a fault does this) are
    /// synced from the start; the content being served stays until that sync has completed.
    /// True when that happened: a delta asked for before it is older than the new items.
    async fn rebuilt(&self, synced: &mut Synced) -> Result<bool, ContentLoadError> {
        let Some(rebuilding) = synced.rebuilding.take() else {
            return Ok(false);
        };
        match rebuilding.await {
            Ok(Ok(mut store)) => {
                // The token may have moved on with empty deltas since the snapshot.
                store.token = std::mem::take(&mut synced.store.token);
                synced.store = store;
                return Ok(false);
            }
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "the saved content cannot be used; syncing from the start");
                *synced = self.initial().await?;
            }
            Err(e) => {
                tracing::warn!(error = %e, "the saved content could not be read");
                *synced = self.initial().await?;
            }
        }
        Ok(true)
    }

    /// The delta since the last sync applied, and the model read again when due.
    async fn follow(&self, synced: &mut Synced) -> Result<(), ContentLoadError> {
        let delta = match self.pages(Some(&synced.store.token.clone())).await {
            Ok(delta) => delta,
            Err(e) if refused_token(&e) => {
                tracing::warn!(error = %e, "contentful refused the sync token; syncing from the start");
                // The served content stays until the new sync has been read in full.
                *synced = self.initial().await?;
                return Ok(());
            }
            Err(e) => return Err(load_error(e)),
        };
        if self.rebuilt(synced).await? {
            return Ok(());
        }
        let applied = synced.store.apply(delta);
        synced.forget(&applied);
        if applied.any() {
            synced.dirty = true;
            tracing::info!(
                changed = applied.changed,
                deleted = applied.deleted,
                "contentful: delta applied"
            );
        }
        if applied.any() || synced.model_at.elapsed() >= MODEL_EVERY {
            let (locales, types) = self.model().await.map_err(load_error)?;
            if locales != synced.store.locales || types != synced.store.content_types {
                synced.store.locales = locales;
                synced.store.content_types = types;
                synced.dirty = true;
                // Fields are read by the model's locales: every entry is read again.
                synced.keep_nothing();
            }
            synced.model_at = Instant::now();
        }
        Ok(())
    }
}

/// The most bytes a shared snapshot may decode to: about three times the 361 MiB export of a
/// space of 100,000 posts. A row that decodes to more (a gzip bomb: kilobytes in the database
/// that inflate to gigabytes) is refused as soon as it passes the cap, before it can exhaust a
/// new replica's memory and crash it again on every restart; the replica syncs from the start
/// instead, and the refusal is logged and shown by `/readyz` (`snapshot.takeFailed`).
pub const MAX_SHARED_SNAPSHOT_BYTES: u64 = 1 << 30;

/// The snapshot in `gzipped`, as [`Offer::make`] shares it, decoded up to `limit` bytes.
fn gunzip(gzipped: &[u8], limit: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(gzipped)
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("the shared content is not a gzipped snapshot: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "the shared content decodes to more than {limit} bytes ({} gzipped); refused",
            gzipped.len()
        ));
    }
    Ok(bytes)
}

/// Whether Contentful refused a sync token (expired, or from another space): it answers
/// 400, or 404 for a token it no longer knows; the cure is an initial sync.
fn refused_token(e: &FetchError) -> bool {
    match e {
        FetchError::NotFound { .. } => true,
        FetchError::Malformed { reason, .. } => ["HTTP 400", "HTTP 404", "HTTP 410", "HTTP 422"]
            .iter()
            .any(|s| reason.starts_with(s)),
        _ => false,
    }
}

#[async_trait]
impl ContentSource for SyncSource {
    /// Errors: [`ContentLoadError::Unauthorised`] for HTTP 401/403,
    /// [`ContentLoadError::NotFound`] for an unknown space or environment,
    /// [`ContentLoadError::Unreachable`] when retries and rate-limit waits ran out (at start-up
    /// only without a snapshot on disk), [`ContentLoadError::Malformed`] for an answer that
    /// cannot be read.
    async fn load(&self) -> Result<ContentSet, ContentLoadError> {
        self.load_changed("")
            .await?
            .ok_or_else(|| ContentLoadError::Malformed {
                location: self.location(),
                reason: "no content was read".into(),
            })
    }

    /// One request when nothing changed; a new set only when something did. Errors: those of
    /// [`Self::load`]; after a failure the served set stays and the next call tries again.
    async fn settled(&self) {
        self.saved().await;
    }

    async fn load_changed(&self, served: &str) -> Result<Option<ContentSet>, ContentLoadError> {
        let mut guard = self.synced.lock().await;
        let changed = self.sync(&mut guard, served).await;
        if let Some(synced) = guard.as_ref() {
            *self.locale.lock().unwrap_or_else(PoisonError::into_inner) =
                default_locale(&synced.store.locales);
        }
        changed
    }

    fn locale(&self) -> Option<String> {
        self.locale
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn catch_up(&self) -> &'static [Duration] {
        &CATCH_UP
    }
}

/// The code of the default locale (else the first).
fn default_locale(locales: &[Value]) -> Option<String> {
    locales
        .iter()
        .find(|l| l.get("default").and_then(Value::as_bool) == Some(true))
        .or(locales.first())
        .and_then(|l| l.get("code"))
        .and_then(Value::as_str)
        .map(str::to_string)
}

impl SyncSource {
    /// [`ContentSource::load_changed`] with the synced space locked.
    async fn sync(
        &self,
        guard: &mut Option<Synced>,
        served: &str,
    ) -> Result<Option<ContentSet>, ContentLoadError> {
        let synced = match guard.as_mut() {
            Some(synced) => {
                self.follow(synced).await?;
                synced
            }
            None => {
                let (synced, set) = self.start(true, None).await?;
                let synced = guard.insert(synced);
                if let Some(set) = set {
                    return Ok((set.version() != served).then_some(set));
                }
                synced
            }
        };
        if !synced.dirty && synced.version == served {
            self.set_status(&synced.version, SystemTime::now(), false);
            return Ok(None);
        }
        let set = self.build(synced).await?;
        tracing::info!(source = %self.location(), version = set.version(), "content synced from contentful");
        Ok((set.version() != served).then_some(set))
    }
}

#[cfg(test)]
mod gunzip_tests {
    use super::*;
    use std::io::Write;

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(bytes).unwrap();
        gz.finish().unwrap()
    }

    #[test]
    fn a_snapshot_decoding_past_the_cap_is_refused_naming_it_and_one_within_it_is_read() {
        let bomb = gzip(&vec![0u8; 4 << 20]);
        assert!(bomb.len() < 64 << 10, "{} bytes", bomb.len());
        let error = gunzip(&bomb, 1 << 20).unwrap_err();
        assert_eq!(
            error,
            format!(
                "the shared content decodes to more than 1048576 bytes ({} gzipped); refused",
                bomb.len()
            )
        );
        assert_eq!(gunzip(&bomb, 4 << 20).unwrap().len(), 4 << 20);
        assert!(gunzip(b"not gzip", 1 << 20).is_err());
    }
}
