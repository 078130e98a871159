//! [`SharedSnapshots`]: the last good live content, kept where every replica looks, so a
//! replica that starts without its own copy on disk starts from it and reads what changed
//! since, instead of the whole space.

use super::UnixMillis;
use async_trait::async_trait;

/// Snapshots of the synced content by key (one per space and environment), the newest kept.
#[async_trait]
pub trait SharedSnapshots: Send + Sync {
    /// The snapshot kept under `key`: `Ok(None)` when there is none.
    ///
    /// Errors: [`SnapshotError`] when the store cannot be read.
    async fn latest(&self, key: &str) -> Result<Option<Vec<u8>>, SnapshotError>;

    /// Keeps `bytes`, content synced at `synced_at`, under `key`, unless a snapshot synced
    /// later is kept there already.
    ///
    /// Errors: [`SnapshotError`] when the store cannot be written.
    async fn offer(
        &self,
        key: &str,
        synced_at: UnixMillis,
        bytes: &[u8],
    ) -> Result<(), SnapshotError>;
}

/// The shared snapshots could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the shared content snapshot is unavailable: {reason}")]
pub struct SnapshotError {
    /// Why, for the log.
    pub reason: String,
}

/// What became of a live source's last good copy since the process started: written to its
/// cache folder, offered to the other replicas, taken from them. `/readyz` and the metrics
/// show it; why a step failed is in the log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SnapshotActivity {
    /// Writes of the copy to the cache folder.
    pub saves: Outcomes,
    /// Offers of the copy to the replicas' shared store.
    pub shares: Outcomes,
    /// Copies taken from the shared store at start-up, for want of one on disk.
    pub adoptions: Outcomes,
    /// Whether the copy is shared with other replicas at all (a database is set).
    pub sharing: bool,
}

/// How often one step succeeded and failed, and how the last attempt went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcomes {
    /// Attempts that succeeded.
    pub ok: u64,
    /// Attempts that failed.
    pub failed: u64,
    /// When an attempt last succeeded.
    pub last_ok: Option<UnixMillis>,
    /// Whether the last attempt failed.
    pub failing: bool,
}

impl Outcomes {
    /// Counts one attempt, made at `at`.
    pub fn record(&mut self, ok: bool, at: UnixMillis) {
        if ok {
            self.ok += 1;
            self.last_ok = Some(at);
        } else {
            self.failed += 1;
        }
        self.failing = !ok;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_attempt_says_whether_a_step_is_failing_and_each_is_counted() {
        let mut o = Outcomes::default();
        o.record(true, UnixMillis(1));
        o.record(false, UnixMillis(2));
        assert_eq!(
            o,
            Outcomes {
                ok: 1,
                failed: 1,
                last_ok: Some(UnixMillis(1)),
                failing: true
            }
        );
        o.record(true, UnixMillis(3));
        assert_eq!(
            (o.ok, o.failed, o.last_ok, o.failing),
            (2, 1, Some(UnixMillis(3)), false)
        );
    }
}
