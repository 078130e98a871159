//! The worker threads and the bounded queue in front of them.
//!
//! Each worker builds its engine on its own thread (QuickJS runtimes are not `Send`), takes
//! jobs from the shared queue, and replaces its engine after any failed render, so a render
//! that was interrupted or ran out of memory never leaves state behind for the next page.

use crate::engine::Engine;
use crate::{Options, RenderError};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// QuickJS recurses on the native stack; the thread gets room beyond the JavaScript limit.
const THREAD_STACK: usize = 8 * 1024 * 1024;

struct Job {
    props: Arc<str>,
    reply: oneshot::Sender<Result<String, RenderError>>,
}

/// Renders pages with the server bundle on a few dedicated threads. Cheap to share behind an
/// `Arc`; dropping it lets the workers finish their current render and exit.
pub struct Renderer {
    queue: SyncSender<Job>,
    options: Options,
}

impl Renderer {
    /// Starts `options.threads` workers, each loading `bundle`. Fails when the bundle cannot be
    /// loaded (it does not parse, throws, runs past the deadline or defines no `render`), so a
    /// broken build is found at start-up rather than on every page.
    pub fn new(bundle: impl Into<Arc<str>>, options: Options) -> Result<Self, RenderError> {
        let bundle: Arc<str> = bundle.into();
        let threads = options.threads.max(1);
        let (queue, jobs) = sync_channel::<Job>(options.queue);
        let jobs = Arc::new(Mutex::new(jobs));
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        for i in 0..threads {
            let bundle = Arc::clone(&bundle);
            let jobs = Arc::clone(&jobs);
            let ready = ready_tx.clone();
            std::thread::Builder::new()
                .name(format!("ssr-{i}"))
                .stack_size(THREAD_STACK)
                .spawn(move || worker(&bundle, options, &jobs, ready))
                .map_err(|e| RenderError::Thread(e.to_string()))?;
        }
        drop(ready_tx);
        for _ in 0..threads {
            match ready_rx.recv() {
                Ok(Ok(())) => {}
                Ok(Err(e)) => return Err(e),
                Err(_) => return Err(RenderError::Stopped),
            }
        }
        Ok(Renderer { queue, options })
    }

    /// The options the renderer was started with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Renders `props_json` to HTML. Returns [`RenderError::Busy`] at once when the queue is
    /// full. If the caller stops waiting, a job not yet started is skipped.
    pub async fn render(&self, props_json: Arc<str>) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            props: props_json,
            reply,
        };
        match self.queue.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(RenderError::Busy),
            Err(TrySendError::Disconnected(_)) => return Err(RenderError::Stopped),
        }
        answer.await.unwrap_or(Err(RenderError::Stopped))
    }

    /// Renders on the calling thread's behalf and blocks until done: for benchmarks and
    /// command-line tools outside an async runtime.
    pub fn render_blocking(&self, props_json: Arc<str>) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        self.queue
            .send(Job {
                props: props_json,
                reply,
            })
            .map_err(|_| RenderError::Stopped)?;
        answer.blocking_recv().unwrap_or(Err(RenderError::Stopped))
    }
}

fn worker(
    bundle: &str,
    options: Options,
    jobs: &Mutex<Receiver<Job>>,
    ready: std::sync::mpsc::Sender<Result<(), RenderError>>,
) {
    let mut engine = match Engine::new(bundle, options.limits) {
        Ok(engine) => {
            let _ = ready.send(Ok(()));
            Some(engine)
        }
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    drop(ready);
    loop {
        // The lock is held only while waiting for the next job, never while rendering.
        let job = match jobs.lock().unwrap_or_else(|p| p.into_inner()).recv() {
            Ok(job) => job,
            Err(_) => return,
        };
        if job.reply.is_closed() {
            continue;
        }
        let current = match engine.take() {
            Some(e) => Ok(e),
            None => Engine::new(bundle, options.limits),
        };
        let result = match current {
            Ok(mut e) => {
                let (result, log) = e.render(&job.props);
                for line in log {
                    tracing::warn!(target: "supplysite_ssr", console = %line, "render logged");
                }
                if result.is_ok() {
                    engine = Some(e);
                } else {
                    // Dropped here, on its own thread; the next job builds a fresh one.
                    drop(e);
                }
                result
            }
            Err(e) => Err(e),
        };
        let _ = job.reply.send(result);
    }
}
