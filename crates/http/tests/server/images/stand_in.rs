//! A picture is never left broken by load: while the encoding queue is full (or the client is
//! past its encodes) a rendition not made yet is answered with the nearest one of the same
//! picture already made, else with the original, briefly cached; nothing else is encoded, and
//! only a request with nothing to send is refused.

use crate::support::images::*;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use supplysite_http::handlers::images::STAND_IN_CACHE_CONTROL;

const BIG: &str = "/img/images.ctfassets.net/space1/big1/token1/big.jpg";
/// A WebP picture: its original is no stand-in for a client that takes only PNG.
const WEBP: &str = "space1/pic1/token1/pic.webp";

/// A server whose one encoding slot is taken by a long encode (a 2048-wide AVIF of a camera
/// picture), with no room in the queue: every other encode is refused while it runs.
async fn with_the_queue_full(
    prepare: impl AsyncFnOnce(&Server),
) -> (
    Arc<Server>,
    tokio::task::JoinHandle<u16>,
    tempfile::TempDir,
    tempfile::TempDir,
) {
    let export = export_with_big_photo();
    put(export.path(), WEBP, &webp(700, 400));
    let cache = tempfile::tempdir().unwrap();
    let mut setup = Setup::new(export.path(), cache.path());
    setup.queue_limit = 1;
    let server = Arc::new(start(setup).await);
    prepare(&server).await;
    let long = {
        let server = server.clone();
        tokio::spawn(async move {
            server
                .get(&format!("{BIG}?w=2048&fm=avif"))
                .await
                .status()
                .as_u16()
        })
    };
    let engine = server.app.engine.clone().unwrap();
    eventually(
        Duration::from_secs(30),
        "the long encode to take the pool",
        || engine.pool().queued() == 1,
    )
    .await;
    (server, long, export, cache)
}

fn stand_ins(server: &Server) -> u64 {
    server.engine().stats().stand_ins.load(Ordering::SeqCst)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_answers_with_the_nearest_rendition_made_briefly_cached() {
    let (server, long, _export, _cache) = with_the_queue_full(async |server| {
        // Made before the burst: a narrower AVIF and a wider WebP of the same picture.
        for query in ["w=1080&fm=avif", "w=1600&fm=webp"] {
            assert_eq!(server.get(&format!("{BIG}?{query}")).await.status(), 200);
        }
    })
    .await;
    let encodes = server.encodes();
    // 1280 wide is not made: the 1600-wide WebP is the nearest at least as wide, and the
    // client takes WebP.
    let response = server
        .get_with(
            &format!("{BIG}?w=1280&fm=avif"),
            &[("accept", "image/avif,image/webp,*/*")],
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "cache-control"), STAND_IN_CACHE_CONTROL);
    assert_eq!(header(&response, "content-type"), "image/webp");
    assert_eq!(header(&response, "vary"), "accept");
    assert_eq!(header(&response, "content-security-policy"), "sandbox");
    assert_eq!(size_of(&response.bytes().await.unwrap()), (1600, 1067));
    // A client that takes no WebP gets the narrower AVIF asked for instead.
    let response = server
        .get_with(
            &format!("{BIG}?w=1280&fm=avif"),
            &[("accept", "image/avif")],
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "image/avif");
    assert_eq!(size_of(&response.bytes().await.unwrap()), (1080, 720));
    assert_eq!(stand_ins(&server), 2);
    assert_eq!(server.encodes(), encodes, "a stand-in encodes nothing");

    // Once the queue has room, the proper rendition is made and kept for a year.
    assert_eq!(long.await.unwrap(), 200);
    let proper = server.get(&format!("{BIG}?w=1280&fm=avif")).await;
    assert_eq!(proper.status(), 200);
    assert_eq!(
        header(&proper, "cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(size_of(&proper.bytes().await.unwrap()), (1280, 853));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_nothing_made_a_full_queue_sends_the_original_and_refuses_only_what_it_cannot_send() {
    let (server, long, export, _cache) = with_the_queue_full(async |_| {}).await;
    let response = server
        .get_with(
            &format!("{BIG}?w=1600&fm=webp"),
            &[("accept", "image/webp,*/*")],
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "cache-control"), STAND_IN_CACHE_CONTROL);
    assert_eq!(header(&response, "content-type"), "image/jpeg");
    let original = std::fs::read(
        export
            .path()
            .join("images.ctfassets.net/space1/big1/token1/big.jpg"),
    )
    .unwrap();
    assert_eq!(response.bytes().await.unwrap(), original);

    // A WebP original is no stand-in for a client that takes only PNG: nothing to send.
    let refused = server
        .get_with(
            &format!("/img/images.ctfassets.net/{WEBP}?w=320&fm=png"),
            &[("accept", "image/png")],
        )
        .await;
    assert_eq!(refused.status(), 503);
    assert_eq!(header(&refused, "retry-after"), "2");
    assert_eq!(header(&refused, "content-type"), "application/json");
    // A client that takes WebP gets it.
    let taken = server
        .get_with(
            &format!("/img/images.ctfassets.net/{WEBP}?w=320&fm=png"),
            &[("accept", "image/webp,image/png")],
        )
        .await;
    assert_eq!(taken.status(), 200);
    assert_eq!(header(&taken, "content-type"), "image/webp");
    assert_eq!(size_of(&taken.bytes().await.unwrap()), (700, 400));
    assert_eq!(stand_ins(&server), 2);
    assert_eq!(long.await.unwrap(), 200);
}
