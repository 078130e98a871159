//! Content reloads asked for by webhooks: run in the background, one at a time, so the
//! webhook is answered at once however slow the content source is, and a reload outlives the
//! request that asked for it.
//!
//! Asking while a reload runs marks one more reload to follow it; asking again while that mark
//! is set changes nothing. A burst of webhooks during a reload therefore costs exactly one
//! more reload, which reads whatever the burst changed. A reload that finds nothing new is
//! tried again shortly, as the source asks ([`ContentSource::catch_up`]): a webhook may arrive
//! before the source's delivery network has the publish.

use crate::content::ContentStore;
use std::sync::{Arc, Mutex};
use supplysite_core::ports::ContentSource;

/// What asking for a reload did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// No reload was running: one started.
    Started,
    /// A reload was running: one more will run after it.
    Queued,
    /// A reload was running and one more was already due after it.
    AlreadyQueued,
}

impl Asked {
    /// How the webhook's answer names it.
    pub fn as_str(self) -> &'static str {
        match self {
            Asked::Started => "started",
            Asked::Queued | Asked::AlreadyQueued => "queued",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum Phase {
    #[default]
    Idle,
    Running,
    RunningThenAgain,
}

/// Something that holds the content store a reload swaps into (the app's state, or a bare
/// store in tests).
pub trait HoldsContent: Send + Sync + 'static {
    /// The store a reload swaps the new content into.
    fn content_store(&self) -> &ContentStore;
}

impl HoldsContent for Arc<ContentStore> {
    fn content_store(&self) -> &ContentStore {
        self
    }
}

impl HoldsContent for crate::AppState {
    fn content_store(&self) -> &ContentStore {
        self.content()
    }
}

/// The single-flight state of reloads.
#[derive(Default)]
pub struct Reloads {
    phase: Arc<Mutex<Phase>>,
}

impl Reloads {
    /// Reloads `store` from `source` in the background (on `runtime`, else on the current
    /// runtime), or marks one more reload to follow the one running.
    pub fn ask(
        &self,
        store: impl HoldsContent,
        source: Arc<dyn ContentSource>,
        runtime: Option<&tokio::runtime::Handle>,
    ) -> Asked {
        let mut phase = lock(&self.phase);
        match *phase {
            Phase::Idle => {
                *phase = Phase::Running;
                drop(phase);
                let running = Running(Arc::clone(&self.phase));
                let reload = run(running, store, source);
                match runtime {
                    Some(runtime) => drop(runtime.spawn(reload)),
                    None => drop(tokio::spawn(reload)),
                }
                Asked::Started
            }
            Phase::Running => {
                *phase = Phase::RunningThenAgain;
                Asked::Queued
            }
            Phase::RunningThenAgain => Asked::AlreadyQueued,
        }
    }

    /// Whether a reload is running or due.
    pub fn busy(&self) -> bool {
        *lock(&self.phase) != Phase::Idle
    }
}

fn lock(phase: &Mutex<Phase>) -> std::sync::MutexGuard<'_, Phase> {
    phase.lock().unwrap_or_else(|p| p.into_inner())
}

/// The running reload's hold on the phase: set back to idle when the task ends, however it
/// ends (a panic or a runtime shutting down included), so reloads never stop for good.
struct Running(Arc<Mutex<Phase>>);

