//! The preview's own pool: laying Live Preview's edits over the preview content and composing
//! preview pages run here, never in the heavy pool public pages use, so an editor (or anyone
//! holding a preview cookie) sending compose after compose cannot delay a public page.
//!
//! At most `slots` jobs run at once, on blocking threads; at most `queue_limit` requests wait
//! or run, and past it a request is refused at once ([`Refused::Busy`]) instead of piling up.
//! A job is cancelled at the pool's timeout, or when the request asking for it is dropped (its
//! client went away, or the server's request timeout ended it): a job still waiting never
//! starts, and a running one is told through its [`Cancel`] and stops at its next checkpoint.

use crate::heavy::HeavyPool;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// Jobs run at once unless set: one, so preview work takes at most one core whatever is asked.
pub const DEFAULT_SLOTS: usize = 1;
/// Requests waiting or running at once unless set: an editor's page asks once per pause in
/// typing, so a few are plenty.
pub const DEFAULT_QUEUE_LIMIT: usize = 4;
/// How long a job may wait and run unless set: the server's default request timeout.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a job was not done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The queue was full: try again in a moment.
    #[error("the preview is busy")]
    Busy,
    /// The job did not finish within the pool's timeout and was cancelled.
    #[error("the preview took too long and was cancelled")]
    TimedOut,
}

/// Tells a running job that its answer is no longer wanted.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// Whether the job should stop now.
    pub fn cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }

    fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Cancels the job when the request awaiting it ends, however it ends.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

struct Leave<'a>(&'a AtomicUsize);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The preview's bounded pool (see the module's documentation).
pub struct PreviewPool {
    slots: HeavyPool,
    queue_limit: usize,
    timeout: Duration,
    queued: AtomicUsize,
    running: Arc<AtomicUsize>,
    most_running: Arc<AtomicUsize>,
}

impl Default for PreviewPool {
    fn default() -> Self {
        PreviewPool::new(DEFAULT_SLOTS, DEFAULT_QUEUE_LIMIT, DEFAULT_TIMEOUT)
    }
}

impl PreviewPool {
    /// At most `slots` (at least one) jobs at once, `queue_limit` (at least `slots`) requests
    /// waiting or running, each cancelled after `timeout`.
    pub fn new(slots: usize, queue_limit: usize, timeout: Duration) -> Self {
        let slots = slots.max(1);
        PreviewPool {
            slots: HeavyPool::new(slots),
            queue_limit: queue_limit.max(slots),
            timeout,
            queued: AtomicUsize::new(0),
            running: Arc::default(),
            most_running: Arc::default(),
        }
    }

    /// The pool's threads as a [`HeavyPool`], for steps of preview work that take no
    /// cancellation (putting a preview page's markup in it): they still never run in the
    /// public pages' pool.
    pub(crate) fn threads(&self) -> &HeavyPool {
        &self.slots
    }

