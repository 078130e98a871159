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