impl Running {
    /// Whether another reload is due; clears the mark, or goes idle when none is.
    fn again(&self) -> bool {
        let mut phase = lock(&self.0);
        if *phase == Phase::RunningThenAgain {
            *phase = Phase::Running;
            true
        } else {
            false
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        *lock(&self.0) = Phase::Idle;
    }
}

/// Reloads until no webhook asked for another meanwhile. A reload that finds nothing new is
/// tried again after each of the source's [`ContentSource::catch_up`] waits, until one finds
/// a change (a webhook can arrive before the source's delivery network has the publish).
async fn run(running: Running, store: impl HoldsContent, source: Arc<dyn ContentSource>) {
    let mut catch_up = source.catch_up().iter();
    loop {
        let unchanged = match store.content_store().reload(source.as_ref()).await {
            Ok(o) if o.previous == o.version => {
                tracing::info!(version = %o.version, "content reloaded: unchanged");
                true
            }
            Ok(o) => {
                tracing::info!(previous = %o.previous, version = %o.version, "content reloaded");
                false
            }
            Err(e) => {
                tracing::error!(error = %e, "content reload failed; still serving the previous content");
                false
            }
        };
        if running.again() {
            catch_up = source.catch_up().iter();
            continue;
        }
        match catch_up.next() {
            Some(wait) if unchanged => {
                tracing::debug!(?wait, "nothing new yet; reading again shortly");
                tokio::time::sleep(*wait).await;
            }
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use async_trait::async_trait;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use supplysite_core::content::{ContentParts, ContentSet};
    use supplysite_core::ports::ContentLoadError;
    use tokio::sync::Semaphore;

    /// Loads "v{n}" for its n-th load, each once a permit is given.
    struct Gated {
        permits: Semaphore,
        loads: AtomicUsize,
    }

    #[async_trait]
    impl ContentSource for Gated {
        async fn load(&self) -> Result<ContentSet, ContentLoadError> {
            let n = self.loads.fetch_add(1, Ordering::SeqCst) + 1;
            self.permits.acquire().await.unwrap().forget();
            Ok(ContentSet::new(ContentParts::default(), format!("v{n}")))
        }
    }

    async fn until(what: &str, done: impl Fn() -> bool) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while !done() {
            assert!(std::time::Instant::now() < deadline, "{what}");
            tokio::task::yield_now().await;
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
    }

    #[tokio::test]
    async fn a_burst_during_a_reload_causes_exactly_one_more() {
        let store = Arc::new(ContentStore::new(ContentSet::new(
            ContentParts::default(),
            "v0",
        )));
        let source = Arc::new(Gated {
            permits: Semaphore::new(0),
            loads: AtomicUsize::new(0),
        });
        let reloads = Reloads::default();
        let ask = || {
            let source = source.clone() as Arc<dyn ContentSource>;
            reloads.ask(Arc::clone(&store), source, None)
        };
        assert_eq!(ask(), Asked::Started);
        until("the first load began", || {
            source.loads.load(Ordering::SeqCst) == 1
        })
        .await;
        assert_eq!(ask(), Asked::Queued);
        for _ in 0..10 {
            assert_eq!(ask(), Asked::AlreadyQueued);
        }
        source.permits.add_permits(1);
        until("the follow-up load began", || {
            source.loads.load(Ordering::SeqCst) == 2
        })
        .await;
        assert_eq!(store.current().version(), "v1");
        source.permits.add_permits(1);
        until("the reloads ended", || !reloads.busy()).await;
        assert_eq!(source.loads.load(Ordering::SeqCst), 2);
        assert_eq!(store.current().version(), "v2");
        // Idle again: the next ask starts a reload of its own.
        source.permits.add_permits(1);
        assert_eq!(ask(), Asked::Started);
        until("the third reload ended", || !reloads.busy()).await;
        assert_eq!(source.loads.load(Ordering::SeqCst), 3);
    }

    /// Gives "v0" (the version served) for its first `stale` loads, then "v1", as a source
    /// behind a delivery network that has not caught up with a publish; tried again after
    /// 1 s, 2 s and 4 s.
    struct Lagging {
        stale: usize,
        loads: std::sync::Mutex<Vec<tokio::time::Instant>>,
    }

    #[async_trait]
    impl ContentSource for Lagging {
        async fn load(&self) -> Result<ContentSet, ContentLoadError> {
            let mut loads = self.loads.lock().unwrap();
            loads.push(tokio::time::Instant::now());
            let version = if loads.len() > self.stale { "v1" } else { "v0" };
            Ok(ContentSet::new(ContentParts::default(), version))
        }

        fn catch_up(&self) -> &'static [std::time::Duration] {
            const WAITS: [std::time::Duration; 3] = [
                std::time::Duration::from_secs(1),
                std::time::Duration::from_secs(2),
                std::time::Duration::from_secs(4),
            ];
            &WAITS
        }
    }

    /// The seconds after the first load at which each load ran.
    async fn catch_up_after(stale: usize) -> (Vec<u64>, String) {
        let store = Arc::new(ContentStore::new(ContentSet::new(
            ContentParts::default(),
            "v0",
        )));
        let source = Arc::new(Lagging {
            stale,
            loads: Default::default(),
        });
        let reloads = Reloads::default();
        reloads.ask(Arc::clone(&store), source.clone(), None);
        until("the reloads ended", || !reloads.busy()).await;
        let loads = source.loads.lock().unwrap();
        let first = loads[0];
        let at = loads.iter().map(|t| (*t - first).as_secs()).collect();
        (at, store.current().version().to_owned())
    }

    #[tokio::test(start_paused = true)]
    async fn a_reload_that_finds_nothing_new_is_tried_again_until_the_change_arrives() {
        // The delivery network has the publish by the second try.
        assert_eq!(catch_up_after(2).await, (vec![0, 1, 3], "v1".to_owned()));
        // Found at once: no more tries.
        assert_eq!(catch_up_after(0).await, (vec![0], "v1".to_owned()));
        // Never: three more tries, then the poll is left to find it.
        assert_eq!(catch_up_after(9).await, (vec![0, 1, 3, 7], "v0".to_owned()));
    }

    #[tokio::test(start_paused = true)]
    async fn a_source_that_is_current_at_once_is_read_once_per_webhook() {
        let store = Arc::new(ContentStore::new(ContentSet::new(
            ContentParts::default(),
            "v1",
        )));
        let source = Arc::new(Gated {
            permits: Semaphore::new(5),
            loads: AtomicUsize::new(0),
        });
        let reloads = Reloads::default();
        reloads.ask(Arc::clone(&store), source.clone(), None);
        until("the reload ended", || !reloads.busy()).await;
        assert_eq!(source.loads.load(Ordering::SeqCst), 1);
    }

    /// Records the thread each load ran on.
    struct WhereLoaded(std::sync::Mutex<Vec<String>>);

    #[async_trait]
    impl ContentSource for WhereLoaded {
        async fn load(&self) -> Result<ContentSet, ContentLoadError> {
            let name = std::thread::current().name().unwrap_or("").to_string();
            self.0.lock().unwrap().push(name);
            Ok(ContentSet::new(ContentParts::default(), "v1"))
        }
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_reload_runs_on_the_background_runtime_when_one_is_given() {
        let background = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("reload-test-background")
            .enable_all()
            .build()
            .unwrap();
        let store = Arc::new(ContentStore::new(ContentSet::new(
            ContentParts::default(),
            "v0",
        )));
        let source = Arc::new(WhereLoaded(Default::default()));
        let reloads = Reloads::default();
        let asked = reloads.ask(
            Arc::clone(&store),
            source.clone() as Arc<dyn ContentSource>,
            Some(background.handle()),
        );
        assert_eq!(asked, Asked::Started);
        until("the reload ended", || !reloads.busy()).await;
        assert_eq!(*source.0.lock().unwrap(), ["reload-test-background"]);
        assert_eq!(store.current().version(), "v1");
        background.shutdown_background();
    }
}
