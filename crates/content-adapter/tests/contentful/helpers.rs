//! The demo space, a fake Contentful serving it, and a live source reading from the fake.

use std::sync::Arc;
use supplysite_content_adapter::contentful::ContentfulSource;
use supplysite_content_adapter::contentful::fake::{FakeContentful, RecordingPause};

pub use supplysite_testkit::demo::{export_json as demo, export_path as demo_path};

pub fn demo_bytes() -> Vec<u8> {
    std::fs::read(demo_path()).expect("the demo export is in the repository")
}

/// A fake serving the demo, and a source reading from it whose waits are recorded, not slept.
pub async fn live() -> (FakeContentful, ContentfulSource, Arc<RecordingPause>) {
    let fake = FakeContentful::start(demo()).await;
    let pause = Arc::new(RecordingPause::default());
    let source = ContentfulSource::with_pause(fake.settings(), pause.clone()).unwrap();
    (fake, source, pause)
}
