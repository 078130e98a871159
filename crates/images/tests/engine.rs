//! The engine over files: the cache answers the second request, survives a restart, follows a
//! replaced file, and concurrent first requests for one rendition encode it once.

mod support;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use supplysite_images::{Config, ImageError, Renditions};

fn engine(root: &Path) -> Arc<Renditions> {
    engine_rechecking(root, Duration::ZERO)
}

/// An engine that answers a rendition again from memory for `recheck`.
fn engine_rechecking(root: &Path, recheck: Duration) -> Arc<Renditions> {
    let mut config = Config::new(root.join("export"), root.join("cache"));
    config.warm = false;
    config.pool_size = 1;
    config.recheck = recheck;
    Renditions::open(config).unwrap()
}

fn put(root: &Path, path: &str, bytes: &[u8]) {
    let file = root.join("export/images.ctfassets.net").join(path);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(file, bytes).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_request_and_a_restart_are_answered_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "s/a/t/hero.jpg", &support::jpeg(1000, 600));
    let first = engine(dir.path());
    let made = first
        .serve("s/a/t/hero.jpg", "w=640&fm=webp", None)
        .await
        .unwrap();
    assert_eq!(support::size_of(&made.bytes, "webp"), (640, 384));
    assert_eq!(first.stats().encodes.load(Ordering::Relaxed), 1);
    let again = first
        .serve("s/a/t/hero.jpg", "w=640&fm=webp", None)
        .await
        .unwrap();
    assert_eq!(first.stats().encodes.load(Ordering::Relaxed), 1);
    assert_eq!(first.stats().hits.load(Ordering::Relaxed), 1);
    assert_eq!(again.etag, made.etag);
    drop(first);
    let restarted = engine(dir.path());
    let kept = restarted
        .serve("s/a/t/hero.jpg", "w=640&fm=webp", None)
        .await
        .unwrap();
    assert_eq!(restarted.stats().encodes.load(Ordering::Relaxed), 0);
    assert_eq!(restarted.stats().hits.load(Ordering::Relaxed), 1);
    assert_eq!(kept.bytes, made.bytes);
    assert_eq!(kept.etag, made.etag);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeat_within_the_recheck_time_is_answered_from_memory_without_the_disk() {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "s/a/t/hero.jpg", &support::jpeg(1000, 600));
    let engine = engine_rechecking(dir.path(), Duration::from_secs(3600));
    let made = engine
        .serve("s/a/t/hero.jpg", "w=320", Some("image/webp,*/*"))
        .await
        .unwrap();
    // Neither the source nor the cached rendition is read again.
    std::fs::remove_dir_all(dir.path().join("export")).unwrap();
    std::fs::remove_dir_all(dir.path().join("cache")).unwrap();
    let again = engine
        .serve("s/a/t/hero.jpg", "w=320", Some("image/webp,*/*"))
        .await
        .unwrap();
    assert_eq!((again.etag, again.bytes), (made.etag, made.bytes));
    assert_eq!(engine.stats().hits.load(Ordering::Relaxed), 1);
    // Another Accept may choose another format: not the answer kept for WebP.
    let err = engine
        .serve("s/a/t/hero.jpg", "w=320", Some("image/avif"))
        .await
        .unwrap_err();
    assert!(matches!(err, ImageError::NotFound(_)), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replaced_file_gets_new_renditions() {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "s/a/t1/hero.jpg", &support::jpeg(1000, 600));
    let engine = engine(dir.path());
    let old = engine
        .serve("s/a/t1/hero.jpg", "w=480&fm=jpg", None)
        .await
        .unwrap();
    // Contentful gives a replaced file a new token in its path.
    put(dir.path(), "s/a/t2/hero.jpg", &support::jpeg(1000, 800));
    let new = engine
        .serve("s/a/t2/hero.jpg", "w=480&fm=jpg", None)
        .await
        .unwrap();
    assert_eq!(support::size_of(&new.bytes, "jpg"), (480, 384));
    assert_ne!(new.etag, old.etag);
    // A file rewritten in place (another size) is not answered from the old rendition either.
    put(dir.path(), "s/a/t1/hero.jpg", &support::jpeg(1000, 500));
    let rewritten = engine
        .serve("s/a/t1/hero.jpg", "w=480&fm=jpg", None)
        .await
        .unwrap();
    assert_eq!(support::size_of(&rewritten.bytes, "jpg"), (480, 240));
    assert_eq!(engine.stats().encodes.load(Ordering::Relaxed), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_first_requests_for_one_rendition_encode_it_once() {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "s/a/t/hero.jpg", &support::jpeg(1600, 1000));
    let engine = engine(dir.path());
    let asks: Vec<_> = (0..6)
        .map(|_| {
            let engine = engine.clone();
            tokio::spawn(
                async move { engine.serve("s/a/t/hero.jpg", "w=1080&fm=avif", None).await },
            )
        })
        .collect();
    let mut etags = Vec::new();
    for ask in asks {
        etags.push(ask.await.unwrap().unwrap().etag);
    }
    etags.dedup();
    assert_eq!(etags.len(), 1);
    assert_eq!(engine.stats().encodes.load(Ordering::Relaxed), 1);
}

#[tokio::test]
async fn missing_files_bad_paths_and_bad_queries_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "s/a/t/hero.jpg", &support::jpeg(500, 300));
    put(
        dir.path(),
        "s/a/t/logo.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    );
    std::fs::write(
        dir.path().join("export/secret.jpg"),
        support::jpeg(400, 300),
    )
    .unwrap();
    let engine = engine(dir.path());
    let refused = |r: Result<supplysite_images::Served, ImageError>| r.unwrap_err();
    let missing = refused(engine.serve("s/a/t/nope.jpg", "w=320", None).await);
    assert!(matches!(missing, ImageError::NotFound(_)), "{missing}");
    let folder = refused(engine.serve("s/a/t", "w=320", None).await);
    assert!(matches!(folder, ImageError::NotFound(_)), "{folder}");
    for climbing in ["../secret.jpg", "s/%2e%2e/../../secret.jpg"] {
        let refusal = refused(engine.serve(climbing, "w=320", None).await);
        assert!(
            matches!(refusal, ImageError::Path(_)),
            "{climbing}: {refusal}"
        );
    }
    let svg = refused(engine.serve("s/a/t/logo.svg", "w=320", None).await);
    assert!(matches!(svg, ImageError::NotResizable(_)), "{svg}");
    // Wider than the picture, or a width the site never writes: sent to the nearest
    // rendition the site does write for it, without an encode.
    for query in ["w=640", "w=321"] {
        match engine.serve("s/a/t/hero.jpg", query, None).await {
            Err(ImageError::Elsewhere(nearest)) => {
                assert!(
                    nearest.width <= 500 && nearest.width >= 320,
                    "{query}: {nearest:?}"
                )
            }
            other => panic!("{query}: {:?}", other.map(|s| s.etag)),
        }
    }
    for query in ["w=320&fm=gif", "w=320&fit=fill", "fm=avif"] {
        let refusal = refused(engine.serve("s/a/t/hero.jpg", query, None).await);
        assert!(
            matches!(refusal, ImageError::Query(_)),
            "{query}: {refusal}"
        );
    }
    assert_eq!(engine.stats().encodes.load(Ordering::Relaxed), 0);
}
