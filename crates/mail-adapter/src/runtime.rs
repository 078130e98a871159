//! [`TokioRuntime`]: core's [`Runtime`] port on the tokio runtime the server runs on.

use std::time::Duration;
use supplysite_core::ports::{BoxFuture, Runtime, TaskError};

/// Tasks on tokio, timers on tokio's clock, chance from the thread's random generator.
/// Use it from inside a tokio runtime.
#[derive(Clone, Copy, Debug, Default)]
pub struct TokioRuntime;

impl Runtime for TokioRuntime {
    fn spawn(&self, task: BoxFuture<'static, ()>) -> BoxFuture<'static, Result<(), TaskError>> {
        // Started now, not when the answer is awaited; dropping the handle leaves it running.
        let handle = tokio::spawn(task);
        Box::pin(async move {
            handle.await.map_err(|e| TaskError {
                reason: e.to_string(),
            })
        })
    }

    fn sleep(&self, duration: Duration) -> BoxFuture<'static, ()> {
        Box::pin(tokio::time::sleep(duration))
    }

    fn random_unit(&self) -> f64 {
        rand::random::<f64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use supplysite_core::ports::within;

    #[tokio::test]
    async fn a_task_goes_on_after_its_waiter_gave_up() {
        let done = Arc::new(AtomicBool::new(false));
        let flag = done.clone();
        let (go, gate) = tokio::sync::oneshot::channel::<()>();
        let task = TokioRuntime.spawn(Box::pin(async move {
            let _ = gate.await;
            flag.store(true, Ordering::SeqCst);
        }));
        assert_eq!(
            within(&TokioRuntime, Duration::from_millis(10), task).await,
            None
        );
        go.send(()).unwrap();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        while !done.load(Ordering::SeqCst) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the task was cut off"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    #[tokio::test]
    async fn a_panicking_task_ends_with_an_error() {
        let task = TokioRuntime.spawn(Box::pin(async { panic!("boom") }));
        let err = task.await.unwrap_err();
        assert!(err.reason.contains("panicked"), "{err}");
    }

    #[test]
    fn chance_stays_in_the_unit_interval() {
        assert!(
            (0..1000)
                .map(|_| TokioRuntime.random_unit())
                .all(|x| (0.0..1.0).contains(&x))
        );
    }
}
