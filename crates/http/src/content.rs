//! The content being served, behind an atomic swap, and its reload from a [`ContentSource`].
//!
//! Each loaded content set is a [`Generation`] that also owns the caches built from it (rendered
//! pages, the sitemap, the feed). Swapping in a new set drops the old one's sitemap and feed,
//! and hands its pages to the new one as candidates: a page asked for there is composed again,
//! and when its answer is the same as before, the old entry is taken over with its compressed
//! forms, its server-rendered copy and its ETags (see [`Generation::earlier`]). A publish thus
//! costs a compose per page asked for, and a render only for the pages it changed.
//!
//! Layer: the content store, its reloads, their replay guard and freshness. It may use
//! [`crate::cache`] and [`crate::metrics`], never the handlers or the state.

pub mod freshness;
pub mod reload;
pub(crate) mod replay;

use crate::cache::{PageCache, PageEntry};
use arc_swap::ArcSwap;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::SystemTime;
use supplysite_core::content::ContentSet;
use supplysite_core::ports::{ContentLoadError, ContentSource, SearchIndex, SearchSnapshot};
use supplysite_core::redirects::{ExternalTargets, Problem, Redirects};

/// The build of the search index after start, while it runs: content swapped in meanwhile
/// waits here for it (the index takes one content set at a time, and a build from nothing takes
/// half a minute at 100,000 posts), so a reload swaps its content in at once instead of waiting
/// for the build.
#[derive(Default)]
struct Deferred {
    /// Whether the build, or the catching up after it, still runs.
    running: bool,
    /// The newest generation swapped in while it runs: brought into the index next.
    next: Option<Arc<Generation>>,
}

/// Brings `index` to `generation`'s content on a thread of its own, then makes the generation
/// answer searches from it; then does the same for the newest generation swapped in meanwhile
/// (`deferred`), until none is waiting. A failure is logged and counted as one at start would
/// be.
fn build_in_background(
    generation: Arc<Generation>,
    index: Arc<dyn SearchIndex>,
    failures: Arc<AtomicU64>,
    deferred: Arc<Mutex<Deferred>>,
) {
    let version = generation.version().to_string();
    tracing::info!(
        version = %version,
        "the search index is being built after start: search answers 503 until it is ready; the pages are served"
    );
    deferred
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .running = true;
    let waiting = Arc::clone(&deferred);
    let spawned = std::thread::Builder::new()
        .name("search-index".into())
        .spawn(move || {
            let started = std::time::Instant::now();
            let search = search_snapshot(&generation.set, Some(index.as_ref()), &failures);
            if let Search::Ready(snapshot) = &search {
                tracing::info!(
                    elapsed_ms = started.elapsed().as_millis() as u64,
                    documents = snapshot.documents(),
                    version = %version,
                    "search index built: search answers"
                );
            }
            generation.search.store(Arc::new(search));
            loop {
                let next = {
                    let mut deferred = waiting.lock().unwrap_or_else(PoisonError::into_inner);
                    let next = deferred.next.take();
                    deferred.running = next.is_some();
                    next
                };
                let Some(next) = next else { break };
                let search = search_snapshot(&next.set, Some(index.as_ref()), &failures);
                next.search.store(Arc::new(search));
            }
        });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "cannot start the search index's build: search answers 503");
        let mut deferred = deferred.lock().unwrap_or_else(PoisonError::into_inner);
        deferred.running = false;
        deferred.next = None;
    }
}

/// One loaded content set and what has been built from it so far.
pub struct Generation {
    /// The content set.
    pub set: ContentSet,
    /// When it was loaded, by the server's clock.
    pub loaded_at: SystemTime,
    pub(crate) pages: PageCache,
    pub(crate) not_found: OnceLock<Arc<PageEntry>>,
    pub(crate) sitemap: tokio::sync::OnceCell<crate::cache::generated::SitemapFiles>,
    pub(crate) feed: OnceLock<crate::cache::generated::FeedFile>,
    /// The editors' redirects this content serves.
    pub(crate) redirects: Redirects,
    /// The public search index as of this content: brought to it before the generation is
    /// served, or, for the first content of a server whose index must be built from nothing,
    /// once it is (see [`ContentStore::with_options`]). A snapshot: the generations after this
    /// one never change its answers.
    search: ArcSwap<Search>,
    /// The pages of the generations before, by key: each is taken (or dropped) when its key
    /// is first asked for here. With the pages cached here they stay within the page budget.
    earlier: Mutex<Earlier>,
}

