//! The live source through a Contentful outage: the last good set kept on disk serves a
//! restart. (The server keeping its current content when a reload fails is the server's own
//! test: crates/http/tests/server/router/outage.rs.)

use crate::helpers::demo;
use std::sync::Arc;
use supplysite_content_adapter::contentful::fake::{FakeContentful, RecordingPause};
use supplysite_content_adapter::contentful::{CachedSource, ContentfulSource};
use supplysite_core::ports::ContentSource;
use supplysite_testkit::demo::pages_served;

#[tokio::test]
async fn a_restart_while_contentful_is_down_serves_the_last_good_set_from_disk() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("content.json");
    let fake = FakeContentful::start(demo()).await;
    let settings = fake.settings();
    let pause = Arc::new(RecordingPause::default());
    let first = CachedSource::new(
        Arc::new(ContentfulSource::with_pause(settings.clone(), pause.clone()).unwrap()),
        &cache,
    );
    let before = first.load().await.unwrap();
    fake.stop().await;

    // A new process: same settings, Contentful unreachable.
    let restarted = CachedSource::new(
        Arc::new(ContentfulSource::with_pause(settings, pause).unwrap()),
        &cache,
    );
    let after = restarted.load().await.unwrap();
    assert_eq!(after.version(), before.version());
    assert_eq!(after.parts(), before.parts());
    assert_eq!(pages_served(&after), pages_served(&before));
    let status = restarted.status().unwrap();
    assert!(status.from_disk);
    assert_eq!(status.version, before.version());
}

#[tokio::test]
async fn a_restart_while_contentful_is_down_with_no_saved_set_fails_as_unreachable() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeContentful::start(demo()).await;
    let settings = fake.settings();
    fake.stop().await;
    let source = CachedSource::new(
        Arc::new(
            ContentfulSource::with_pause(settings, Arc::new(RecordingPause::default())).unwrap(),
        ),
        dir.path().join("none.json"),
    );
    let err = source.load().await.unwrap_err();
    assert!(err.is_transient(), "{err}");
}
