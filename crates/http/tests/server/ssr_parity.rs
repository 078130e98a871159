//! Server-side rendering parity: every page of the demo site, served by the router with the
//! web UI's server bundle in QuickJS, carries in its root element exactly the markup Node's
//! `renderToString` makes from the same bundle and the same props.
//!
//! Needs the server bundle (`npm run build:ssr` in web/) and Node, so it is ignored by a plain
//! `cargo test`; `make test` runs it with `--ignored`.

use crate::support::{Export, Options, TestApp, body_text};
use axum::http::StatusCode;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use supplysite_core::routes::Route;
use supplysite_http::{Composer, CoreComposer, RenderOptions, Renderer};

const ORIGIN: &str = "http://127.0.0.1:8080";

/// The web build's shell, reduced to what the server fills in.
const INDEX_HTML: &str = r#"<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
  </head>
  <body>
    <div id="root"><!--supplysite:html--></div>
    <script>(()=>{const s=document.createElement("script");s.type="module";s.src="/assets/index-Ab12Cd.js";document.head.append(s)})()</script>
  </body>
</html>
"#;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn bundle_path() -> PathBuf {
    repo().join("web/dist-ssr/render.js")
}

struct Site {
    app: TestApp,
    chrome: String,
}

fn site() -> Site {
    let loaded = supplysite_content_adapter::load_export(supplysite_testkit::demo::export_path())
        .expect("the demo export loads");
    let bundle = std::fs::read_to_string(bundle_path()).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}): build it with `npm run build:ssr` in web/",
            bundle_path().display()
        )
    });
    let composer = Arc::new(CoreComposer::new(ORIGIN));
    let chrome = serde_json::to_string(&composer.chrome()).unwrap();
    let options = RenderOptions {
        threads: 2,
        queue: 64,
        ..RenderOptions::default()
    };
    let renderer = Renderer::new(bundle, options).expect("the server bundle loads in QuickJS");
    let app = TestApp::new(Options {
        public_url: ORIGIN,
        secret: None,
        web_files: false,
        export: Export::None,
        index_html: Some(INDEX_HTML.into()),
        content: Some(loaded.set),
        composer: Some(composer),
        renderer: Some(renderer),
        ..Options::default()
    });
    Site { app, chrome }
}

async fn get(app: &TestApp, uri: &str) -> (StatusCode, String) {
    let response = app.get(uri).await;
    (response.status(), body_text(response).await)
}

/// What the server put inside `<div id="root">`.
fn root_markup(page: &str) -> &str {
    let start = page.find("<div id=\"root\">").expect("a root element") + "<div id=\"root\">".len();
    let data = page
        .find("<script id=\"__SUPPLYSITE__\"")
        .expect("page data");
    let end = page[..data]
        .rfind("</div>")
        .expect("the root element closes");
    &page[start..end]
}

/// Every page of the demo: the sitemap's, the ones it leaves out, and an unknown path.
async fn paths(app: &TestApp) -> Vec<String> {
    let (_, sitemap) = get(app, "/sitemap.xml").await;
    let mut paths: Vec<String> = sitemap
        .split("<loc>")
        .skip(1)
        .filter_map(|s| s.split("</loc>").next())
        .map(|url| url.strip_prefix(ORIGIN).unwrap_or(url).to_string())
        .map(|p| if p.is_empty() { "/".into() } else { p })
        .collect();
    // The search page is never in the sitemap: the form alone, results with filters and a
    // second page, and a search that finds nothing.
    for extra in [
        "/videopopup",
        "/no-such-page",
        "/search",
        "/search?q=supplier",
        "/search?q=supplier&type=insight&page=2",
        "/search?q=zzqqxx",
    ] {
        if !paths.iter().any(|p| p == extra) {
            paths.push(extra.to_string());
        }
    }
    paths
}

fn screen(path: &str) -> String {
    match Route::parse(path) {
        Route::Product(_) => "product".into(),
        Route::CaseStudy(_) => "case study".into(),
        Route::Insight(_) => "insight".into(),
        Route::Page(_) => "page".into(),
        Route::Search(_) => "search".into(),
        other => format!("{other:?}"),
    }
}

#[tokio::test]
#[ignore = "needs web/dist-ssr/render.js and node: run by make test"]
async fn every_page_s_server_markup_equals_node_render_to_string_for_the_same_props() {
    let site = site();
    let paths = paths(&site.app).await;
    let mut served = Vec::new();
    let mut props = Vec::new();
    for path in &paths {
        let (status, page) = get(&site.app, path).await;
        let not_found = status == StatusCode::NOT_FOUND;
        assert!(status == StatusCode::OK || not_found, "{path}: {status}");
        // The props the server rendered: the API's outcome and the chrome, as serialised once.
        let (_, outcome) = get(
            &site.app,
            &format!(
                "/api/page?path={}",
                supplysite_core::uri::encode_component(path)
            ),
        )
        .await;
        let url = if not_found {
            supplysite_http::render::ssr::NOT_FOUND_URL
        } else {
            path
        };
        props.push(supplysite_http::render::ssr::props(
            url,
            &site.chrome,
            outcome.as_bytes(),
        ));
        served.push(root_markup(&page).to_string());
    }

    let dir = tempfile::tempdir().unwrap();
    let props_file = dir.path().join("props.json");
    std::fs::write(&props_file, serde_json::to_string(&props).unwrap()).unwrap();
    let output = std::process::Command::new("node")
        .arg(repo().join("web/scripts/ssr-parity.mjs"))
        .arg(bundle_path())
        .arg(&props_file)
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let node: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(node.len(), paths.len());

    let mut screens = std::collections::BTreeSet::new();
    let mut mismatches = Vec::new();
    for ((path, ours), theirs) in paths.iter().zip(&served).zip(&node) {
        let Some(theirs) = theirs["html"].as_str() else {
            mismatches.push(format!(
                "{path}: node could not render: {}",
                theirs["error"]
            ));
            continue;
        };
        assert!(
            ours.contains("<main"),
            "{path}: the server sent no markup (render failed; see the log)"
        );
        if ours != theirs {
            let at = ours
                .bytes()
                .zip(theirs.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(ours.len().min(theirs.len()));
            let from = at.saturating_sub(80);
            mismatches.push(format!(
                "{path}: differs at byte {at}\n  quickjs: {:?}\n  node:    {:?}",
                &ours[from..(at + 80).min(ours.len())],
                &theirs[from..(at + 80).min(theirs.len())]
            ));
        }
        screens.insert(screen(path));
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    // One route per template at least: every screen of the site was compared.
    for expected in [
        "Home",
        "VideoPopup",
        "Solutions",
        "product",
        "CaseStudyIndex",
        "case study",
        "Insights",
        "insight",
        "AboutUs",
        "Privacy",
        "ContactUs",
        "page",
        "search",
        "NotFound",
    ] {
        assert!(
            screens.contains(expected),
            "no {expected} page compared: {screens:?}"
        );
    }
}
