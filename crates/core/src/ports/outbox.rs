//! The durable outbox: enquiries stored before anything is sent, and the delivery jobs that
//! send them on, so no enquiry is lost to a failed call, a crash or a restart.
//!
//! Every stored enquiry gets one job of each [`JobKind`], delivered independently. A job is
//! [`JobState::Pending`] until an attempt delivers it, or until it is given up on and becomes
//! [`JobState::Dead`] (visible to operators, who may requeue it). Workers [`claim`] due jobs
//! for a lease, so two workers never attempt the same job at once and a job whose worker died
//! comes due again when its lease runs out.
//!
//! [`claim`]: EnquiryOutbox::claim

use super::UnixMillis;
use crate::contact::{Enquiry, EnquiryId, SubmissionId};
use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// An enquiry as the outbox holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredEnquiry {
    /// The enquiry's id, given when it was stored.
    pub id: EnquiryId,
    /// When the enquiry was received.
    pub received_at: UnixMillis,
    /// What the visitor sent.
    pub enquiry: Enquiry,
}

/// The two deliveries every enquiry needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JobKind {
    /// Email the company's information inbox.
    NotifyInbox,
    /// Create or update the visitor as a marketing contact.
    UpsertContact,
}

impl JobKind {
    /// Both kinds, in the order they are created.
    pub const ALL: [JobKind; 2] = [JobKind::NotifyInbox, JobKind::UpsertContact];

    /// The kind as it is written in listings and stored: `notify-inbox`, `upsert-contact`.
    pub fn as_str(self) -> &'static str {
        match self {
            JobKind::NotifyInbox => "notify-inbox",
            JobKind::UpsertContact => "upsert-contact",
        }
    }
}

impl fmt::Display for JobKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a job is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JobState {
    /// Not delivered yet; due at its `next_attempt_at`.
    Pending,
    /// Delivered; nothing more to do.
    Delivered,
    /// Given up on (a permanent error, or too many attempts); waits for an operator.
    Dead,
}

impl JobState {
    /// The state as it is written in listings and stored: `pending`, `delivered`, `dead`.
    pub fn as_str(self) -> &'static str {
        match self {
            JobState::Pending => "pending",
            JobState::Delivered => "delivered",
            JobState::Dead => "dead",
        }
    }
}

impl fmt::Display for JobState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One delivery job of one enquiry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Job {
    /// The enquiry the job delivers.
    pub enquiry_id: EnquiryId,
    /// Which delivery the job is.
    pub kind: JobKind,
    /// Where the job is in its life.
    pub state: JobState,
    /// Attempts recorded so far.
    pub attempts: u32,
    /// When a pending job is next due (or when its current lease runs out); `None` once
    /// the job is finished.
    pub next_attempt_at: Option<UnixMillis>,
    /// When the job was delivered or given up on.
    pub finished_at: Option<UnixMillis>,
    /// Why the last failed attempt failed.
    pub last_error: Option<String>,
}

impl Job {
    /// `Ok` while the job is pending: only then can an attempt at it be recorded.
    ///
    /// Errors: [`OutboxError::NotPending`] naming the job and the state it is in.
    pub fn ensure_pending(&self) -> Result<(), OutboxError> {
        if self.state == JobState::Pending {
            return Ok(());
        }
        Err(OutboxError::NotPending {
            id: self.enquiry_id.clone(),
            kind: self.kind,
            state: self.state,
        })
    }
}

/// An enquiry with all of its jobs, for operators.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnquiryStatus {
    /// The enquiry as stored.
    pub stored: StoredEnquiry,
    /// Its delivery jobs, one per kind.
    pub jobs: Vec<Job>,
}

/// Which jobs [`EnquiryOutbox::jobs`] lists: every job by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JobFilter {
    /// Only jobs in this state.
    pub state: Option<JobState>,
    /// At most this many.
    pub limit: Option<usize>,
}

impl JobFilter {
    /// Every job in `state`.
    pub fn in_state(state: JobState) -> JobFilter {
        JobFilter {
            state: Some(state),
            limit: None,
        }
    }
}

/// The outcome of one attempt at a job, as the worker decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// Delivered.
    Delivered,
    /// Failed; try again at `retry_at`.
    Retry {
        /// What went wrong, for operators.
        reason: String,
        /// When the job is due again.
        retry_at: UnixMillis,
    },
    /// Failed and given up on.
    GiveUp {
        /// What went wrong, for operators.
        reason: String,
    },
    /// The provider refused our credentials: the job stays pending, due again at `retry_at`,
    /// and the outbox is marked [`Blocked`] (in the same write) until a delivery succeeds.
    Blocked {
        /// What the provider said, for operators.
        reason: String,
        /// When the job is due again.
        retry_at: UnixMillis,
    },
}

