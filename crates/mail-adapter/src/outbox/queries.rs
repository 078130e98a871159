//! The outbox's operations as plain, blocking SQL on one connection. Each one that changes
//! anything runs in one `BEGIN IMMEDIATE` transaction, so it takes the write lock before
//! reading and two processes (the server and an operator's CLI) never interleave halfway.

use rusqlite::{Connection, OptionalExtension, Row, Transaction, TransactionBehavior, params};
use std::time::Duration;
use supplysite_core::contact::{Enquiry, EnquiryId, SubmissionId, clean_attribution};
use supplysite_core::enquiry::identity::fingerprint;
use supplysite_core::leads::{LeadOutcome, LeadRecord};
use supplysite_core::ports::{
    Attempt, Blocked, EnquiryStatus, FOLD_IDENTICAL_WITHIN, Job, JobFilter, JobKind, JobState,
    OutboxError, Stored, StoredEnquiry, UnixMillis,
};

/// Any database failure, as the port words it: the store cannot be used now.
pub fn unavailable(e: impl std::fmt::Display) -> OutboxError {
    OutboxError::Unavailable {
        reason: e.to_string(),
    }
}

fn write_tx(conn: &mut Connection) -> Result<Transaction<'_>, OutboxError> {
    conn.transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(unavailable)
}

const JOB_COLUMNS: &str =
    "e.id, j.kind, j.state, j.attempts, j.next_attempt_at, j.finished_at, j.last_error";

fn kind_from(text: &str) -> rusqlite::Result<JobKind> {
    JobKind::ALL
        .into_iter()
        .find(|k| k.as_str() == text)
        .ok_or_else(|| bad_column(format!("unknown job kind {text:?}")))
}

fn state_from(text: &str) -> rusqlite::Result<JobState> {
    [JobState::Pending, JobState::Delivered, JobState::Dead]
        .into_iter()
        .find(|s| s.as_str() == text)
        .ok_or_else(|| bad_column(format!("unknown job state {text:?}")))
}

fn bad_column(reason: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, reason.into())
}

fn job_from(row: &Row<'_>) -> rusqlite::Result<Job> {
    let id: String = row.get(0)?;
    let attempts: i64 = row.get(3)?;
    Ok(Job {
        enquiry_id: EnquiryId::parse(id).map_err(|e| bad_column(e.to_string()))?,
        kind: kind_from(&row.get::<_, String>(1)?)?,
        state: state_from(&row.get::<_, String>(2)?)?,
        attempts: u32::try_from(attempts).unwrap_or(u32::MAX),
        next_attempt_at: row.get::<_, Option<i64>>(4)?.map(UnixMillis),
        finished_at: row.get::<_, Option<i64>>(5)?.map(UnixMillis),
        last_error: row.get(6)?,
    })
}

/// The enquiry's row number, or `NotFound`.
fn seq_of(conn: &Connection, id: &EnquiryId) -> Result<i64, OutboxError> {
    conn.query_row(
        "SELECT seq FROM enquiry WHERE id = ?1",
        [id.as_str()],
        |r| r.get(0),
    )
    .optional()
    .map_err(unavailable)?
    .ok_or_else(|| OutboxError::NotFound { id: id.clone() })
}

fn stored_enquiry(conn: &Connection, seq: i64) -> Result<StoredEnquiry, OutboxError> {
    let (id, received_at, json): (String, i64, String) = conn
        .query_row(
            "SELECT id, received_at, enquiry FROM enquiry WHERE seq = ?1",
            [seq],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .map_err(unavailable)?;
    let enquiry: Enquiry = serde_json::from_str(&json)
        .map_err(|e| unavailable(format!("stored enquiry {id} is unreadable: {e}")))?;
    Ok(StoredEnquiry {
        id: EnquiryId::parse(id).map_err(unavailable)?,
        received_at: UnixMillis(received_at),
        enquiry,
    })
}

fn jobs_of(conn: &Connection, seq: i64) -> Result<Vec<Job>, OutboxError> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM job j JOIN enquiry e ON e.seq = j.enquiry_seq
         WHERE j.enquiry_seq = ?1 ORDER BY j.kind"
    );
    let mut stmt = conn.prepare_cached(&sql).map_err(unavailable)?;
    let jobs = stmt
        .query_map([seq], job_from)
        .map_err(unavailable)?
        .collect::<rusqlite::Result<Vec<Job>>>()
        .map_err(unavailable)?;
    Ok(jobs)
}

