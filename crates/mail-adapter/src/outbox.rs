//! [`SqliteOutbox`]: the durable enquiry outbox in one SQLite file (WAL, full sync), shared
//! safely by the server and the operator's `supplysite outbox` commands.
//!
//! SQLite calls block, so every operation runs on tokio's blocking pool with the one
//! connection behind a mutex: the async runtime's threads never wait on the disk.

mod backup;
mod challenges;
mod queries;
mod schema;

use supplysite_core::enquiry::identity::new_id;

pub use challenges::DEFAULT_CAPACITY as DEFAULT_CHALLENGE_CAPACITY;

pub use backup::BackupError;
pub use schema::{OpenOutboxError, SCHEMA_VERSION};

use async_trait::async_trait;
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use supplysite_core::contact::{Enquiry, EnquiryId, SubmissionId};
use supplysite_core::leads::LeadRecord;
use supplysite_core::ports::{
    Attempt, Blocked, EnquiryOutbox, EnquiryStatus, Job, JobFilter, JobKind, OutboxError, Stored,
    StoredEnquiry, UnixMillis,
};

/// The outbox in a SQLite file. Cheap to clone; clones share the connection.
#[derive(Clone, Debug)]
pub struct SqliteOutbox {
    conn: Arc<Mutex<Connection>>,
    path: PathBuf,
    /// The most used robot-check challenges kept (see `challenges.rs`).
    challenge_capacity: u64,
}

impl SqliteOutbox {
    /// Opens the outbox at `path`, creating the file (and its folder) when missing and
    /// bringing its schema up to date.
    ///
    /// Errors: [`OpenOutboxError`] naming the path.
    pub fn open(path: impl AsRef<Path>) -> Result<SqliteOutbox, OpenOutboxError> {
        let path = path.as_ref().to_path_buf();
        let conn = schema::open(&path)?;
        Ok(SqliteOutbox {
            conn: Arc::new(Mutex::new(conn)),
            path,
            challenge_capacity: challenges::DEFAULT_CAPACITY,
        })
    }

    /// Keeps at most `capacity` used robot-check challenges (at least one).
    pub fn with_challenge_capacity(mut self, capacity: u64) -> Self {
        self.challenge_capacity = capacity.max(1);
        self
    }

    /// Where the database file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes a consistent copy of the outbox to `to`, a file that must not exist yet, while
    /// servers go on using it (SQLite's online backup): restored by starting a server with
    /// the copy as its outbox.
    ///
    /// Errors: [`BackupError`] naming `to`.
    pub async fn backup(&self, to: &Path) -> Result<(), BackupError> {
        let conn = Arc::clone(&self.conn);
        let dest = to.to_path_buf();
        tokio::task::spawn_blocking(move || {
            let conn = conn.lock().unwrap_or_else(PoisonError::into_inner);
            backup::backup(&conn, &dest)
        })
        .await
        .unwrap_or_else(|e| {
            Err(BackupError {
                path: to.to_path_buf(),
                reason: format!("the copy did not finish: {e}"),
            })
        })
    }

    /// Runs `op` on the connection on the blocking pool.
    async fn run<T, F>(&self, op: F) -> Result<T, OutboxError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, OutboxError> + Send + 'static,
    {
        let conn = Arc::clone(&self.conn);
        tokio::task::spawn_blocking(move || {
            // A panic mid-operation rolled its transaction back when the guard dropped, so
            // the connection is still sound.
            let mut conn = conn.lock().unwrap_or_else(PoisonError::into_inner);
            op(&mut conn)
        })
        .await
        .map_err(|e| queries::unavailable(format!("outbox operation did not finish: {e}")))?
    }
}

#[async_trait]
impl EnquiryOutbox for SqliteOutbox {
    async fn store(
        &self,
        enquiry: &Enquiry,
        received_at: UnixMillis,
    ) -> Result<EnquiryId, OutboxError> {
        let id = new_id(received_at, rand::random());
        let enquiry = enquiry.clone();
        let stored_id = id.clone();
        self.run(move |conn| queries::store(conn, &stored_id, &enquiry, received_at))
            .await?;
        Ok(id)
    }

    async fn store_once(
        &self,
        enquiry: &Enquiry,
        received_at: UnixMillis,
        submission: Option<&SubmissionId>,
    ) -> Result<Stored, OutboxError> {
        let id = new_id(received_at, rand::random());
        let enquiry = enquiry.clone();
        let submission = submission.cloned();
        self.run(move |conn| {
            queries::store_once(conn, &id, &enquiry, received_at, submission.as_ref())
        })
        .await
    }

    async fn find_submission(
        &self,
        submission: &SubmissionId,
    ) -> Result<Option<EnquiryStatus>, OutboxError> {
        let submission = submission.clone();
        self.run(move |conn| queries::find_submission(conn, &submission))
            .await
    }

    async fn jobs(&self, filter: JobFilter) -> Result<Vec<Job>, OutboxError> {
        self.run(move |conn| queries::jobs(conn, filter)).await
    }

    async fn inspect(&self, id: &EnquiryId) -> Result<EnquiryStatus, OutboxError> {
        let id = id.clone();
        self.run(move |conn| queries::inspect(conn, &id)).await
    }

    async fn claim(
        &self,
        now: UnixMillis,
        limit: usize,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
        self.run(move |conn| queries::claim(conn, None, now, limit, lease))
            .await
    }

    async fn claim_enquiry(
        &self,
        id: &EnquiryId,
        now: UnixMillis,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
        let id = id.clone();
        self.run(move |conn| queries::claim(conn, Some(&id), now, JobKind::ALL.len(), lease))
            .await
    }

    async fn record(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        attempt: Attempt,
        now: UnixMillis,
    ) -> Result<Job, OutboxError> {
        let id = id.clone();
        self.run(move |conn| queries::record(conn, &id, kind, attempt, now))
            .await
    }

    async fn note_delivered(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        note: &str,
    ) -> Result<(), OutboxError> {
        let (id, note) = (id.clone(), note.to_owned());
        self.run(move |conn| queries::note_delivered(conn, &id, kind, &note))
            .await
    }

    async fn release(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        leased_until: UnixMillis,
        now: UnixMillis,
    ) -> Result<bool, OutboxError> {
        let id = id.clone();
        self.run(move |conn| queries::release(conn, &id, kind, leased_until, now))
            .await
    }

    async fn requeue(&self, id: &EnquiryId, now: UnixMillis) -> Result<Vec<Job>, OutboxError> {
        let id = id.clone();
        self.run(move |conn| queries::requeue(conn, &id, now)).await
    }

    async fn blocked(&self) -> Result<Option<Blocked>, OutboxError> {
        self.run(|conn| queries::blocked(conn)).await
    }

    async fn retry_blocked(&self, now: UnixMillis) -> Result<usize, OutboxError> {
        self.run(move |conn| queries::retry_blocked(conn, now))
            .await
    }

    async fn leads(
        &self,
        since: UnixMillis,
        until: UnixMillis,
    ) -> Result<Vec<LeadRecord>, OutboxError> {
        self.run(move |conn| queries::leads(conn, since, until))
            .await
    }

    async fn purge_leads(&self, before: UnixMillis) -> Result<usize, OutboxError> {
        self.run(move |conn| queries::purge_leads(conn, before))
            .await
    }

    async fn purge_delivered(&self, before: UnixMillis) -> Result<usize, OutboxError> {
        self.run(move |conn| queries::purge_delivered(conn, before))
            .await
    }
}
