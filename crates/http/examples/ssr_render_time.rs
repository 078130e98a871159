//! Uncached server-side render time per template: the demo site's props for one route per
//! screen, each rendered `N` times (default 50) by one warm QuickJS engine, bypassing the page
//! cache (the time includes the hand-over to the engine's thread). Prints the median, 95th percentile and markup size per route. `bench/ssr/run.sh`
//! runs it in release mode.
//!
//!   cargo run --release -p supplysite-http --example ssr_render_time -- [N]

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use supplysite_http::{
    AppState, Composer, CoreComposer, PublicUrl, RenderOptions, Renderer, Settings, Shell,
    StateParts,
};
use tower::ServiceExt;

const ORIGIN: &str = "http://127.0.0.1:8080";
const SHELL: &str = "<html><head></head><body><div id=\"root\"></div></body></html>";

/// One route per template; the first case study, insight and page of the sitemap are added.
const FIXED: [&str; 11] = [
    "/",
    "/videopopup",
    "/supplier-management-platform",
    "/etender",
    "/case-study-index",
    "/insights",
    "/about-us",
    "/privacy",
    "/contact-us",
    "/no-such-page",
    "/sourcing-management",
];

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(50);
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let loaded = supplysite_content_adapter::load_export(repo.join("content/demo/export.json"))
        .expect("the demo export loads");
    let bundle = std::fs::read_to_string(repo.join("web/dist-ssr/render.js"))
        .expect("web/dist-ssr/render.js exists (npm run build:ssr in web/)");
    let composer = Arc::new(CoreComposer::new(ORIGIN));
    let chrome = serde_json::to_string(&composer.chrome()).unwrap();
    let web = std::env::temp_dir();
    let state = AppState::new(StateParts {
        settings: Settings::new(PublicUrl::parse(ORIGIN).unwrap(), &web),
        shell: Shell::parse(SHELL).unwrap(),
        content: loaded.set,
        composer,
        reload: None,
    });
    let router = supplysite_http::router(state);
    let body = |uri: String| {
        let router = router.clone();
        async move {
            let response = router
                .oneshot(Request::get(uri).body(Body::empty()).unwrap())
                .await
                .unwrap();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            String::from_utf8(bytes.to_vec()).unwrap()
        }
    };

    let sitemap = body("/sitemap.xml".into()).await;
    let mut routes: Vec<String> = FIXED.iter().map(|s| s.to_string()).collect();
    for prefix in ["/case-study/", "/insights/", "/page/"] {
        if let Some(url) = sitemap
            .split("<loc>")
            .filter_map(|s| s.split("</loc>").next())
            .find(|u| u.contains(prefix))
        {
            routes.push(url.trim_start_matches(ORIGIN).to_string());
        }
    }

    let started = Instant::now();
    let options = RenderOptions {
        threads: 1,
        ..RenderOptions::default()
    };
    let renderer = Renderer::new(bundle, options).expect("the bundle loads");
    println!(
        "engine start (load bundle): {:.1} ms",
        ms(started.elapsed())
    );
    println!(
        "{:<44} {:>10} {:>10} {:>10}",
        "route", "median ms", "p95 ms", "markup KB"
    );
    for route in routes {
        let outcome = body(format!(
            "/api/page?path={}",
            supplysite_core::uri::encode_component(&route)
        ))
        .await;
        let url = if outcome.contains("\"outcome\":\"not_found\"") {
            supplysite_http::render::ssr::NOT_FOUND_URL
        } else {
            &route
        };
        let props: Arc<str> =
            supplysite_http::render::ssr::props(url, &chrome, outcome.as_bytes()).into();
        let mut size = 0;
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            let t = Instant::now();
            let html = renderer
                .render(Arc::clone(&props))
                .await
                .unwrap_or_else(|e| panic!("{route}: {e}"));
            times.push(t.elapsed());
            size = html.len();
        }
        times.sort();
        println!(
            "{:<44} {:>10.2} {:>10.2} {:>10.1}",
            route,
            ms(times[times.len() / 2]),
            ms(times[(times.len() * 95 / 100).min(times.len() - 1)]),
            size as f64 / 1024.0
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
