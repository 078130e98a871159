//! [`PgStore`] as the [`EnquiryOutbox`]: the same behaviour as the SQLite outbox, for several
//! servers at once. Claims take due jobs with `FOR UPDATE SKIP LOCKED`, so two servers
//! claiming together split the due jobs between them instead of waiting on each other; the
//! claim moves each job's due time to the end of the claimer's lease, so a server killed
//! mid-delivery leaves its jobs to the others once the lease runs out.

use crate::PgStore;
use async_trait::async_trait;
use deadpool_postgres::GenericClient;
use std::time::Duration;
use supplysite_core::contact::{Enquiry, EnquiryId, SubmissionId, clean_attribution};
use supplysite_core::enquiry::identity::{fingerprint, new_id};
use supplysite_core::leads::{LeadOutcome, LeadRecord};
use supplysite_core::ports::{
    Attempt, Blocked, EnquiryOutbox, EnquiryStatus, FOLD_IDENTICAL_WITHIN, Job, JobFilter, JobKind,
    JobState, OutboxError, Stored, StoredEnquiry, UnixMillis,
};
use tokio_postgres::Row;

/// Any database failure, as the port words it: the store cannot be used now.
pub(crate) fn unavailable(e: impl std::fmt::Display) -> OutboxError {
    OutboxError::Unavailable {
        reason: e.to_string(),
    }
}

fn db(e: tokio_postgres::Error) -> OutboxError {
    unavailable(crate::connect::db_reason(&e))
}

const JOB_COLUMNS: &str =
    "e.id, j.kind, j.state, j.attempts, j.next_attempt_at, j.finished_at, j.last_error";

fn kind_from(text: &str) -> Result<JobKind, OutboxError> {
    JobKind::ALL
        .into_iter()
        .find(|k| k.as_str() == text)
        .ok_or_else(|| unavailable(format!("unknown job kind {text:?}")))
}

fn state_from(text: &str) -> Result<JobState, OutboxError> {
    [JobState::Pending, JobState::Delivered, JobState::Dead]
        .into_iter()
        .find(|s| s.as_str() == text)
        .ok_or_else(|| unavailable(format!("unknown job state {text:?}")))
}

fn job_from(row: &Row) -> Result<Job, OutboxError> {
    let attempts: i32 = row.get(3);
    Ok(Job {
        enquiry_id: EnquiryId::parse(row.get::<_, String>(0)).map_err(unavailable)?,
        kind: kind_from(row.get(1))?,
        state: state_from(row.get(2))?,
        attempts: u32::try_from(attempts).unwrap_or(0),
        next_attempt_at: row.get::<_, Option<i64>>(4).map(UnixMillis),
        finished_at: row.get::<_, Option<i64>>(5).map(UnixMillis),
        last_error: row.get(6),
    })
}

async fn seq_of(c: &impl GenericClient, id: &EnquiryId) -> Result<i64, OutboxError> {
    c.query_opt(
        "SELECT seq FROM outbox_enquiry WHERE id = $1",
        &[&id.as_str()],
    )
    .await
    .map_err(db)?
    .map(|r| r.get(0))
    .ok_or_else(|| OutboxError::NotFound { id: id.clone() })
}

async fn stored_enquiry(c: &impl GenericClient, seq: i64) -> Result<StoredEnquiry, OutboxError> {
    let row = c
        .query_one(
            "SELECT id, received_at, enquiry FROM outbox_enquiry WHERE seq = $1",
            &[&seq],
        )
        .await
        .map_err(db)?;
    let id: String = row.get(0);
    let enquiry: Enquiry = serde_json::from_str(row.get(2))
        .map_err(|e| unavailable(format!("stored enquiry {id} is unreadable: {e}")))?;
    Ok(StoredEnquiry {
        id: EnquiryId::parse(id).map_err(unavailable)?,
        received_at: UnixMillis(row.get(1)),
        enquiry,
    })
}

async fn jobs_of(c: &impl GenericClient, seq: i64) -> Result<Vec<Job>, OutboxError> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM outbox_job j JOIN outbox_enquiry e ON e.seq = j.enquiry_seq
         WHERE j.enquiry_seq = $1 ORDER BY j.kind"
    );
    c.query(&sql, &[&seq])
        .await
        .map_err(db)?
        .iter()
        .map(job_from)
        .collect()
}

