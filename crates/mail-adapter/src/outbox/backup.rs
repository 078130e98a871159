//! A consistent copy of the outbox file taken while servers use it, through SQLite's online
//! backup API: the copy is written beside its destination under a temporary name, checked
//! (`PRAGMA integrity_check`), flushed to disk and renamed into place, so a file at the
//! destination is always a whole outbox.

use rusqlite::Connection;
use rusqlite::backup::{Backup, StepResult};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why a backup was not written.
#[derive(Debug, thiserror::Error)]
#[error("cannot back up the enquiry outbox to {path}: {reason}")]
pub struct BackupError {
    /// The destination asked for.
    pub path: PathBuf,
    /// What went wrong.
    pub reason: String,
}

/// How long a copy waits, in all, for a moment when the source file can be read.
const BUSY_PATIENCE: Duration = Duration::from_secs(30);

/// Copies the database open on `from` to a new file at `to`, which must not exist.
pub(super) fn backup(from: &Connection, to: &Path) -> Result<(), BackupError> {
    let fail = |reason: String| BackupError {
        path: to.to_path_buf(),
        reason,
    };
    if to.exists() {
        return Err(fail("the file exists already; name a new one".to_owned()));
    }
    let folder = match to.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = to
        .file_name()
        .ok_or_else(|| fail("not a file name".to_owned()))?
        .to_string_lossy()
        .into_owned();
    let partial = folder.join(format!(".{name}.partial-{}", std::process::id()));
    let result = copy(from, &partial).and_then(|()| {
        // Renamed only once whole and on disk; a copy that is not ends up nowhere.
        std::fs::rename(&partial, to).map_err(|e| e.to_string())?;
        std::fs::File::open(&folder)
            .and_then(|f| f.sync_all())
            .map_err(|e| e.to_string())
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result.map_err(fail)
}

/// The copy itself, into `partial`.
fn copy(from: &Connection, partial: &Path) -> Result<(), String> {
    let mut to = Connection::open(partial).map_err(|e| e.to_string())?;
    {
        let backup = Backup::new(from, &mut to).map_err(|e| e.to_string())?;
        // Every page in one step: the source is in WAL mode, where a reader holds no writer
        // up, and a copy made in several steps starts again whenever a server writes between
        // them (as it does with every enquiry and delivery), so it might never finish.
        let deadline = std::time::Instant::now() + BUSY_PATIENCE;
        loop {
            match backup.step(-1).map_err(|e| e.to_string())? {
                StepResult::Done => break,
                StepResult::More => {}
                // Busy, locked, or a result a later rusqlite adds: wait and step again.
                _ => {
                    if std::time::Instant::now() > deadline {
                        return Err("the outbox stayed locked".to_owned());
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        }
    }
    let check: String = to
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .map_err(|e| e.to_string())?;
    if check != "ok" {
        return Err(format!("the copy failed its integrity check: {check}"));
    }
    // The copy keeps the source's journal mode (WAL); fold its log into the file, so the one
    // file is the whole backup.
    to.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .map_err(|e| e.to_string())?;
    to.close().map_err(|(_, e)| e.to_string())?;
    std::fs::File::open(partial)
        .and_then(|f| f.sync_all())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use crate::SqliteOutbox;
    use supplysite_core::ports::{EnquiryOutbox, JobFilter, JobState, UnixMillis};

    fn enquiry() -> supplysite_core::contact::Enquiry {
        supplysite_core::contact::Enquiry::parse(supplysite_testkit::form("ada@example.com"))
            .unwrap()
    }

    #[tokio::test]
    async fn the_copy_holds_every_pending_job_and_an_existing_file_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let outbox = SqliteOutbox::open(dir.path().join("outbox.sqlite3")).unwrap();
        let id = outbox.store(&enquiry(), UnixMillis(1_000)).await.unwrap();
        let copy = dir.path().join("copy.sqlite3");
        outbox.backup(&copy).await.unwrap();
        // What is written after the backup is not in it.
        outbox.store(&enquiry(), UnixMillis(2_000)).await.unwrap();

        let restored = SqliteOutbox::open(&copy).unwrap();
        let pending = restored
            .jobs(JobFilter::in_state(JobState::Pending))
            .await
            .unwrap();
        assert_eq!(pending.len(), 2, "{pending:?}");
        assert!(pending.iter().all(|j| j.enquiry_id == id));
        // Nothing but the copy was left in the folder.
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("partial"))
            .collect();
        assert!(names.is_empty(), "{names:?}");

        let again = outbox.backup(&copy).await.unwrap_err();
        assert!(again.to_string().contains("exists already"), "{again}");
        assert_eq!(
            SqliteOutbox::open(&copy)
                .unwrap()
                .jobs(JobFilter::in_state(JobState::Pending))
                .await
                .unwrap()
                .len(),
            2
        );
    }
}
