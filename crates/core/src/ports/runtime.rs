//! [`Runtime`]: what a service asks of the process it runs in. Core starts no task, sets no
//! timer and draws no random number for itself; a front door hands it a runtime that does.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// A future a port hands back, boxed so the port can be a trait object.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Tasks that run on their own, timers and chance.
pub trait Runtime: Send + Sync {
    /// Starts `task` on a task of its own: it runs to its end whether or not anyone waits for
    /// it. The future returned completes when the task has ended; dropping it leaves the task
    /// running.
    ///
    /// Errors: [`TaskError`] when the task ended without finishing (it panicked or the
    /// runtime shut down under it).
    fn spawn(&self, task: BoxFuture<'static, ()>) -> BoxFuture<'static, Result<(), TaskError>>;

    /// A future that completes once `duration` has passed.
    fn sleep(&self, duration: Duration) -> BoxFuture<'static, ()>;

    /// A number drawn uniformly from `[0, 1)`, fresh on every call.
    fn random_unit(&self) -> f64;
}

/// A task started by [`Runtime::spawn`] ended without finishing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct TaskError {
    /// What ended it, as the runtime says (for the log).
    pub reason: String,
}

/// Waits for `future` at most as long as a `runtime` timer of `budget`: `None` when the
/// timer ran out first (the future is then dropped). When both are ready at once the future
/// wins.
pub async fn within<F: Future>(
    runtime: &dyn Runtime,
    budget: Duration,
    future: F,
) -> Option<F::Output> {
    let mut future = std::pin::pin!(future);
    let mut timer = runtime.sleep(budget);
    std::future::poll_fn(|cx| {
        if let std::task::Poll::Ready(output) = future.as_mut().poll(cx) {
            return std::task::Poll::Ready(Some(output));
        }
        match timer.as_mut().poll(cx) {
            std::task::Poll::Ready(()) => std::task::Poll::Ready(None),
            std::task::Poll::Pending => std::task::Poll::Pending,
        }
    })
    .await
}