async fn job(c: &impl GenericClient, seq: i64, kind: JobKind) -> Result<Option<Job>, OutboxError> {
    let sql = format!(
        "SELECT {JOB_COLUMNS} FROM outbox_job j JOIN outbox_enquiry e ON e.seq = j.enquiry_seq
         WHERE j.enquiry_seq = $1 AND j.kind = $2"
    );
    c.query_opt(&sql, &[&seq, &kind.as_str()])
        .await
        .map_err(db)?
        .as_ref()
        .map(job_from)
        .transpose()
}

async fn insert(
    c: &impl GenericClient,
    id: &EnquiryId,
    enquiry: &Enquiry,
    received_at: UnixMillis,
    submission: Option<&SubmissionId>,
) -> Result<(), OutboxError> {
    let json = serde_json::to_string(enquiry).map_err(unavailable)?;
    let row = c
        .query_one(
            "INSERT INTO outbox_enquiry (id, received_at, enquiry, submission_id, fingerprint)
             VALUES ($1, $2, $3, $4, $5) RETURNING seq",
            &[
                &id.as_str(),
                &received_at.0,
                &json,
                &submission.map(SubmissionId::as_str),
                &fingerprint(enquiry),
            ],
        )
        .await
        .map_err(db)?;
    let seq: i64 = row.get(0);
    let attribution = enquiry
        .attribution()
        .map(serde_json::to_string)
        .transpose()
        .map_err(unavailable)?;
    c.execute(
        "INSERT INTO outbox_lead (id, received_at, attribution, outcome)
         VALUES ($1, $2, $3, 'pending')",
        &[&id.as_str(), &received_at.0, &attribution],
    )
    .await
    .map_err(db)?;
    for kind in JobKind::ALL {
        c.execute(
            "INSERT INTO outbox_job (enquiry_seq, kind, state, next_attempt_at)
             VALUES ($1, $2, 'pending', $3)",
            &[&seq, &kind.as_str(), &received_at.0],
        )
        .await
        .map_err(db)?;
    }
    Ok(())
}

/// Sets the lead record's outcome of enquiry `seq` from its jobs now.
async fn refresh_outcome(c: &impl GenericClient, seq: i64) -> Result<(), OutboxError> {
    let states = jobs_of(c, seq).await?.into_iter().map(|j| j.state);
    let outcome = LeadOutcome::of(states);
    c.execute(
        "UPDATE outbox_lead SET outcome = $1
         WHERE id = (SELECT id FROM outbox_enquiry WHERE seq = $2)",
        &[&outcome.as_str(), &seq],
    )
    .await
    .map_err(db)?;
    Ok(())
}

async fn read_blocked(c: &impl GenericClient) -> Result<Option<Blocked>, OutboxError> {
    c.query_opt("SELECT value FROM outbox_state WHERE key = 'blocked'", &[])
        .await
        .map_err(db)?
        .map(|r| serde_json::from_str(r.get(0)).map_err(unavailable))
        .transpose()
}

impl PgStore {
    /// Claims due pending jobs (of one enquiry when `only` is given), earliest due first.
    async fn claim_jobs(
        &self,
        only: Option<&EnquiryId>,
        now: UnixMillis,
        limit: usize,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(db)?;
        let only_seq = match only {
            Some(id) => Some(seq_of(&tx, id).await?),
            None => None,
        };
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let until = now.after(lease);
        // Rows another claim holds are skipped, not waited for: it is taking them.
        let claimed = tx
            .query(
                "WITH due AS (
                     SELECT enquiry_seq, kind, next_attempt_at AS was_due FROM outbox_job
                     WHERE state = 'pending' AND next_attempt_at <= $1
                       AND ($2::BIGINT IS NULL OR enquiry_seq = $2)
                     ORDER BY next_attempt_at, enquiry_seq, kind
                     LIMIT $3
                     FOR UPDATE SKIP LOCKED)
                 UPDATE outbox_job j SET next_attempt_at = $4
                 FROM due WHERE j.enquiry_seq = due.enquiry_seq AND j.kind = due.kind
                 RETURNING j.enquiry_seq, j.kind, due.was_due",
                &[&now.0, &only_seq, &limit, &until.0],
            )
            .await
            .map_err(db)?;
        let mut order: Vec<(i64, i64, String)> = claimed
            .iter()
            .map(|r| (r.get(2), r.get(0), r.get(1)))
            .collect();
        order.sort();
        let mut out = Vec::with_capacity(order.len());
        for (_, seq, kind) in order {
            let kind = kind_from(&kind)?;
            let job = job(&tx, seq, kind)
                .await?
                .ok_or_else(|| unavailable("claimed job vanished"))?;
            out.push((job, stored_enquiry(&tx, seq).await?));
        }
        tx.commit().await.map_err(db)?;
        Ok(out)
    }
}

