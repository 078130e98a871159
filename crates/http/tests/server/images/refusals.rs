//! Every refusal is a JSON error with the right status, nothing cached, never a panic.

use crate::support::images::*;

async fn refused(server: &Server, path: &str, status: u16) {
    let response = server.get(path).await;
    assert_eq!(response.status().as_u16(), status, "{path}");
    assert_eq!(
        header(&response, "content-type"),
        "application/json",
        "{path}"
    );
    assert_eq!(header(&response, "cache-control"), "no-store", "{path}");
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{path}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_queries_sources_and_paths_are_refused() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let server = start(Setup::new(export.path(), cache.path())).await;
    let hero = format!("/img/images.ctfassets.net/{HERO}");
    for (path, status) in [
        // The query.
        (hero.clone(), 400),
        (format!("{hero}?w=abc"), 400),
        (format!("{hero}?w=-1"), 400),
        (format!("{hero}?w=640&fm=gif"), 400),
        (format!("{hero}?w=640&fm=tiff"), 400),
        (format!("{hero}?w=640&q=0"), 400),
        (format!("{hero}?w=640&fit=fill"), 400),
        (format!("{hero}?w=640&w=320"), 400),
        // The source.
        (
            "/img/images.ctfassets.net/space1/icon1/token1/icon.svg?w=320".into(),
            415,
        ),
        (
            "/img/images.ctfassets.net/space1/bad1/token1/corrupt.jpg?w=320".into(),
            415,
        ),
        (
            "/img/images.ctfassets.net/space1/bad2/token1/truncated.jpg?w=320".into(),
            415,
        ),
        (
            "/img/images.ctfassets.net/space1/bomb1/token1/bomb.png?w=320".into(),
            422,
        ),
        (
            "/img/images.ctfassets.net/space1/none/token1/missing.jpg?w=320".into(),
            404,
        ),
        ("/img/images.ctfassets.net/space1/hero1?w=320".into(), 404),
        // Climbing out of the folder, by every spelling.
        (
            "/img/images.ctfassets.net/space1%2f..%2f..%2fsecret.jpg?w=320".into(),
            400,
        ),
        (
            "/img/images.ctfassets.net/space1%5c..%5c..%5csecret.jpg?w=320".into(),
            400,
        ),
        (
            "/img/images.ctfassets.net/space1//hero.jpg?w=320".into(),
            400,
        ),
    ] {
        refused(&server, &path, status).await;
    }
    assert_eq!(server.encodes(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dot_segments_never_reach_a_file_outside_the_image_folder() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let server = start(Setup::new(export.path(), cache.path())).await;
    // Sent byte for byte: an HTTP client library would resolve the dot segments first.
    for path in [
        "/img/images.ctfassets.net/../secret.jpg",
        "/img/images.ctfassets.net/%2e%2e/secret.jpg",
        "/img/images.ctfassets.net/space1/%2E%2E/%2e%2e/secret.jpg",
        "/img/images.ctfassets.net/space1/./../../secret.jpg",
    ] {
        let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        let request =
            format!("GET {path}?w=320&fm=jpg HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.unwrap();
        let head = String::from_utf8_lossy(&answer[..answer.len().min(200)]).into_owned();
        assert!(head.starts_with("HTTP/1.1 400"), "{path}: {head}");
    }
    assert_eq!(server.encodes(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_an_engine_the_endpoint_is_not_found() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let mut setup = Setup::new(export.path(), cache.path());
    setup.no_engine = true;
    let server = start(setup).await;
    refused(
        &server,
        &format!("/img/images.ctfassets.net/{HERO}?w=320"),
        404,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_encoding_queue_with_nothing_to_stand_in_answers_503_with_retry_after() {
    let export = export_with_big_photo();
    let cache = tempfile::tempdir().unwrap();
    let mut setup = Setup::new(export.path(), cache.path());
    setup.queue_limit = 1;
    let server = std::sync::Arc::new(start(setup).await);
    let first = {
        let server = server.clone();
        tokio::spawn(async move {
            server
                .get("/img/images.ctfassets.net/space1/big1/token1/big.jpg?w=2048&fm=avif")
                .await
                .status()
        })
    };
    let engine = server.app.engine.clone().unwrap();
    eventually(
        std::time::Duration::from_secs(30),
        "the first encode to take the pool",
        || engine.pool().queued() == 1,
    )
    .await;
    // A WebP original and no rendition made: nothing stands in for a client taking only PNG.
    put(
        export.path(),
        "space1/pic1/token1/pic.webp",
        &webp(700, 400),
    );
    let response = server
        .get_with(
            "/img/images.ctfassets.net/space1/pic1/token1/pic.webp?w=320&fm=png",
            &[("accept", "image/png")],
        )
        .await;
    // A 2048-wide AVIF of a camera-sized picture takes a good part of a second at least:
    // the second request arrives while it runs.
    assert_eq!(response.status(), 503);
    assert_eq!(header(&response, "retry-after"), "2");
    assert_eq!(header(&response, "content-type"), "application/json");
    assert_eq!(first.await.unwrap(), 200);
}
