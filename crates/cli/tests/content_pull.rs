//! `supplysite content pull` against a fake Contentful serving the demo space: the file it
//! writes loads back into the same content as the demo export.

use std::path::PathBuf;
use supplysite_content_adapter::contentful::fake::{ENVIRONMENT, FakeContentful, SPACE_ID, TOKEN};
use supplysite_content_adapter::{load_export, load_export_bytes};

fn demo_bytes() -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content/demo/export.json");
    std::fs::read(path).unwrap()
}

async fn pull(fake_url: &str, out: &std::path::Path, token: &str) -> std::process::Output {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(["content", "pull", "--out"])
        .arg(out)
        .env("CONTENTFUL_SPACE_ID", SPACE_ID)
        .env("CONTENTFUL_ACCESS_TOKEN", token)
        .env("CONTENTFUL_ENVIRONMENT", ENVIRONMENT)
        .env("CONTENTFUL_GRAPHQL_HOST", fake_url)
        .env("CONTENTFUL_CDA_HOST", fake_url)
        // No .env of the developer's may point it elsewhere.
        .current_dir(out.parent().unwrap())
        .output()
        .await
        .expect("the binary runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pulled_space_loads_back_into_the_same_content_as_the_demo_export() {
    let demo = demo_bytes();
    let fake = FakeContentful::start(serde_json::from_slice(&demo).unwrap()).await;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pulled.json");
    let output = pull(&fake.url(), &out, TOKEN).await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("wrote "), "{stderr}");
    assert!(stderr.contains("assets"), "{stderr}");

    let pulled = load_export(&out).unwrap();
    let original = load_export_bytes(&demo, None).unwrap();
    assert_eq!(pulled.set.parts(), original.set.parts());
    assert!(!pulled.has_errors(), "{:?}", pulled.problems);
    let written: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(written["contentTypes"].as_array().unwrap().len(), 13);
    assert_eq!(written["locales"][0]["code"], "en-AU");
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_fails_the_pull_naming_the_setting_and_writes_nothing() {
    let fake = FakeContentful::start(serde_json::from_slice(&demo_bytes()).unwrap()).await;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pulled.json");
    let output = pull(&fake.url(), &out, "not-the-token").await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("CONTENTFUL_ACCESS_TOKEN"), "{stderr}");
    assert!(!stderr.contains("not-the-token"), "{stderr}");
    assert!(!out.exists());
    fake.stop().await;
}
