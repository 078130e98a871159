//! [`PgStore`] as the webhook's [`SeenSignatures`]: a signed request accepted by one server is
//! refused as a replay by every other.

use crate::PgStore;
use async_trait::async_trait;
use supplysite_core::ports::{SeenError, SeenSignatures, UnixMillis};

fn failed(reason: String) -> SeenError {
    SeenError { reason }
}

#[async_trait]
impl SeenSignatures for PgStore {
    async fn first_use(
        &self,
        signature: &str,
        expires: UnixMillis,
        now: UnixMillis,
    ) -> Result<bool, SeenError> {
        let client = self
            .pool
            .get()
            .await
            .map_err(|e| failed(crate::connect::pool_reason(&e)))?;
        let db = |e: tokio_postgres::Error| failed(crate::connect::db_reason(&e));
        // A row left from an expired use may hold the signature: it no longer counts.
        client
            .execute("DELETE FROM seen_webhook WHERE expires <= $1", &[&now.0])
            .await
            .map_err(db)?;
        // One statement decides: of two servers given the same request, one inserts it.
        let inserted = client
            .execute(
                "INSERT INTO seen_webhook (signature, expires) VALUES ($1, $2)
                 ON CONFLICT (signature) DO NOTHING",
                &[&signature, &expires.0],
            )
            .await
            .map_err(db)?;
        Ok(inserted == 1)
    }
}