/// Why deliveries are held up as a whole: the provider refused our credentials. Operators see
/// it in `supplysite outbox list` and `/readyz`; it is cleared by the next delivery that goes
/// through.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Blocked {
    /// The provider's refusal, as last seen.
    pub reason: String,
    /// When deliveries were first refused.
    pub since: UnixMillis,
}

/// How long an identical form (same email address and message) sent again is folded into the
/// first enquiry instead of being stored a second time: long enough for a visitor who thinks
/// the first send failed and sends again, short enough that a real follow-up a while later is
/// taken.
pub const FOLD_IDENTICAL_WITHIN: Duration = Duration::from_secs(5 * 60);

/// What [`EnquiryOutbox::store_once`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// A new enquiry, stored with its jobs.
    New(EnquiryId),
    /// Nothing stored: the submission was seen before (same submission id, or the same email
    /// address and message within [`FOLD_IDENTICAL_WITHIN`]); the id is the first enquiry's.
    Repeat(EnquiryId),
}

/// The durable store of enquiries and their delivery jobs (SQLite in production).
#[async_trait]
pub trait EnquiryOutbox: Send + Sync {
    /// Stores `enquiry`, received at `received_at`, together with one pending job of each
    /// kind due at once, all or nothing, durably before returning; returns the new
    /// enquiry's id.
    ///
    /// Errors: [`OutboxError::Unavailable`] when it cannot be stored (nothing is stored).
    async fn store(
        &self,
        enquiry: &Enquiry,
        received_at: UnixMillis,
    ) -> Result<EnquiryId, OutboxError>;

    /// Stores `enquiry` as [`EnquiryOutbox::store`] does, unless it repeats one already
    /// stored: one with the same `submission` id (kept with the enquiry, unique), or one with
    /// the same email address (compared without regard to case) and message received within
    /// [`FOLD_IDENTICAL_WITHIN`] before `received_at`. A repeat stores nothing and names the
    /// first enquiry. The check and the store are one write, so two copies sent at once store
    /// one enquiry.
    ///
    /// The default implementation never finds a repeat; durable adapters override it.
    ///
    /// Errors: [`OutboxError::Unavailable`] when it cannot be stored (nothing is stored).
    async fn store_once(
        &self,
        enquiry: &Enquiry,
        received_at: UnixMillis,
        submission: Option<&SubmissionId>,
    ) -> Result<Stored, OutboxError> {
        let _ = submission;
        self.store(enquiry, received_at).await.map(Stored::New)
    }

    /// The enquiry stored for `submission`, with its jobs, if any.
    ///
    /// The default implementation finds none; durable adapters override it.
    ///
    /// Errors: [`OutboxError::Unavailable`].
    async fn find_submission(
        &self,
        submission: &SubmissionId,
    ) -> Result<Option<EnquiryStatus>, OutboxError> {
        let _ = submission;
        Ok(None)
    }

    /// Lists the jobs that match `filter`, by enquiry in the order they were stored, then
    /// by kind.
    ///
    /// Errors: [`OutboxError::Unavailable`].
    async fn jobs(&self, filter: JobFilter) -> Result<Vec<Job>, OutboxError>;

    /// One enquiry with its jobs.
    ///
    /// Errors: [`OutboxError::NotFound`] when there is no enquiry `id`;
    /// [`OutboxError::Unavailable`].
    async fn inspect(&self, id: &EnquiryId) -> Result<EnquiryStatus, OutboxError>;

