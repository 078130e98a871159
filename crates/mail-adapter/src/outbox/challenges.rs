//! The outbox's database as the self-hosted check's [`ChallengeLedger`]: used challenges in
//! the `used_challenge` table beside the enquiries, so a solved challenge is refused after a
//! restart as before it.

use super::SqliteOutbox;
use super::queries::unavailable;
use async_trait::async_trait;
use rusqlite::{Connection, TransactionBehavior, params};
use supplysite_core::ports::{ChallengeLedger, LedgerError, Spent, UnixMillis, UsedChallenge};

/// The most used challenges kept at once (core's default for every ledger).
pub const DEFAULT_CAPACITY: u64 = supplysite_core::ports::DEFAULT_LEDGER_CAPACITY;

/// Records `challenge` as used, making room as the port describes.
pub fn spend(
    conn: &mut Connection,
    challenge: &str,
    expires: UnixMillis,
    now: UnixMillis,
    capacity: u64,
) -> rusqlite::Result<Spent> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let inserted = tx.execute(
        "INSERT OR IGNORE INTO used_challenge (challenge, expires) VALUES (?1, ?2)",
        params![challenge, expires.0],
    )?;
    if inserted == 0 {
        return Ok(Spent::AlreadyUsed);
    }
    // Expired challenges fail on their own, so keeping them is worth nothing.
    tx.execute("DELETE FROM used_challenge WHERE expires <= ?1", [now.0])?;
    let held: i64 = tx.query_row("SELECT COUNT(*) FROM used_challenge", [], |r| r.get(0))?;
    let over = u64::try_from(held).unwrap_or(0).saturating_sub(capacity);
    if over > 0 {
        tx.execute(
            "DELETE FROM used_challenge WHERE challenge IN (
                 SELECT challenge FROM used_challenge WHERE challenge <> ?1
                 ORDER BY expires LIMIT ?2)",
            params![challenge, i64::try_from(over).unwrap_or(i64::MAX)],
        )?;
    }
    tx.commit()?;
    Ok(Spent::Fresh)
}

#[async_trait]
impl ChallengeLedger for SqliteOutbox {
    async fn spend(&self, used: UsedChallenge<'_>, now: UnixMillis) -> Result<Spent, LedgerError> {
        let UsedChallenge { challenge, expires } = used;
        let challenge = challenge.to_owned();
        let capacity = self.challenge_capacity;
        self.run(move |conn| spend(conn, &challenge, expires, now, capacity).map_err(unavailable))
            .await
            .map_err(|e| LedgerError {
                reason: e.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_drops_expired_then_soonest_expiring_challenges_and_takes_the_newcomer() {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = super::super::schema::open(&dir.path().join("o.sqlite3")).unwrap();
        let at = UnixMillis;
        assert_eq!(
            spend(&mut conn, "a", at(100), at(0), 2).unwrap(),
            Spent::Fresh
        );
        assert_eq!(
            spend(&mut conn, "b", at(200), at(0), 2).unwrap(),
            Spent::Fresh
        );
        assert_eq!(
            spend(&mut conn, "a", at(100), at(0), 2).unwrap(),
            Spent::AlreadyUsed
        );
        assert_eq!(
            spend(&mut conn, "c", at(300), at(50), 2).unwrap(),
            Spent::Fresh
        );
        assert_eq!(
            spend(&mut conn, "b", at(200), at(50), 2).unwrap(),
            Spent::AlreadyUsed
        );
        assert_eq!(
            spend(&mut conn, "c", at(300), at(50), 2).unwrap(),
            Spent::AlreadyUsed
        );
        assert_eq!(
            spend(&mut conn, "d", at(400), at(250), 2).unwrap(),
            Spent::Fresh
        );
        let held: i64 = conn
            .query_row("SELECT COUNT(*) FROM used_challenge", [], |r| r.get(0))
            .unwrap();
        assert_eq!(held, 2);
    }
}