fn job(conn: &Connection, seq: i64, kind: JobKind) -> Result<Option<Job>, OutboxError> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM job j JOIN enquiry e ON e.seq = j.enquiry_seq
         WHERE j.enquiry_seq = ?1 AND j.kind = ?2"
    );
    conn.query_row(&sql, params![seq, kind.as_str()], job_from)
        .optional()
        .map_err(unavailable)
}

/// Stores the enquiry and one pending job of each kind, due at `received_at`, in one
/// transaction.
pub fn store(
    conn: &mut Connection,
    id: &EnquiryId,
    enquiry: &Enquiry,
    received_at: UnixMillis,
) -> Result<(), OutboxError> {
    let tx = write_tx(conn)?;
    insert(&tx, id, enquiry, received_at, None)?;
    tx.commit().map_err(unavailable)
}

/// Stores the enquiry unless it repeats one (same submission id, or the same fingerprint
/// within [`FOLD_IDENTICAL_WITHIN`]); the check and the insert are one transaction.
pub fn store_once(
    conn: &mut Connection,
    id: &EnquiryId,
    enquiry: &Enquiry,
    received_at: UnixMillis,
    submission: Option<&SubmissionId>,
) -> Result<Stored, OutboxError> {
    let tx = write_tx(conn)?;
    let first: Option<String> = match submission {
        Some(sub) => tx
            .query_row(
                "SELECT id FROM enquiry WHERE submission_id = ?1",
                [sub.as_str()],
                |r| r.get(0),
            )
            .optional()
            .map_err(unavailable)?,
        None => None,
    };
    let since = received_at.0 - i64::try_from(FOLD_IDENTICAL_WITHIN.as_millis()).unwrap_or(0);
    let first = match first {
        Some(f) => Some(f),
        None => tx
            .query_row(
                "SELECT id FROM enquiry WHERE fingerprint = ?1 AND received_at >= ?2
                 ORDER BY seq LIMIT 1",
                params![fingerprint(enquiry), since],
                |r| r.get(0),
            )
            .optional()
            .map_err(unavailable)?,
    };
    if let Some(first) = first {
        return Ok(Stored::Repeat(
            EnquiryId::parse(first).map_err(unavailable)?,
        ));
    }
    insert(&tx, id, enquiry, received_at, submission)?;
    tx.commit().map_err(unavailable)?;
    Ok(Stored::New(id.clone()))
}

/// The enquiry stored for `submission`, with its jobs.
pub fn find_submission(
    conn: &Connection,
    submission: &SubmissionId,
) -> Result<Option<EnquiryStatus>, OutboxError> {
    let seq: Option<i64> = conn
        .query_row(
            "SELECT seq FROM enquiry WHERE submission_id = ?1",
            [submission.as_str()],
            |r| r.get(0),
        )
        .optional()
        .map_err(unavailable)?;
    seq.map(|seq| {
        Ok(EnquiryStatus {
            stored: stored_enquiry(conn, seq)?,
            jobs: jobs_of(conn, seq)?,
        })
    })
    .transpose()
}

