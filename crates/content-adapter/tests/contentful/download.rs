use crate::helpers::demo;
use serde_json::json;
use std::path::Path;
use std::sync::Mutex;
use supplysite_content_adapter::contentful::download::{
    AssetFile, AssetsBase, DownloadError, Downloader, Tally, asset_files,
};
use supplysite_content_adapter::contentful::fake::{FakeContentful, Fault};
use tempfile::TempDir;

/// Three files, one per asset host, in a folder laid out like an export's, and the export's
/// asset list naming them with their sizes.
fn mirror() -> (TempDir, Vec<AssetFile>) {
    let dir = TempDir::new().unwrap();
    let files = [
        ("images.ctfassets.net/sp/a1/t1/hero.png", vec![137u8; 3000]),
        (
            "assets.ctfassets.net/sp/a2/t2/sheet.pdf",
            b"%PDF-1.7 ".repeat(50),
        ),
        ("downloads.ctfassets.net/sp/a3/t3/guide.zip", vec![80u8; 17]),
    ];
    let mut assets = Vec::new();
    for (i, (path, bytes)) in files.iter().enumerate() {
        let file = dir.path().join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, bytes).unwrap();
        assets.push(json!({
            "sys": {"id": format!("a{i}"), "type": "Asset", "publishedVersion": 1},
            "fields": {"file": {"en-AU": {"url": format!("//{path}"), "details": {"size": bytes.len()}}}},
        }));
    }
    let (list, refused) = asset_files(&json!({ "assets": assets }));
    assert!(refused.is_empty());
    (dir, list)
}

async fn fake_serving(dir: &Path) -> FakeContentful {
    let fake = FakeContentful::start(demo()).await;
    fake.serve_files(dir);
    fake
}

fn downloader(fake: &FakeContentful, concurrency: usize) -> Downloader {
    Downloader::new(
        AssetsBase::parse(Some(&fake.url())).unwrap(),
        fake.settings().retry,
        concurrency,
    )
    .unwrap()
}

fn asset_requests(fake: &FakeContentful) -> Vec<String> {
    fake.received()
        .into_iter()
        .map(|r| r.path)
        .filter(|p| p.contains(".ctfassets.net/"))
        .collect()
}

fn same_files(a: &Path, b: &Path, files: &[AssetFile]) {
    for f in files {
        assert_eq!(
            std::fs::read(a.join(&f.path)).unwrap(),
            std::fs::read(b.join(&f.path)).unwrap(),
            "{}",
            f.path
        );
    }
}

