//! The shared snapshots' contract ([`SharedSnapshots`]): the suite every store of them keeps,
//! run against core's in-memory fake here and against PostgreSQL in its own crate.

use std::sync::Arc;
use supplysite_core::ports::suite::{Case, run_suite};
use supplysite_core::ports::{SharedSnapshots, UnixMillis};
use supplysite_core::suite_cases;

/// Two handles onto one store (two replicas).
#[derive(Clone)]
pub struct Handles {
    pub a: Arc<dyn SharedSnapshots>,
    pub b: Arc<dyn SharedSnapshots>,
}

const CASES: &[Case<Handles>] = suite_cases![
    nothing_is_kept_before_the_first_offer,
    what_one_replica_offers_the_other_reads,
    an_older_snapshot_never_replaces_a_newer_one,
    keys_are_kept_apart,
    a_snapshot_of_many_megabytes_reads_back_whole,
];

/// Runs every case against fresh stores made by `fresh` (given the case's name).
pub async fn run<F, Fut>(implementation: &str, fresh: F)
where
    F: FnMut(&'static str) -> Fut,
    Fut: std::future::Future<Output = Handles>,
{
    run_suite(implementation, CASES, fresh).await;
}

async fn nothing_is_kept_before_the_first_offer(h: Handles) {
    assert_eq!(h.a.latest("space").await.unwrap(), None);
}

async fn what_one_replica_offers_the_other_reads(h: Handles) {
    h.a.offer("space", UnixMillis(10), b"first").await.unwrap();
    assert_eq!(
        h.b.latest("space").await.unwrap().as_deref(),
        Some(&b"first"[..])
    );
    h.b.offer("space", UnixMillis(20), b"second").await.unwrap();
    assert_eq!(
        h.a.latest("space").await.unwrap().as_deref(),
        Some(&b"second"[..])
    );
}

async fn an_older_snapshot_never_replaces_a_newer_one(h: Handles) {
    h.a.offer("space", UnixMillis(20), b"newer").await.unwrap();
    h.b.offer("space", UnixMillis(10), b"older").await.unwrap();
    assert_eq!(
        h.a.latest("space").await.unwrap().as_deref(),
        Some(&b"newer"[..])
    );
}

async fn keys_are_kept_apart(h: Handles) {
    h.a.offer("one", UnixMillis(10), b"1").await.unwrap();
    h.a.offer("two", UnixMillis(5), b"2").await.unwrap();
    assert_eq!(h.b.latest("one").await.unwrap().as_deref(), Some(&b"1"[..]));
    assert_eq!(h.b.latest("two").await.unwrap().as_deref(), Some(&b"2"[..]));
}

async fn a_snapshot_of_many_megabytes_reads_back_whole(h: Handles) {
    let bytes: Vec<u8> = (0..24u32 << 20).map(|i| (i % 251) as u8).collect();
    h.a.offer("space", UnixMillis(1), &bytes).await.unwrap();
    assert!(h.b.latest("space").await.unwrap() == Some(bytes));
}

#[cfg(test)]
mod tests {
    use super::*;
    use supplysite_core::ports::fakes::FakeSnapshots;

    #[tokio::test]
    async fn the_in_memory_snapshots_keep_the_contract() {
        run("the in-memory snapshots", |_| async {
            let store = Arc::new(FakeSnapshots::default());
            Handles {
                a: store.clone(),
                b: store,
            }
        })
        .await;
    }
}
