//! One QuickJS runtime with the prelude and the server bundle loaded, and the bundle's
//! `render` function saved so each render is one call.
//!
//! An engine is not `Send`: it is created, used and dropped on one worker thread. Its memory
//! limit caps the runtime's heap and its deadline is enforced by QuickJS's interrupt handler,
//! which QuickJS polls while running bytecode; a render that passes either is abandoned with the
//! engine, because a runtime interrupted mid-render may hold half-updated module state.

use crate::{Limits, RenderError};
use rquickjs::{
    CatchResultExt, CaughtError, Context, Function, Persistent, Promise, Runtime, Value,
};
use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

const PRELUDE: &str = include_str!("prelude.js");

/// The global the bundle must define.
pub const RENDER_FUNCTION: &str = "render";

/// A loaded bundle, ready to render.
pub struct Engine {
    // Field order matters: the saved function must be released before the runtime that owns
    // it is freed (QuickJS asserts that no object outlives its runtime). `Drop` makes it
    // explicit rather than leaning on declaration order alone.
    render: Option<Persistent<Function<'static>>>,
    context: Context,
    runtime: Runtime,
    /// When the current render must stop; `None` between renders.
    deadline: Rc<Cell<Option<Instant>>>,
    /// Set by the interrupt handler when it stopped a render.
    interrupted: Rc<Cell<bool>>,
    limits: Limits,
}

impl Engine {
    /// A fresh runtime with the prelude and `bundle` evaluated and `render` looked up. Loading
    /// has its own deadline, so a bundle whose top level never returns is refused.
    pub fn new(bundle: &str, limits: Limits) -> Result<Self, RenderError> {
        let runtime = Runtime::new().map_err(|e| RenderError::Load(e.to_string()))?;
        runtime.set_memory_limit(limits.memory_bytes);
        runtime.set_max_stack_size(limits.stack_bytes);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        let interrupted = Rc::new(Cell::new(false));
        {
            let deadline = Rc::clone(&deadline);
            let interrupted = Rc::clone(&interrupted);
            runtime.set_interrupt_handler(Some(Box::new(move || {
                let stop = deadline.get().is_some_and(|at| Instant::now() >= at);
                if stop {
                    interrupted.set(true);
                }
                stop
            })));
        }
        let context = Context::full(&runtime).map_err(|e| RenderError::Load(e.to_string()))?;
        let mut engine = Engine {
            render: None,
            context,
            runtime,
            deadline,
            interrupted,
            limits,
        };
        engine.arm(limits.load_deadline);
        let loaded = engine.context.with(|ctx| {
            ctx.eval::<(), _>(PRELUDE)
                .catch(&ctx)
                .map_err(|e| RenderError::Load(format!("prelude: {}", describe(e))))?;
            ctx.eval::<(), _>(bundle)
                .catch(&ctx)
                .map_err(|e| RenderError::Load(describe(e)))?;
            let value: Value = ctx
                .globals()
                .get(RENDER_FUNCTION)
                .map_err(|e| RenderError::Load(e.to_string()))?;
            let function = value.into_function().ok_or_else(|| {
                RenderError::Load(format!(
                    "the bundle defines no global function {RENDER_FUNCTION}"
                ))
            })?;
            Ok(Persistent::save(&ctx, function))
        });
        let loaded = engine.disarm(loaded, limits.load_deadline);
        engine.render = Some(loaded?);
        Ok(engine)
    }

    /// Calls `render(props_json)`; a returned promise is driven to completion within the same
    /// deadline. Console output of the render is returned beside the HTML.
    pub fn render(&mut self, props_json: &str) -> (Result<String, RenderError>, Vec<String>) {
        let Some(function) = self.render.clone() else {
            return (
                Err(RenderError::Load(
                    "the engine has no render function".into(),
                )),
                Vec::new(),
            );
        };
        self.arm(self.limits.deadline);
        let (result, log) = self.context.with(|ctx| {
            let result = (|| {
                let function = function
                    .restore(&ctx)
                    .map_err(|e| RenderError::Script(e.to_string()))?;
                let value: Value = function
                    .call((props_json,))
                    .catch(&ctx)
                    .map_err(|e| RenderError::Script(describe(e)))?;
                let value = match value.as_promise() {
                    Some(promise) => settle(&ctx, promise)?,
                    None => value,
                };
                match value.as_string() {
                    Some(s) => s
                        .to_string()
                        .map_err(|e| RenderError::Script(e.to_string())),
                    None => Err(RenderError::Script(format!(
                        "render returned {} instead of a string",
                        value.type_name()
                    ))),
                }
            })();
            (result, take_log(&ctx))
        });
        (self.disarm(result, self.limits.deadline), log)
    }

    fn arm(&mut self, within: Duration) {
        self.interrupted.set(false);
        self.deadline.set(Some(Instant::now() + within));
    }

    /// Clears the deadline and turns a failure caused by the interrupt handler or the memory
    /// limit into the error that says so.
    fn disarm<T>(
        &mut self,
        result: Result<T, RenderError>,
        within: Duration,
    ) -> Result<T, RenderError> {
        self.deadline.set(None);
        match result {
            Err(_) if self.interrupted.get() => Err(RenderError::Deadline(within)),
            Err(RenderError::Script(m) | RenderError::Load(m)) if m.contains("out of memory") => {
                Err(RenderError::OutOfMemory(self.limits.memory_bytes))
            }
            other => other,
        }
    }

    /// Bytes the runtime has allocated now.
    pub fn memory_used(&self) -> i64 {
        self.runtime.memory_usage().malloc_size
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // The saved function first, then the context and runtime (fields, in order).
        self.render = None;
    }
}

/// Runs the job queue until `promise` settles; a promise that can never settle is an error.
fn settle<'js>(
    ctx: &rquickjs::Ctx<'js>,
    promise: &Promise<'js>,
) -> Result<Value<'js>, RenderError> {
    loop {
        if let Some(result) = promise.result::<Value>() {
            return result
                .catch(ctx)
                .map_err(|e| RenderError::Script(describe(e)));
        }
        if !ctx.execute_pending_job() {
            // A job that threw leaves its exception pending; an empty queue means the promise
            // waits on something that will never happen here (a real timer, a network call).
            return Err(RenderError::Script(
                "render returned a promise that never settles".into(),
            ));
        }
    }
}

fn take_log(ctx: &rquickjs::Ctx<'_>) -> Vec<String> {
    let take: Option<Function> = ctx.globals().get("__ssrTakeLog").ok();
    take.and_then(|f| f.call::<_, Vec<String>>(()).ok())
        .unwrap_or_default()
}

fn describe(error: CaughtError<'_>) -> String {
    match error {
        CaughtError::Exception(e) => {
            let message = e.message().unwrap_or_default();
            match e.stack() {
                Some(stack) if !stack.is_empty() => format!("{message}\n{stack}"),
                _ => message,
            }
        }
        CaughtError::Value(v) => match v.as_string().and_then(|s| s.to_string().ok()) {
            Some(s) => s,
            None => format!("a thrown {}", v.type_name()),
        },
        CaughtError::Error(e) => e.to_string(),
    }
}
