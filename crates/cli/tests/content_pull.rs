//! `supplysite content pull` against a fake Contentful serving the demo space and its asset
//! files: the file it writes loads back into the same content as the demo export, the files
//! land beside it so the pulled folder checks and serves with no network, and a pull that was
//! interrupted resumes with only the files still missing.

// The CLI's one harness for the servers its tests start.
#[allow(dead_code, unused_imports)]
#[path = "wiring/support.rs"]
mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use supplysite_content_adapter::contentful::fake::{ENVIRONMENT, FakeContentful, SPACE_ID, TOKEN};
use supplysite_content_adapter::load_export;
use support::Server;

fn demo_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content/demo")
}

fn demo_bytes() -> Vec<u8> {
    std::fs::read(demo_dir().join("export.json")).unwrap()
}

async fn pull(fake_url: &str, out: &std::path::Path, token: &str) -> std::process::Output {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(["content", "pull", "--out"])
        .arg(out)
        .env("CONTENTFUL_SPACE_ID", SPACE_ID)
        .env("CONTENTFUL_ACCESS_TOKEN", token)
        .env("CONTENTFUL_ENVIRONMENT", ENVIRONMENT)
        .env("CONTENTFUL_GRAPHQL_HOST", fake_url)
        .env("CONTENTFUL_CDA_HOST", fake_url)
        .env("CONTENTFUL_ASSETS_BASE", fake_url)
        // No .env of the developer's may point it elsewhere.
        .current_dir(out.parent().unwrap())
        .output()
        .await
        .expect("the binary runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pulled_space_loads_back_into_the_same_content_as_the_demo_export() {
    let demo = demo_bytes();
    let fake = FakeContentful::start(serde_json::from_slice(&demo).unwrap()).await;
    fake.serve_files(demo_dir());
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pulled.json");
    let output = pull(&fake.url(), &out, TOKEN).await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("wrote "), "{stderr}");
    assert!(stderr.contains("assets"), "{stderr}");

    // Both read with their folders, so both link the asset files beside them.
    let pulled = load_export(&out).unwrap();
    let original = load_export(demo_dir().join("export.json")).unwrap();
    assert_eq!(pulled.set.parts(), original.set.parts());
    assert!(!pulled.has_errors(), "{:?}", pulled.problems);
    let written: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(written["contentTypes"].as_array().unwrap().len(), 14);
    assert_eq!(written["locales"][0]["code"], "en-AU");
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_fails_the_pull_naming_the_setting_and_writes_nothing() {
    let fake = FakeContentful::start(serde_json::from_slice(&demo_bytes()).unwrap()).await;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pulled.json");
    let output = pull(&fake.url(), &out, "not-the-token").await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("CONTENTFUL_ACCESS_TOKEN"), "{stderr}");
    assert!(!stderr.contains("not-the-token"), "{stderr}");
    assert!(!out.exists());
    fake.stop().await;
}

/// The demo's asset files, relative to its folder (`images.ctfassets.net/…`).
fn demo_files() -> Vec<String> {
    let export: serde_json::Value = serde_json::from_slice(&demo_bytes()).unwrap();
    export["assets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["fields"]["file"]["en-AU"]["url"].as_str().unwrap()[2..].to_string())
        .collect()
}

fn asset_requests(fake: &FakeContentful) -> Vec<String> {
    fake.received()
        .into_iter()
        .map(|r| r.path)
        .filter(|p| p.starts_with("/images.ctfassets.net/"))
        .collect()
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(from, to).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interrupted_pull_resumes_and_the_pulled_folder_checks_and_serves_offline() {
    let files = demo_files();
    assert_eq!(files.len(), 116);
    let total = files.len();
    // The asset host's copy of the files, one of which it cannot serve during the first pull.
    let host = tempfile::tempdir().unwrap();
    for f in &files {
        copy(&demo_dir().join(f), &host.path().join(f));
    }
    let unavailable = &files[7];
    std::fs::remove_file(host.path().join(unavailable)).unwrap();
    let fake = FakeContentful::start(serde_json::from_slice(&demo_bytes()).unwrap()).await;
    fake.serve_files(host.path());

    // Left by an earlier pull: two whole files and one cut short.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("export.json");
    for f in &files[..2] {
        copy(&demo_dir().join(f), &dir.path().join(f));
    }
    let cut = dir.path().join(&files[2]);
    std::fs::create_dir_all(cut.parent().unwrap()).unwrap();
    std::fs::write(&cut, b"cut").unwrap();

    let first = pull(&fake.url(), &out, TOKEN).await;
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert!(!first.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "error: HTTP 404 from {}/{unavailable}",
            fake.url()
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "1 of {total} asset files could not be downloaded, so"
        )),
        "{stderr}"
    );
    assert!(!out.exists(), "no export until every file is in place");
    let asked = asset_requests(&fake);
    // Every file but the two kept, each once: the one cut short again, the missing one once
    // (a 404 is not retried).
    assert_eq!(asked.len(), total - 2, "{asked:?}");
    for kept in &files[..2] {
        assert!(
            !asked.contains(&format!("/{kept}")),
            "{kept} was fetched again"
        );
    }
    assert!(asked.contains(&format!("/{}", files[2])));

    // The host has the file again; the next pull fetches only it.
    copy(
        &demo_dir().join(unavailable),
        &host.path().join(unavailable),
    );
    let second = pull(&fake.url(), &out, TOKEN).await;
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(second.status.success(), "{stderr}");
    assert!(stderr.contains("1 downloaded"), "{stderr}");
    assert!(
        stderr.contains(&format!("{} already there", total - 1)),
        "{stderr}"
    );
    assert_eq!(
        asset_requests(&fake)[total - 2..],
        [format!("/{unavailable}")]
    );
    for f in &files {
        assert_eq!(
            std::fs::read(dir.path().join(f)).unwrap(),
            std::fs::read(demo_dir().join(f)).unwrap(),
            "{f}"
        );
    }
    fake.stop().await;

    // With Contentful gone, the pulled folder is a complete site.
    let check = Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(["content", "check", "--content"])
        .arg(&out)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let site = support::workdir();
    let server = Server::start(support::serve_content(site.path(), &out)).await;
    let (status, body) = server.get_bytes(&format!("/assets/{}", files[0])).await;
    let (_, page) = server.get("/api/page?path=%2F").await;
    assert_eq!(status, 200);
    assert_eq!(body, std::fs::read(demo_dir().join(&files[0])).unwrap());
    assert!(
        page.contains("\"/assets/images.ctfassets.net/"),
        "the site links its own copies"
    );
}
