//! Pages with server-rendered markup: the markup in the root element beside the page data,
//! the not-found page, one render per page and generation however many ask at once, and the
//! page as before when the render fails.

use crate::support::{TestApp, body_text, embedded_data, spawn_app};
use axum::http::StatusCode;
use std::sync::Arc;
use std::time::{Duration, Instant};
use supplysite_http::{RenderOptions, Renderer};

/// Draws `<main data-url=…>title</main>` from the props, counting its renders.
const BUNDLE: &str = r#"
let renders = 0;
globalThis.render = function (json) {
  const props = JSON.parse(json);
  renders += 1;
  const title = props.outcome.view ? props.outcome.view.head.title : 'none';
  return '<main data-url="' + props.url + '" data-render="' + renders + '">' + title + '</main>';
};
"#;

fn with_bundle(app: TestApp, bundle: &str) -> supplysite_http::Site {
    let options = RenderOptions {
        threads: 1,
        queue: 16,
        ..RenderOptions::default()
    };
    with_renderer(&app, bundle, options)
}

/// `bundle` on one engine with room for `queue` waiting renders, each given `deadline`.
fn with_deadline(
    app: &TestApp,
    bundle: &str,
    deadline: Duration,
    queue: usize,
) -> supplysite_http::Site {
    let limits = supplysite_http::RenderLimits {
        deadline,
        ..Default::default()
    };
    let options = RenderOptions {
        threads: 1,
        queue,
        limits,
    };
    with_renderer(app, bundle, options)
}

fn with_renderer(app: &TestApp, bundle: &str, options: RenderOptions) -> supplysite_http::Site {
    let renderer = Renderer::new(bundle, options).unwrap();
    supplysite_http::router(app.state.clone().with_renderer(Arc::new(renderer)))
}

/// A render that never returns: it always runs into its deadline.
const LOOPS: &str = "globalThis.render = () => { for (;;) {} };";

async fn get(router: &supplysite_http::Site, uri: &str) -> (StatusCode, String) {
    use tower::ServiceExt;
    let request = axum::http::Request::get(uri)
        .body(axum::body::Body::empty())
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    (response.status(), body_text(response).await)
}

/// `n` requests for `uri` sent at once, their answers once all have come.
async fn get_at_once(
    router: &supplysite_http::Site,
    uri: &str,
    n: usize,
) -> Vec<(StatusCode, String)> {
    let requests: Vec<_> = (0..n)
        .map(|_| {
            let router = router.clone();
            let uri = uri.to_owned();
            tokio::spawn(async move { get(&router, &uri).await })
        })
        .collect();
    let mut answers = Vec::new();
    for request in requests {
        answers.push(request.await.unwrap());
    }
    answers
}

#[tokio::test]
async fn a_page_carries_the_server_markup_in_its_root_element_and_still_embeds_its_data() {
    let router = with_bundle(spawn_app(), BUNDLE);
    let (status, html) = get(&router, "/insights/newest-insight").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains(
            "<div id=\"root\"><main data-url=\"/insights/newest-insight\" data-render=\"1\">Insight newest-insight v1</main></div>"
        ),
        "{html}"
    );
    assert_eq!(embedded_data(&html)["outcome"]["screen"], "insight");
}

#[tokio::test]
async fn the_not_found_page_is_rendered_once_for_every_unknown_path() {
    let router = with_bundle(spawn_app(), BUNDLE);
    for path in ["/no-such-page", "/another/unknown/path"] {
        let (status, html) = get(&router, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(
            html.contains("<main data-url=\"/404\" data-render=\"1\">"),
            "{path}: {html}"
        );
    }
}

#[tokio::test]
async fn concurrent_first_requests_for_a_page_wait_for_one_render() {
    let router = with_bundle(spawn_app(), BUNDLE);
    for (status, html) in get_at_once(&router, "/", 8).await {
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains("data-url=\"/\" data-render=\"1\""), "{html}");
    }
    // Another page is the engine's second render.
    let (_, html) = get(&router, "/insights").await;
    assert!(html.contains("data-render=\"2\""), "{html}");
}

#[tokio::test]
async fn a_failed_render_serves_the_page_as_before_with_its_data() {
    let throws = "globalThis.render = () => { throw new Error('component failed'); };";
    let router = with_bundle(spawn_app(), throws);
    let (status, html) = get(&router, "/insights/newest-insight").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<div id=\"root\"></div>"), "{html}");
    assert_eq!(embedded_data(&html)["outcome"]["screen"], "insight");
}

#[tokio::test]
async fn a_render_past_its_deadline_serves_the_page_without_markup() {
    let app = spawn_app();
    let router = with_deadline(&app, LOOPS, Duration::from_millis(100), 4);
    let (status, html) = get(&router, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<div id=\"root\"></div>"), "{html}");
}

#[tokio::test]
async fn requests_waiting_on_a_render_that_timed_out_do_not_each_try_again() {
    // Four first requests for one page while every render loops past its 500 ms deadline: one
    // render runs and fails, and the three waiting on it see the back-off instead of running
    // three more (which would take at least 2 s on the one engine).
    let app = spawn_app();
    let router = with_deadline(&app, LOOPS, Duration::from_millis(500), 8);
    let started = Instant::now();
    for (status, html) in get_at_once(&router, "/", 4).await {
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains("<div id=\"root\"></div>"), "{html}");
    }
    let took = started.elapsed();
    assert!(took < Duration::from_millis(1500), "took {took:?}");
}

#[tokio::test]
async fn a_render_that_timed_out_is_tried_again_once_its_back_off_has_passed() {
    // Every render busy-waits until a moment 1.5 s from now: the first runs into its 1 s
    // deadline; a retry after the 1 s back-off (2 s from now) finishes at once. Engines are
    // rebuilt after a failure, so the moment lives in the bundle text, not in engine state.
    let until = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        + 1500;
    let bundle = format!(
        "globalThis.render = () => {{ while (Date.now() < {until}) {{}} return '<main>drawn</main>'; }};"
    );
    let app = spawn_app();
    let router = with_deadline(&app, &bundle, Duration::from_secs(1), 4);
    let (_, first) = get(&router, "/").await;
    let failed_by = Instant::now();
    assert!(first.contains("<div id=\"root\"></div>"), "{first}");

    // Within the back-off the page goes out without markup and no render is tried: were one
    // tried, it would run past 1.5 s from the start and come back drawn.
    let (_, second) = get(&router, "/").await;
    assert!(second.contains("<div id=\"root\"></div>"), "{second}");
    assert!(failed_by.elapsed() < supplysite_http::render::ssr::RETRY_FIRST);

    // Then it is rendered again, not before the back-off has passed.
    let drawn_at = loop {
        let (_, html) = get(&router, "/").await;
        if html.contains("<div id=\"root\"><main>drawn</main></div>") {
            break Instant::now();
        }
        assert!(
            failed_by.elapsed() < Duration::from_secs(10),
            "never drawn again: {html}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(
        drawn_at.duration_since(failed_by) + Duration::from_millis(50)
            >= supplysite_http::render::ssr::RETRY_FIRST
    );
}