/// The search index of one generation.
#[derive(Clone)]
pub enum Search {
    /// The index as of the generation's content.
    Ready(Arc<dyn SearchSnapshot>),
    /// The index is being built for the generation's content, after the server became ready
    /// (a large archive without a kept index): search answers 503 until it is.
    Building,
    /// The index could not take the generation's content: search answers 503, the pages are
    /// served. The next content set is tried again.
    Failed,
    /// The server has no search index.
    Off,
}

impl Search {
    /// The snapshot, when there is one.
    pub fn snapshot(&self) -> Option<&Arc<dyn SearchSnapshot>> {
        match self {
            Search::Ready(snapshot) => Some(snapshot),
            Search::Building | Search::Failed | Search::Off => None,
        }
    }
}

/// `index` brought to `set` (a delta costs what it changed); a failure is logged and counted.
fn search_snapshot(
    set: &ContentSet,
    index: Option<&dyn SearchIndex>,
    failures: &AtomicU64,
) -> Search {
    let Some(index) = index else {
        return Search::Off;
    };
    let started = std::time::Instant::now();
    match index.index(set) {
        Ok(snapshot) => {
            tracing::debug!(
                elapsed_ms = started.elapsed().as_millis() as u64,
                documents = snapshot.documents(),
                version = set.version(),
                "search index ready"
            );
            Search::Ready(snapshot)
        }
        Err(e) => {
            failures.fetch_add(1, Ordering::Relaxed);
            // The index's words name the content version and its own failure, no secret.
            tracing::error!(
                error = %e,
                version = set.version(),
                "the search index could not take this content: search answers 503 until a later content set is indexed"
            );
            Search::Failed
        }
    }
}

impl Generation {
    fn new(
        set: ContentSet,
        page_budget: usize,
        before: Option<&Generation>,
        targets: &ExternalTargets,
        search: (Option<&dyn SearchIndex>, &AtomicU64),
        deferred: bool,
    ) -> Self {
        let redirects = Redirects::with_targets(&set, targets);
        // Logged once per content version: a generation is made once for each.
        for problem in redirects.problems() {
            match problem {
                Problem::Loop { id, paths } => tracing::error!(
                    entry = %id,
                    version = set.version(),
                    "redirect loop {}: the path answers 404",
                    paths.join(" -> ")
                ),
                Problem::UnlistedHost { id, from, host, .. } => tracing::error!(
                    entry = %id,
                    version = set.version(),
                    "redirect from {from} goes to {host}, which SUPPLYSITE_REDIRECT_HOSTS does not list: the path answers 404"
                ),
                _ => {}
            }
        }
        let search = match search.0 {
            Some(_) if deferred => Search::Building,
            index => search_snapshot(&set, index, search.1),
        };
        Generation {
            redirects,
            search: ArcSwap::from_pointee(search),
            set,
            loaded_at: SystemTime::now(),
            pages: PageCache::with_budget(page_budget),
            not_found: OnceLock::new(),
            sitemap: tokio::sync::OnceCell::new(),
            feed: OnceLock::new(),
            earlier: Mutex::new(before.map(|b| b.handed_on(page_budget)).unwrap_or_default()),
        }
    }

