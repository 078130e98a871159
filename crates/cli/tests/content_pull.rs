//! `supplysite content pull` against a fake Contentful serving the demo space and its asset
//! files: the file it writes loads back into the same content as the demo export, the files
//! land beside it so the pulled folder checks and serves with no network, and a pull that was
//! interrupted resumes with only the files still missing.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use supplysite_content_adapter::contentful::fake::{ENVIRONMENT, FakeContentful, SPACE_ID, TOKEN};
use supplysite_content_adapter::load_export;

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
    let file = files[0].clone();
    let (status, body, page) = tokio::task::spawn_blocking(move || serve_and_get(&out, &file))
        .await
        .unwrap();
    assert_eq!(status, 200);
    assert_eq!(body, std::fs::read(demo_dir().join(&files[0])).unwrap());
    assert!(
        page.contains("\"/assets/images.ctfassets.net/"),
        "the site links its own copies"
    );
}

/// Starts `supplysite serve --content export`, gets the asset file `file` (its bytes) and the
/// home page's view model, then stops the server by its pid.
fn serve_and_get(export: &Path, file: &str) -> (u16, Vec<u8>, String) {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html>\n<html lang=\"en-AU\">\n<head>\n<title>Shell</title>\n</head>\n<body>\n<div id=\"root\"></div>\n</body>\n</html>\n",
    )
    .unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_supplysite"));
    for (key, _) in std::env::vars() {
        if key.starts_with("SUPPLYSITE_") || key.starts_with("CONTENTFUL_") {
            cmd.env_remove(key);
        }
    }
    let mut server = Stopped(
        cmd.args(["serve", "--bind", "127.0.0.1:0", "--no-ssr", "--content"])
            .arg(export)
            // Pictures made on demand only: no background encoding while the test runs.
            .env("SUPPLYSITE_IMAGE_WARM", "0")
            // State and caches in the test's folder, not the user's.
            .env_remove("STATE_DIRECTORY")
            .env_remove("CACHE_DIRECTORY")
            .env("XDG_STATE_HOME", web.path().join(".state"))
            .env("XDG_CACHE_HOME", web.path().join(".cache"))
            .arg("--web-dir")
            .arg(web.path())
            .current_dir(web.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("no 'listening on' line: {line:?}"))
        .to_string();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !matches!(try_get(&addr, "/readyz"), Ok((200, _))) {
        assert!(
            std::time::Instant::now() < deadline,
            "/readyz never answered 200"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let (status, body) = try_get(&addr, &format!("/assets/{file}")).unwrap();
    let (_, page) = try_get(&addr, "/api/page?path=/").unwrap();
    (status, body, String::from_utf8_lossy(&page).into_owned())
}

/// A server process, killed by its pid when the test is done with it or fails.
struct Stopped(std::process::Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 GET: the status and the body.
fn try_get(addr: &str, path: &str) -> std::io::Result<(u16, Vec<u8>)> {
    let mut stream = std::net::TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response)?;
    let split = response.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&response[..split]);
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    Ok((status, response[split + 4..].to_vec()))
}
