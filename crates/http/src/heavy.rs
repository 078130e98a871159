//! Work that takes milliseconds, kept off the request runtimes.
//!
//! Each worker serves its connections on one single-threaded runtime (see [`crate::connections::server`]):
//! anything that holds that thread for long (composing a listing of every article, building
//! the sitemap, compressing a large page the first time) would stall every other request on it,
//! `/healthz` included. Such work runs here instead: on tokio's blocking threads, at most
//! `threads` jobs at a time across all workers, the rest waiting their turn without holding a
//! thread. The request that needs the result awaits it; the runtime keeps serving others.
//!
//! Layer: uses no other module of the server.

use std::sync::Arc;
use tokio::sync::Semaphore;

/// The bounded pool of heavy jobs.
#[derive(Clone)]
pub struct HeavyPool {
    permits: Arc<Semaphore>,
    slots: usize,
}

impl Default for HeavyPool {
    /// One job per core but one, so a core stays free for the request runtimes however much
    /// heavy work is waiting (one job on a single core).
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        HeavyPool::new(cores.saturating_sub(1).max(1))
    }
}

impl HeavyPool {
    /// At most `threads` (at least one) jobs run at once.
    pub fn new(threads: usize) -> Self {
        HeavyPool {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            slots: threads.max(1),
        }
    }

    /// How many jobs may run at once.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// Runs `job` on a blocking thread once a slot is free. A panic in `job` is raised again
    /// here, in the request that asked for it.
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> T {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .expect("the pool's semaphore is never closed");
        let joined = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        })
        .await;
        match joined {
            Ok(value) => value,
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(e) => panic!("a heavy job was cancelled: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    #[tokio::test(flavor = "current_thread")]
    async fn jobs_run_off_the_runtime_which_keeps_answering() {
        let pool = HeavyPool::new(1);
        let job = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.run(|| {
                    std::thread::sleep(Duration::from_millis(300));
                    7
                })
                .await
            }
        });
        // The single runtime thread is free while the job runs.
        let started = Instant::now();
        tokio::time::sleep(Duration::from_millis(10)).await;
        assert!(started.elapsed() < Duration::from_millis(200));
        assert!(!job.is_finished());
        assert_eq!(job.await.unwrap(), 7);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_jobs_run_at_once_than_the_pool_allows() {
        let pool = HeavyPool::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
                tokio::spawn(async move {
                    pool.run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        for job in jobs {
            job.await.unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }
}