    /// The pages this generation hands to the next: those it cached, most recently used
    /// first, then those it was handed and nobody asked for, up to `budget` bytes.
    fn handed_on(&self, budget: usize) -> Earlier {
        let mut handed = Earlier::default();
        let earlier = self.earlier.lock().unwrap_or_else(PoisonError::into_inner);
        let unclaimed = earlier
            .pages
            .iter()
            .map(|(k, e)| (k.clone(), Arc::clone(e)));
        for (key, entry) in self.pages.entries().into_iter().chain(unclaimed) {
            let size = entry.footprint();
            if handed.bytes + size > budget {
                break;
            }
            if let std::collections::hash_map::Entry::Vacant(slot) = handed.pages.entry(key) {
                slot.insert(entry);
                handed.bytes += size;
            }
        }
        handed
    }

    /// The page the generations before cached under `key`, for this generation, if its
    /// answer there was `api_json` with `status`. The earlier page is let go either way.
    pub(crate) fn earlier(
        &self,
        key: &str,
        status: axum::http::StatusCode,
        api_json: &[u8],
    ) -> Option<PageEntry> {
        let mut earlier = self.earlier.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = earlier.pages.remove(key)?;
        earlier.bytes = earlier.bytes.saturating_sub(entry.footprint());
        (entry.status == status && entry.api_json == api_json).then(|| entry.carry())
    }

    /// Lets go of earlier pages until they and the pages cached here fit the page budget: the
    /// pages of this generation come first.
    pub(crate) fn fit_earlier(&self) {
        let used = self.pages.used();
        let mut earlier = self.earlier.lock().unwrap_or_else(PoisonError::into_inner);
        while used + earlier.bytes > self.pages.budget() {
            let Some(key) = earlier.pages.keys().next().cloned() else {
                earlier.bytes = 0;
                break;
            };
            if let Some(entry) = earlier.pages.remove(&key) {
                earlier.bytes = earlier.bytes.saturating_sub(entry.footprint());
            }
        }
    }

    /// The search index of this content.
    pub fn search(&self) -> Arc<Search> {
        self.search.load_full()
    }

    /// The content version, part of every ETag.
    pub fn version(&self) -> &str {
        self.set.version()
    }

    /// The pages cached for this generation.
    pub fn pages(&self) -> &PageCache {
        &self.pages
    }
}

/// Pages of the generations before a new one, and the bytes they hold.
#[derive(Default)]
struct Earlier {
    pages: HashMap<String, Arc<PageEntry>>,
    bytes: usize,
}

/// What is told of each content set the store serves.
pub type LoadObserver = Box<dyn Fn(&ContentSet) + Send + Sync>;

/// The content being served. Readers never wait for a reload.
pub struct ContentStore {
    current: ArcSwap<Generation>,
    /// Told of every content set served from now on (see [`ContentStore::on_load`]).
    on_load: OnceLock<LoadObserver>,
    reloading: tokio::sync::Mutex<()>,
    /// The bytes of rendered pages each generation keeps.
    page_budget: usize,
    /// The hosts the editors' redirects may go to.
    targets: ExternalTargets,
    /// Reloads since start: a new version swapped in, the same version found, failed.
    reloads: [AtomicU64; 3],
    /// The public search index each generation is brought to, when the server has one.
    search: Option<Arc<dyn SearchIndex>>,
    /// Content sets the search index could not take, since start.
    search_failures: Arc<AtomicU64>,
    /// The search index's build after start, while it runs.
    deferred: Arc<Mutex<Deferred>>,
}

impl ContentStore {
    /// `set` served with the default page cache budget.
    pub fn new(set: ContentSet) -> Self {
        Self::with_page_budget(set, crate::cache::DEFAULT_BUDGET)
    }

    /// `set` served with at most `page_budget` bytes of rendered pages kept per generation
    /// (while a reload swaps generations, the old one's pages live until its last request
    /// ends).
    pub fn with_page_budget(set: ContentSet, page_budget: usize) -> Self {
        Self::with_options(set, page_budget, ExternalTargets::Any, None, false)
    }

    /// `set` served with the default page cache budget and each generation brought into
    /// `search`.
    pub fn with_search(set: ContentSet, search: Arc<dyn SearchIndex>) -> Self {
        Self::with_options(
            set,
            crate::cache::DEFAULT_BUDGET,
            ExternalTargets::Any,
            Some(search),
            false,
        )
    }

