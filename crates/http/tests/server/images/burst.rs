//! A burst of first requests, each a distinct rendition to encode, does not starve page
//! serving: while the pool works through them, the home page and an insight answer promptly.

use crate::support::images::*;
use std::time::{Duration, Instant};

/// How long a page may take while the burst is encoding, on a loaded two-core machine.
const PAGE_WITHIN: Duration = Duration::from_secs(2);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_answer_promptly_during_a_burst_of_first_encodes() {
    let export = export_with_big_photo();
    let cache = tempfile::tempdir().unwrap();
    let server = std::sync::Arc::new(start(Setup::new(export.path(), cache.path())).await);
    let engine = server.app.engine.clone().unwrap();
    let mut burst = Vec::new();
    for width in [2048, 1600, 1280, 1080] {
        for fm in ["avif", "webp"] {
            let server = server.clone();
            burst.push(tokio::spawn(async move {
                server
                    .get(&format!(
                        "/img/images.ctfassets.net/space1/big1/token1/big.jpg?w={width}&fm={fm}"
                    ))
                    .await
                    .status()
            }));
        }
    }
    let total = burst.len();
    eventually(Duration::from_secs(30), "the burst to queue", || {
        engine.pool().queued() == total
    })
    .await;
    for page in ["/", "/insights/newest-insight"] {
        let started = Instant::now();
        let response = server.get(page).await;
        let took = started.elapsed();
        assert_eq!(response.status(), 200, "{page}");
        assert!(response.text().await.unwrap().contains("<html"), "{page}");
        assert!(took < PAGE_WITHIN, "{page} took {took:?} during the burst");
    }
    // The pages were answered while the burst was still being encoded.
    assert!(
        server.encodes() < total as u64,
        "the burst ended before the pages were asked"
    );
    for request in burst {
        assert_eq!(request.await.unwrap(), 200);
    }
    assert_eq!(server.encodes(), total as u64);
}
