//! `supplysite serve` as a process: it starts on a free port with the demo content, answers
//! pages, the API, the sitemap and a signed webhook, refuses malformed settings by name, and
//! stops cleanly on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use supplysite_core::webhook::sign;
use supplysite_http::Secret;
use tempfile::TempDir;

const SECRET: &str = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
const STARTUP: Duration = Duration::from_secs(20);

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

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

struct Server {
    child: Child,
    addr: String,
    stderr: mpsc::Receiver<String>,
    _web: TempDir,
}

impl Server {
    fn start() -> Server {
        let web = web_dir();
        let mut child = supplysite(web.path())
            .args([
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--public-url",
                "https://www.example.test",
            ])
            .arg("--content")
            .arg(repo_root().join("content/demo/export.json"))
            .arg("--web-dir")
            .arg(web.path())
            // The minimal web build has no server bundle (the source tree's would be found).
            .arg("--no-ssr")
            .env("CONTENTFUL_WEBHOOK_SECRET", SECRET)
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start supplysite serve");
        let (line_tx, line_rx) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = line_tx.send(line);
            }
        });
        let (err_tx, err_rx) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = err_tx.send(line);
            }
        });
        let line = match line_rx.recv_timeout(STARTUP) {
            Ok(line) => line,
            Err(_) => {
                let _ = child.kill();
                panic!(
                    "no 'listening on' line: {:?}",
                    err_rx.try_iter().collect::<Vec<_>>()
                );
            }
        };
        let addr = line
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        let server = Server {
            child,
            addr,
            stderr: err_rx,
            _web: web,
        };
        server.wait_until_ready();
        server
    }

    fn wait_until_ready(&self) {
        let deadline = Instant::now() + STARTUP;
        loop {
            if let Ok((200, _)) = self.request("GET", "/readyz", &[], b"") {
                return;
            }
            assert!(Instant::now() < deadline, "/readyz never answered 200");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// One HTTP/1.1 request; returns the status and the body.
    fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, String)],
        body: &[u8],
    ) -> std::io::Result<(u16, String)> {
        let mut stream = TcpStream::connect(&self.addr)?;
        stream.set_read_timeout(Some(Duration::from_secs(10)))?;
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes())?;
        stream.write_all(body)?;
        let mut response = String::new();
        stream.read_to_string(&mut response)?;
        let status = response
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = response
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        Ok((status, body))
    }

    fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path, &[], b"").unwrap()
    }

    /// SIGTERM by pid, then wait (bounded) for the exit.
    fn terminate(mut self) -> (std::process::ExitStatus, Vec<String>) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(sent.success());
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // The reader thread ends with the process; collect what it read.
                let mut lines = Vec::new();
                while let Ok(line) = self.stderr.recv_timeout(Duration::from_secs(2)) {
                    lines.push(line);
                }
                return (status, lines);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the server did not stop within 10 s of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Only when a test failed before terminate(): never leave the process behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_spawned_server_serves_the_demo_site_reloads_on_a_signed_webhook_and_stops_on_sigterm() {
    let server = Server::start();

    let (status, html) = server.get("/");
    assert_eq!(status, 200);
    assert!(html.contains("<link rel=\"canonical\" href=\"https://www.example.test/\">"));
    assert!(html.contains("<script id=\"__SUPPLYSITE__\" type=\"application/json\""));

    let (status, html) = server.get("/etender");
    assert_eq!(status, 200);
    assert!(html.contains("<title>"));

    let (status, sitemap) = server.get("/sitemap.xml");
    assert_eq!(status, 200);
    let insight = sitemap
        .split("<loc>https://www.example.test")
        .map(|s| s.split("</loc>").next().unwrap())
        .find(|p| p.starts_with("/insights/"))
        .expect("an insight in the sitemap")
        .to_string();
    assert_eq!(server.get(&insight).0, 200);

    let (status, json) = server.get(&format!("/api/page?path={insight}"));
    assert_eq!(status, 200);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["outcome"], "page");
    assert_eq!(json["screen"], "insight");

    assert_eq!(server.get("/no-such-page").0, 404);
    assert_eq!(server.get("/insights/no-such-article").0, 301);

    let (_, ready) = server.get("/readyz");
    let ready: serde_json::Value = serde_json::from_str(&ready).unwrap();
    let version = ready["contentVersion"].as_str().unwrap().to_string();

    let body = br#"{"sys":{"type":"Entry","id":"x"}}"#;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let (signature, signed) = sign(
        &Secret::webhook(SECRET).unwrap(),
        "POST",
        "/api/webhooks/contentful",
        &[("x-contentful-topic", "ContentManagement.Entry.publish")],
        body,
        now,
    );
    let headers = [
        (
            "x-contentful-topic",
            "ContentManagement.Entry.publish".to_string(),
        ),
        ("x-contentful-signature", signature),
        ("x-contentful-signed-headers", signed),
        ("x-contentful-timestamp", now.to_string()),
        (
            "content-type",
            "application/vnd.contentful.management.v1+json".to_string(),
        ),
    ];
    let (status, reply) = server
        .request("POST", "/api/webhooks/contentful", &headers, body)
        .unwrap();
    assert_eq!(status, 202, "{reply}");
    let reply: serde_json::Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(reply["accepted"], true);
    assert_eq!(reply["reload"], "started");
    // The reload runs in the background; /readyz says when it is over.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, ready) = server.get("/readyz");
        let ready: serde_json::Value = serde_json::from_str(&ready).unwrap();
        if ready["reloading"] == false {
            // The same export file reloads to the same version.
            assert_eq!(ready["contentVersion"], version.as_str());
            break;
        }
        assert!(Instant::now() < deadline, "the reload never ended");
        std::thread::sleep(Duration::from_millis(20));
    }

    let (status, log) = server.terminate();
    assert!(status.success(), "exit status {status:?}");
    let log = log.join("\n");
    assert!(log.contains("SIGTERM received"), "{log}");
    assert!(log.contains("content reloaded"), "{log}");
    assert!(!log.contains(SECRET), "the secret must never be logged");
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
