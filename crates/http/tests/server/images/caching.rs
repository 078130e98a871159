//! The cache: a second request is a hit, a restart keeps it, a replaced file gets new
//! renditions, an unchanged rendition answers 304, and the warm-up fills it after a load.

use crate::support::images::*;
use std::time::Duration;
use supplysite_core::content::{ContentParts, ContentSet};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_request_is_a_hit_and_if_none_match_answers_304() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let server = start(Setup::new(export.path(), cache.path())).await;
    let path = format!("/img/images.ctfassets.net/{HERO}?w=480&fm=webp");
    let first = server.get(&path).await;
    assert_eq!(first.status(), 200);
    let etag = header(&first, "etag");
    let bytes = first.bytes().await.unwrap();
    assert_eq!((server.encodes(), server.hits()), (1, 0));
    let second = server.get(&path).await;
    assert_eq!(header(&second, "etag"), etag);
    assert_eq!(second.bytes().await.unwrap(), bytes);
    assert_eq!((server.encodes(), server.hits()), (1, 1));
    let unchanged = server.get_with(&path, &[("if-none-match", &etag)]).await;
    assert_eq!(unchanged.status(), 304);
    assert_eq!(header(&unchanged, "etag"), etag);
    assert_eq!(
        header(&unchanged, "cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert!(unchanged.bytes().await.unwrap().is_empty());
    let other = server
        .get_with(&path, &[("if-none-match", "\"something-else\"")])
        .await;
    assert_eq!(other.status(), 200);
    assert_eq!(server.encodes(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_the_cache() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let path = format!("/img/images.ctfassets.net/{HERO}?w=828&fm=avif");
    let etag = {
        let server = start(Setup::new(export.path(), cache.path())).await;
        let response = server.get(&path).await;
        assert_eq!(response.status(), 200);
        assert_eq!(server.encodes(), 1);
        header(&response, "etag")
    };
    let restarted = start(Setup::new(export.path(), cache.path())).await;
    let response = restarted.get(&path).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "etag"), etag);
    assert_eq!((restarted.encodes(), restarted.hits()), (0, 1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replaced_file_gets_new_renditions() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let server = start(Setup::new(export.path(), cache.path())).await;
    let old = server
        .get(&format!("/img/images.ctfassets.net/{HERO}?w=640&fm=jpg"))
        .await;
    let old_etag = header(&old, "etag");
    // Contentful gives the replaced file a new token, so a new URL.
    put(
        export.path(),
        "space1/hero1/token2/hero.jpg",
        &jpeg(1000, 1000),
    );
    let new = server
        .get("/img/images.ctfassets.net/space1/hero1/token2/hero.jpg?w=640&fm=jpg")
        .await;
    assert_eq!(new.status(), 200);
    assert_ne!(header(&new, "etag"), old_etag);
    assert_eq!(size_of(&new.bytes().await.unwrap()), (640, 640));
    assert_eq!(server.encodes(), 2);
}

fn content_with_picture(width: u32) -> ContentSet {
    let mut parts: ContentParts = crate::support::parts("v1");
    parts.assets.insert(
        "hero1".into(),
        serde_json::from_value(serde_json::json!({
            "id": "hero1",
            "url": format!("/assets/images.ctfassets.net/{HERO}"),
            "contentType": "image/jpeg",
            "width": width,
            "height": 866,
        }))
        .unwrap(),
    );
    ContentSet::new(parts, "v1")
}

/// [`content_with_picture`], the picture being an insight's hero: shown largest on its first
/// screen.
fn content_with_hero(width: u32) -> ContentSet {
    let mut parts = content_with_picture(width).parts().clone();
    let hero = parts.assets["hero1"].clone();
    let post = std::sync::Arc::make_mut(&mut parts.posts[0]);
    post.hero_image = Some(hero);
    ContentSet::new(parts, "v1")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_screen_picture_is_warmed_at_every_width_and_counted_apart() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let mut setup = Setup::new(export.path(), cache.path());
    setup.warm = true;
    setup.content = Some(content_with_hero(HERO_SIZE.0));
    let server = start(setup).await;
    let engine = server.app.engine.clone().unwrap();
    let ready: serde_json::Value = server.get("/readyz").await.json().await.unwrap();
    let first_screen = ready["firstScreenPicturesToWarm"].as_u64().unwrap();
    assert!(first_screen <= 24, "{ready}");
    assert!(ready["picturesToWarm"].as_u64().unwrap() >= first_screen);
    // The other widths and the original's own, 1300, which no other picture is warmed at. The
    // warm-up runs at the lowest CPU priority: the limit allows for the other suites' tests
    // keeping both cores busy meanwhile.
    eventually(Duration::from_secs(300), "the warm-up", || {
        let stats = engine.stats();
        let load = |n: &std::sync::atomic::AtomicU64| n.load(std::sync::atomic::Ordering::SeqCst);
        (
            load(&stats.warmed),
            load(&stats.to_warm),
            load(&stats.first_screen_to_warm),
        ) == (24, 0, 0)
    })
    .await;
    let ready: serde_json::Value = server.get("/readyz").await.json().await.unwrap();
    assert_eq!(ready["firstScreenPicturesToWarm"], 0, "{ready}");
    for query in ["w=1300&fm=avif", "w=1300&fm=webp", "w=1300&fm=jpg"] {
        let response = server
            .get(&format!("/img/images.ctfassets.net/{HERO}?{query}"))
            .await;
        assert_eq!(response.status(), 200);
    }
    assert_eq!((server.encodes(), server.hits()), (0, 3));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_common_renditions_are_warmed_after_a_content_load() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let mut setup = Setup::new(export.path(), cache.path());
    setup.warm = true;
    setup.content = Some(content_with_picture(HERO_SIZE.0));
    let server = start(setup).await;
    let engine = server.app.engine.clone().unwrap();
    // What is left to warm shows in /readyz: at most the 21 renditions, 0 once done.
    let to_warm = |ready: serde_json::Value| ready["picturesToWarm"].as_u64().unwrap();
    let ready = server.get("/readyz").await.json().await.unwrap();
    assert!(to_warm(ready) <= 21);
    // 320, 480, 640, 828, 1080, 1200, 1280 in AVIF, WebP and JPEG.
    eventually(Duration::from_secs(120), "the warm-up", || {
        let stats = engine.stats();
        let load = |n: &std::sync::atomic::AtomicU64| n.load(std::sync::atomic::Ordering::SeqCst);
        (load(&stats.warmed), load(&stats.to_warm)) == (21, 0)
    })
    .await;
    let ready = server.get("/readyz").await.json().await.unwrap();
    assert_eq!(to_warm(ready), 0);
    for query in ["w=1280&fm=avif", "w=1200&fm=jpg", "w=320&fm=webp"] {
        let response = server
            .get(&format!("/img/images.ctfassets.net/{HERO}?{query}"))
            .await;
        assert_eq!(response.status(), 200);
    }
    assert_eq!((server.encodes(), server.hits()), (0, 3));
}