/// Every file under `dir`, relative, sorted: no temporary file may be left behind.
fn listing(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                out.push(path.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[tokio::test]
async fn every_host_s_files_land_under_the_host_and_path_with_progress_in_files_and_bytes() {
    let (source, files) = mirror();
    let fake = fake_serving(source.path()).await;
    let out = TempDir::new().unwrap();
    let heard = Mutex::new(Vec::<Tally>::new());
    let got = downloader(&fake, 2)
        .download(&files, out.path(), &|t| heard.lock().unwrap().push(t))
        .await;
    assert!(got.failures.is_empty(), "{:?}", got.failures);
    assert_eq!((got.fetched, got.kept, got.bytes_fetched), (3, 0, 3467));
    same_files(source.path(), out.path(), &files);
    assert_eq!(
        listing(out.path()),
        [
            "assets.ctfassets.net/sp/a2/t2/sheet.pdf",
            "downloads.ctfassets.net/sp/a3/t3/guide.zip",
            "images.ctfassets.net/sp/a1/t1/hero.png",
        ]
    );
    let heard = heard.into_inner().unwrap();
    assert_eq!(heard.first().unwrap().bytes_done, 0);
    let last = heard.last().unwrap();
    assert_eq!(
        (last.files_done, last.files, last.bytes_done, last.bytes),
        (3, 3, 3467, 3467)
    );
    assert!(heard.windows(2).all(|w| w[0].bytes_done <= w[1].bytes_done));
    let mut asked = asset_requests(&fake);
    asked.sort();
    assert_eq!(
        asked,
        [
            "/assets.ctfassets.net/sp/a2/t2/sheet.pdf",
            "/downloads.ctfassets.net/sp/a3/t3/guide.zip",
            "/images.ctfassets.net/sp/a1/t1/hero.png",
        ]
    );
    fake.stop().await;
}

#[tokio::test]
async fn a_file_of_the_right_size_is_kept_and_one_of_the_wrong_size_fetched_again() {
    let (source, files) = mirror();
    let fake = fake_serving(source.path()).await;
    let out = TempDir::new().unwrap();
    let kept = out.path().join(&files[0].path);
    std::fs::create_dir_all(kept.parent().unwrap()).unwrap();
    std::fs::copy(source.path().join(&files[0].path), &kept).unwrap();
    let stale = out.path().join(&files[1].path);
    std::fs::create_dir_all(stale.parent().unwrap()).unwrap();
    std::fs::write(&stale, b"cut short").unwrap();

    let got = downloader(&fake, 3)
        .download(&files, out.path(), &|_| {})
        .await;
    assert!(got.failures.is_empty(), "{:?}", got.failures);
    assert_eq!((got.fetched, got.kept), (2, 1));
    same_files(source.path(), out.path(), &files);
    let mut asked = asset_requests(&fake);
    asked.sort();
    assert_eq!(
        asked,
        [format!("/{}", files[1].path), format!("/{}", files[2].path)]
    );
    fake.stop().await;
}

#[tokio::test]
async fn a_body_of_another_size_than_contentful_reports_fails_that_file_and_leaves_nothing() {
    let (source, files) = mirror();
    // The host serves more bytes than the export says the file has.
    std::fs::write(source.path().join(&files[2].path), vec![80u8; 40]).unwrap();
    let fake = fake_serving(source.path()).await;
    let out = TempDir::new().unwrap();
    let got = downloader(&fake, 3)
        .download(&files, out.path(), &|_| {})
        .await;
    assert_eq!(got.fetched, 2);
    assert_eq!(got.failures.len(), 1);
    let message = got.failures[0].to_string();
    assert!(
        matches!(
            got.failures[0],
            DownloadError::WrongSize {
                expected: 17,
                got: 40,
                ..
            }
        ),
        "{message}"
    );
    assert!(
        message.ends_with("sent 40 bytes but contentful reports 17"),
        "{message}"
    );
    // A short or long body is retried like a broken connection, then given up.
    let tries = asset_requests(&fake)
        .iter()
        .filter(|p| p.ends_with("guide.zip"))
        .count() as u32;
    assert_eq!(tries, fake.settings().retry.attempts);
    assert_eq!(
        listing(out.path()),
        [
            "assets.ctfassets.net/sp/a2/t2/sheet.pdf",
            "images.ctfassets.net/sp/a1/t1/hero.png",
        ]
    );
    fake.stop().await;
}

#[tokio::test]
async fn server_errors_are_retried_and_a_missing_file_is_not() {
    let (source, files) = mirror();
    std::fs::remove_file(source.path().join(&files[1].path)).unwrap();
    let fake = fake_serving(source.path()).await;
    fake.push(Fault::Status(503));
    let out = TempDir::new().unwrap();
    let got = downloader(&fake, 1)
        .download(&files, out.path(), &|_| {})
        .await;
    assert_eq!(got.fetched, 2);
    assert_eq!(got.failures.len(), 1);
    assert!(
        matches!(&got.failures[0], DownloadError::Status { status: 404, url } if url.ends_with("sheet.pdf")),
        "{}",
        got.failures[0]
    );
    let asked = asset_requests(&fake);
    // One worker: the first file twice (503, then the file), the missing one once, the last once.
    assert_eq!(
        asked,
        [
            format!("/{}", files[0].path),
            format!("/{}", files[0].path),
            format!("/{}", files[1].path),
            format!("/{}", files[2].path),
        ]
    );
    fake.stop().await;
}

#[test]
fn the_mirror_setting_is_an_origin_or_nothing() {
    assert_eq!(AssetsBase::parse(None).unwrap(), AssetsBase::OwnHosts);
    assert_eq!(AssetsBase::parse(Some("  ")).unwrap(), AssetsBase::OwnHosts);
    assert_eq!(
        AssetsBase::parse(Some("http://127.0.0.1:9000/")).unwrap(),
        AssetsBase::Mirror("http://127.0.0.1:9000".into())
    );
    let e = AssetsBase::parse(Some("images.example.com")).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("CONTENTFUL_ASSETS_BASE: invalid value \"images.example.com\""),
        "{e}"
    );
}
