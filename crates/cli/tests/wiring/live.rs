//! Live content through a spawned server: pages come from a fake Contentful through the Sync
//! API; a signed webhook after an unpublish makes the change live within a second with one
//! delta; when the fake goes down the site is still served, a restart during the outage serves
//! the last good content from disk, and a restart once it is back reads one delta.

use crate::support::{
    PATIENCE, Server, serve, signed_webhook_request, with_fake_contentful, workdir,
};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use supplysite_content_adapter::contentful::fake::{FakeContentful, TOKEN};

const POST_ID: &str = "post-what-is-e-tendering";
const POST_PATH: &str = "/insights/what-is-e-tendering";
const POST_TITLE: &str = "What Is e-Tendering?";

fn live(dir: &Path, contentful: &str) -> Command {
    let mut cmd = serve(dir);
    with_fake_contentful(&mut cmd, dir, contentful);
    cmd
}

async fn signed_webhook(server: &Server, topic: &str) -> (u16, String) {
    let (body, headers) = signed_webhook_request(topic);
    server
        .post_raw("/api/webhooks/contentful", &headers, body)
        .await
}

/// The fake Contentful serving the demo space (and its address), a work folder and a server
/// reading live content from the fake.
async fn live_site() -> (FakeContentful, String, tempfile::TempDir, Server) {
    let fake = FakeContentful::start(supplysite_testkit::demo::export_json()).await;
    let contentful = fake.url();
    let dir = workdir();
    let server = Server::start(live(dir.path(), &contentful)).await;
    (fake, contentful, dir, server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_content_follows_the_webhook_and_survives_an_outage_and_a_restart_during_it() {
    let (fake, contentful, dir, server) = live_site().await;

    // Pages come from the fake, through an initial sync.
    let received = fake.received();
    assert!(
        received
            .iter()
            .any(|r| r.path == "/spaces/fakespace/environments/master/sync"
                && r.query
                    .as_deref()
                    .is_some_and(|q| q.contains("initial=true"))),
        "the server read the space through the Sync API"
    );
    assert!(
        !received.iter().any(|r| r.path.starts_with("/content/v1/")),
        "published content is not read through GraphQL"
    );
    let (status, ready) = server.get_json("/readyz").await;
    assert_eq!(status, 200);
    assert_eq!(ready["source"], "contentful");
    assert_eq!(ready["fromDisk"], false);
    let first_version = ready["contentVersion"].as_str().unwrap().to_owned();
    // The last good copy is written after the content is served; without a database it is
    // not shared, and /readyz does not speak of sharing.
    let deadline = Instant::now() + PATIENCE;
    let snapshot = loop {
        let (_, ready) = server.get_json("/readyz").await;
        if ready["snapshot"]["savedAt"].is_u64() {
            break ready["snapshot"].clone();
        }
        assert!(Instant::now() < deadline, "never saved: {ready}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(snapshot["saveFailing"], false, "{snapshot}");
    assert!(snapshot.get("shareFailing").is_none(), "{snapshot}");
    let (status, html) = server.get(POST_PATH).await;
    assert_eq!(status, 200);
    assert!(html.contains(POST_TITLE), "{html}");

    // Unpublished in Contentful, signed webhook: live within a second.
    fake.unpublish(POST_ID);
    let before_webhook = fake.received().len();
    let sent = Instant::now();
    let (status, reply) = signed_webhook(&server, "ContentManagement.Entry.unpublish").await;
    assert_eq!(status, 202, "{reply}\n{}", server.log());
    let deadline = sent + Duration::from_secs(1);
    loop {
        let (status, _) = server.get(POST_PATH).await;
        if status == 301 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the unpublished article was still served a second after the webhook ({:?})",
            sent.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (_, ready) = server.get_json("/readyz").await;
    let second_version = ready["contentVersion"].as_str().unwrap().to_owned();
    assert_ne!(second_version, first_version);
    let deltas: Vec<_> = fake.received()[before_webhook..]
        .iter()
        .filter(|r| r.path.ends_with("/sync"))
        .map(|r| r.query.clone().unwrap_or_default())
        .collect();
    assert_eq!(deltas.len(), 1, "one delta for one publish: {deltas:?}");
    assert!(deltas[0].contains("sync_token="), "{deltas:?}");

    // Contentful goes down: every page is still served.
    fake.stop().await;
    for path in [
        "/",
        "/etender",
        "/insights",
        "/case-study-index",
        "/privacy",
    ] {
        assert_eq!(server.get(path).await.0, 200, "{path}");
    }
    let (status, _) = signed_webhook(&server, "ContentManagement.Entry.publish").await;
    assert_eq!(
        status, 202,
        "the webhook is answered before the reload runs"
    );
    let deadline = Instant::now() + PATIENCE;
    while !server.log().contains("content reload failed") {
        assert!(
            Instant::now() < deadline,
            "the failed reload was never logged"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        server.get_json("/readyz").await.1["contentVersion"],
        second_version.as_str()
    );
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");
    assert!(!log.contains(TOKEN), "the token is never logged");

    // Restarted during the outage: the last good content, from disk.
    let restarted = Server::start(live(dir.path(), &contentful)).await;
    let (_, ready) = restarted.get_json("/readyz").await;
    assert_eq!(ready["fromDisk"], true, "{ready}");
    assert_eq!(ready["contentVersion"], second_version.as_str());
    for path in ["/", "/etender", "/insights", "/about-us"] {
        assert_eq!(restarted.get(path).await.0, 200, "{path}");
    }
    assert_eq!(restarted.get(POST_PATH).await.0, 301);
    let (status, log) = restarted.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");
    assert!(log.contains("from disk"), "{log}");
    assert!(!log.contains(TOKEN), "the token is never logged");

    // Contentful back (on the same port) with its space as it was: a restart reads one delta.
    let port: u16 = contentful.rsplit(':').next().unwrap().parse().unwrap();
    let demo = supplysite_testkit::demo::export_json();
    let back = FakeContentful::start_on(demo, port).await;
    back.unpublish(POST_ID);
    back.expire_sync_tokens();
    let warm = Server::start(live(dir.path(), &contentful)).await;
    let (_, ready) = warm.get_json("/readyz").await;
    assert_eq!(ready["fromDisk"], false, "{ready}");
    assert_eq!(warm.get(POST_PATH).await.0, 301);
    // This fake never handed out the saved token, so it refuses it: a new initial sync.
    let asked: Vec<String> = back
        .received()
        .iter()
        .filter(|r| r.path.ends_with("/sync"))
        .map(|r| r.query.clone().unwrap_or_default())
        .collect();
    assert!(asked[0].contains("sync_token="), "{asked:?}");
    assert!(asked[1].contains("initial=true"), "{asked:?}");
    let (status, log) = warm.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");
    back.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_with_the_last_content_on_disk_reads_one_delta() {
    let (fake, contentful, dir, server) = live_site().await;
    assert_eq!(server.get(POST_PATH).await.0, 200);
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");

    fake.unpublish(POST_ID);
    let from = fake.received().len();
    let restarted = Server::start(live(dir.path(), &contentful)).await;
    assert_eq!(restarted.get(POST_PATH).await.0, 301);
    let asked: Vec<_> = fake.received()[from..]
        .iter()
        .map(|r| format!("{} {}", r.path, r.query.clone().unwrap_or_default()))
        .collect();
    // One delta, then the model read again because something changed; no initial sync.
    assert!(asked[0].contains("/sync sync_token="), "{asked:?}");
    assert_eq!(
        asked.iter().filter(|a| a.contains("/sync")).count(),
        1,
        "{asked:?}"
    );
    assert!(
        !asked.iter().any(|a| a.contains("initial=true")),
        "{asked:?}"
    );
    let (status, log) = restarted.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");
    fake.stop().await;
}

/// Contentful sends the webhook as the publish is made; its delivery network may give the
/// content from before it for a moment. Here the publish reaches the fake only after the
/// webhook's first delta was read (empty): the server reads again shortly and shows it, with
/// the poll off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_that_arrives_before_the_delivery_network_has_the_publish_still_shows_it() {
    let (fake, _contentful, _dir, server) = live_site().await;
    assert_eq!(server.get(POST_PATH).await.0, 200);
    let deltas = |from: usize| {
        fake.received()[from..]
            .iter()
            .filter(|r| r.path.ends_with("/sync"))
            .count()
    };
    let from = fake.received().len();
    let (status, reply) = signed_webhook(&server, "ContentManagement.Entry.unpublish").await;
    assert_eq!(status, 202, "{reply}");
    // The webhook's reload read its delta and found nothing new.
    let deadline = Instant::now() + PATIENCE;
    while !server.log().contains("content reloaded: unchanged") {
        assert!(
            Instant::now() < deadline,
            "the webhook's reload never ended:\n{}",
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(deltas(from), 1);
    // The network catches up now.
    fake.unpublish(POST_ID);
    let deadline = Instant::now() + PATIENCE;
    while server.get(POST_PATH).await.0 != 301 {
        assert!(
            Instant::now() < deadline,
            "the unpublish never showed:\n{}",
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The empty delta and the one with the change (the first retry comes a second later).
    assert_eq!(deltas(from), 2, "{:?}", fake.received()[from..].to_vec());
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");
    fake.stop().await;
}
