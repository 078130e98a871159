//! Opening the outbox database: the pragmas that make it durable, and the schema, versioned
//! with SQLite's `user_version` so a later build can migrate an older file in place.

use rusqlite::Connection;
use std::path::Path;
use std::time::Duration;

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The migrations in order: a file at version `n` gets `MIGRATIONS[n..]`.
const MIGRATIONS: [&str; 3] = [V1, V2, V3];

/// Version 1: enquiries in the order received, and one job per (enquiry, kind). `seq` keeps
/// the order stored; the enquiry itself is kept as the JSON core reads back through its own
/// rules, so a hand-edited row cannot smuggle a header-breaking value into a mail.
const V1: &str = "
CREATE TABLE enquiry (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    id          TEXT    NOT NULL UNIQUE,
    received_at INTEGER NOT NULL,
    enquiry     TEXT    NOT NULL
) STRICT;
CREATE TABLE job (
    enquiry_seq     INTEGER NOT NULL REFERENCES enquiry (seq) ON DELETE CASCADE,
    kind            TEXT    NOT NULL CHECK (kind IN ('notify-inbox', 'upsert-contact')),
    state           TEXT    NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    finished_at     INTEGER,
    last_error      TEXT,
    PRIMARY KEY (enquiry_seq, kind)
) STRICT;
CREATE INDEX job_due ON job (state, next_attempt_at);
";

/// Version 2:
/// - `outbox_state`, the outbox's own state, one row per key: `blocked` holds why deliveries
///   are held up (the provider refused our credentials) and since when, as JSON;
/// - each enquiry's submission id (unique: a resubmission stores nothing) and fingerprint (a
///   hash of the address and message, to fold an identical form sent again shortly after);
/// - `used_challenge`, the self-hosted robot check's spent challenges until they expire, so a
///   solved challenge cannot be used twice, even after a restart.
const V2: &str = "
CREATE TABLE outbox_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;
ALTER TABLE enquiry ADD COLUMN submission_id TEXT;
ALTER TABLE enquiry ADD COLUMN fingerprint TEXT;
CREATE UNIQUE INDEX enquiry_submission ON enquiry (submission_id);
CREATE INDEX enquiry_fingerprint ON enquiry (fingerprint, received_at);
CREATE TABLE used_challenge (
    challenge TEXT    PRIMARY KEY,
    expires   INTEGER NOT NULL
) STRICT;
CREATE INDEX used_challenge_expires ON used_challenge (expires);
";

/// Version 3: `lead`, what the leads report keeps of each enquiry (see
/// `supplysite_core::leads`): its id, when it was received, where the visit came from (the
/// attribution's JSON) and the outcome of its deliveries, and nothing the visitor typed. It is
/// not tied to the enquiry, so purging delivered enquiries keeps it; it is purged after the
/// lead retention. Enquiries already stored get theirs.
const V3: &str = "
CREATE TABLE lead (
    id          TEXT    PRIMARY KEY,
    received_at INTEGER NOT NULL,
    attribution TEXT,
    outcome     TEXT    NOT NULL CHECK (outcome IN ('pending', 'delivered', 'failed'))
) STRICT;
CREATE INDEX lead_received ON lead (received_at);
INSERT INTO lead (id, received_at, attribution, outcome)
    SELECT e.id, e.received_at, json_extract(e.enquiry, '$.attribution'),
           CASE WHEN SUM(j.state = 'dead') > 0 THEN 'failed'
                WHEN SUM(j.state <> 'delivered') = 0 THEN 'delivered'
                ELSE 'pending' END
    FROM enquiry e JOIN job j ON j.enquiry_seq = e.seq GROUP BY e.seq;
";

/// Why the outbox database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenOutboxError {
    /// The file could not be opened, configured or migrated: its folder cannot be created,
    /// SQLite refuses it, or write-ahead logging cannot be turned on.
    #[error("cannot open enquiry outbox {path}: {reason}")]
    Open {
        /// The database file.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// The file was written by a newer build, whose schema this one does not know.
    #[error(
        "enquiry outbox {path} has schema version {found}, newer than the {SCHEMA_VERSION} this build knows; run a newer supplysite"
    )]
    NewerSchema {
        /// The database file.
        path: String,
        /// The schema version the file records.
        found: i64,
    },
}