    /// Requests waiting or running now.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::SeqCst)
    }

    /// The most jobs that ever ran at once.
    pub fn most_running(&self) -> usize {
        self.most_running.load(Ordering::SeqCst)
    }

    /// Runs `job` once a slot is free. The job gets a [`Cancel`] to look at between its steps
    /// and answers `None` when it stopped because of it.
    ///
    /// Errors: [`Refused::Busy`] at once when the queue is full; [`Refused::TimedOut`] when
    /// the job did not finish within the timeout (or stopped for its [`Cancel`]).
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Cancel) -> Option<T> + Send + 'static,
    ) -> Result<T, Refused> {
        if self.queued.fetch_add(1, Ordering::SeqCst) >= self.queue_limit {
            self.queued.fetch_sub(1, Ordering::SeqCst);
            return Err(Refused::Busy);
        }
        let _leave = Leave(&self.queued);
        let cancel = Cancel::default();
        let _on_drop = CancelOnDrop(cancel.clone());
        let (running, most) = (Arc::clone(&self.running), Arc::clone(&self.most_running));
        let work = self.slots.run(move || {
            // A job whose request ended while it waited for its slot never starts.
            if cancel.cancelled() {
                return None;
            }
            let now = running.fetch_add(1, Ordering::SeqCst) + 1;
            most.fetch_max(now, Ordering::SeqCst);
            let _done = Leave(&running);
            job(&cancel)
        });
        match tokio::time::timeout(self.timeout, work).await {
            Ok(Some(value)) => Ok(value),
            Ok(None) | Err(_) => Err(Refused::TimedOut),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Instant;

    /// Waits (without sleeping in its place) until `ready` holds, for at most ten seconds.
    async fn until(what: &str, ready: impl Fn() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !ready() {
            assert!(Instant::now() < deadline, "{what} never happened");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_queue_is_refused_at_once_and_no_more_jobs_run_than_the_slots() {
        let pool = Arc::new(PreviewPool::new(1, 3, Duration::from_secs(30)));
        let (release, blocked) = mpsc::channel::<()>();
        let blocked = Arc::new(std::sync::Mutex::new(blocked));
        let mut asked = Vec::new();
        for _ in 0..3 {
            let (pool, blocked) = (pool.clone(), blocked.clone());
            asked.push(tokio::spawn(async move {
                pool.run(move |_| blocked.lock().unwrap().recv().ok()).await
            }));
        }
        until("three requests queued", || pool.queued() == 3).await;
        assert_eq!(pool.run(|_| Some(())).await, Err(Refused::Busy));
        for _ in 0..3 {
            release.send(()).unwrap();
        }
        for job in asked {
            assert_eq!(job.await.unwrap(), Ok(()));
        }
        assert_eq!(pool.most_running(), 1);
        assert_eq!(pool.queued(), 0);
        assert_eq!(pool.run(|_| Some(7)).await, Ok(7));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn at_its_timeout_a_running_job_is_told_to_stop_and_a_waiting_one_never_starts() {
        let pool = Arc::new(PreviewPool::new(1, 4, Duration::from_millis(300)));
        let (saw_cancel, cancelled) = mpsc::channel::<()>();
        let (release, held) = mpsc::channel::<()>();
        let started = Arc::new(AtomicUsize::new(0));
        // The running job works in steps until it is told to stop, then keeps its slot until
        // the test lets it go, so the second job waits past its own timeout.
        let first = {
            let (pool, started) = (pool.clone(), started.clone());
            tokio::spawn(async move {
                pool.run(move |cancel| {
                    started.fetch_add(1, Ordering::SeqCst);
                    while !cancel.cancelled() {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    saw_cancel.send(()).unwrap();
                    held.recv().unwrap();
                    None::<()>
                })
                .await
            })
        };
        until("the first job started", || {
            started.load(Ordering::SeqCst) == 1
        })
        .await;
        let second = {
            let (pool, started) = (pool.clone(), started.clone());
            tokio::spawn(async move {
                pool.run(move |_| {
                    started.fetch_add(1, Ordering::SeqCst);
                    Some(())
                })
                .await
            })
        };
        assert_eq!(first.await.unwrap(), Err(Refused::TimedOut));
        tokio::task::spawn_blocking(move || cancelled.recv_timeout(Duration::from_secs(10)))
            .await
            .unwrap()
            .expect("the running job saw its cancel");
        assert_eq!(second.await.unwrap(), Err(Refused::TimedOut));
        release.send(()).unwrap();
        until("the pool emptied", || pool.queued() == 0).await;
        // The slot is free again, and the second job, cancelled while it waited, never ran.
        assert_eq!(pool.run(|_| Some(7)).await, Ok(7));
        assert_eq!(started.load(Ordering::SeqCst), 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_dropped_request_cancels_its_job() {
        let pool = Arc::new(PreviewPool::new(1, 4, Duration::from_secs(30)));
        let (saw_cancel, cancelled) = mpsc::channel::<()>();
        let (now_running, running) = mpsc::channel::<()>();
        let asked = {
            let pool = pool.clone();
            tokio::spawn(async move {
                pool.run(move |cancel| {
                    now_running.send(()).unwrap();
                    while !cancel.cancelled() {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    saw_cancel.send(()).unwrap();
                    None::<()>
                })
                .await
            })
        };
        tokio::task::spawn_blocking(move || running.recv_timeout(Duration::from_secs(10)))
            .await
            .unwrap()
            .expect("the job started");
        asked.abort();
        tokio::task::spawn_blocking(move || cancelled.recv_timeout(Duration::from_secs(10)))
            .await
            .unwrap()
            .expect("the job was told to stop when its request was dropped");
    }
}
