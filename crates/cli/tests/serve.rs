//! `supplysite serve` as a process: it starts on a free port with the demo content, answers
//! pages, the API, the sitemap and a signed webhook, refuses malformed settings by name, and
//! stops cleanly on SIGTERM.

// The CLI's one harness for the servers its tests start.
#[allow(dead_code, unused_imports)]
#[path = "wiring/support.rs"]
mod support;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use support::{Server, WEBHOOK_SECRET, signed_webhook_request};
use tempfile::TempDir;

fn web_dir() -> TempDir {
    let dir = TempDir::new().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html>\n<html lang=\"en-AU\">\n<head>\n<meta charset=\"UTF-8\">\n<title>Shell</title>\n</head>\n<body>\n<div id=\"root\"></div>\n</body>\n</html>\n",
    )
    .unwrap();
    dir
}

/// The command with a clean environment, run from an empty folder so no `.env` is read.
fn supplysite(cwd: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_supplysite"));
    cmd.current_dir(cwd);
    for (key, _) in std::env::vars() {
        if key.starts_with("SUPPLYSITE_") || key.starts_with("CONTENTFUL_") {
            cmd.env_remove(key);
        }
    }
    // Its state and caches in the test's folder, not the user's.
    cmd.env_remove("STATE_DIRECTORY")
        .env_remove("CACHE_DIRECTORY")
        .env("XDG_STATE_HOME", cwd.join(".state"))
        .env("XDG_CACHE_HOME", cwd.join(".cache"));
    cmd
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spawned_server_serves_the_demo_site_reloads_on_a_signed_webhook_and_stops_on_sigterm() {
    let dir = support::workdir();
    let mut cmd = support::serve(dir.path());
    cmd.env("CONTENTFUL_WEBHOOK_SECRET", WEBHOOK_SECRET);
    let server = Server::start(cmd).await;

    let (status, html) = server.get("/").await;
    assert_eq!(status, 200);
    assert!(html.contains("<link rel=\"canonical\" href=\"http://127.0.0.1/\">"));
    // The page data names the route template the page's Web Vitals are counted under.
    assert!(
        html.contains("<script id=\"__SUPPLYSITE__\" data-route=\"/\" type=\"application/json\"")
    );

    let (status, html) = server.get("/etender").await;
    assert_eq!(status, 200);
    assert!(html.contains("<title>"));

    let (status, sitemap) = server.get("/sitemap.xml").await;
    assert_eq!(status, 200);
    let insight = sitemap
        .split("<loc>http://127.0.0.1")
        .map(|s| s.split("</loc>").next().unwrap())
        .find(|p| p.starts_with("/insights/"))
        .expect("an insight in the sitemap")
        .to_string();
    assert_eq!(server.get(&insight).await.0, 200);

    let (status, json) = server
        .get_json(&format!(
            "/api/page?path={}",
            supplysite_core::uri::encode_component(&insight)
        ))
        .await;
    assert_eq!(status, 200);
    assert_eq!(json["outcome"], "page");
    assert_eq!(json["screen"], "insight");

    assert_eq!(server.get("/no-such-page").await.0, 404);
    assert_eq!(server.get("/insights/no-such-article").await.0, 301);

    let (_, ready) = server.get_json("/readyz").await;
    let version = ready["contentVersion"].as_str().unwrap().to_string();

    let (body, headers) = signed_webhook_request("ContentManagement.Entry.publish");
    let (status, reply) = server
        .post_raw("/api/webhooks/contentful", &headers, body)
        .await;
    assert_eq!(status, 202, "{reply}");
    let reply: serde_json::Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(reply["accepted"], true);
    assert_eq!(reply["reload"], "started");
    // The reload runs in the background; /readyz says when it is over.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, ready) = server.get_json("/readyz").await;
        if ready["reloading"] == false {
            // The same export file reloads to the same version.
            assert_eq!(ready["contentVersion"], version.as_str());
            break;
        }
        assert!(Instant::now() < deadline, "the reload never ended");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    let (status, log) = server.terminate().await;
    assert!(status.success(), "exit status {status:?}");
    assert!(log.contains("SIGTERM received"), "{log}");
    assert!(log.contains("content reloaded"), "{log}");
    assert!(
        !log.contains(WEBHOOK_SECRET),
        "the secret must never be logged"
    );
}

#[test]
fn a_malformed_setting_stops_start_up_naming_it() {
    let web = web_dir();
    let out = supplysite(web.path())
        .args(["serve", "--web-dir"])
        .arg(web.path())
        .env("SUPPLYSITE_PUBLIC_URL", "www.example.test")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "SUPPLYSITE_PUBLIC_URL / --public-url: invalid public URL \"www.example.test\""
        ),
        "{err}"
    );

    let out = supplysite(web.path())
        .args(["serve"])
        .env("CONTENTFUL_WEBHOOK_SECRET", "too-short-but-secret")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("CONTENTFUL_WEBHOOK_SECRET"), "{err}");
    assert!(!err.contains("too-short-but-secret"), "{err}");

    let out = supplysite(web.path())
        .args(["serve", "--web-dir"])
        .arg(web.path())
        .env("SUPPLYSITE_TIME_ZONE", "Mars/Olympus")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("SUPPLYSITE_TIME_ZONE / --time-zone: unknown time zone \"Mars/Olympus\""),
        "{err}"
    );
}

