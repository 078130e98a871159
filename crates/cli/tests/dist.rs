//! The archive `make dist` writes, used as an operator would: unpacked into a folder outside
//! the repository and started as `nobody` from `/` with nothing in its environment but `HOME`
//! and `PATH`. It must serve the whole demo site from its own files: every route in the
//! sitemap, rendered on the server, pictures resized by `/img`, and an enquiry stored in the
//! state folder under `HOME`. The Dockerfile must name the same archive.
//!
//! Ignored in plain `cargo test`: it packs the web build, the server bundle and the demo's
//! photographs, which `make test-dist` makes first. It packs the debug binary this test was
//! built with (`DIST_PROFILE=debug`), so `make test` builds no release binary for it; the
//! release archive differs only in that binary.

// The CLI's one harness for the servers its tests start.
#[allow(dead_code, unused_imports)]
#[path = "wiring/support.rs"]
mod support;

use serde_json::{Value, json};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use supplysite_mail_adapter::Challenge;
use supplysite_mail_adapter::selfhosted::solve;

/// How long start-up, a page or the delivery of an enquiry may take on a busy machine.
const PATIENCE: Duration = Duration::from_secs(60);

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Runs scripts/dist.sh on this test's binary into `out`; the archive's path.
fn pack(out: &Path) -> PathBuf {
    let packed = Command::new("bash")
        .arg(repo_root().join("scripts/dist.sh"))
        .env("DIST_PROFILE", "debug")
        .env("DIST_BIN", env!("CARGO_BIN_EXE_supplysite"))
        .env("DIST_OUT", out)
        .stderr(Stdio::inherit())
        .output()
        .expect("run scripts/dist.sh");
    assert!(packed.status.success(), "scripts/dist.sh failed");
    let stdout = String::from_utf8(packed.stdout).unwrap();
    PathBuf::from(stdout.lines().last().expect("the archive's path"))
}

/// The user and group ids of `nobody`.
fn nobody() -> (u32, u32) {
    let id = |flag: &str| {
        let out = Command::new("id").args([flag, "nobody"]).output().unwrap();
        assert!(out.status.success(), "no user nobody");
        String::from_utf8(out.stdout)
            .unwrap()
            .trim()
            .parse::<u32>()
            .unwrap()
    };
    (id("-u"), id("-g"))
}

fn is_root() -> bool {
    let out = Command::new("id").arg("-u").output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim() == "0"
}

/// `binary` run by `setpriv` as `nobody` (no supplementary groups, no capabilities), with
/// `env -i`: an empty environment but `HOME` and `PATH`, from `/`.
fn as_nobody(binary: &Path, home: &Path) -> Command {
    let (uid, gid) = nobody();
    // setpriv needs root; without it, sudo when it asks for no password.
    let mut cmd = if is_root() {
        Command::new("setpriv")
    } else {
        let mut sudo = Command::new("sudo");
        sudo.args(["-n", "setpriv"]);
        sudo
    };
    cmd.arg(format!("--reuid={uid}"))
        .arg(format!("--regid={gid}"))
        .args(["--clear-groups", "--inh-caps=-all", "--bounding-set=-all"])
        .args(["env", "-i"])
        .arg(format!("HOME={}", home.display()))
        .arg("PATH=/usr/bin:/bin")
        .arg(binary)
        .current_dir("/")
        .stdin(Stdio::null());
    cmd
}

/// The paths the sitemap lists (`<loc>` origins dropped).
fn sitemap_paths(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</loc>").map(|(url, _)| url))
        .map(|url| {
            let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
            match after_scheme.find('/') {
                Some(i) => after_scheme[i..].replace("&amp;", "&"),
                None => "/".to_owned(),
            }
        })
        .collect()
}

/// The first `/img/…` address in a page.
fn picture_url(html: &str) -> Option<String> {
    let start = html.find("/img/")?;
    let rest = &html[start..];
    let end = rest
        .find(['"', '\'', ' ', ',', ')', '<'])
        .unwrap_or(rest.len());
    Some(rest[..end].replace("&amp;", "&"))
}