fn insert(
    tx: &Transaction<'_>,
    id: &EnquiryId,
    enquiry: &Enquiry,
    received_at: UnixMillis,
    submission: Option<&SubmissionId>,
) -> Result<(), OutboxError> {
    let json = serde_json::to_string(enquiry).map_err(unavailable)?;
    tx.execute(
        "INSERT INTO enquiry (id, received_at, enquiry, submission_id, fingerprint)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            id.as_str(),
            received_at.0,
            json,
            submission.map(SubmissionId::as_str),
            fingerprint(enquiry)
        ],
    )
    .map_err(unavailable)?;
    let seq = tx.last_insert_rowid();
    let attribution = enquiry
        .attribution()
        .map(serde_json::to_string)
        .transpose()
        .map_err(unavailable)?;
    tx.execute(
        "INSERT INTO lead (id, received_at, attribution, outcome) VALUES (?1, ?2, ?3, 'pending')",
        params![id.as_str(), received_at.0, attribution],
    )
    .map_err(unavailable)?;
    for kind in JobKind::ALL {
        tx.execute(
            "INSERT INTO job (enquiry_seq, kind, state, next_attempt_at)
             VALUES (?1, ?2, 'pending', ?3)",
            params![seq, kind.as_str(), received_at.0],
        )
        .map_err(unavailable)?;
    }
    Ok(())
}

/// The jobs matching `filter`, by enquiry in the order stored, then by kind.
pub fn jobs(conn: &Connection, filter: JobFilter) -> Result<Vec<Job>, OutboxError> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM job j JOIN enquiry e ON e.seq = j.enquiry_seq
         WHERE ?1 IS NULL OR j.state = ?1
         ORDER BY j.enquiry_seq, j.kind LIMIT ?2"
    );
    let limit = filter
        .limit
        .map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX));
    let mut stmt = conn.prepare_cached(&sql).map_err(unavailable)?;
    let jobs = stmt
        .query_map(params![filter.state.map(JobState::as_str), limit], job_from)
        .map_err(unavailable)?
        .collect::<rusqlite::Result<Vec<Job>>>()
        .map_err(unavailable)?;
    Ok(jobs)
}

/// One enquiry with its jobs.
pub fn inspect(conn: &Connection, id: &EnquiryId) -> Result<EnquiryStatus, OutboxError> {
    let seq = seq_of(conn, id)?;
    Ok(EnquiryStatus {
        stored: stored_enquiry(conn, seq)?,
        jobs: jobs_of(conn, seq)?,
    })
}

/// Claims due pending jobs (of one enquiry when `only` is given), earliest due first, moving
/// each one's due time to the end of its lease.
pub fn claim(
    conn: &mut Connection,
    only: Option<&EnquiryId>,
    now: UnixMillis,
    limit: usize,
    lease: Duration,
) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
    let tx = write_tx(conn)?;
    let only_seq = only.map(|id| seq_of(&tx, id)).transpose()?;
    let due: Vec<(i64, String)> = {
        let mut stmt = tx
            .prepare_cached(
                "SELECT enquiry_seq, kind FROM job
                 WHERE state = 'pending' AND next_attempt_at <= ?1
                   AND (?2 IS NULL OR enquiry_seq = ?2)
                 ORDER BY next_attempt_at, enquiry_seq, kind LIMIT ?3",
            )
            .map_err(unavailable)?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        stmt.query_map(params![now.0, only_seq, limit], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .map_err(unavailable)?
        .collect::<rusqlite::Result<_>>()
        .map_err(unavailable)?
    };
    let until = now.after(lease);
    let mut claimed = Vec::with_capacity(due.len());
    for (seq, kind) in due {
        tx.execute(
            "UPDATE job SET next_attempt_at = ?1 WHERE enquiry_seq = ?2 AND kind = ?3",
            params![until.0, seq, kind],
        )
        .map_err(unavailable)?;
        let kind = kind_from(&kind).map_err(unavailable)?;
        let job = job(&tx, seq, kind)?.ok_or_else(|| unavailable("claimed job vanished"))?;
        claimed.push((job, stored_enquiry(&tx, seq)?));
    }
    tx.commit().map_err(unavailable)?;
    Ok(claimed)
}

