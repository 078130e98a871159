//! An in-memory enquiry outbox with the same job lifecycle as the durable one.

use super::lock;
use crate::contact::{Enquiry, EnquiryId, SubmissionId};
use crate::ports::{
    Attempt, Blocked, EnquiryOutbox, EnquiryStatus, FOLD_IDENTICAL_WITHIN, Job, JobFilter, JobKind,
    JobState, OutboxError, Stored, StoredEnquiry, UnixMillis,
};
use async_trait::async_trait;
use std::sync::Mutex;
use std::time::Duration;

/// An outbox in memory. Ids are `enquiry-1`, `enquiry-2`, … in the order enquiries are stored.
/// [`FakeOutbox::set_unavailable`] makes every call fail as a broken store does.
#[derive(Debug, Default)]
pub struct FakeOutbox {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    enquiries: Vec<StoredEnquiry>,
    jobs: Vec<Job>,
    stored: u64,
    unavailable: Option<String>,
    blocked: Option<Blocked>,
    /// The submission id each stored enquiry came with, by enquiry.
    submissions: Vec<(SubmissionId, EnquiryId)>,
}

impl State {
    fn available(&self) -> Result<(), OutboxError> {
        match &self.unavailable {
            Some(reason) => Err(OutboxError::Unavailable {
                reason: reason.clone(),
            }),
            None => Ok(()),
        }
    }

    fn enquiry(&self, id: &EnquiryId) -> Result<&StoredEnquiry, OutboxError> {
        self.enquiries
            .iter()
            .find(|e| &e.id == id)
            .ok_or_else(|| OutboxError::NotFound { id: id.clone() })
    }

    fn jobs_of(&self, id: &EnquiryId) -> Vec<Job> {
        self.jobs
            .iter()
            .filter(|j| &j.enquiry_id == id)
            .cloned()
            .collect()
    }
}

impl FakeOutbox {
    /// An empty, working outbox.
    pub fn new() -> Self {
        Self::default()
    }

    /// With `Some(reason)`, every call fails with [`OutboxError::Unavailable`] and stores
    /// nothing; with `None`, the outbox works again with what it held.
    pub fn set_unavailable(&self, reason: Option<&str>) {
        lock(&self.state).unavailable = reason.map(str::to_owned);
    }

    /// Every stored enquiry, in the order stored.
    pub fn enquiries(&self) -> Vec<StoredEnquiry> {
        lock(&self.state).enquiries.clone()
    }
}

#[async_trait]
impl EnquiryOutbox for FakeOutbox {
    async fn store(
        &self,
        enquiry: &Enquiry,
        received_at: UnixMillis,
    ) -> Result<EnquiryId, OutboxError> {
        let mut state = lock(&self.state);
        state.available()?;
        state.stored += 1;
        let id = EnquiryId::parse(format!("enquiry-{}", state.stored))
            .expect("enquiry-N is a valid enquiry id");
        state.enquiries.push(StoredEnquiry {
            id: id.clone(),
            received_at,
            enquiry: enquiry.clone(),
        });
        for kind in JobKind::ALL {
            state.jobs.push(Job {
                enquiry_id: id.clone(),
                kind,
                state: JobState::Pending,
                attempts: 0,
                next_attempt_at: Some(received_at),
                finished_at: None,
                last_error: None,
            });
        }
        Ok(id)
    }

    async fn store_once(
        &self,
        enquiry: &Enquiry,
        received_at: UnixMillis,
        submission: Option<&SubmissionId>,
    ) -> Result<Stored, OutboxError> {
        {
            let state = lock(&self.state);
            state.available()?;
            if let Some(sub) = submission
                && let Some((_, id)) = state.submissions.iter().find(|(s, _)| s == sub)
            {
                return Ok(Stored::Repeat(id.clone()));
            }
            let since = UnixMillis(received_at.0 - FOLD_IDENTICAL_WITHIN.as_millis() as i64);
            if let Some(first) = state.enquiries.iter().find(|e| {
                e.received_at >= since
                    && e.enquiry.email().eq_ignore_ascii_case(enquiry.email())
                    && e.enquiry.message() == enquiry.message()
            }) {
                return Ok(Stored::Repeat(first.id.clone()));
            }
        }
        let id = self.store(enquiry, received_at).await?;
        if let Some(sub) = submission {
            lock(&self.state)
                .submissions
                .push((sub.clone(), id.clone()));
        }
        Ok(Stored::New(id))
    }