/// Opens (creating if needed) the database at `path` with write-ahead logging and full
/// sync, and brings its schema to [`SCHEMA_VERSION`].
pub fn open(path: &Path) -> Result<Connection, OpenOutboxError> {
    let shown = path.display().to_string();
    let fail = |reason: String| OpenOutboxError::Open {
        path: shown.clone(),
        reason,
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| fail(format!("cannot create {}: {e}", parent.display())))?;
    }
    let mut conn = Connection::open(path).map_err(|e| fail(e.to_string()))?;
    configure(&conn).map_err(|e| fail(e.to_string()))?;
    migrate(&mut conn, &shown)?;
    Ok(conn)
}

/// WAL lets the CLI read while the server writes; `synchronous=FULL` makes every commit
/// reach the disk before it returns, so "stored" means stored even across a power cut.
/// The busy timeout rides out another process's short write (the CLI's retry, say).
fn configure(conn: &Connection) -> rusqlite::Result<()> {
    let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(rusqlite::Error::InvalidParameterName(format!(
            "journal mode stayed {mode}, not wal"
        )));
    }
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.busy_timeout(Duration::from_secs(5))?;
    Ok(())
}

fn migrate(conn: &mut Connection, shown: &str) -> Result<(), OpenOutboxError> {
    let fail = |e: rusqlite::Error| OpenOutboxError::Open {
        path: shown.to_owned(),
        reason: e.to_string(),
    };
    let tx = conn
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .map_err(fail)?;
    let found: i64 = tx
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(fail)?;
    if found > SCHEMA_VERSION {
        return Err(OpenOutboxError::NewerSchema {
            path: shown.to_owned(),
            found,
        });
    }
    let from = usize::try_from(found).unwrap_or(0);
    for migration in &MIGRATIONS[from..] {
        tx.execute_batch(migration).map_err(fail)?;
    }
    if from < MIGRATIONS.len() {
        tx.pragma_update(None, "user_version", SCHEMA_VERSION)
            .map_err(fail)?;
    }
    tx.commit().map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_gets_the_current_schema_and_wal_with_full_sync() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("var/outbox.sqlite3");
        let conn = open(&path).unwrap();
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        let mode: String = conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        let sync: i64 = conn
            .query_row("PRAGMA synchronous", [], |r| r.get(0))
            .unwrap();
        assert_eq!((version, mode.as_str(), sync), (SCHEMA_VERSION, "wal", 2));
        drop(conn);
        assert!(open(&path).is_ok(), "reopening keeps the schema");
    }

    #[test]
    fn a_version_1_file_is_migrated_in_place_keeping_its_enquiries() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outbox.sqlite3");
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(V1).unwrap();
            conn.execute(
                "INSERT INTO enquiry (id, received_at, enquiry) VALUES ('e1', 1, '{}')",
                [],
            )
            .unwrap();
            conn.pragma_update(None, "user_version", 1).unwrap();
        }
        let conn = open(&path).unwrap();
        let kept: i64 = conn
            .query_row("SELECT COUNT(*) FROM enquiry", [], |r| r.get(0))
            .unwrap();
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!((kept, version), (1, SCHEMA_VERSION));
    }

    #[test]
    fn a_version_2_file_gets_a_lead_record_for_each_enquiry_it_holds() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outbox.sqlite3");
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(V1).unwrap();
            conn.execute_batch(V2).unwrap();
            conn.execute_batch(
                r#"INSERT INTO enquiry (id, received_at, enquiry) VALUES
                       ('e1', 1, '{"attribution":{"source":"newsletter"}}'), ('e2', 2, '{}');
                   INSERT INTO job (enquiry_seq, kind, state) VALUES
                       (1, 'notify-inbox', 'delivered'), (1, 'upsert-contact', 'delivered'),
                       (2, 'notify-inbox', 'dead'), (2, 'upsert-contact', 'pending');"#,
            )
            .unwrap();
            conn.pragma_update(None, "user_version", 2).unwrap();
        }
        let conn = open(&path).unwrap();
        let leads: Vec<(String, i64, Option<String>, String)> = conn
            .prepare("SELECT id, received_at, attribution, outcome FROM lead ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            leads,
            [
                (
                    "e1".into(),
                    1,
                    Some(r#"{"source":"newsletter"}"#.into()),
                    "delivered".into()
                ),
                ("e2".into(), 2, None, "failed".into()),
            ]
        );
    }

    #[test]
    fn a_file_from_a_newer_build_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outbox.sqlite3");
        Connection::open(&path)
            .unwrap()
            .pragma_update(None, "user_version", 7)
            .unwrap();
        let err = open(&path).unwrap_err();
        assert!(matches!(err, OpenOutboxError::NewerSchema { found: 7, .. }));
        assert!(err.to_string().contains("outbox.sqlite3"), "{err}");
    }
}
