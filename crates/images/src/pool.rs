//! The encoding pool: at most `size` pictures are decoded and encoded at once, each on a
//! blocking thread, so a burst of first requests takes a bounded share of the cores and page
//! serving goes on. Visitors wait in a queue of bounded length; past it they are told to come
//! back ([`ImageError::Busy`], a 503 with Retry-After) rather than piling up. Background work
//! (warming the cache) takes a slot only when no visitor is waiting for one.

use crate::error::ImageError;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// The default pool size: half the cores, at least one.
pub fn default_size() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

/// A bounded pool of encoding slots.
pub struct Pool {
    slots: Arc<Semaphore>,
    size: usize,
    queue_limit: usize,
    /// Visitors' jobs waiting for a slot or running.
    queued: AtomicUsize,
    /// Visitors' jobs waiting for a slot.
    waiting: AtomicUsize,
    /// Counts finished jobs; background work waits on it for a slot to free up.
    finished: Arc<(Mutex<u64>, Condvar)>,
}

struct Leave<'a>(&'a AtomicUsize);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

fn signal(finished: &(Mutex<u64>, Condvar)) {
    let mut count = finished
        .0
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    *count += 1;
    finished.1.notify_all();
}

impl Pool {
    /// A pool of `size` slots (at least one) taking at most `queue_limit` visitors' jobs
    /// (waiting or running) at once.
    pub fn new(size: usize, queue_limit: usize) -> Pool {
        let size = size.max(1);
        Pool {
            slots: Arc::new(Semaphore::new(size)),
            size,
            queue_limit: queue_limit.max(size),
            queued: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
            finished: Arc::default(),
        }
    }

    /// The number of slots.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Visitors' jobs waiting or running now.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::SeqCst)
    }

    /// Runs `job` for a visitor on a blocking thread once a slot is free; [`ImageError::Busy`]
    /// at once when the queue is full.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> Result<T, ImageError> + Send + 'static,
    ) -> Result<T, ImageError> {
        if self.queued.fetch_add(1, Ordering::SeqCst) >= self.queue_limit {
            self.queued.fetch_sub(1, Ordering::SeqCst);
            return Err(ImageError::Busy);
        }
        let _leave = Leave(&self.queued);
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let slot = {
            let _stop_waiting = Leave(&self.waiting);
            self.slots
                .clone()
                .acquire_owned()
                .await
                .map_err(|_| ImageError::Internal("the encoding pool is closed".into()))?
        };
        let finished = self.finished.clone();
        let outcome = tokio::task::spawn_blocking(move || {
            let outcome = job();
            drop(slot);
            signal(&finished);
            outcome
        })
        .await;
        match outcome {
            Ok(result) => result,
            Err(e) => Err(ImageError::Internal(format!("an encoding job failed: {e}"))),
        }
    }

    /// Runs `job` on the calling thread (blocking it) once a slot is free and no visitor is
    /// waiting for one: background work never goes ahead of a visitor.
    pub fn run_low<T>(&self, job: impl FnOnce() -> T) -> T {
        let (lock, changed) = &*self.finished;
        loop {
            let seen = *lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if self.waiting.load(Ordering::SeqCst) == 0
                && let Ok(slot) = self.slots.try_acquire()
            {
                let outcome = job();
                drop(slot);
                signal(&self.finished);
                return outcome;
            }
            let guard = lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            // Woken when any job ends; the timeout only guards against a missed wake-up.
            let _ = changed
                .wait_timeout_while(guard, Duration::from_millis(500), |count| *count == seen)
                .map_err(|_| ());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_queue_answers_busy_at_once() {
        let pool = Arc::new(Pool::new(1, 2));
        let (release, blocked) = mpsc::channel::<()>();
        let blocked = Arc::new(Mutex::new(blocked));
        let mut running = Vec::new();
        for _ in 0..2 {
            let pool = pool.clone();
            let blocked = blocked.clone();
            running.push(tokio::spawn(async move {
                pool.run(move || {
                    blocked.lock().unwrap().recv().unwrap();
                    Ok(())
                })
                .await
            }));
        }
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while pool.queued() < 2 {
            assert!(std::time::Instant::now() < deadline, "jobs never queued");
            tokio::task::yield_now().await;
        }
        assert!(matches!(pool.run(|| Ok(())).await, Err(ImageError::Busy)));
        release.send(()).unwrap();
        release.send(()).unwrap();
        for job in running {
            job.await.unwrap().unwrap();
        }
        assert_eq!(pool.queued(), 0);
        pool.run(|| Ok(())).await.unwrap();
    }
}