/// The ARG defaults and the ADD line of the Dockerfile, put together: the archive it unpacks.
fn dockerfile_archive(dockerfile: &str) -> String {
    let arg = |name: &str| {
        dockerfile
            .lines()
            .find_map(|l| l.strip_prefix(&format!("ARG {name}=")))
            .unwrap_or_else(|| panic!("the Dockerfile has no ARG {name}=…"))
            .trim()
            .to_owned()
    };
    let added = dockerfile
        .lines()
        .find_map(|l| l.strip_prefix("ADD "))
        .expect("the Dockerfile ADDs the archive")
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned();
    added
        .replace("${VERSION}", &arg("VERSION"))
        .replace("${TARGET}", &arg("TARGET"))
}

/// A folder `nobody` may enter and read (temporary folders are private to their owner).
fn open_to_all(dir: &Path) {
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "packs the web build, the server bundle and the demo photographs: `make test-dist`"]
async fn the_dist_archive_serves_the_whole_site_as_nobody_from_anywhere() {
    let started = Instant::now();
    let work = tempfile::tempdir().unwrap();
    assert!(
        !work.path().starts_with(repo_root()),
        "the archive is unpacked outside the repository"
    );
    open_to_all(work.path());

    // Packed, and named as the Dockerfile expects.
    let archive = pack(&work.path().join("out"));
    let name = archive.file_name().unwrap().to_str().unwrap().to_owned();
    assert!(
        name.starts_with(&format!("supplysite-{}-", env!("CARGO_PKG_VERSION")))
            && name.ends_with(".tar.gz"),
        "{name}"
    );
    let dockerfile = std::fs::read_to_string(repo_root().join("deploy/Dockerfile")).unwrap();
    assert_eq!(
        dockerfile_archive(&dockerfile),
        name,
        "deploy/Dockerfile must ADD the archive `make dist` writes"
    );
    let packed_in = started.elapsed();

    // Unpacked by root, as an operator would into /opt: nobody can read it, not write it.
    let unpacked = work.path().join("opt");
    std::fs::create_dir(&unpacked).unwrap();
    let tar = Command::new("tar")
        .arg("-xzf")
        .arg(&archive)
        .arg("-C")
        .arg(&unpacked)
        .arg("--strip-components=1")
        .status()
        .unwrap();
    assert!(tar.success());
    open_to_all(&unpacked);
    let binary = unpacked.join("bin/supplysite");
    assert!(
        unpacked
            .join("share/supplysite/deploy/supplysite.service")
            .is_file(),
        "the archive carries the systemd unit"
    );

    // A home of its own: the state and cache folders go under it.
    let home = work.path().join("home");
    std::fs::create_dir(&home).unwrap();
    let (uid, gid) = nobody();
    std::os::unix::fs::chown(&home, Some(uid), Some(gid)).unwrap();
    let state = home.join(".local/state/supplysite");
    let cache = home.join(".cache/supplysite");

    // setpriv and env execute the server in their own process: the pid the harness holds is
    // the server's. Only the port (free, on loopback) and no background encoding of every
    // picture (the test asks for one): nothing that points at a file.
    let mut serve = as_nobody(&binary, &home);
    serve.args(["serve", "--bind", "127.0.0.1:0", "--image-warm", "0"]);
    let server = support::Server::start_within(serve, PATIENCE).await;
    let log = server.log();
    // Its own files, not the source tree's: the content, the web build and the bundle.
    let share = unpacked.join("share/supplysite");
    for (field, path) in [
        ("content", share.join("content/demo/export.json")),
        ("web_dir", share.join("web/dist")),
        ("bundle", share.join("web/dist-ssr/render.js")),
    ] {
        assert!(
            log.contains(&format!("{field}={}", path.display())),
            "{field} is not {}:\n{log}",
            path.display()
        );
    }
    assert!(!log.contains("without server rendering"), "{log}");

    // Every route of the sitemap, rendered on the server.
    let sitemap = server.response("/sitemap.xml").await;
    assert_eq!(sitemap.status(), 200);
    let paths = sitemap_paths(&sitemap.text().await.unwrap());
    assert!(paths.len() >= 10, "the demo's sitemap lists {paths:?}");
    let mut picture = None;
    for path in &paths {
        let response = server.response(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let html = response.text().await.unwrap();
        let (_, inside) = html
            .split_once(r#"<div id="root">"#)
            .unwrap_or_else(|| panic!("{path}: no root element"));
        assert!(
            inside.starts_with('<') && !inside.starts_with("</div>"),
            "{path}: the root element is empty, the page was not rendered on the server"
        );
        picture = picture.or_else(|| picture_url(&html));
    }

    // A picture, resized by the server and kept in the cache folder.
    let picture = picture.expect("a page shows a picture from /img");
    let response = server.response(&picture).await;
    assert_eq!(response.status(), 200, "{picture}");
    let kind = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(kind.starts_with("image/"), "{picture}: {kind}");
    let bytes = response.bytes().await.unwrap();
    let magic: &[&[u8]] = match kind.as_str() {
        "image/jpeg" => &[b"\xFF\xD8\xFF"],
        "image/png" => &[b"\x89PNG"],
        "image/webp" => &[b"RIFF"],
        "image/avif" => &[b"\0\0\0"],
        other => panic!("{picture}: unexpected type {other}"),
    };
    assert!(
        magic.iter().any(|m| bytes.starts_with(m)),
        "{picture}: not a {kind}"
    );
    let renditions = std::fs::read_dir(cache.join("img"))
        .unwrap_or_else(|e| panic!("no image cache in {}: {e}", cache.display()))
        .count();
    assert!(renditions > 0, "no rendition kept in {}", cache.display());

    // An enquiry through the self-hosted robot check, kept in the state folder.
    let challenge: Value = server
        .response("/api/robot-challenge")
        .await
        .json()
        .await
        .unwrap();
    let challenge: Challenge = serde_json::from_value(challenge).unwrap();
    let email = "dist-check@example.com";
    let form = supplysite_testkit::form_json(email, &solve(&challenge));
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!(status, 200, "{answer}\n{}", server.log());
    assert!(
        answer == json!({"status": "sent"}) || answer == json!({"status": "queued"}),
        "{answer}"
    );
    let outbox = state.join("outbox.sqlite3");
    let owner = std::fs::metadata(&outbox)
        .unwrap_or_else(|e| panic!("no outbox at {}: {e}", outbox.display()))
        .uid();
    assert_eq!(owner, uid, "the outbox is written by nobody");
    let deadline = Instant::now() + PATIENCE;
    let delivered = loop {
        let found = std::fs::read_dir(state.join("mailbox"))
            .into_iter()
            .flatten()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .find(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains(email)));
        if let Some(found) = found {
            break found;
        }
        assert!(
            Instant::now() < deadline,
            "the enquiry never reached the mailbox in {}:\n{}",
            state.display(),
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(delivered.starts_with(&state));

    let (status, log) = server.terminate().await;
    assert!(status.success(), "exit after SIGTERM: {status}\n{log}");

    // `supplysite outbox` finds the same outbox on its own: the enquiry's jobs, delivered.
    let listed = as_nobody(&binary, &home)
        .args(["outbox", "list", "--state", "delivered", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        listed.status.success(),
        "{}",
        String::from_utf8_lossy(&listed.stderr)
    );
    let jobs: Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert!(
        jobs.as_array().is_some_and(|jobs| !jobs.is_empty()),
        "no delivered job in the outbox: {jobs}"
    );
    println!(
        "dist: packed in {:.1} s, {} routes checked, whole test {:.1} s",
        packed_in.as_secs_f64(),
        paths.len(),
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn the_sitemap_s_addresses_become_paths_and_a_picture_is_found() {
    let xml = "<urlset><url><loc>http://127.0.0.1:8080/</loc></url>\
               <url><loc>https://www.example.com/insights/a?x=1&amp;y=2</loc></url></urlset>";
    assert_eq!(sitemap_paths(xml), ["/", "/insights/a?x=1&y=2"]);
    let html = r#"<img srcset="/img/a/b.jpg?w=640&amp;fm=webp 640w, /img/c.jpg 2x">"#;
    assert_eq!(
        picture_url(html).as_deref(),
        Some("/img/a/b.jpg?w=640&fm=webp")
    );
    let dockerfile = "ARG VERSION=1.2.3\nARG TARGET=x86_64-unknown-linux-gnu\nFROM x\nADD supplysite-${VERSION}-${TARGET}.tar.gz /opt/\n";
    assert_eq!(
        dockerfile_archive(dockerfile),
        "supplysite-1.2.3-x86_64-unknown-linux-gnu.tar.gz"
    );
}
