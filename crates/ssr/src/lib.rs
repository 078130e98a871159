//! Server-side rendering of the web UI: the React bundle (`web/dist-ssr/render.js`) run in
//! embedded QuickJS engines, so the server sends a page's full markup with no Node process.
//!
//! A [`Renderer`] owns a few worker threads (about one per core), each with its own engine
//! created inside that thread, fed by a bounded queue. [`Renderer::render`] hands the page's
//! props JSON to a free engine and awaits the HTML. When the queue is full the answer is
//! [`RenderError::Busy`] at once: the caller serves the page without markup rather than
//! making the visitor wait. Every render runs under a memory limit and a deadline; an engine
//! that fails in any way is dropped and rebuilt before the next render.
//!
//! This crate exists apart from the HTTP server so that QuickJS's C build and the unsafe FFI
//! behind `rquickjs` stay out of it.

// Every public item is documented; clippy runs with `-D warnings`, so this is enforced.
#![warn(missing_docs)]

mod engine;
mod pool;

pub use engine::{Engine, RENDER_FUNCTION};
pub use pool::Renderer;

use std::time::Duration;

/// What one engine may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most heap a runtime may allocate.
    pub memory_bytes: usize,
    /// The most stack the JavaScript may use (the worker thread's stack is larger).
    pub stack_bytes: usize,
    /// The longest one render may run.
    pub deadline: Duration,
    /// The longest loading the bundle into a new engine may run.
    pub load_deadline: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            memory_bytes: 64 * 1024 * 1024,
            stack_bytes: 2 * 1024 * 1024,
            // A guard against runaway renders, not a latency target: a page renders in a few
            // milliseconds, but a loaded machine can stretch the first render on a new engine.
            deadline: Duration::from_secs(1),
            load_deadline: Duration::from_secs(5),
        }
    }
}

/// How a [`Renderer`] is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Worker threads, each with one engine.
    pub threads: usize,
    /// Renders that may wait for a free engine; more are refused with [`RenderError::Busy`].
    pub queue: usize,
    /// What each engine may use.
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Self {
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        Options {
            threads,
            queue: 16 * threads,
            limits: Limits::default(),
        }
    }
}

/// Why a page was not rendered. Every variant means "serve the page without markup".
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// Every engine is busy and the queue is full; refused at once rather than waiting.
    #[error("every render engine is busy and the queue is full")]
    Busy,
    /// The worker threads have stopped, or one ended before answering.
    #[error("the render engines have stopped")]
    Stopped,
    /// A new engine could not be made or could not load the server bundle; holds why.
    #[error("the server bundle could not be loaded: {0}")]
    Load(String),
    /// The render's JavaScript threw; holds the error.
    #[error("the render threw: {0}")]
    Script(String),
    /// The render ran past its deadline, which it holds.
    #[error("the render ran past its deadline of {0:?}")]
    Deadline(Duration),
    /// The render ran out of memory; holds the limit in bytes.
    #[error("the render ran out of memory (limit {0} bytes)")]
    OutOfMemory(usize),
    /// A worker thread could not be started; holds why.
    #[error("cannot start a render thread: {0}")]
    Thread(String),
}

impl RenderError {
    /// Whether the same render may succeed if tried again later: the engines were busy, or
    /// the render hit a limit that load on the machine (or a bad moment) can explain.
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            RenderError::Busy | RenderError::Deadline(_) | RenderError::OutOfMemory(_)
        )
    }
}
