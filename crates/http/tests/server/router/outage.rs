//! Contentful going down while the server runs: the content store keeps serving every route
//! from the last good set the live source gave it.

use std::sync::Arc;
use supplysite_content_adapter::contentful::fake::{FakeContentful, RecordingPause};
use supplysite_content_adapter::contentful::{CachedSource, ContentfulSource};
use supplysite_core::ports::ContentSource;
use supplysite_http::ContentStore;
use supplysite_testkit::demo::pages_served;

#[tokio::test]
async fn when_contentful_goes_down_every_route_is_still_served_from_the_last_good_set() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeContentful::start(supplysite_testkit::demo::export_json()).await;
    let source =
        ContentfulSource::with_pause(fake.settings(), Arc::new(RecordingPause::default())).unwrap();
    let source = CachedSource::new(Arc::new(source), dir.path().join("content.json"));
    let store = ContentStore::new(source.load().await.unwrap());
    let version = store.current().version().to_string();
    let served = pages_served(&store.current().set);
    assert!(served > 40, "{served}");

    fake.stop().await;
    let err = store.reload(&source).await.unwrap_err();
    assert!(err.is_transient(), "{err}");
    assert_eq!(store.current().version(), version);
    assert_eq!(pages_served(&store.current().set), served);
    assert!(!source.status().unwrap().from_disk);
}