    async fn find_submission(
        &self,
        submission: &SubmissionId,
    ) -> Result<Option<EnquiryStatus>, OutboxError> {
        let state = lock(&self.state);
        state.available()?;
        let Some((_, id)) = state.submissions.iter().find(|(s, _)| s == submission) else {
            return Ok(None);
        };
        Ok(Some(EnquiryStatus {
            stored: state.enquiry(id)?.clone(),
            jobs: state.jobs_of(id),
        }))
    }

    async fn jobs(&self, filter: JobFilter) -> Result<Vec<Job>, OutboxError> {
        let state = lock(&self.state);
        state.available()?;
        Ok(state
            .jobs
            .iter()
            .filter(|j| filter.state.is_none_or(|s| j.state == s))
            .take(filter.limit.unwrap_or(usize::MAX))
            .cloned()
            .collect())
    }

    async fn inspect(&self, id: &EnquiryId) -> Result<EnquiryStatus, OutboxError> {
        let state = lock(&self.state);
        state.available()?;
        Ok(EnquiryStatus {
            stored: state.enquiry(id)?.clone(),
            jobs: state.jobs_of(id),
        })
    }

    async fn claim(
        &self,
        now: UnixMillis,
        limit: usize,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
        let mut state = lock(&self.state);
        state.available()?;
        let mut due: Vec<usize> = (0..state.jobs.len())
            .filter(|&i| {
                let j = &state.jobs[i];
                j.state == JobState::Pending && j.next_attempt_at.is_some_and(|t| t <= now)
            })
            .collect();
        // Stable sort: equal due times keep the order the jobs were stored in.
        due.sort_by_key(|&i| state.jobs[i].next_attempt_at);
        due.truncate(limit);
        let mut claimed = Vec::with_capacity(due.len());
        for i in due {
            state.jobs[i].next_attempt_at = Some(now.after(lease));
            let job = state.jobs[i].clone();
            let enquiry = state.enquiry(&job.enquiry_id)?.clone();
            claimed.push((job, enquiry));
        }
        Ok(claimed)
    }

    async fn claim_enquiry(
        &self,
        id: &EnquiryId,
        now: UnixMillis,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
        let mut state = lock(&self.state);
        state.available()?;
        let enquiry = state.enquiry(id)?.clone();
        let mut claimed = Vec::new();
        for job in state.jobs.iter_mut().filter(|j| &j.enquiry_id == id) {
            if job.state == JobState::Pending && job.next_attempt_at.is_some_and(|t| t <= now) {
                job.next_attempt_at = Some(now.after(lease));
                claimed.push((job.clone(), enquiry.clone()));
            }
        }
        Ok(claimed)
    }

    async fn record(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        attempt: Attempt,
        now: UnixMillis,
    ) -> Result<Job, OutboxError> {
        let mut state = lock(&self.state);
        state.available()?;
        state.enquiry(id)?;
        let job = state
            .jobs
            .iter_mut()
            .find(|j| &j.enquiry_id == id && j.kind == kind)
            .ok_or_else(|| OutboxError::NotFound { id: id.clone() })?;
        if job.state != JobState::Pending {
            return Err(OutboxError::NotPending {
                id: id.clone(),
                kind,
                state: job.state,
            });
        }
        job.attempts += 1;
        match attempt {
            Attempt::Delivered => {
                job.state = JobState::Delivered;
                job.next_attempt_at = None;
                job.finished_at = Some(now);
            }
            Attempt::Retry { reason, retry_at } => {
                job.next_attempt_at = Some(retry_at);
                job.last_error = Some(reason);
            }
            Attempt::GiveUp { reason } => {
                job.state = JobState::Dead;
                job.next_attempt_at = None;
                job.finished_at = Some(now);
                job.last_error = Some(reason);
            }
            Attempt::Blocked { reason, retry_at } => {
                job.next_attempt_at = Some(retry_at);
                job.last_error = Some(reason.clone());
                let job = job.clone();
                let since = state.blocked.as_ref().map_or(now, |b| b.since);
                state.blocked = Some(Blocked { reason, since });
                return Ok(job);
            }
        }
        let job = job.clone();
        if job.state == JobState::Delivered {
            state.blocked = None;
        }
        Ok(job)
    }