#[async_trait]
impl EnquiryOutbox for PgStore {
    async fn store(
        &self,
        enquiry: &Enquiry,
        received_at: UnixMillis,
    ) -> Result<EnquiryId, OutboxError> {
        let id = new_id(received_at, rand::random());
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(db)?;
        insert(&tx, &id, enquiry, received_at, None).await?;
        tx.commit().await.map_err(db)?;
        Ok(id)
    }

    async fn store_once(
        &self,
        enquiry: &Enquiry,
        received_at: UnixMillis,
        submission: Option<&SubmissionId>,
    ) -> Result<Stored, OutboxError> {
        let print = fingerprint(enquiry);
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(db)?;
        // Two copies of one form arriving at once (on one server or two) wait for each other
        // here, so the second finds the first. Always the fingerprint's lock, then the
        // submission's: the same order everywhere, so no two transactions deadlock.
        tx.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
            &[&format!("enquiry-fingerprint:{print}")],
        )
        .await
        .map_err(db)?;
        if let Some(sub) = submission {
            tx.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
                &[&format!("enquiry-submission:{}", sub.as_str())],
            )
            .await
            .map_err(db)?;
        }
        let mut first: Option<String> = match submission {
            Some(sub) => tx
                .query_opt(
                    "SELECT id FROM outbox_enquiry WHERE submission_id = $1",
                    &[&sub.as_str()],
                )
                .await
                .map_err(db)?
                .map(|r| r.get(0)),
            None => None,
        };
        if first.is_none() {
            let since =
                received_at.0 - i64::try_from(FOLD_IDENTICAL_WITHIN.as_millis()).unwrap_or(0);
            first = tx
                .query_opt(
                    "SELECT id FROM outbox_enquiry WHERE fingerprint = $1 AND received_at >= $2
                     ORDER BY seq LIMIT 1",
                    &[&print, &since],
                )
                .await
                .map_err(db)?
                .map(|r| r.get(0));
        }
        if let Some(first) = first {
            return Ok(Stored::Repeat(
                EnquiryId::parse(first).map_err(unavailable)?,
            ));
        }
        let id = new_id(received_at, rand::random());
        insert(&tx, &id, enquiry, received_at, submission).await?;
        tx.commit().await.map_err(db)?;
        Ok(Stored::New(id))
    }

    async fn find_submission(
        &self,
        submission: &SubmissionId,
    ) -> Result<Option<EnquiryStatus>, OutboxError> {
        let client = self.client().await?;
        let seq: Option<i64> = client
            .query_opt(
                "SELECT seq FROM outbox_enquiry WHERE submission_id = $1",
                &[&submission.as_str()],
            )
            .await
            .map_err(db)?
            .map(|r| r.get(0));
        match seq {
            Some(seq) => Ok(Some(EnquiryStatus {
                stored: stored_enquiry(&client, seq).await?,
                jobs: jobs_of(&client, seq).await?,
            })),
            None => Ok(None),
        }
    }

    async fn jobs(&self, filter: JobFilter) -> Result<Vec<Job>, OutboxError> {
        let client = self.client().await?;
        let sql = format!(
            "SELECT {JOB_COLUMNS} FROM outbox_job j JOIN outbox_enquiry e ON e.seq = j.enquiry_seq
             WHERE $1::TEXT IS NULL OR j.state = $1
             ORDER BY j.enquiry_seq, j.kind LIMIT $2"
        );
        let limit = filter.limit.map(|n| i64::try_from(n).unwrap_or(i64::MAX));
        client
            .query(&sql, &[&filter.state.map(JobState::as_str), &limit])
            .await
            .map_err(db)?
            .iter()
            .map(job_from)
            .collect()
    }

    async fn inspect(&self, id: &EnquiryId) -> Result<EnquiryStatus, OutboxError> {
        let client = self.client().await?;
        let seq = seq_of(&client, id).await?;
        Ok(EnquiryStatus {
            stored: stored_enquiry(&client, seq).await?,
            jobs: jobs_of(&client, seq).await?,
        })
    }

    async fn claim(
        &self,
        now: UnixMillis,
        limit: usize,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
        self.claim_jobs(None, now, limit, lease).await
    }

    async fn claim_enquiry(
        &self,
        id: &EnquiryId,
        now: UnixMillis,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
        self.claim_jobs(Some(id), now, JobKind::ALL.len(), lease)
            .await
    }

    async fn record(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        attempt: Attempt,
        now: UnixMillis,
    ) -> Result<Job, OutboxError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(db)?;
        let seq = seq_of(&tx, id).await?;
        // Locks the job's row until the attempt is recorded.
        tx.execute(
            "SELECT 1 FROM outbox_job WHERE enquiry_seq = $1 AND kind = $2 FOR UPDATE",
            &[&seq, &kind.as_str()],
        )
        .await
        .map_err(db)?;
        let current = job(&tx, seq, kind)
            .await?
            .ok_or_else(|| OutboxError::NotFound { id: id.clone() })?;
        current.ensure_pending()?;
        let (state, next, finished, error) = match attempt {
            Attempt::Delivered => {
                tx.execute("DELETE FROM outbox_state WHERE key = 'blocked'", &[])
                    .await
                    .map_err(db)?;
                (JobState::Delivered, None, Some(now.0), current.last_error)
            }
            Attempt::Retry { reason, retry_at } => {
                (JobState::Pending, Some(retry_at.0), None, Some(reason))
            }
            Attempt::GiveUp { reason } => (JobState::Dead, None, Some(now.0), Some(reason)),
            Attempt::Blocked { reason, retry_at } => {
                let since = read_blocked(&tx).await?.map_or(now, |b| b.since);
                let blocked = Blocked {
                    reason: reason.clone(),
                    since,
                };
                tx.execute(
                    "INSERT INTO outbox_state (key, value) VALUES ('blocked', $1)
                     ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    &[&serde_json::to_string(&blocked).map_err(unavailable)?],
                )
                .await
                .map_err(db)?;
                (JobState::Pending, Some(retry_at.0), None, Some(reason))
            }
        };
        tx.execute(
            "UPDATE outbox_job SET state = $1, attempts = attempts + 1, next_attempt_at = $2,
                                   finished_at = $3, last_error = $4
             WHERE enquiry_seq = $5 AND kind = $6",
            &[
                &state.as_str(),
                &next,
                &finished,
                &error,
                &seq,
                &kind.as_str(),
            ],
        )
        .await
        .map_err(db)?;
        refresh_outcome(&tx, seq).await?;
        let updated = job(&tx, seq, kind)
            .await?
            .ok_or_else(|| unavailable("recorded job vanished"))?;
        tx.commit().await.map_err(db)?;
        Ok(updated)
    }

    async fn note_delivered(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        note: &str,
    ) -> Result<(), OutboxError> {
        let client = self.client().await?;
        let noted = client
            .execute(
                "UPDATE outbox_job SET last_error = $1
                 WHERE enquiry_seq = (SELECT seq FROM outbox_enquiry WHERE id = $2)
                   AND kind = $3 AND state = 'delivered'",
                &[&note, &id.as_str(), &kind.as_str()],
            )
            .await
            .map_err(db)?;
        if noted == 0 {
            // Nothing noted: NotFound when there is no such enquiry.
            seq_of(&client, id).await?;
        }
        Ok(())
    }

    async fn release(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        leased_until: UnixMillis,
        now: UnixMillis,
    ) -> Result<bool, OutboxError> {
        let client = self.client().await?;
        let released = client
            .execute(
                "UPDATE outbox_job SET next_attempt_at = $1
                 WHERE enquiry_seq = (SELECT seq FROM outbox_enquiry WHERE id = $2)
                   AND kind = $3 AND state = 'pending' AND next_attempt_at = $4",
                &[&now.0, &id.as_str(), &kind.as_str(), &leased_until.0],
            )
            .await
            .map_err(db)?;
        if released == 0 {
            // Nothing given back: NotFound when there is no such enquiry.
            seq_of(&client, id).await?;
        }
        Ok(released == 1)
    }

    async fn requeue(&self, id: &EnquiryId, now: UnixMillis) -> Result<Vec<Job>, OutboxError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(db)?;
        let seq = seq_of(&tx, id).await?;
        tx.execute(
            "UPDATE outbox_job SET state = 'pending', attempts = 0, next_attempt_at = $1,
                                   finished_at = NULL
             WHERE enquiry_seq = $2 AND state = 'dead'",
            &[&now.0, &seq],
        )
        .await
        .map_err(db)?;
        refresh_outcome(&tx, seq).await?;
        let jobs = jobs_of(&tx, seq).await?;
        tx.commit().await.map_err(db)?;
        Ok(jobs)
    }

    async fn blocked(&self) -> Result<Option<Blocked>, OutboxError> {
        let client = self.client().await?;
        read_blocked(&client).await
    }

    async fn retry_blocked(&self, now: UnixMillis) -> Result<usize, OutboxError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(db)?;
        if read_blocked(&tx).await?.is_none() {
            return Ok(0);
        }
        let made_due = tx
            .execute(
                "UPDATE outbox_job SET next_attempt_at = $1 WHERE state = 'pending'",
                &[&now.0],
            )
            .await
            .map_err(db)?;
        tx.commit().await.map_err(db)?;
        Ok(usize::try_from(made_due).unwrap_or(usize::MAX))
    }

    async fn leads(
        &self,
        since: UnixMillis,
        until: UnixMillis,
    ) -> Result<Vec<LeadRecord>, OutboxError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT id, received_at, attribution, outcome FROM outbox_lead
                 WHERE received_at >= $1 AND received_at < $2 ORDER BY received_at, id",
                &[&since.0, &until.0],
            )
            .await
            .map_err(db)?;
        rows.iter()
            .map(|row| {
                let outcome: String = row.get(3);
                let attribution: Option<String> = row.get(2);
                Ok(LeadRecord {
                    id: EnquiryId::parse(row.get::<_, String>(0)).map_err(unavailable)?,
                    received_at: UnixMillis(row.get(1)),
                    // Read back through core's rule, as the enquiry is.
                    attribution: attribution.and_then(|text| {
                        let value: serde_json::Value = serde_json::from_str(&text).ok()?;
                        clean_attribution(Some(&value)).ok().flatten()
                    }),
                    outcome: LeadOutcome::parse(&outcome)
                        .ok_or_else(|| unavailable(format!("a lead has outcome {outcome:?}")))?,
                })
            })
            .collect()
    }

    async fn purge_leads(&self, before: UnixMillis) -> Result<usize, OutboxError> {
        let client = self.client().await?;
        let purged = client
            .execute(
                "DELETE FROM outbox_lead WHERE received_at < $1",
                &[&before.0],
            )
            .await
            .map_err(db)?;
        Ok(usize::try_from(purged).unwrap_or(usize::MAX))
    }

    async fn purge_delivered(&self, before: UnixMillis) -> Result<usize, OutboxError> {
        let client = self.client().await?;
        let purged = client
            .execute(
                "DELETE FROM outbox_enquiry WHERE seq IN (
                     SELECT enquiry_seq FROM outbox_job GROUP BY enquiry_seq
                     HAVING bool_and(state = 'delivered') AND MAX(finished_at) < $1)",
                &[&before.0],
            )
            .await
            .map_err(db)?;
        Ok(usize::try_from(purged).unwrap_or(usize::MAX))
    }
}