/// Records one attempt at a pending job.
pub fn record(
    conn: &mut Connection,
    id: &EnquiryId,
    kind: JobKind,
    attempt: Attempt,
    now: UnixMillis,
) -> Result<Job, OutboxError> {
    let tx = write_tx(conn)?;
    let seq = seq_of(&tx, id)?;
    let current = job(&tx, seq, kind)?.ok_or_else(|| OutboxError::NotFound { id: id.clone() })?;
    current.ensure_pending()?;
    let (state, next, finished, error) = match attempt {
        Attempt::Delivered => {
            tx.execute("DELETE FROM outbox_state WHERE key = 'blocked'", [])
                .map_err(unavailable)?;
            (JobState::Delivered, None, Some(now.0), current.last_error)
        }
        Attempt::Retry { reason, retry_at } => {
            (JobState::Pending, Some(retry_at.0), None, Some(reason))
        }
        Attempt::GiveUp { reason } => (JobState::Dead, None, Some(now.0), Some(reason)),
        Attempt::Blocked { reason, retry_at } => {
            let since = read_blocked(&tx)?.map_or(now, |b| b.since);
            let blocked = Blocked {
                reason: reason.clone(),
                since,
            };
            tx.execute(
                "INSERT INTO outbox_state (key, value) VALUES ('blocked', ?1)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [serde_json::to_string(&blocked).map_err(unavailable)?],
            )
            .map_err(unavailable)?;
            (JobState::Pending, Some(retry_at.0), None, Some(reason))
        }
    };
    tx.execute(
        "UPDATE job SET state = ?1, attempts = attempts + 1, next_attempt_at = ?2,
                        finished_at = ?3, last_error = ?4
         WHERE enquiry_seq = ?5 AND kind = ?6",
        params![state.as_str(), next, finished, error, seq, kind.as_str()],
    )
    .map_err(unavailable)?;
    refresh_outcome(&tx, seq)?;
    let updated = job(&tx, seq, kind)?.ok_or_else(|| unavailable("recorded job vanished"))?;
    tx.commit().map_err(unavailable)?;
    Ok(updated)
}

/// Keeps `note` as the `last_error` of a delivered job (a job in any other state is left as
/// it is: its own last error says more).
pub fn note_delivered(
    conn: &mut Connection,
    id: &EnquiryId,
    kind: JobKind,
    note: &str,
) -> Result<(), OutboxError> {
    let tx = write_tx(conn)?;
    let seq = seq_of(&tx, id)?;
    tx.execute(
        "UPDATE job SET last_error = ?1 WHERE enquiry_seq = ?2 AND kind = ?3 AND state = 'delivered'",
        params![note, seq, kind.as_str()],
    )
    .map_err(unavailable)?;
    tx.commit().map_err(unavailable)
}

/// Makes the enquiry's dead jobs pending again, due at `now`, attempts reset; keeps their
/// last error so the operator still sees why they died until the next attempt.
/// Makes a job claimed until `leased_until` and never attempted due at `now`.
pub fn release(
    conn: &mut Connection,
    id: &EnquiryId,
    kind: JobKind,
    leased_until: UnixMillis,
    now: UnixMillis,
) -> Result<bool, OutboxError> {
    let tx = write_tx(conn)?;
    let seq = seq_of(&tx, id)?;
    let released = tx
        .execute(
            "UPDATE job SET next_attempt_at = ?1
             WHERE enquiry_seq = ?2 AND kind = ?3 AND state = 'pending' AND next_attempt_at = ?4",
            params![now.0, seq, kind.as_str(), leased_until.0],
        )
        .map_err(unavailable)?;
    tx.commit().map_err(unavailable)?;
    Ok(released == 1)
}

/// Makes the dead jobs of an enquiry pending again.
pub fn requeue(
    conn: &mut Connection,
    id: &EnquiryId,
    now: UnixMillis,
) -> Result<Vec<Job>, OutboxError> {
    let tx = write_tx(conn)?;
    let seq = seq_of(&tx, id)?;
    tx.execute(
        "UPDATE job SET state = 'pending', attempts = 0, next_attempt_at = ?1, finished_at = NULL
         WHERE enquiry_seq = ?2 AND state = 'dead'",
        params![now.0, seq],
    )
    .map_err(unavailable)?;
    refresh_outcome(&tx, seq)?;
    let jobs = jobs_of(&tx, seq)?;
    tx.commit().map_err(unavailable)?;
    Ok(jobs)
}