#[test]
fn a_missing_web_build_stops_start_up_with_a_hint() {
    let empty = TempDir::new().unwrap();
    let out = supplysite(empty.path())
        .args(["serve", "--bind", "127.0.0.1:0", "--web-dir", "no-such-dir"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot read the web build at no-such-dir/index.html"),
        "{err}"
    );
    assert!(err.contains("SUPPLYSITE_WEB_DIR"), "{err}");
    assert!(err.contains("`make web-build`"), "{err}");
}

#[test]
fn a_short_preview_secret_or_a_preview_without_live_content_stops_start_up_without_echoing_it() {
    let web = web_dir();
    let out = supplysite(web.path())
        .args(["serve", "--web-dir"])
        .arg(web.path())
        .env("CONTENTFUL_PREVIEW_TOKEN", "preview-token")
        .env("SUPPLYSITE_PREVIEW_SECRET", "short-preview-secret")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("SUPPLYSITE_PREVIEW_SECRET"), "{err}");
    assert!(err.contains("at least 32"), "{err}");
    assert!(!err.contains("short-preview-secret"), "{err}");

    let out = supplysite(web.path())
        .args(["serve", "--web-dir"])
        .arg(web.path())
        .env("CONTENTFUL_PREVIEW_TOKEN", "preview-token")
        .env(
            "SUPPLYSITE_PREVIEW_SECRET",
            "a-long-enough-preview-secret-0123456789",
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("CONTENTFUL_SPACE_ID"), "{err}");
    assert!(!err.contains("a-long-enough-preview-secret"), "{err}");
    assert!(!err.contains("preview-token\""), "{err}");

    let out = supplysite(web.path())
        .args(["serve", "--web-dir"])
        .arg(web.path())
        .env("CONTENTFUL_PREVIEW_HOST", "preview.contentful.com")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("CONTENTFUL_PREVIEW_HOST"), "{err}");
}

/// The record of the search index kept in `dir`'s cache folder, once it is written.
async fn kept_search_index(dir: &Path) -> std::path::PathBuf {
    let folder = dir.join(".cache/supplysite/search");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let kept = std::fs::read_dir(&folder).ok().and_then(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .find(|p| p.join("kept.json").is_file())
        });
        if let Some(kept) = kept {
            return kept;
        }
        assert!(Instant::now() < deadline, "the search index was never kept");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The search index's state in `/readyz` once it answers, and how a search for a demo word
/// answers.
async fn search_state(server: &Server) -> serde_json::Value {
    let (_, ready) = server.get_json("/readyz").await;
    assert_eq!(ready["search"]["status"], "ready", "{ready}");
    let (status, answer) = server.get_json("/api/search?q=tender").await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["total"]["exactly"].as_u64().unwrap() > 0, "{answer}");
    ready["search"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_opens_the_search_index_it_kept_and_builds_it_again_when_it_changed_or_is_damaged()
 {
    let dir = support::workdir();
    // The first start builds the index and keeps it in the cache folder.
    let server = Server::start(support::serve(dir.path())).await;
    let first = search_state(&server).await;
    let documents = first["documents"].as_u64().unwrap();
    assert_eq!(first["written"], documents, "built: {first}");
    let kept = kept_search_index(dir.path()).await;
    let (status, log) = server.terminate().await;
    assert!(status.success());
    assert!(
        log.contains("search index kept for the next start"),
        "{log}"
    );

    // A restart with the same content opens it and writes nothing.
    let server = Server::start(support::serve(dir.path())).await;
    let again = search_state(&server).await;
    assert_eq!(again["documents"], documents);
    assert_eq!(again["written"], 0, "opened, not built: {again}");
    let (_, log) = server.terminate().await;
    assert!(
        log.contains("search index opened as kept for this content"),
        "{log}"
    );

    // A damaged index is logged, removed and built again: never fatal.
    for entry in std::fs::read_dir(&kept).unwrap().flatten() {
        let name = entry.file_name();
        if name != "kept.json" && name != "meta.json" && name != ".managed.json" {
            std::fs::write(entry.path(), b"not an index").unwrap();
        }
    }
    let server = Server::start(support::serve(dir.path())).await;
    let rebuilt = search_state(&server).await;
    assert_eq!(rebuilt["written"], documents, "built again: {rebuilt}");
    kept_search_index(dir.path()).await;
    let (_, log) = server.terminate().await;
    assert!(
        log.contains("the kept search index cannot be used"),
        "{log}"
    );

    // Other content (a new content version) is built, not opened.
    let changed = dir.path().join("changed-export.json");
    let mut export = std::fs::read(support::demo_export()).unwrap();
    export.push(b'\n');
    std::fs::write(&changed, export).unwrap();
    let server = Server::start(support::serve_content(dir.path(), &changed)).await;
    let other = search_state(&server).await;
    assert_eq!(
        other["written"], documents,
        "built for the new version: {other}"
    );
    let (_, log) = server.terminate().await;
    assert!(
        log.contains("no search index kept for this content"),
        "{log}"
    );
}
