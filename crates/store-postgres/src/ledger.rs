//! [`PgStore`] as the self-hosted robot check's [`ChallengeLedger`]: a challenge spent on one
//! server is refused on every other.

use crate::PgStore;
use async_trait::async_trait;
use supplysite_core::ports::UnixMillis;
use supplysite_core::ports::{ChallengeLedger, LedgerError, Spent, UsedChallenge};

fn failed(reason: impl std::fmt::Display) -> LedgerError {
    LedgerError {
        reason: reason.to_string(),
    }
}

#[async_trait]
impl ChallengeLedger for PgStore {
    async fn spend(&self, used: UsedChallenge<'_>, now: UnixMillis) -> Result<Spent, LedgerError> {
        let UsedChallenge { challenge, expires } = used;
        let mut client = self
            .pool
            .get()
            .await
            .map_err(|e| failed(crate::connect::pool_reason(&e)))?;
        let tx = client
            .transaction()
            .await
            .map_err(|e| failed(crate::connect::db_reason(&e)))?;
        let db = |e: tokio_postgres::Error| failed(crate::connect::db_reason(&e));
        // One statement decides: of two requests with the same challenge, one inserts it.
        let inserted = tx
            .execute(
                "INSERT INTO used_challenge (challenge, expires) VALUES ($1, $2)
                 ON CONFLICT (challenge) DO NOTHING",
                &[&challenge, &expires.0],
            )
            .await
            .map_err(db)?;
        if inserted == 0 {
            return Ok(Spent::AlreadyUsed);
        }
        // Expired challenges fail on their own, so keeping them is worth nothing.
        tx.execute("DELETE FROM used_challenge WHERE expires <= $1", &[&now.0])
            .await
            .map_err(db)?;
        // Over capacity, those expiring soonest go, never the newcomer.
        tx.execute(
            "DELETE FROM used_challenge WHERE challenge IN (
                 SELECT challenge FROM used_challenge WHERE challenge <> $1
                 ORDER BY expires DESC OFFSET $2)",
            &[&challenge, &(self.challenge_capacity - 1).max(0)],
        )
        .await
        .map_err(db)?;
        tx.commit().await.map_err(db)?;
        Ok(Spent::Fresh)
    }
}
