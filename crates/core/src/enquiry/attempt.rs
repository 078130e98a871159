//! One attempt at one claimed delivery job: deliver, decide what the outcome means by the
//! [`RetryPolicy`], record it. The contact endpoint (for the attempt made while the visitor
//! waits) and the background worker both go through here, so a job is only ever attempted
//! under a claim and its outcome is recorded the same way whoever attempted it.

use super::retry::{Jitter, RetryPolicy};
use crate::ports::{
    Clock, DeliveryError, EnquiryDelivery, EnquiryOutbox, Job, OutboxError, StoredEnquiry,
};

/// What one attempt did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempted {
    /// The job as recorded after the attempt: delivered, due again, or dead.
    pub job: Job,
    /// Why the delivery failed, when it did (for the caller to log).
    pub failure: Option<DeliveryError>,
}

/// Delivers claimed `job` of `stored` once and records the outcome, decided by `policy` at
/// the time the delivery finished.
///
/// At least once: when the delivery succeeds but the outcome cannot be recorded, the job
/// stays claimed until its lease runs out and is then attempted again, which the provider's
/// idempotency (the enquiry id) makes harmless.
///
/// Errors: those of [`EnquiryOutbox::record`] (the delivery itself was made).
pub async fn attempt_job<O, D, C>(
    outbox: &O,
    delivery: &D,
    clock: &C,
    policy: &RetryPolicy,
    job: &Job,
    stored: &StoredEnquiry,
    jitter: Jitter,
) -> Result<Attempted, OutboxError>
where
    O: EnquiryOutbox + ?Sized,
    D: EnquiryDelivery + ?Sized,
    C: Clock + ?Sized,
{
    let outcome = delivery.deliver_noting(job.kind, stored).await;
    let now = clock.now();
    let (outcome, note) = match outcome {
        Ok(note) => (Ok(()), note),
        Err(e) => (Err(e), None),
    };
    let attempt = policy.decide(job.attempts.saturating_add(1), &outcome, now, jitter);
    let job = outbox.record(&stored.id, job.kind, attempt, now).await?;
    let job = match note {
        // The delivery is recorded; the note is for operators, so failing to keep it costs
        // nothing but the note (it is in the log as well).
        Some(note) => match outbox.note_delivered(&stored.id, job.kind, &note).await {
            Ok(()) => Job {
                last_error: Some(note),
                ..job
            },
            Err(e) => {
                tracing::warn!(enquiry = %stored.id, kind = %job.kind, error = %e, %note, "delivery note not kept");
                job
            }
        },
        None => job,
    };
    Ok(Attempted {
        job,
        failure: outcome.err(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::fakes::{FakeClock, FakeDelivery, FakeOutbox, ready};
    use crate::ports::{JobKind, JobState, UnixMillis};
    use std::time::Duration;

    const T0: UnixMillis = UnixMillis(1_700_000_000_000);

    fn enquiry() -> crate::contact::Enquiry {
        crate::ports::fakes::enquiry_from("ada@example.com")
    }

    /// `attempt_job` over the fakes, without jitter.
    fn attempt(
        outbox: &FakeOutbox,
        delivery: &FakeDelivery,
        clock: &FakeClock,
        job: &Job,
        stored: &StoredEnquiry,
    ) -> Result<Attempted, OutboxError> {
        ready(attempt_job(
            outbox,
            delivery,
            clock,
            &RetryPolicy::default(),
            job,
            stored,
            Jitter::NONE,
        ))
    }

    #[test]
    fn a_failed_attempt_is_recorded_at_the_time_the_delivery_finished() {
        let outbox = FakeOutbox::new();
        let delivery = FakeDelivery::new();
        let clock = FakeClock::at(T0);
        let policy = RetryPolicy::default();
        ready(outbox.store(&enquiry(), T0)).unwrap();
        let (job, stored) = ready(outbox.claim(T0, 1, policy.lease)).unwrap().remove(0);
        let failure = DeliveryError::Transient {
            reason: "timed out after 5000 ms".into(),
            retry_after: None,
        };
        delivery.push(JobKind::NotifyInbox, Err(failure.clone()));
        clock.advance(Duration::from_secs(5));

        let attempted = attempt(&outbox, &delivery, &clock, &job, &stored).unwrap();

        assert_eq!(attempted.failure, Some(failure));
        assert_eq!(attempted.job.attempts, 1);
        assert_eq!(
            attempted.job.next_attempt_at,
            Some(T0.after(Duration::from_secs(35)))
        );
    }

    #[test]
    fn an_attempt_whose_job_was_finished_meanwhile_reports_not_pending() {
        let outbox = FakeOutbox::new();
        let delivery = FakeDelivery::new();
        let clock = FakeClock::at(T0);
        let policy = RetryPolicy::default();
        let id = ready(outbox.store(&enquiry(), T0)).unwrap();
        let (job, stored) = ready(outbox.claim(T0, 1, policy.lease)).unwrap().remove(0);
        ready(outbox.record(&id, job.kind, crate::ports::Attempt::Delivered, T0)).unwrap();

        let err = attempt(&outbox, &delivery, &clock, &job, &stored).unwrap_err();
        assert_eq!(
            err,
            OutboxError::NotPending {
                id,
                kind: JobKind::NotifyInbox,
                state: JobState::Delivered
            }
        );
    }
}
