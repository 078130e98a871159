//! Every format at the width asked, its headers, and the choice by Accept.

use crate::support::images::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_format_is_served_at_the_width_asked() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let server = start(Setup::new(export.path(), cache.path())).await;
    for (fm, mime) in [
        ("avif", "image/avif"),
        ("webp", "image/webp"),
        ("jpg", "image/jpeg"),
    ] {
        let response = server
            .get(&format!("/img/images.ctfassets.net/{HERO}?w=640&fm={fm}"))
            .await;
        assert_eq!(response.status(), 200, "{fm}");
        assert_eq!(header(&response, "content-type"), mime);
        assert_eq!(
            header(&response, "cache-control"),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(header(&response, "x-content-type-options"), "nosniff");
        assert_eq!(header(&response, "vary"), "", "{fm} is fixed by the URL");
        assert!(header(&response, "etag").starts_with('"'));
        let bytes = response.bytes().await.unwrap();
        assert_eq!(size_of(&bytes), (640, 426), "{fm}");
    }
    // PNG is not a format pages write for a JPEG: sent to the JPEG.
    let response = server
        .get(&format!("/img/images.ctfassets.net/{HERO}?w=640&fm=png"))
        .await;
    assert_eq!(response.status(), 308);
    // The original's own width, and a transparent PNG kept transparent.
    let response = server
        .get(&format!("/img/images.ctfassets.net/{LOGO}?w=640&fm=png"))
        .await;
    assert_eq!(response.status(), 200);
    let logo = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
    assert_eq!((logo.width(), logo.height()), LOGO_SIZE);
    assert!(logo.color().has_alpha());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_fm_the_format_follows_accept_and_the_answer_varies_by_it() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let server = start(Setup::new(export.path(), cache.path())).await;
    let hero = format!("/img/images.ctfassets.net/{HERO}?w=320");
    let logo = format!("/img/images.ctfassets.net/{LOGO}?w=320");
    for (path, accept, mime) in [
        (&hero, "image/avif,image/webp,*/*;q=0.8", "image/avif"),
        (&hero, "image/webp,*/*", "image/webp"),
        (&hero, "*/*", "image/jpeg"),
        (&logo, "*/*", "image/png"),
    ] {
        let response = server.get_with(path, &[("accept", accept)]).await;
        assert_eq!(response.status(), 200, "{path} {accept}");
        assert_eq!(header(&response, "content-type"), mime, "{path} {accept}");
        assert_eq!(header(&response, "vary"), "accept");
        assert_eq!(size_of(&response.bytes().await.unwrap()).0, 320);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn head_answers_the_headers_without_the_body() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let server = start(Setup::new(export.path(), cache.path())).await;
    let response = client()
        .head(server.url(&format!("/img/images.ctfassets.net/{HERO}?w=320&fm=webp")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "image/webp");
    assert!(!header(&response, "etag").is_empty());
    assert!(response.bytes().await.unwrap().is_empty());
}