    /// [`ContentStore::with_page_budget`] with the editors' redirects held to `targets`, and
    /// each generation brought into `search` when there is one.
    ///
    /// With `build_later`, the first content is served at once and `search` is brought to it
    /// on a thread of its own (search answers 503 until then; `/readyz` says `building`): for
    /// an index that must be built from nothing for a large archive, which takes longer than
    /// a server may take to become ready. Content swapped in meanwhile is served at once, its
    /// search answering 503 too, and the newest of it is brought into the index once that
    /// build is done (the index takes one content set at a time).
    pub fn with_options(
        set: ContentSet,
        page_budget: usize,
        targets: ExternalTargets,
        search: Option<Arc<dyn SearchIndex>>,
        build_later: bool,
    ) -> Self {
        let search_failures = Arc::new(AtomicU64::new(0));
        let deferred = build_later && search.is_some();
        let first = Arc::new(Generation::new(
            set,
            page_budget,
            None,
            &targets,
            (search.as_deref(), &search_failures),
            deferred,
        ));
        let building = Arc::new(Mutex::new(Deferred::default()));
        if deferred && let Some(index) = search.clone() {
            build_in_background(
                Arc::clone(&first),
                index,
                Arc::clone(&search_failures),
                Arc::clone(&building),
            );
        }
        ContentStore {
            current: ArcSwap::new(first),
            on_load: OnceLock::new(),
            reloading: tokio::sync::Mutex::new(()),
            page_budget,
            targets,
            reloads: Default::default(),
            search,
            search_failures,
            deferred: building,
        }
    }

    /// Content sets the search index could not take since start.
    pub fn search_failures(&self) -> u64 {
        self.search_failures.load(Ordering::Relaxed)
    }

    /// The generation being served now.
    pub fn current(&self) -> Arc<Generation> {
        self.current.load_full()
    }

    /// Serves `set` from now on. While the search index is being built after start, `set` is
    /// served at once and brought into the index after the build (see
    /// [`ContentStore::with_options`]).
    pub fn replace(&self, set: ContentSet) {
        let before = self.current();
        // Held until the generation is made, so the build's thread either is still running
        // when it looks for a waiting generation, or has ended and this one is indexed here.
        let mut deferred = self.deferred.lock().unwrap_or_else(PoisonError::into_inner);
        let generation = Arc::new(Generation::new(
            set,
            self.page_budget,
            Some(&before),
            &self.targets,
            (self.search.as_deref(), &self.search_failures),
            deferred.running,
        ));
        if deferred.running {
            deferred.next = Some(Arc::clone(&generation));
        }
        drop(deferred);
        self.current.store(generation);
        if let Some(observer) = self.on_load.get() {
            observer(&self.current().set);
        }
    }

    /// Calls `observer` with the content served now and with every set swapped in later (it
    /// must return quickly: it runs on the reload's task). A second observer is ignored.
    pub fn on_load(&self, observer: LoadObserver) {
        if self.on_load.set(observer).is_ok()
            && let Some(observer) = self.on_load.get()
        {
            observer(&self.current().set);
        }
    }

    /// Loads new content from `source` and serves it. One reload runs at a time; a failed
    /// reload leaves the current content in place and returns the source's error. Content of
    /// the version already served is not swapped in, so a poll that finds nothing new keeps
    /// the rendered pages cached with the current generation.
    pub async fn reload(
        &self,
        source: &dyn ContentSource,
    ) -> Result<ReloadOutcome, ContentLoadError> {
        let _one_at_a_time = self.reloading.lock().await;
        let previous = self.current().version().to_string();
        let set = match source.load_changed(&previous).await {
            Ok(set) => set,
            Err(e) => {
                self.reloads[2].fetch_add(1, Ordering::Relaxed);
                return Err(e);
            }
        };
        let (version, changed) = match set {
            Some(set) if set.version() != previous => {
                let version = set.version().to_string();
                self.replace(set);
                (version, true)
            }
            _ => (previous.clone(), false),
        };
        self.reloads[usize::from(!changed)].fetch_add(1, Ordering::Relaxed);
        Ok(ReloadOutcome { previous, version })
    }