    async fn requeue(&self, id: &EnquiryId, now: UnixMillis) -> Result<Vec<Job>, OutboxError> {
        let mut state = lock(&self.state);
        state.available()?;
        state.enquiry(id)?;
        for job in state.jobs.iter_mut().filter(|j| &j.enquiry_id == id) {
            if job.state == JobState::Dead {
                job.state = JobState::Pending;
                job.attempts = 0;
                job.next_attempt_at = Some(now);
                job.finished_at = None;
            }
        }
        Ok(state.jobs_of(id))
    }

    async fn blocked(&self) -> Result<Option<Blocked>, OutboxError> {
        let state = lock(&self.state);
        state.available()?;
        Ok(state.blocked.clone())
    }

    async fn retry_blocked(&self, now: UnixMillis) -> Result<usize, OutboxError> {
        let mut state = lock(&self.state);
        state.available()?;
        if state.blocked.is_none() {
            return Ok(0);
        }
        let mut made_due = 0;
        for job in state.jobs.iter_mut() {
            if job.state == JobState::Pending {
                job.next_attempt_at = Some(now);
                made_due += 1;
            }
        }
        Ok(made_due)
    }

    async fn purge_delivered(&self, before: UnixMillis) -> Result<usize, OutboxError> {
        let mut state = lock(&self.state);
        state.available()?;
        let done: Vec<EnquiryId> = state
            .enquiries
            .iter()
            .map(|e| &e.id)
            .filter(|id| {
                state.jobs.iter().filter(|j| &j.enquiry_id == *id).all(|j| {
                    j.state == JobState::Delivered && j.finished_at.is_some_and(|t| t < before)
                })
            })
            .cloned()
            .collect();
        state.enquiries.retain(|e| !done.contains(&e.id));
        state.jobs.retain(|j| !done.contains(&j.enquiry_id));
        Ok(done.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::ContactForm;
    use crate::ports::fakes::ready;
    use std::sync::Arc;

    const T0: UnixMillis = UnixMillis(1_700_000_000_000);
    const LEASE: Duration = Duration::from_secs(60);

    fn enquiry(email: &str) -> Enquiry {
        Enquiry::parse(ContactForm {
            firstname: "Ada".into(),
            lastname: "Lovelace".into(),
            org_name: "Engines".into(),
            phone: "0400000000".into(),
            email: email.into(),
            message: "Hello".into(),
            robot_checked: true,
        })
        .unwrap()
    }

    fn id(s: &str) -> EnquiryId {
        EnquiryId::parse(s).unwrap()
    }

    #[test]
    fn store_keeps_the_enquiry_with_two_pending_jobs_due_at_once() {
        let outbox: Arc<dyn EnquiryOutbox> = Arc::new(FakeOutbox::new());
        let first = ready(outbox.store(&enquiry("a@example.com"), T0)).unwrap();
        let second = ready(outbox.store(&enquiry("b@example.com"), T0)).unwrap();
        assert_eq!(
            (first.as_str(), second.as_str()),
            ("enquiry-1", "enquiry-2")
        );

        let status = ready(outbox.inspect(&first)).unwrap();
        assert_eq!(status.stored.enquiry.email(), "a@example.com");
        assert_eq!(status.stored.received_at, T0);
        let kinds: Vec<(JobKind, JobState, Option<UnixMillis>)> = status
            .jobs
            .iter()
            .map(|j| (j.kind, j.state, j.next_attempt_at))
            .collect();
        assert_eq!(
            kinds,
            [
                (JobKind::NotifyInbox, JobState::Pending, Some(T0)),
                (JobKind::UpsertContact, JobState::Pending, Some(T0))
            ]
        );
        assert_eq!(ready(outbox.jobs(JobFilter::default())).unwrap().len(), 4);
    }

    #[test]
    fn a_claimed_job_is_not_claimed_again_until_its_lease_runs_out() {
        let outbox = FakeOutbox::new();
        ready(outbox.store(&enquiry("a@example.com"), T0)).unwrap();

        let claimed = ready(outbox.claim(T0, 1, LEASE)).unwrap();
        assert_eq!(claimed.len(), 1);
        assert_eq!(claimed[0].0.kind, JobKind::NotifyInbox);
        assert_eq!(claimed[0].1.enquiry.email(), "a@example.com");

        let rest = ready(outbox.claim(T0, 10, LEASE)).unwrap();
        assert_eq!(rest.len(), 1);
        assert_eq!(rest[0].0.kind, JobKind::UpsertContact);
        assert!(
            ready(outbox.claim(T0.after(LEASE / 2), 10, LEASE))
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            ready(outbox.claim(T0.after(LEASE), 10, LEASE))
                .unwrap()
                .len(),
            2
        );
    }

    #[test]
    fn claim_enquiry_takes_only_that_enquirys_due_jobs_under_the_same_lease() {
        let outbox = FakeOutbox::new();
        let older = ready(outbox.store(&enquiry("a@example.com"), T0)).unwrap();
        let newer = ready(outbox.store(&enquiry("b@example.com"), T0)).unwrap();

        let claimed = ready(outbox.claim_enquiry(&newer, T0, LEASE)).unwrap();
        let kinds: Vec<(EnquiryId, JobKind)> = claimed
            .iter()
            .map(|(j, e)| (e.id.clone(), j.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                (newer.clone(), JobKind::NotifyInbox),
                (newer.clone(), JobKind::UpsertContact)
            ]
        );
        assert!(
            ready(outbox.claim_enquiry(&newer, T0, LEASE))
                .unwrap()
                .is_empty()
        );
        let rest = ready(outbox.claim(T0, 10, LEASE)).unwrap();
        assert!(rest.iter().all(|(j, _)| j.enquiry_id == older));
        assert_eq!(rest.len(), 2);
        assert_eq!(
            ready(outbox.claim_enquiry(&id("enquiry-9"), T0, LEASE)).unwrap_err(),
            OutboxError::NotFound {
                id: id("enquiry-9")
            }
        );
    }

    #[test]
    fn attempts_are_counted_and_end_delivered_or_dead() {
        let outbox = FakeOutbox::new();
        let e = ready(outbox.store(&enquiry("a@example.com"), T0)).unwrap();
        let retry_at = T0.after(Duration::from_secs(30));

        let job = ready(outbox.record(
            &e,
            JobKind::NotifyInbox,
            Attempt::Retry {
                reason: "HTTP 503".into(),
                retry_at,
            },
            T0,
        ))
        .unwrap();
        assert_eq!(
            (job.state, job.attempts, job.next_attempt_at),
            (JobState::Pending, 1, Some(retry_at))
        );
        assert_eq!(job.last_error.as_deref(), Some("HTTP 503"));

        let job =
            ready(outbox.record(&e, JobKind::NotifyInbox, Attempt::Delivered, retry_at)).unwrap();
        assert_eq!(
            (job.state, job.attempts, job.finished_at),
            (JobState::Delivered, 2, Some(retry_at))
        );

        let dead = ready(outbox.record(
            &e,
            JobKind::UpsertContact,
            Attempt::GiveUp {
                reason: "HTTP 401".into(),
            },
            T0,
        ))
        .unwrap();
        assert_eq!(dead.state, JobState::Dead);
        let filter = JobFilter {
            state: Some(JobState::Dead),
            limit: None,
        };
        assert_eq!(ready(outbox.jobs(filter)).unwrap(), [dead]);

        assert_eq!(
            ready(outbox.record(&e, JobKind::NotifyInbox, Attempt::Delivered, T0)),
            Err(OutboxError::NotPending {
                id: e.clone(),
                kind: JobKind::NotifyInbox,
                state: JobState::Delivered
            })
        );
    }

    #[test]
    fn requeue_revives_dead_jobs_and_leaves_delivered_ones() {
        let outbox = FakeOutbox::new();
        let e = ready(outbox.store(&enquiry("a@example.com"), T0)).unwrap();
        ready(outbox.record(&e, JobKind::NotifyInbox, Attempt::Delivered, T0)).unwrap();
        let give_up = Attempt::GiveUp {
            reason: "HTTP 400".into(),
        };
        ready(outbox.record(&e, JobKind::UpsertContact, give_up, T0)).unwrap();

        let later = T0.after(Duration::from_secs(3600));
        let jobs = ready(outbox.requeue(&e, later)).unwrap();
        assert_eq!(jobs[0].state, JobState::Delivered);
        assert_eq!(
            (jobs[1].state, jobs[1].attempts, jobs[1].next_attempt_at),
            (JobState::Pending, 0, Some(later))
        );
        assert_eq!(jobs[1].last_error.as_deref(), Some("HTTP 400"));
    }

    #[test]
    fn purge_removes_only_enquiries_delivered_in_full_before_the_cut_off() {
        let outbox = FakeOutbox::new();
        let done = ready(outbox.store(&enquiry("a@example.com"), T0)).unwrap();
        let half = ready(outbox.store(&enquiry("b@example.com"), T0)).unwrap();
        for kind in JobKind::ALL {
            ready(outbox.record(&done, kind, Attempt::Delivered, T0)).unwrap();
        }
        ready(outbox.record(&half, JobKind::NotifyInbox, Attempt::Delivered, T0)).unwrap();

        assert_eq!(ready(outbox.purge_delivered(T0)).unwrap(), 0);
        assert_eq!(ready(outbox.purge_delivered(T0.after(LEASE))).unwrap(), 1);
        assert_eq!(
            ready(outbox.inspect(&done)),
            Err(OutboxError::NotFound { id: done.clone() })
        );
        assert_eq!(ready(outbox.inspect(&half)).unwrap().jobs.len(), 2);
    }

    #[test]
    fn an_unavailable_outbox_fails_every_call_and_stores_nothing() {
        let outbox = FakeOutbox::new();
        outbox.set_unavailable(Some("disk full"));
        let unavailable = Err(OutboxError::Unavailable {
            reason: "disk full".into(),
        });
        assert_eq!(
            ready(outbox.store(&enquiry("a@example.com"), T0)),
            unavailable
        );
        assert_eq!(
            ready(outbox.jobs(JobFilter::default())).map(|_| ()),
            unavailable.clone().map(|_: EnquiryId| ())
        );
        assert!(outbox.enquiries().is_empty());

        outbox.set_unavailable(None);
        assert!(ready(outbox.store(&enquiry("a@example.com"), T0)).is_ok());
    }

    #[test]
    fn unknown_enquiries_are_not_found() {
        let outbox = FakeOutbox::new();
        let missing = id("enquiry-9");
        let not_found = OutboxError::NotFound {
            id: missing.clone(),
        };
        assert_eq!(ready(outbox.inspect(&missing)).unwrap_err(), not_found);
        assert_eq!(ready(outbox.requeue(&missing, T0)).unwrap_err(), not_found);
        assert_eq!(
            ready(outbox.record(&missing, JobKind::NotifyInbox, Attempt::Delivered, T0))
                .unwrap_err(),
            not_found
        );
    }
}
