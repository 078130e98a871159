//! [`PgStore`] as the replicas' [`SharedSnapshots`]: the newest snapshot of the live content
//! per space and environment, for a replica that starts without its own.

use crate::PgStore;
use async_trait::async_trait;
use supplysite_core::ports::{SharedSnapshots, SnapshotError, UnixMillis};

fn failed(reason: String) -> SnapshotError {
    SnapshotError { reason }
}

#[async_trait]
impl SharedSnapshots for PgStore {
    async fn latest(&self, key: &str) -> Result<Option<Vec<u8>>, SnapshotError> {
        let client = self
            .pool
            .get()
            .await
            .map_err(|e| failed(crate::connect::pool_reason(&e)))?;
        let row = client
            .query_opt("SELECT bytes FROM content_snapshot WHERE key = $1", &[&key])
            .await
            .map_err(|e| failed(crate::connect::db_reason(&e)))?;
        Ok(row.map(|row| row.get(0)))
    }

    async fn offer(
        &self,
        key: &str,
        synced_at: UnixMillis,
        bytes: &[u8],
    ) -> Result<(), SnapshotError> {
        let client = self
            .pool
            .get()
            .await
            .map_err(|e| failed(crate::connect::pool_reason(&e)))?;
        // One statement decides: of two replicas offering at once, the later sync stays.
        client
            .execute(
                "INSERT INTO content_snapshot (key, synced_at, bytes) VALUES ($1, $2, $3)
                 ON CONFLICT (key) DO UPDATE SET synced_at = EXCLUDED.synced_at, bytes = EXCLUDED.bytes
                 WHERE content_snapshot.synced_at < EXCLUDED.synced_at",
                &[&key, &synced_at.0, &bytes],
            )
            .await
            .map_err(|e| failed(crate::connect::db_reason(&e)))?;
        Ok(())
    }
}
