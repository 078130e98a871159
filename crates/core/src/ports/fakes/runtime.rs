//! [`FakeRuntime`] and [`FakeWakeup`]: a runtime without threads or timers of its own, and a
//! worker wake-up that counts.

use crate::ports::{BoxFuture, Runtime, TaskError, WakeWorker};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A runtime that runs a spawned task on the caller's task when its end is awaited, whose
/// timers either never fire or fire at once, and whose chance is a fixed number.
#[derive(Debug)]
pub struct FakeRuntime {
    timers_fire: bool,
    failing_tasks: Option<String>,
    random: f64,
}

impl FakeRuntime {
    /// Timers never fire: every budget is long enough.
    pub fn timers_never_fire() -> Self {
        FakeRuntime {
            timers_fire: false,
            failing_tasks: None,
            random: 0.0,
        }
    }

    /// Timers fire as soon as they are asked: every budget has run out by the time a future
    /// that is not ready at once is looked at.
    pub fn timers_fire_at_once() -> Self {
        FakeRuntime {
            timers_fire: true,
            ..FakeRuntime::timers_never_fire()
        }
    }

    /// Every spawned task ends without running, as a panicking task does, for `reason`.
    pub fn failing_tasks(mut self, reason: impl Into<String>) -> Self {
        self.failing_tasks = Some(reason.into());
        self
    }

    /// Draws `random` every time (it must be in `[0, 1)`).
    pub fn drawing(mut self, random: f64) -> Self {
        self.random = random;
        self
    }
}

impl Runtime for FakeRuntime {
    fn spawn(&self, task: BoxFuture<'static, ()>) -> BoxFuture<'static, Result<(), TaskError>> {
        match &self.failing_tasks {
            Some(reason) => {
                let reason = reason.clone();
                Box::pin(async move { Err(TaskError { reason }) })
            }
            None => Box::pin(async move {
                task.await;
                Ok(())
            }),
        }
    }

    fn sleep(&self, _duration: Duration) -> BoxFuture<'static, ()> {
        if self.timers_fire {
            Box::pin(std::future::ready(()))
        } else {
            Box::pin(std::future::pending())
        }
    }

    fn random_unit(&self) -> f64 {
        self.random
    }
}

/// A worker wake-up that counts how often it was asked.
#[derive(Debug, Default)]
pub struct FakeWakeup(AtomicUsize);

impl FakeWakeup {
    /// A wake-up never asked yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many times the worker was woken.
    pub fn wakes(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

impl WakeWorker for FakeWakeup {
    fn wake(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}