    /// Reloads since start, by outcome.
    pub fn reload_counts(&self) -> crate::metrics::ReloadCounts {
        let read = |n: usize| self.reloads[n].load(Ordering::Relaxed);
        crate::metrics::ReloadCounts {
            changed: read(0),
            unchanged: read(1),
            failed: read(2),
        }
    }
}

/// The versions before and after a reload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReloadOutcome {
    /// The content version served before the reload.
    pub previous: String,
    /// The content version served after it.
    pub version: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use supplysite_core::content::ContentParts;
    use supplysite_core::ports::fakes::FakeContentSource;

    fn set(version: &str) -> ContentSet {
        ContentSet::new(ContentParts::default(), version)
    }

    fn page(bytes: usize) -> Arc<PageEntry> {
        Arc::new(PageEntry::new(
            axum::http::StatusCode::OK,
            "",
            bytes::Bytes::from(vec![b'x'; bytes]),
            axum::http::HeaderValue::from_static("W/\"h\""),
            axum::http::HeaderValue::from_static("W/\"a\""),
        ))
    }

    #[test]
    fn pages_handed_to_a_new_generation_and_those_it_caches_keep_within_the_page_budget() {
        let size = page(10_000).footprint();
        let store = ContentStore::with_page_budget(set("v1"), 3 * size);
        for key in ["/a", "/b"] {
            store.current().pages.insert(key, page(10_000));
        }
        store.replace(set("v2"));
        let now = store.current();
        let held = |g: &Generation| g.pages.used() + g.earlier.lock().unwrap().bytes;
        assert_eq!(held(&now), 2 * size, "both handed on");
        now.pages.insert("/c", page(10_000));
        now.fit_earlier();
        assert_eq!(held(&now), 3 * size);
        now.pages.insert("/d", page(10_000));
        now.fit_earlier();
        assert_eq!(held(&now), 3 * size, "one earlier page let go");
        assert_eq!(now.earlier.lock().unwrap().pages.len(), 1);
        // A page taken over leaves the earlier pages, whatever its answer.
        let key = now
            .earlier
            .lock()
            .unwrap()
            .pages
            .keys()
            .next()
            .cloned()
            .unwrap();
        let same = vec![b'x'; 10_000];
        assert!(
            now.earlier(&key, axum::http::StatusCode::OK, &same)
                .is_some()
        );
        assert!(
            now.earlier(&key, axum::http::StatusCode::OK, &same)
                .is_none()
        );
        assert_eq!(now.earlier.lock().unwrap().bytes, 0);
    }

    #[tokio::test]
    async fn a_reload_of_the_same_version_keeps_the_current_generation() {
        let store = ContentStore::new(set("v1"));
        let before = store.current();
        store
            .reload(&FakeContentSource::new(set("v1")))
            .await
            .unwrap();
        assert!(Arc::ptr_eq(&before, &store.current()));
    }

    /// A source that can tell nothing changed without building a set.
    struct Unchanged;

    #[async_trait::async_trait]
    impl ContentSource for Unchanged {
        async fn load(&self) -> Result<ContentSet, ContentLoadError> {
            panic!("a reload asks only whether the content changed")
        }

        async fn load_changed(
            &self,
            _served: &str,
        ) -> Result<Option<ContentSet>, ContentLoadError> {
            Ok(None)
        }
    }

    #[tokio::test]
    async fn a_source_that_finds_nothing_changed_keeps_the_generation_and_counts_unchanged() {
        let store = ContentStore::new(set("v1"));
        let before = store.current();
        let outcome = store.reload(&Unchanged).await.unwrap();
        assert_eq!(outcome.version, "v1");
        assert!(Arc::ptr_eq(&before, &store.current()));
        assert_eq!(store.reload_counts().unchanged, 1);
    }

    #[tokio::test]
    async fn a_reload_swaps_in_the_new_version() {
        let store = ContentStore::new(set("v1"));
        let outcome = store
            .reload(&FakeContentSource::new(set("v2")))
            .await
            .unwrap();
        assert_eq!(
            outcome,
            ReloadOutcome {
                previous: "v1".into(),
                version: "v2".into()
            }
        );
        assert_eq!(store.current().version(), "v2");
    }

    /// An index whose first content waits until it is let go (a build from nothing at a large
    /// archive); it records the versions it took, in order.
    #[derive(Default)]
    struct SlowFirstBuild {
        open: Mutex<bool>,
        opened: std::sync::Condvar,
        taken: Mutex<Vec<String>>,
    }

    struct Taken(usize);

    impl SearchSnapshot for Taken {
        fn search(
            &self,
            request: &supplysite_core::search::SearchRequest,
        ) -> Result<supplysite_core::search::SearchAnswer, supplysite_core::ports::SearchIndexError>
        {
            Ok(supplysite_core::search::SearchAnswer::empty(request))
        }

        fn documents(&self) -> usize {
            self.0
        }

        fn written(&self) -> usize {
            0
        }
    }

    impl SearchIndex for SlowFirstBuild {
        fn index(
            &self,
            set: &ContentSet,
        ) -> Result<Arc<dyn SearchSnapshot>, supplysite_core::ports::SearchIndexError> {
            let mut open = self.open.lock().unwrap();
            while !*open {
                open = self.opened.wait(open).unwrap();
            }
            drop(open);
            let mut taken = self.taken.lock().unwrap();
            taken.push(set.version().to_string());
            Ok(Arc::new(Taken(taken.len())))
        }
    }

    #[test]
    fn content_swapped_in_while_the_index_is_built_after_start_is_served_at_once_and_indexed_after()
    {
        let index = Arc::new(SlowFirstBuild::default());
        let store = Arc::new(ContentStore::with_options(
            set("v1"),
            crate::cache::DEFAULT_BUDGET,
            ExternalTargets::Any,
            Some(index.clone() as Arc<dyn SearchIndex>),
            true,
        ));
        // Two publishes while the first build runs: each is served at once (the reload does
        // not wait for the build), its search building too.
        for version in ["v2", "v3"] {
            let (done, swapped) = std::sync::mpsc::channel();
            let replacing = Arc::clone(&store);
            std::thread::spawn(move || {
                replacing.replace(set(version));
                let _ = done.send(());
            });
            swapped
                .recv_timeout(std::time::Duration::from_secs(10))
                .expect("the reload swapped its content in without waiting for the build");
            assert_eq!(store.current().version(), version);
            assert!(matches!(*store.current().search(), Search::Building));
        }
        *index.open.lock().unwrap() = true;
        index.opened.notify_all();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !matches!(*store.current().search(), Search::Ready(_))
            || store.deferred.lock().unwrap().running
        {
            assert!(std::time::Instant::now() < deadline, "never indexed");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // The first content, then the newest swapped in meanwhile (v2 was never served once
        // the build ended, so it is skipped).
        assert_eq!(*index.taken.lock().unwrap(), ["v1", "v3"]);
        // After the build, a publish is indexed as it is swapped in.
        store.replace(set("v4"));
        assert!(matches!(*store.current().search(), Search::Ready(_)));
        assert_eq!(*index.taken.lock().unwrap(), ["v1", "v3", "v4"]);
    }

    #[tokio::test]
    async fn a_failed_reload_keeps_the_current_content_and_says_why() {
        let store = ContentStore::new(set("v1"));
        let source = FakeContentSource::failing(ContentLoadError::Malformed {
            location: "content/demo/export.json".into(),
            reason: "not JSON".into(),
        });
        let err = store.reload(&source).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            "content from content/demo/export.json is malformed: not JSON"
        );
        assert_eq!(store.current().version(), "v1");
    }
}
