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
    /// How many times [`EnquiryOutbox::blocked`] was asked (a durable outbox's query each).
    blocked_reads: std::sync::atomic::AtomicU64,
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

    /// Stores `enquiry` under the next id with one pending job of each kind.
    fn insert(&mut self, enquiry: &Enquiry, received_at: UnixMillis) -> EnquiryId {
        self.stored += 1;
        let id = EnquiryId::parse(format!("enquiry-{}", self.stored))
            .expect("enquiry-N is a valid enquiry id");
        self.enquiries.push(StoredEnquiry {
            id: id.clone(),
            received_at,
            enquiry: enquiry.clone(),
        });
        for kind in JobKind::ALL {
            self.jobs.push(Job {
                enquiry_id: id.clone(),
                kind,
                state: JobState::Pending,
                attempts: 0,
                next_attempt_at: Some(received_at),
                finished_at: None,
                last_error: None,
            });
        }
        id
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

    /// How many times whether deliveries are blocked was asked.
    pub fn blocked_reads(&self) -> u64 {
        self.blocked_reads.load(std::sync::atomic::Ordering::SeqCst)
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
        Ok(state.insert(enquiry, received_at))
    }

    async fn store_once(
        &self,
        enquiry: &Enquiry,
        received_at: UnixMillis,
        submission: Option<&SubmissionId>,
    ) -> Result<Stored, OutboxError> {
        // One lock from the look-up to the insert: two copies sent at once must not both find
        // nothing and both be stored.
        let mut state = lock(&self.state);
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
        let id = state.insert(enquiry, received_at);
        if let Some(sub) = submission {
            state.submissions.push((sub.clone(), id.clone()));
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
        job.ensure_pending()?;
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

    async fn release(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        leased_until: UnixMillis,
        now: UnixMillis,
    ) -> Result<bool, OutboxError> {
        let mut state = lock(&self.state);
        state.available()?;
        state.enquiry(id)?;
        let held = state.jobs.iter_mut().find(|j| {
            &j.enquiry_id == id
                && j.kind == kind
                && j.state == JobState::Pending
                && j.next_attempt_at == Some(leased_until)
        });
        Ok(held.map(|job| job.next_attempt_at = Some(now)).is_some())
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
        self.blocked_reads
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
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
    use crate::ports::fakes::ready;

    const T0: UnixMillis = UnixMillis(1_700_000_000_000);

    use crate::ports::fakes::enquiry_from as enquiry;

    // What every outbox promises, the fake included, is the contract suite in the
    // store-postgres crate's tests; these are what only the fake does.
    #[test]
    fn ids_number_the_enquiries_in_the_order_stored() {
        let outbox = FakeOutbox::new();
        let first = ready(outbox.store(&enquiry("a@example.com"), T0)).unwrap();
        let second = ready(outbox.store(&enquiry("b@example.com"), T0)).unwrap();
        assert_eq!(
            (first.as_str(), second.as_str()),
            ("enquiry-1", "enquiry-2")
        );
        assert_eq!(outbox.enquiries().len(), 2);
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
}