/// Deletes every enquiry whose jobs were all delivered before `before` (its jobs go with it).
pub fn purge_delivered(conn: &mut Connection, before: UnixMillis) -> Result<usize, OutboxError> {
    let tx = write_tx(conn)?;
    let purged = tx
        .execute(
            "DELETE FROM enquiry WHERE seq IN (
                 SELECT enquiry_seq FROM job GROUP BY enquiry_seq
                 HAVING SUM(state <> 'delivered') = 0 AND MAX(finished_at) < ?1)",
            [before.0],
        )
        .map_err(unavailable)?;
    tx.commit().map_err(unavailable)?;
    Ok(purged)
}

/// Sets the lead record's outcome of enquiry `seq` from its jobs now.
fn refresh_outcome(tx: &Transaction<'_>, seq: i64) -> Result<(), OutboxError> {
    let states = jobs_of(tx, seq)?.into_iter().map(|j| j.state);
    let outcome = LeadOutcome::of(states);
    tx.execute(
        "UPDATE lead SET outcome = ?1 WHERE id = (SELECT id FROM enquiry WHERE seq = ?2)",
        params![outcome.as_str(), seq],
    )
    .map_err(unavailable)?;
    Ok(())
}

/// The lead records received from `since` until just before `until`, oldest first.
pub fn leads(
    conn: &Connection,
    since: UnixMillis,
    until: UnixMillis,
) -> Result<Vec<LeadRecord>, OutboxError> {
    let mut statement = conn
        .prepare(
            "SELECT id, received_at, attribution, outcome FROM lead
             WHERE received_at >= ?1 AND received_at < ?2 ORDER BY received_at, id",
        )
        .map_err(unavailable)?;
    let rows = statement
        .query_map(params![since.0, until.0], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, Option<String>>(2)?,
                row.get::<_, String>(3)?,
            ))
        })
        .map_err(unavailable)?;
    let mut leads = Vec::new();
    for row in rows {
        let (id, received_at, attribution, outcome) = row.map_err(unavailable)?;
        leads.push(LeadRecord {
            id: EnquiryId::parse(id).map_err(unavailable)?,
            received_at: UnixMillis(received_at),
            // Read back through core's rule, as the enquiry is: a hand-edited value that no
            // longer passes counts as not captured.
            attribution: attribution.and_then(|text| {
                let value: serde_json::Value = serde_json::from_str(&text).ok()?;
                clean_attribution(Some(&value)).ok().flatten()
            }),
            outcome: LeadOutcome::parse(&outcome).ok_or_else(|| {
                unavailable(format!("lead {received_at} has outcome {outcome:?}"))
            })?,
        });
    }
    Ok(leads)
}

/// Deletes the lead records received before `before`.
pub fn purge_leads(conn: &mut Connection, before: UnixMillis) -> Result<usize, OutboxError> {
    let tx = write_tx(conn)?;
    let purged = tx
        .execute("DELETE FROM lead WHERE received_at < ?1", [before.0])
        .map_err(unavailable)?;
    tx.commit().map_err(unavailable)?;
    Ok(purged)
}

fn read_blocked(conn: &Connection) -> Result<Option<Blocked>, OutboxError> {
    let value: Option<String> = conn
        .query_row(
            "SELECT value FROM outbox_state WHERE key = 'blocked'",
            [],
            |r| r.get(0),
        )
        .optional()
        .map_err(unavailable)?;
    value
        .map(|v| serde_json::from_str(&v).map_err(unavailable))
        .transpose()
}

/// Why deliveries are blocked, if they are.
pub fn blocked(conn: &Connection) -> Result<Option<Blocked>, OutboxError> {
    read_blocked(conn)
}

/// When blocked, makes every pending job due at `now`; returns how many.
pub fn retry_blocked(conn: &mut Connection, now: UnixMillis) -> Result<usize, OutboxError> {
    let tx = write_tx(conn)?;
    if read_blocked(&tx)?.is_none() {
        return Ok(0);
    }
    let made_due = tx
        .execute(
            "UPDATE job SET next_attempt_at = ?1 WHERE state = 'pending'",
            [now.0],
        )
        .map_err(unavailable)?;
    tx.commit().map_err(unavailable)?;
    Ok(made_due)
}