    /// Claims up to `limit` pending jobs due at or before `now`, earliest due first, each
    /// with its enquiry, and moves their `next_attempt_at` to `now + lease` so that no other
    /// claim returns them before the lease runs out.
    ///
    /// Errors: [`OutboxError::Unavailable`].
    async fn claim(
        &self,
        now: UnixMillis,
        limit: usize,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError>;

    /// Claims the pending jobs of enquiry `id` that are due at or before `now`, as
    /// [`EnquiryOutbox::claim`] does, so that the attempt made while the visitor waits goes
    /// through the same lease as the worker's and neither runs a job the other holds.
    ///
    /// Errors: [`OutboxError::NotFound`] when there is no enquiry `id`;
    /// [`OutboxError::Unavailable`].
    async fn claim_enquiry(
        &self,
        id: &EnquiryId,
        now: UnixMillis,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError>;

    /// Records one attempt at the `kind` job of enquiry `id`, made at `now`, and returns the
    /// job as it now is: attempts counted, and delivered, due again at `retry_at`, or dead.
    /// [`Attempt::Blocked`] marks the outbox blocked and [`Attempt::Delivered`] clears the
    /// mark, in the same write.
    ///
    /// Errors: [`OutboxError::NotFound`] when there is no enquiry `id`;
    /// [`OutboxError::NotPending`] when the job is already delivered or dead;
    /// [`OutboxError::Unavailable`].
    async fn record(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        attempt: Attempt,
        now: UnixMillis,
    ) -> Result<Job, OutboxError>;

    /// Keeps `note` with the delivered `kind` job of enquiry `id`, in its `last_error`, where
    /// operators read it (`supplysite outbox list`): the delivery went out, short of what the
    /// note says (see [`EnquiryDelivery::deliver_noting`](super::EnquiryDelivery::deliver_noting)).
    ///
    /// The default implementation keeps nothing; durable adapters override it.
    ///
    /// Errors: [`OutboxError::Unavailable`].
    async fn note_delivered(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        note: &str,
    ) -> Result<(), OutboxError> {
        let _ = (id, kind, note);
        Ok(())
    }

    /// Gives back the `kind` job of enquiry `id`, claimed with the lease ending at
    /// `leased_until` (the `next_attempt_at` its claim returned), that will not be attempted
    /// after all because this server is stopping: it is due again at `now`, so another server
    /// (or this one restarted) takes it at once rather than after the lease. Returns whether
    /// it was given back; a job that is no longer pending, or that has been claimed again
    /// since (its lease is another), is left as it is.
    ///
    /// Errors: [`OutboxError::NotFound`] when there is no enquiry `id`;
    /// [`OutboxError::Unavailable`].
    async fn release(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        leased_until: UnixMillis,
        now: UnixMillis,
    ) -> Result<bool, OutboxError>;

    /// Makes the dead jobs of enquiry `id` pending again, due at `now`, with their attempt
    /// count reset, and returns all of its jobs.
    ///
    /// Errors: [`OutboxError::NotFound`] when there is no enquiry `id`;
    /// [`OutboxError::Unavailable`].
    async fn requeue(&self, id: &EnquiryId, now: UnixMillis) -> Result<Vec<Job>, OutboxError>;

    /// Whether deliveries are blocked, and why.
    ///
    /// Errors: [`OutboxError::Unavailable`].
    async fn blocked(&self) -> Result<Option<Blocked>, OutboxError>;

    /// When the outbox is blocked, makes every pending job due at `now` (a new key may have
    /// been configured: the server calls this when it starts) and returns how many; does
    /// nothing otherwise.
    ///
    /// Errors: [`OutboxError::Unavailable`].
    async fn retry_blocked(&self, now: UnixMillis) -> Result<usize, OutboxError>;

    /// The lead records ([`crate::ports::LeadRecord`]) of the enquiries received from `since` until
    /// just before `until`, oldest first: kept with each enquiry as it is stored, their
    /// outcome following its jobs, and kept after the enquiry is purged until
    /// [`EnquiryOutbox::purge_leads`] removes them.
    ///
    /// The default implementation has none; durable adapters override it.
    ///
    /// Errors: [`OutboxError::Unavailable`].
    async fn leads(
        &self,
        since: UnixMillis,
        until: UnixMillis,
    ) -> Result<Vec<crate::ports::LeadRecord>, OutboxError> {
        let _ = (since, until);
        Ok(Vec::new())
    }

    /// Removes the lead records of enquiries received before `before` (the lead retention);
    /// returns how many.
    ///
    /// The default implementation keeps none, so has none to remove.
    ///
    /// Errors: [`OutboxError::Unavailable`].
    async fn purge_leads(&self, before: UnixMillis) -> Result<usize, OutboxError> {
        let _ = before;
        Ok(0)
    }

    /// Removes every enquiry whose jobs were all delivered before `before`, with its jobs;
    /// returns how many enquiries were removed.
    ///
    /// Errors: [`OutboxError::Unavailable`].
    async fn purge_delivered(&self, before: UnixMillis) -> Result<usize, OutboxError>;
}

/// Why the outbox could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OutboxError {
    /// The store cannot be used now: it cannot be opened, the disk is full, it stayed
    /// locked too long, or an I/O error. The contact endpoint answers 503.
    #[error("enquiry outbox is unavailable: {reason}")]
    Unavailable {
        /// Why the store cannot be used, for the log.
        reason: String,
    },
    /// No enquiry with this id.
    #[error("no enquiry {id} in the outbox")]
    NotFound {
        /// The id asked for.
        id: EnquiryId,
    },
    /// The job is finished already, so an attempt cannot be recorded against it.
    #[error("{kind} job of enquiry {id} is {state}, not pending")]
    NotPending {
        /// The enquiry.
        id: EnquiryId,
        /// The job of the enquiry.
        kind: JobKind,
        /// The state the job is in.
        state: JobState,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_states_read_the_same_in_json_and_in_messages() {
        assert_eq!(
            serde_json::to_string(&JobKind::ALL).unwrap(),
            r#"["notify-inbox","upsert-contact"]"#
        );
        assert_eq!(serde_json::to_string(&JobState::Dead).unwrap(), r#""dead""#);
        let id = EnquiryId::parse("enquiry-7").unwrap();
        assert_eq!(
            OutboxError::NotPending {
                id,
                kind: JobKind::UpsertContact,
                state: JobState::Delivered
            }
            .to_string(),
            "upsert-contact job of enquiry enquiry-7 is delivered, not pending"
        );
    }
}
