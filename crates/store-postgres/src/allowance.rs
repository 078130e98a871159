//! [`PgStore`] as the [`SharedAllowance`]: the contact rate limit counted in one row per
//! client, updated by one statement, so requests to different servers count against the same
//! allowance. The rule is the in-memory limiter's (a token bucket kept as the instant the
//! client's allowance would be used up), in Unix milliseconds.

use crate::PgStore;
use async_trait::async_trait;
use std::num::NonZeroU32;
use std::time::Duration;
use supplysite_core::ports::{AllowanceError, SharedAllowance, UnixMillis};

/// About one request in this many also forgets the clients whose allowance has refilled.
const SWEEP_EVERY: u32 = 64;

fn failed(reason: String) -> AllowanceError {
    AllowanceError { reason }
}

#[async_trait]
impl SharedAllowance for PgStore {
    async fn take(
        &self,
        client: &str,
        per_minute: NonZeroU32,
        now: UnixMillis,
    ) -> Result<Option<Duration>, AllowanceError> {
        let db = |e: tokio_postgres::Error| failed(crate::connect::db_reason(&e));
        let conn = self
            .pool
            .get()
            .await
            .map_err(|e| failed(crate::connect::pool_reason(&e)))?;
        let emission = 60_000 / i64::from(per_minute.get());
        let burst = emission * (i64::from(per_minute.get()) - 1);
        // The row moves on only when the request is allowed; a refused request changes nothing.
        let allowed = conn
            .query_opt(
                "INSERT INTO contact_allowance AS a (client, busy_until) VALUES ($1, $2::BIGINT + $3::BIGINT)
                 ON CONFLICT (client) DO UPDATE
                     SET busy_until = GREATEST(a.busy_until, $2::BIGINT) + $3::BIGINT
                     WHERE GREATEST(a.busy_until, $2::BIGINT) - $2::BIGINT <= $4::BIGINT
                 RETURNING busy_until",
                &[&client, &now.0, &emission, &burst],
            )
            .await
            .map_err(db)?;
        if rand::random_ratio(1, SWEEP_EVERY) {
            conn.execute(
                "DELETE FROM contact_allowance WHERE busy_until < $1",
                &[&now.0],
            )
            .await
            .map_err(db)?;
        }
        if allowed.is_some() {
            return Ok(None);
        }
        let busy_until: i64 = conn
            .query_opt(
                "SELECT busy_until FROM contact_allowance WHERE client = $1",
                &[&client],
            )
            .await
            .map_err(db)?
            .map_or(now.0, |r| r.get(0));
        let over = u64::try_from(busy_until - now.0 - burst).unwrap_or(0);
        Ok(Some(Duration::from_secs(over.div_ceil(1000).max(1))))
    }
}
