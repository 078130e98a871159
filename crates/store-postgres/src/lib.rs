//! The shared state of several supplysite replicas in PostgreSQL.
//!
//! One site run as several servers behind a load balancer must agree on six things, which
//! [`PgStore`] keeps in one database they all reach:
//! - the enquiry outbox ([`EnquiryOutbox`]): workers on every server claim due jobs with
//!   `SELECT … FOR UPDATE SKIP LOCKED` and a lease, so no two attempt the same job at once and
//!   the jobs of a server killed mid-delivery come due again for the others when the lease ends;
//! - the robot check's used challenges ([`ChallengeLedger`]), so a solved challenge is spent
//!   everywhere;
//! - the contact rate limit ([`SharedAllowance`]), so N servers allow what one does;
//! - content change notices ([`ContentNotices`]) over `LISTEN/NOTIFY`: the server that took a
//!   webhook tells the others the content changed, and each announces the version it serves;
//! - the webhooks already accepted ([`SeenSignatures`]), so a signed request replayed to
//!   another server is refused there too;
//! - the newest snapshot of the live content ([`SharedSnapshots`]), so a server that starts
//!   without its own copy on disk reads what changed since it, not the whole space.
//!
//! The schema is versioned by the migrations in this crate's `migrations/` folder, applied at
//! start under an advisory lock so servers starting together do not race.
//!
//! [`EnquiryOutbox`]: supplysite_core::ports::EnquiryOutbox
//! [`ChallengeLedger`]: supplysite_core::ports::ChallengeLedger
//! [`SharedAllowance`]: supplysite_core::ports::SharedAllowance
//! [`SeenSignatures`]: supplysite_core::ports::SeenSignatures
//! [`SharedSnapshots`]: supplysite_core::ports::SharedSnapshots

// Every public item is documented; clippy runs with `-D warnings`, so this is enforced.
#![warn(missing_docs)]

mod allowance;
mod connect;
mod ledger;
mod migrate;
mod notices;
mod outbox;
mod seen;
mod snapshots;
#[cfg(feature = "test-server")]
pub mod testing;

pub use connect::{ConnectError, DatabaseUrl};
pub use migrate::SCHEMA_VERSION;
pub use notices::{CONTENT_CHANNEL, ContentNotice, ContentNotices};

use deadpool_postgres::Pool;
use supplysite_core::ports::OutboxError;

/// The shared state in one PostgreSQL database. Cheap to clone; clones share the pool.
#[derive(Clone)]
pub struct PgStore {
    pool: Pool,
    url: DatabaseUrl,
    /// The most used robot-check challenges kept.
    challenge_capacity: i64,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("url", &self.url.redacted())
            .finish_non_exhaustive()
    }
}

impl PgStore {
    /// Connects to the database at `url`, checks that it answers and brings its schema up to
    /// date (under an advisory lock).
    ///
    /// Errors: [`ConnectError`], which never shows the password.
    pub async fn connect(url: &DatabaseUrl) -> Result<PgStore, ConnectError> {
        let pool = connect::pool(url)?;
        let mut client = pool.get().await.map_err(|e| ConnectError::Unreachable {
            url: url.redacted(),
            reason: connect::pool_reason(&e),
        })?;
        migrate::run(&mut client).await.map_err(|e| match e {
            migrate::MigrateError::Newer(found) => ConnectError::NewerSchema {
                url: url.redacted(),
                found,
            },
            migrate::MigrateError::Db(e) => ConnectError::Unreachable {
                url: url.redacted(),
                reason: connect::db_reason(&e),
            },
        })?;
        Ok(PgStore {
            pool,
            url: url.clone(),
            challenge_capacity: i64::try_from(supplysite_core::ports::DEFAULT_LEDGER_CAPACITY)
                .unwrap_or(i64::MAX),
        })
    }

    /// Keeps at most `capacity` used robot-check challenges (at least one).
    pub fn with_challenge_capacity(mut self, capacity: u64) -> Self {
        self.challenge_capacity = i64::try_from(capacity.max(1)).unwrap_or(i64::MAX);
        self
    }

    /// Where the database is, without the password: for logs.
    pub fn describe(&self) -> String {
        self.url.redacted()
    }

    /// Content change notices over this database's `LISTEN/NOTIFY`.
    pub fn content_notices(&self) -> ContentNotices {
        ContentNotices::new(self.pool.clone(), self.url.clone())
    }

    /// A pooled connection, or the outbox's `Unavailable`.
    async fn client(&self) -> Result<deadpool_postgres::Object, OutboxError> {
        self.pool.get().await.map_err(|e| OutboxError::Unavailable {
            reason: connect::pool_reason(&e),
        })
    }
}
