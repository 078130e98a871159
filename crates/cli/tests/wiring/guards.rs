//! The smaller guards, each against the real server: the webhook refuses a request by its
//! headers before reading its body, a signed webhook accepted by one replica is a replay on
//! another (they share PostgreSQL), its time to live is bounded at start, and a preview cookie
//! is short-lived and ends when the preview epoch changes.

use crate::support::{
    POST_ID, POST_PATH, Server, WEBHOOK_SECRET, serve, signed_webhook_request_at,
    with_fake_contentful, with_fake_preview, workdir,
};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use supplysite_content_adapter::contentful::fake::FakeContentful;
use supplysite_store_postgres::testing::TestPostgres;

/// Sends the head of a request announcing `length` bytes of body, and none of it; the answer
/// as text, or `None` when none came within `patience`.
fn head_only(base: &str, head: &str, patience: Duration) -> Option<String> {
    let address = base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(patience)).unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                answer.extend_from_slice(&buffer[..n]);
                if answer.windows(4).any(|w| w == b"\r\n\r\n") {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    (!answer.is_empty()).then(|| String::from_utf8_lossy(&answer).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_without_a_good_signature_is_refused_before_its_body_is_read() {
    let dir = workdir();
    let mut cmd = serve(dir.path());
    cmd.env("CONTENTFUL_WEBHOOK_SECRET", WEBHOOK_SECRET);
    let server = Server::start(cmd).await;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis();
    // A client that announces a megabyte and sends none of it: unsigned, stale, and signed
    // with something that is no HMAC. Each is answered from the head alone.
    for extra in [
        String::new(),
        format!(
            "x-contentful-signature: {}\r\nx-contentful-signed-headers: x-contentful-timestamp\r\nx-contentful-timestamp: {}\r\n",
            "a".repeat(64),
            now - 3_600_000
        ),
        format!(
            "x-contentful-signature: not-hex\r\nx-contentful-signed-headers: x-contentful-timestamp\r\nx-contentful-timestamp: {now}\r\n"
        ),
    ] {
        let head = format!(
            "POST /api/webhooks/contentful HTTP/1.1\r\nHost: site\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n{extra}\r\n"
        );
        let base = server.base.clone();
        let started = Instant::now();
        let answer =
            tokio::task::spawn_blocking(move || head_only(&base, &head, Duration::from_secs(5)))
                .await
                .unwrap()
                .unwrap_or_else(|| panic!("no answer without the body: {}", server.log()));
        assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}

async fn signed_webhook(server: &Server, at_ms: u64) -> (u16, String) {
    let (body, headers) = signed_webhook_request_at("ContentManagement.Entry.publish", at_ms);
    server
        .post_raw("/api/webhooks/contentful", &headers, body)
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_accepted_by_one_replica_is_a_replay_on_another() {
    let pg = TestPostgres::start();
    let database = pg.database("replicas");
    let start = |dir: &std::path::Path| {
        let mut cmd = serve(dir);
        cmd.env("CONTENTFUL_WEBHOOK_SECRET", WEBHOOK_SECRET)
            .env("SUPPLYSITE_DATABASE_URL", &database);
        Server::start(cmd)
    };
    let (dir_a, dir_b) = (workdir(), workdir());
    let a = start(dir_a.path()).await;
    let b = start(dir_b.path()).await;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let (status, answer) = signed_webhook(&a, now).await;
    assert_eq!(status, 202, "{answer}\n{}", a.log());
    // The same signed request played to the other replica within its lifetime.
    let (status, answer) = signed_webhook(&b, now).await;
    assert_eq!(status, 401, "{answer}\n{}", b.log());
    assert!(answer.contains("replayed"), "{answer}");
    let (status, _) = signed_webhook(&a, now).await;
    assert_eq!(status, 401);
    // A new signature is a new request, on either.
    let (status, answer) = signed_webhook(&b, now + 1).await;
    assert_eq!(status, 202, "{answer}\n{}", b.log());
}

#[tokio::test]
async fn a_webhook_time_to_live_over_five_minutes_stops_start_up_named() {
    let dir = workdir();
    let output = serve(dir.path())
        .env("SUPPLYSITE_WEBHOOK_TTL_SECONDS", "301")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("SUPPLYSITE_WEBHOOK_TTL_SECONDS") && stderr.contains("from 1 to 300"),
        "{stderr}"
    );
}

fn preview_server(dir: &std::path::Path, contentful: &str, epoch: &str) -> std::process::Command {
    let mut cmd = serve(dir);
    with_fake_contentful(&mut cmd, dir, contentful);
    with_fake_preview(&mut cmd, contentful).env("SUPPLYSITE_PREVIEW_EPOCH", epoch);
    cmd
}

async fn draft_shown(server: &Server, cookie: &str) -> bool {
    server
        .get_with_cookie(POST_PATH, cookie)
        .await
        .contains("(draft)")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_copied_preview_cookie_ends_when_the_preview_epoch_changes() {
    let demo = supplysite_testkit::demo::export_json();
    let fake = FakeContentful::start(demo).await;
    fake.save_draft(POST_ID, |entry| {
        entry["fields"]["title"]["en-AU"] = Value::from("What Is e-Tendering? (draft)");
    });
    let dir = workdir();
    let server = Server::start(preview_server(dir.path(), &fake.url(), "1")).await;
    let (set_cookie, cookie) = server.enter_preview(POST_PATH).await;
    assert!(
        set_cookie.starts_with("supplysite_preview="),
        "{set_cookie}"
    );
    // Twenty minutes, not an hour.
    assert!(
        set_cookie.split("; ").any(|a| a == "Max-Age=1200"),
        "{set_cookie}"
    );
    assert!(
        draft_shown(&server, &cookie).await,
        "the editor sees the draft"
    );
    let (status, public) = server.get(POST_PATH).await;
    assert_eq!(status, 200);
    assert!(!public.contains("(draft)"), "the public never sees it");
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{log}");

    // The operator rotates the epoch: the same cookie, copied or not, shows nothing more.
    let rotated = Server::start(preview_server(dir.path(), &fake.url(), "2")).await;
    assert!(
        !draft_shown(&rotated, &cookie).await,
        "a cookie of the old epoch still showed drafts"
    );
    // The preview itself still works: the secret hands out a cookie of the new epoch.
    let (_, fresh) = rotated.enter_preview(POST_PATH).await;
    assert!(draft_shown(&rotated, &fresh).await);
}
