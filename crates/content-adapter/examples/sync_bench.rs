//! Live content at scale, measured: the fake Contentful serves a synthesised space of N posts
//! and a [`SyncSource`] follows it. Prints one JSON object: the initial sync's time, a publish
//! made visible (one delta, the new set built), the requests that publish cost, the resident
//! memory before and at peak during it, an empty poll, a restart from the snapshot on disk, and
//! a new replica starting from the snapshot the replicas share.
//! The fake runs in the same process, so the memory figures include the space it serves.
//!
//! ```text
//! cargo run --release -p supplysite-content-adapter --features fake --example sync_bench -- 100000
//! ```
//!
//! `bench/run.sh live` runs it with jemalloc preloaded (`LD_PRELOAD`), the allocator
//! `supplysite serve` is built with; `allocator` in the output says which one ran.
//!
//! Peak memory is the process's high-water mark (`VmHWM`), reset before the initial sync and
//! before the publish by writing 5 to `/proc/self/clear_refs`; steady is `VmRSS` with the set being served held, as a server
//! holds it.

use serde_json::{Value, json};
use std::time::Instant;
use supplysite_content_adapter::contentful::SyncSource;
use supplysite_content_adapter::contentful::fake::FakeContentful;
use supplysite_core::ports::fakes::FakeSnapshots;
use supplysite_core::ports::{ContentSource, SharedSnapshots};
use supplysite_testkit::memory::status_kib;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let posts: usize = std::env::args()
        .nth(1)
        .map(|n| n.parse())
        .transpose()?
        .unwrap_or(1000);
    let dir = tempfile::tempdir()?;
    let snapshot = dir.path().join("snapshot.json");
    let mut bytes = Vec::new();
    supplysite_content_adapter::synth::write_export(&mut bytes, posts)?;
    let export: Value = serde_json::from_slice(&bytes)?;
    drop(bytes);
    let fake = FakeContentful::start(export).await;

    // Replicas sharing their snapshots (in memory here; PostgreSQL in a deployment).
    let shared = std::sync::Arc::new(FakeSnapshots::default());
    let source =
        SyncSource::new(fake.settings(), Some(snapshot.clone()))?.with_shared(shared.clone());
    let before_initial_kib = status_kib("VmRSS:");
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let started = Instant::now();
    let served = source.load().await?;
    let initial_sync_seconds = started.elapsed().as_secs_f64();
    let initial_peak_kib = status_kib("VmHWM:");
    source.saved().await;

    // One post published with a new title.
    let id = served.parts().posts[posts / 2].id.clone();
    fake.edit(|export| {
        if let Some(entry) = export["entries"]
            .as_array_mut()
            .and_then(|e| e.iter_mut().find(|e| e["sys"]["id"] == id.as_str()))
        {
            entry["fields"]["title"]["en-AU"] = json!("Published just now");
            entry["sys"]["publishedVersion"] = json!(1000);
        }
    });
    let steady_kib = status_kib("VmRSS:");
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = fake.received().len();
    let published = Instant::now();
    let changed = source
        .load_changed(served.version())
        .await?
        .ok_or("the publish was not seen")?;
    let publish_visible_seconds = published.elapsed().as_secs_f64();
    let peak_kib = status_kib("VmHWM:");
    let asked = fake.received().len() - before;
    // Swapped in as the server swaps it: the old set goes once the new one serves.
    drop(served);
    let served = changed;
    source.saved().await;

    // An empty delta: what every poll costs.
    let before = fake.received().len();
    let polled = Instant::now();
    let nothing = source.load_changed(served.version()).await?;
    let empty_poll_seconds = polled.elapsed().as_secs_f64();
    let poll_requests = fake.received().len() - before;

    // A restart with the snapshot on disk.
    drop(source);
    let snapshot_bytes = std::fs::metadata(&snapshot)?.len();
    let restarted = SyncSource::new(fake.settings(), Some(snapshot.clone()))?;
    let before = fake.received().len();
    let started = Instant::now();
    let again = restarted.load().await?;
    let restart_seconds = started.elapsed().as_secs_f64();
    let restart_requests = fake.received().len() - before;

    // A new replica with an empty cache folder, starting from the shared snapshot.
    let key = snapshot
        .file_name()
        .map(|n| n.to_string_lossy().into_owned());
    let shared_bytes = shared
        .latest(key.as_deref().unwrap_or_default())
        .await?
        .map_or(0, |b| b.len());
    let elsewhere = tempfile::tempdir()?;
    let new_replica = SyncSource::new(
        fake.settings(),
        Some(
            elsewhere
                .path()
                .join(snapshot.file_name().unwrap_or_default()),
        ),
    )?
    .with_shared(shared.clone());
    let before = fake.received().len();
    let started = Instant::now();
    let joined = new_replica.load().await?;
    let new_replica_seconds = started.elapsed().as_secs_f64();
    let new_replica_requests = fake.received().len() - before;

    println!(
        "{}",
        json!({
            "posts": posts,
            "initial_sync_seconds": initial_sync_seconds,
            "rss_kib_before_initial_sync": before_initial_kib,
            "peak_rss_kib_during_initial_sync": initial_peak_kib,
            "publish_visible_seconds": publish_visible_seconds,
            "publish_requests": asked,
            "steady_rss_kib": steady_kib,
            "peak_rss_kib_during_publish": peak_kib,
            "peak_over_steady": peak_kib as f64 / steady_kib.max(1) as f64,
            "empty_poll_seconds": empty_poll_seconds,
            "empty_poll_requests": poll_requests,
            "empty_poll_changed": nothing.is_some(),
            "restart_to_ready_seconds": restart_seconds,
            "restart_requests": restart_requests,
            "restart_version_matches": again.version() == served.version(),
            "snapshot_bytes": snapshot_bytes,
            "shared_snapshot_gzip_bytes": shared_bytes,
            "new_replica_to_ready_seconds": new_replica_seconds,
            "new_replica_requests": new_replica_requests,
            "new_replica_version_matches": joined.version() == served.version(),
            "allocator": if std::env::var("LD_PRELOAD").is_ok_and(|p| p.contains("jemalloc")) {
                "jemalloc"
            } else {
                "system"
            },
        })
    );
    fake.stop().await;
    Ok(())
}
