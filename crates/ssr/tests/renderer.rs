//! The renderer against small bundles: rendering, the prelude's stubs, the render deadline,
//! the memory limit, engines rebuilt after failures, the bounded queue and refused bundles.

use std::sync::Arc;
use std::time::{Duration, Instant};
use supplysite_ssr::{Engine, Limits, Options, RenderError, Renderer};

/// Renders `<p>{x}</p>`, loops forever when `loop` is set and allocates without end when
/// `grow` is set.
const BUNDLE: &str = r#"
globalThis.render = function (json) {
  const props = JSON.parse(json);
  if (props.loop) { for (;;) {} }
  if (props.grow) { const all = []; for (;;) all.push(new Array(4096).fill(props.x)); }
  if (props.later) return Promise.resolve().then(() => '<p>later ' + props.x + '</p>');
  if (props.text) return new TextDecoder().decode(new TextEncoder().encode(props.text));
  if (props.log) { console.error('warned', { about: props.x }); }
  return '<p>' + props.x + '</p>';
};
"#;

fn options(deadline_ms: u64, memory_mb: usize, threads: usize, queue: usize) -> Options {
    Options {
        threads,
        queue,
        limits: Limits {
            memory_bytes: memory_mb * 1024 * 1024,
            stack_bytes: 1024 * 1024,
            deadline: Duration::from_millis(deadline_ms),
            load_deadline: Duration::from_millis(deadline_ms),
        },
    }
}

fn props(json: &str) -> Arc<str> {
    Arc::from(json)
}

#[tokio::test]
async fn a_render_returns_the_bundle_s_html_and_promises_are_awaited() {
    let r = Renderer::new(BUNDLE, options(1000, 32, 2, 4)).unwrap();
    assert_eq!(r.render(props(r#"{"x":"hi"}"#)).await.unwrap(), "<p>hi</p>");
    assert_eq!(
        r.render(props(r#"{"x":"hi","later":true}"#)).await.unwrap(),
        "<p>later hi</p>"
    );
}

#[tokio::test]
async fn the_prelude_s_text_encoder_and_decoder_round_trip_utf8() {
    let r = Renderer::new(BUNDLE, options(1000, 32, 1, 4)).unwrap();
    let text = "Café – 20 % off € 😀 <ok>";
    let json = serde_json::json!({ "text": text }).to_string();
    assert_eq!(r.render(props(&json)).await.unwrap(), text);
}

#[test]
fn console_output_of_a_render_is_handed_back() {
    let mut engine = Engine::new(BUNDLE, Limits::default()).unwrap();
    let (html, log) = engine.render(r#"{"x":7,"log":true}"#);
    assert_eq!(html.unwrap(), "<p>7</p>");
    assert_eq!(log, vec![r#"error warned {"about":7}"#.to_string()]);
    // Taken once: the next render starts with an empty log.
    assert!(engine.render(r#"{"x":8}"#).1.is_empty());
}

#[tokio::test]
async fn a_render_that_loops_is_stopped_at_the_deadline_and_the_engine_is_rebuilt() {
    let r = Renderer::new(BUNDLE, options(200, 32, 1, 4)).unwrap();
    let started = Instant::now();
    let err = r.render(props(r#"{"loop":true}"#)).await.unwrap_err();
    assert_eq!(err, RenderError::Deadline(Duration::from_millis(200)));
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(200),
        "stopped early: {took:?}"
    );
    assert!(took < Duration::from_secs(3), "stopped late: {took:?}");
    // The same (single) worker renders the next page with a fresh engine.
    assert_eq!(r.render(props(r#"{"x":1}"#)).await.unwrap(), "<p>1</p>");
}

#[tokio::test]
async fn a_render_that_allocates_without_end_hits_the_memory_limit_and_the_engine_is_rebuilt() {
    let r = Renderer::new(BUNDLE, options(10_000, 16, 1, 4)).unwrap();
    let err = r
        .render(props(r#"{"grow":true,"x":"abc"}"#))
        .await
        .unwrap_err();
    assert_eq!(err, RenderError::OutOfMemory(16 * 1024 * 1024));
    assert_eq!(r.render(props(r#"{"x":2}"#)).await.unwrap(), "<p>2</p>");
}

#[tokio::test]
async fn a_render_that_throws_is_an_error_naming_the_cause() {
    let r = Renderer::new(BUNDLE, options(1000, 32, 1, 4)).unwrap();
    match r.render(props("not json")).await.unwrap_err() {
        RenderError::Script(message) => assert!(message.contains("unexpected token"), "{message}"),
        other => panic!("expected a script error, got {other:?}"),
    }
    assert_eq!(r.render(props(r#"{"x":3}"#)).await.unwrap(), "<p>3</p>");
}

#[tokio::test]
async fn a_full_queue_answers_busy_at_once() {
    // One engine and room for one waiting job: of five looping renders sent together, at most
    // two are taken (one running, one queued); the others are refused without waiting.
    let r = Renderer::new(BUNDLE, options(300, 32, 1, 1)).unwrap();
    let timed = || async {
        let started = Instant::now();
        let result = r.render(props(r#"{"loop":true}"#)).await;
        (result, started.elapsed())
    };
    let (a, b, c, d, e) = tokio::join!(timed(), timed(), timed(), timed(), timed());
    let answers = [a, b, c, d, e];
    let busy: Vec<_> = answers
        .iter()
        .filter(|(r, _)| *r == Err(RenderError::Busy))
        .collect();
    let stopped = answers
        .iter()
        .filter(|(r, _)| matches!(r, Err(RenderError::Deadline(_))))
        .count();
    assert!(busy.len() >= 3, "{answers:?}");
    assert!((1..=2).contains(&stopped), "{answers:?}");
    assert_eq!(busy.len() + stopped, 5, "{answers:?}");
    for (_, took) in busy {
        assert!(*took < Duration::from_millis(300), "Busy took {took:?}");
    }
}

#[test]
fn a_bundle_without_a_render_function_is_refused_at_start() {
    let err = Renderer::new("globalThis.draw = () => ''", options(1000, 32, 2, 4))
        .err()
        .unwrap();
    assert_eq!(
        err,
        RenderError::Load("the bundle defines no global function render".into())
    );
}

#[test]
fn a_bundle_that_throws_or_never_finishes_loading_is_refused_at_start() {
    match Renderer::new("throw new Error('broken build')", options(1000, 32, 1, 4)) {
        Err(RenderError::Load(message)) => assert!(message.contains("broken build"), "{message}"),
        other => panic!("expected a load error, got {:?}", other.err()),
    }
    assert_eq!(
        Renderer::new("for (;;) {}", options(100, 32, 1, 4)).err(),
        Some(RenderError::Deadline(Duration::from_millis(100)))
    );
}

#[test]
fn engines_are_dropped_cleanly_after_renders_and_failures() {
    // QuickJS aborts the process if an object outlives its runtime; the saved render function
    // is one, so this test fails by crashing if it were released after the runtime.
    for _ in 0..3 {
        let mut engine = Engine::new(BUNDLE, Limits::default()).unwrap();
        assert_eq!(engine.render(r#"{"x":5}"#).0.unwrap(), "<p>5</p>");
        assert!(engine.render("{").0.is_err());
        drop(engine);
    }
}
