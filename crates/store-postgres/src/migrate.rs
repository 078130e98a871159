//! The schema, versioned by the files in `migrations/` and applied in one transaction under
//! a transaction-scoped advisory lock: servers starting together wait for each other, and the
//! second finds the work done.

use deadpool_postgres::Object;

/// The migrations in order: version `n` is `MIGRATIONS[n - 1]`.
const MIGRATIONS: [&str; 4] = [
    include_str!("../migrations/0001_shared_state.sql"),
    include_str!("../migrations/0002_seen_webhooks.sql"),
    include_str!("../migrations/0003_content_snapshots.sql"),
    include_str!("../migrations/0004_leads.sql"),
];

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The advisory lock key the migrations hold: "supplysi" in ASCII, so it is recognisable in
/// `pg_locks`.
const LOCK_KEY: i64 = 0x7375_7070_6c79_7369;

#[derive(Debug)]
pub enum MigrateError {
    Newer(i64),
    Db(tokio_postgres::Error),
}

impl From<tokio_postgres::Error> for MigrateError {
    fn from(e: tokio_postgres::Error) -> Self {
        MigrateError::Db(e)
    }
}

/// Brings the schema to [`SCHEMA_VERSION`].
pub async fn run(client: &mut Object) -> Result<(), MigrateError> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&LOCK_KEY])
        .await?;
    // "already exists, skipping" is how every start but the first goes: not worth a log line.
    tx.batch_execute("SET LOCAL client_min_messages = warning")
        .await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS supplysite_schema (
             version    BIGINT PRIMARY KEY,
             applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )",
    )
    .await?;
    let found: i64 = tx
        .query_one(
            "SELECT COALESCE(MAX(version), 0) FROM supplysite_schema",
            &[],
        )
        .await?
        .get(0);
    if found > SCHEMA_VERSION {
        return Err(MigrateError::Newer(found));
    }
    for (index, migration) in MIGRATIONS.iter().enumerate() {
        let version = i64::try_from(index).unwrap_or(i64::MAX) + 1;
        if version <= found {
            continue;
        }
        tx.batch_execute(migration).await?;
        tx.execute(
            "INSERT INTO supplysite_schema (version) VALUES ($1)",
            &[&version],
        )
        .await?;
        tracing::info!(version, "database schema migrated");
    }
    tx.commit().await?;
    Ok(())
}
