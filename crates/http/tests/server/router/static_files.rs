use crate::support::*;
use axum::body::Body;
use axum::http::Request;
use axum::http::StatusCode;

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year() {
    let app = spawn_app();
    let response = app.get("/assets/index-Ab12Cd.js").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        header(&response, "cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert!(header(&response, "content-type").contains("javascript"));
    assert!(body_text(response).await.starts_with("console.log"));
}

#[tokio::test]
async fn a_missing_asset_is_404_and_not_cached() {
    let app = spawn_app();
    let response = app.get("/assets/index-Missing.js").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(header(&response, "cache-control"), "no-store");
}

#[tokio::test]
async fn other_web_build_files_get_a_shorter_cache() {
    let app = spawn_app();
    for (uri, kind) in [
        ("/favicon.ico", "image/"),
        ("/images/products/etender.svg", "image/svg+xml"),
    ] {
        let response = app.get(uri).await;
        assert_eq!(response.status(), StatusCode::OK, "{uri}");
        assert_eq!(header(&response, "cache-control"), "public, max-age=3600");
        assert!(header(&response, "content-type").starts_with(kind), "{uri}");
    }
}

#[tokio::test]
async fn export_images_are_served_from_the_export_folder() {
    let app = spawn_app();
    let response = app
        .get("/assets/images.ctfassets.net/space1/asset1/token1/hero.png")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "image/png");
    assert_eq!(
        header(&response, "cache-control"),
        "public, max-age=86400, stale-while-revalidate=604800"
    );
    assert_eq!(body_bytes(response).await, [137u8, 80, 78, 71]);
}

#[tokio::test]
async fn paths_cannot_climb_out_of_the_served_folders() {
    let app = spawn_app();
    for uri in [
        "/assets/../index.html",
        "/assets/%2e%2e/index.html",
        "/assets/images.ctfassets.net/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
    ] {
        let response = app.get(uri).await;
        assert_ne!(response.status(), StatusCode::OK, "{uri}");
        let body = body_text(response).await;
        assert!(!body.contains("root:"), "{uri}");
        assert!(!body.contains("<title>Shell</title>"), "{uri}");
    }
}

#[tokio::test]
async fn documents_from_every_contentful_asset_host_are_served_like_images() {
    let app = spawn_app();
    let types = ["application/pdf", DOCX];
    for ((host, name, bytes), content_type) in EXPORT_DOCUMENTS.into_iter().zip(types) {
        let uri = format!("/assets/{host}/space1/asset2/token2/{name}");
        let response = app.get(&uri).await;
        assert_eq!(response.status(), StatusCode::OK, "{uri}");
        assert_eq!(header(&response, "content-type"), content_type, "{uri}");
        assert_eq!(
            header(&response, "cache-control"),
            "public, max-age=86400, stale-while-revalidate=604800"
        );
        assert_eq!(body_bytes(response).await, document(bytes), "{uri}");
        // Compressed already: sent as it is, whatever the client accepts.
        let request = Request::get(&uri)
            .header("accept-encoding", "br, gzip")
            .body(Body::empty())
            .unwrap();
        let response = app.send(request).await;
        assert!(
            response.headers().get("content-encoding").is_none(),
            "{uri}"
        );
        assert_eq!(body_bytes(response).await, document(bytes), "{uri}");

        let missing = app
            .get(&format!("/assets/{host}/space1/asset2/token2/other.pdf"))
            .await;
        assert_eq!(missing.status(), StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(header(&missing, "cache-control"), "no-store");
        let climbing = app.get(&format!("/assets/{host}/../../index.html")).await;
        assert_ne!(climbing.status(), StatusCode::OK, "{uri}");
    }
}

const DOCX: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

#[tokio::test]
async fn the_web_builds_shell_and_records_are_never_served_raw() {
    let app = spawn_app();
    for uri in [
        "/index.html",
        "/%69ndex.html",
        "/index.html/.",
        "/index.html/",
        "/./index.html",
        "/INDEX.HTML",
        "/.vite/manifest.json",
        "/%2evite/manifest.json",
        "/.vite/./manifest.json",
    ] {
        let response = app.get(uri).await;
        let status = response.status();
        assert!(
            status == StatusCode::NOT_FOUND || status.is_redirection(),
            "{uri}: {status}"
        );
        let body = body_text(response).await;
        assert!(!body.contains("<title>Shell</title>"), "{uri}: raw shell");
        assert!(!body.contains("isEntry"), "{uri}: build manifest");
    }
    // The public files beside them still are.
    assert_eq!(app.get("/favicon.ico").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_hashed_file_with_a_brotli_copy_is_sent_as_it_is_and_says_it_varies() {
    let app = spawn_app();
    let get = |encoding: &'static str| {
        Request::get("/assets/index-Ab12Cd.js")
            .header("accept-encoding", encoding)
            .body(Body::empty())
            .unwrap()
    };
    let br = app.send(get("br")).await;
    assert_eq!(br.status(), StatusCode::OK);
    assert_eq!(header(&br, "content-encoding"), "br");
    assert_eq!(header(&br, "vary"), "accept-encoding");
    assert_eq!(body_text(br).await, "brotli bytes");
    let plain = app.send(get("identity")).await;
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(header(&plain, "vary"), "accept-encoding");
    assert!(body_text(plain).await.starts_with("console.log"));
}
