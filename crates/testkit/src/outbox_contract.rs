//! The outbox port's contract: one suite of cases that every implementation keeps (core's
//! in-memory fake, the SQLite file of a single server, the PostgreSQL database shared by
//! several). Each case gets two fresh handles onto one store (two "servers"); [`run_durable`]
//! runs every case and names each that fails.

use crate::{LEASE, T0, enquiry, enquiry_saying};
use std::collections::HashSet;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::contact::{EnquiryId, SubmissionId};
use supplysite_core::ports::suite::{Case, run_suite};
use supplysite_core::ports::{
    Attempt, EnquiryOutbox, FOLD_IDENTICAL_WITHIN, JobFilter, JobKind, JobState, OutboxError,
    Stored, UnixMillis,
};
use supplysite_core::suite_cases;

/// Two handles onto one fresh store.
pub struct Handles {
    /// The first "server".
    pub a: Arc<dyn EnquiryOutbox>,
    /// The second, onto the same store.
    pub b: Arc<dyn EnquiryOutbox>,
}

/// Runs the port's cases, then the durable stores' own, on stores made by `fresh` (given each
/// case's name); panics naming `implementation` and every case that failed.
pub async fn run_durable<F, Fut>(implementation: &str, mut fresh: F)
where
    F: FnMut(&'static str) -> Fut,
    Fut: Future<Output = Handles>,
{
    run_suite(implementation, ALL, &mut fresh).await;
    run_suite(implementation, DURABLE, &mut fresh).await;
}

/// Every case, by name.
pub const ALL: &[Case<Handles>] = suite_cases![
    a_stored_enquiry_has_one_pending_job_of_each_kind_due_at_once,
    a_claimed_job_comes_due_again_only_when_its_lease_runs_out,
    a_job_given_back_is_due_at_once_unless_it_was_claimed_again_or_finished,
    claims_take_the_earliest_due_first_and_never_a_job_that_is_not_due,
    claim_enquiry_takes_only_that_enquirys_jobs,
    two_handles_claiming_at_once_never_claim_the_same_job,
    attempts_are_counted_retried_at_the_given_time_and_end_delivered_or_dead,
    requeue_revives_dead_jobs_with_a_fresh_count_and_leaves_delivered_ones,
    purge_removes_only_enquiries_delivered_in_full_before_the_cut_off,
    listings_follow_the_order_stored_and_honour_state_and_limit,
    unknown_enquiries_are_not_found,
    a_resubmission_or_an_identical_form_soon_after_stores_nothing,
    two_copies_sent_at_once_to_two_handles_store_one_enquiry,
    a_refused_key_blocks_until_a_delivery_goes_through,
];

/// What the durable stores promise beyond the port: ids that are UUIDs in the order received
/// (core's fake numbers its enquiries instead).
pub const DURABLE: &[Case<Handles>] = suite_cases![
    ids_are_uuids_that_sort_in_the_order_received,
    lead_records_follow_their_enquiry_outlive_its_purge_and_go_after_the_retention,
    a_note_on_a_delivered_job_is_kept_for_operators,
];

fn dead() -> JobFilter {
    JobFilter::in_state(JobState::Dead)
}

fn submission(n: u32) -> SubmissionId {
    SubmissionId::parse(format!("submission-{n:08}-abcdefgh")).unwrap()
}

async fn a_stored_enquiry_has_one_pending_job_of_each_kind_due_at_once(h: Handles) {
    let id = h.a.store(&enquiry("ada@example.com"), T0).await.unwrap();
    // The other handle sees it: it is stored, not cached.
    claims_ada_s_pending_jobs(&*h.b, &id).await;
}

/// Claims at [`T0`] from `outbox` and checks what it holds: one pending, untried job of each
/// kind for `id`, the enquiry from ada@example.com received at [`T0`].
pub async fn claims_ada_s_pending_jobs(outbox: &dyn EnquiryOutbox, id: &EnquiryId) {
    let claimed = outbox.claim(T0, 10, LEASE).await.unwrap();
    let kinds: Vec<JobKind> = claimed.iter().map(|(j, _)| j.kind).collect();
    assert_eq!(kinds, JobKind::ALL);
    let (job, stored) = &claimed[0];
    assert_eq!(
        (&job.enquiry_id, job.state, job.attempts),
        (id, JobState::Pending, 0)
    );
    assert_eq!(&stored.id, id);
    assert_eq!(stored.received_at, T0);
    assert_eq!(stored.enquiry, enquiry("ada@example.com"));
}

async fn ids_are_uuids_that_sort_in_the_order_received(h: Handles) {
    let first = h.a.store(&enquiry("a@example.com"), T0).await.unwrap();
    let later = T0.after(Duration::from_millis(5));
    let second = h.b.store(&enquiry("b@example.com"), later).await.unwrap();
    for id in [&first, &second] {
        let uuid = uuid::Uuid::parse_str(id.as_str()).expect("a UUID");
        assert_eq!(uuid.get_version_num(), 7);
    }
    assert!(first < second);
}

async fn lead_records_follow_their_enquiry_outlive_its_purge_and_go_after_the_retention(
    h: Handles,
) {
    use supplysite_core::leads::LeadOutcome;
    let day = Duration::from_secs(86_400);
    let attribution = supplysite_core::contact::clean_attribution(Some(&serde_json::json!({
        "source": "Newsletter", "landingPage": "/insights"
    })))
    .unwrap();
    let old =
        h.a.store(
            &enquiry("old@example.com").with_attribution(attribution.clone()),
            T0,
        )
        .await
        .unwrap();
    let recent =
        h.b.store(&enquiry("new@example.com"), T0.after(day * 30))
            .await
            .unwrap();
    let all = UnixMillis(i64::MAX);
    let leads = h.a.leads(UnixMillis(0), all).await.unwrap();
    let seen: Vec<_> = leads
        .iter()
        .map(|l| (l.id.clone(), l.attribution.clone(), l.outcome))
        .collect();
    assert_eq!(
        seen,
        [
            (old.clone(), attribution, LeadOutcome::Pending),
            (recent.clone(), None, LeadOutcome::Pending),
        ]
    );
    // The outcome follows the jobs: delivered in full, or failed when one is given up on.
    for kind in JobKind::ALL {
        h.a.record(&old, kind, Attempt::Delivered, T0)
            .await
            .unwrap();
    }
    h.b.record(
        &recent,
        JobKind::NotifyInbox,
        Attempt::GiveUp {
            reason: "HTTP 400".into(),
        },
        T0,
    )
    .await
    .unwrap();
    let outcomes: Vec<_> =
        h.b.leads(UnixMillis(0), all)
            .await
            .unwrap()
            .into_iter()
            .map(|l| l.outcome)
            .collect();
    assert_eq!(outcomes, [LeadOutcome::Delivered, LeadOutcome::Failed]);
    // The period is from `since` until just before `until`.
    assert_eq!(h.a.leads(T0, T0.after(day)).await.unwrap().len(), 1);
    assert_eq!(h.a.leads(T0.after(day), all).await.unwrap().len(), 1);
    // Purging the delivered enquiry keeps its lead record; nothing the visitor typed is left.
    assert_eq!(h.a.purge_delivered(T0.after(LEASE)).await.unwrap(), 1);
    assert_eq!(h.a.leads(UnixMillis(0), all).await.unwrap().len(), 2);
    // The retention: records received before the cut-off go, later ones stay.
    assert_eq!(h.b.purge_leads(T0.after(day)).await.unwrap(), 1);
    let left: Vec<_> =
        h.a.leads(UnixMillis(0), all)
            .await
            .unwrap()
            .into_iter()
            .map(|l| l.id)
            .collect();
    assert_eq!(left, [recent]);
}

async fn a_note_on_a_delivered_job_is_kept_for_operators(h: Handles) {
    let id = h.a.store(&enquiry("a@example.com"), T0).await.unwrap();
    // A pending job keeps no note: its own error says more.
    h.a.note_delivered(&id, JobKind::UpsertContact, "early")
        .await
        .unwrap();
    h.a.record(&id, JobKind::UpsertContact, Attempt::Delivered, T0)
        .await
        .unwrap();
    h.b.note_delivered(
        &id,
        JobKind::UpsertContact,
        "contact upserted without its lead attributes",
    )
    .await
    .unwrap();
    let jobs = h.a.inspect(&id).await.unwrap().jobs;
    let notes: Vec<_> = jobs
        .iter()
        .map(|j| (j.kind, j.last_error.clone()))
        .collect();
    assert_eq!(
        notes,
        [
            (JobKind::NotifyInbox, None),
            (
                JobKind::UpsertContact,
                Some("contact upserted without its lead attributes".to_owned())
            ),
        ]
    );
    let unknown = EnquiryId::parse("no-such-enquiry").unwrap();
    assert_eq!(
        h.a.note_delivered(&unknown, JobKind::NotifyInbox, "x")
            .await,
        Err(OutboxError::NotFound { id: unknown })
    );
}

async fn a_claimed_job_comes_due_again_only_when_its_lease_runs_out(h: Handles) {
    h.a.store(&enquiry("a@example.com"), T0).await.unwrap();
    assert_eq!(
        h.a.claim(T0, 1, LEASE).await.unwrap()[0].0.kind,
        JobKind::NotifyInbox
    );
    assert_eq!(
        h.b.claim(T0, 5, LEASE).await.unwrap()[0].0.kind,
        JobKind::UpsertContact
    );
    assert!(
        h.b.claim(T0.after(LEASE / 2), 5, LEASE)
            .await
            .unwrap()
            .is_empty()
    );
    let again = h.b.claim(T0.after(LEASE), 5, LEASE).await.unwrap();
    assert_eq!(again.len(), 2);
    assert_eq!(
        again[0].0.next_attempt_at,
        Some(T0.after(LEASE).after(LEASE))
    );
}

async fn a_job_given_back_is_due_at_once_unless_it_was_claimed_again_or_finished(h: Handles) {
    let id = h.a.store(&enquiry("a@example.com"), T0).await.unwrap();
    let claimed = h.a.claim(T0, 5, LEASE).await.unwrap();
    assert_eq!(claimed.len(), 2);
    let (first, second) = (&claimed[0].0, &claimed[1].0);
    let leased_until = first.next_attempt_at.unwrap();
    assert_eq!(leased_until, T0.after(LEASE));
    // The other server sees neither before the lease ends, then the one given back at once.
    let soon = T0.after(Duration::from_millis(10));
    assert!(h.b.claim(soon, 5, LEASE).await.unwrap().is_empty());
    assert!(
        h.a.release(&id, first.kind, leased_until, soon)
            .await
            .unwrap()
    );
    let taken = h.b.claim(soon, 5, LEASE).await.unwrap();
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0].0.kind, first.kind);
    // Given back again with the old lease: it is the other server's now, and stays so.
    assert!(
        !h.a.release(&id, first.kind, leased_until, soon)
            .await
            .unwrap()
    );
    assert!(h.a.claim(soon, 5, LEASE).await.unwrap().is_empty());
    // A finished job is not made due again.
    h.a.record(&id, second.kind, Attempt::Delivered, soon)
        .await
        .unwrap();
    assert!(
        !h.a.release(&id, second.kind, leased_until, soon)
            .await
            .unwrap()
    );
    let status = h.a.inspect(&id).await.unwrap();
    let finished = status.jobs.iter().find(|j| j.kind == second.kind).unwrap();
    assert_eq!(finished.state, JobState::Delivered);
}

async fn claims_take_the_earliest_due_first_and_never_a_job_that_is_not_due(h: Handles) {
    let late =
        h.a.store(&enquiry("late@example.com"), T0.after(LEASE))
            .await
            .unwrap();
    let early = h.a.store(&enquiry("early@example.com"), T0).await.unwrap();
    let claimed = h.a.claim(T0, 10, LEASE).await.unwrap();
    assert_eq!(claimed.len(), 2);
    assert!(claimed.iter().all(|(j, _)| j.enquiry_id == early));
    // The late jobs and the early ones (lease over) are due at the same instant now: the
    // order stored breaks the tie.
    let claimed = h.a.claim(T0.after(LEASE), 2, LEASE).await.unwrap();
    assert_eq!(claimed.len(), 2);
    assert!(claimed.iter().all(|(j, _)| j.enquiry_id == late));
}

async fn claim_enquiry_takes_only_that_enquirys_jobs(h: Handles) {
    let other = h.a.store(&enquiry("a@example.com"), T0).await.unwrap();
    let mine = h.a.store(&enquiry("b@example.com"), T0).await.unwrap();
    let claimed = h.a.claim_enquiry(&mine, T0, LEASE).await.unwrap();
    assert_eq!(claimed.len(), 2);
    assert!(
        claimed
            .iter()
            .all(|(j, e)| j.enquiry_id == mine && e.id == mine)
    );
    assert!(
        h.b.claim_enquiry(&mine, T0, LEASE)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        h.b.claim(T0, 10, LEASE)
            .await
            .unwrap()
            .iter()
            .all(|(j, _)| j.enquiry_id == other)
    );
}

async fn two_handles_claiming_at_once_never_claim_the_same_job(h: Handles) {
    for n in 0..20 {
        h.a.store(&enquiry(&format!("v{n}@example.com")), T0)
            .await
            .unwrap();
    }
    let claim = |o: Arc<dyn EnquiryOutbox>| async move {
        let mut got = Vec::new();
        loop {
            let batch = o.claim(T0, 3, LEASE).await.unwrap();
            if batch.is_empty() {
                return got;
            }
            got.extend(batch.into_iter().map(|(j, _)| (j.enquiry_id, j.kind)));
        }
    };
    let (from_a, from_b) = tokio::join!(tokio::spawn(claim(h.a)), tokio::spawn(claim(h.b)));
    let (from_a, from_b) = (from_a.unwrap(), from_b.unwrap());
    let all: HashSet<_> = from_a.iter().chain(&from_b).cloned().collect();
    assert_eq!(from_a.len() + from_b.len(), 40, "every job claimed once");
    assert_eq!(all.len(), 40, "no job claimed twice");
}

async fn attempts_are_counted_retried_at_the_given_time_and_end_delivered_or_dead(h: Handles) {
    let outbox = h.a;
    let id = outbox.store(&enquiry("a@example.com"), T0).await.unwrap();
    let retry_at = T0.after(Duration::from_secs(90));
    let retry = Attempt::Retry {
        reason: "HTTP 503".into(),
        retry_at,
    };
    let job = outbox
        .record(&id, JobKind::NotifyInbox, retry, T0)
        .await
        .unwrap();
    assert_eq!(
        (job.state, job.attempts, job.next_attempt_at),
        (JobState::Pending, 1, Some(retry_at))
    );
    assert_eq!(job.last_error.as_deref(), Some("HTTP 503"));
    let before = outbox
        .claim(UnixMillis(retry_at.0 - 1), 10, LEASE)
        .await
        .unwrap();
    assert!(before.iter().all(|(j, _)| j.kind == JobKind::UpsertContact));
    let at = outbox.claim(retry_at, 10, LEASE).await.unwrap();
    assert!(at.iter().any(|(j, _)| j.kind == JobKind::NotifyInbox));
    let job = outbox
        .record(&id, JobKind::NotifyInbox, Attempt::Delivered, retry_at)
        .await
        .unwrap();
    assert_eq!(
        (
            job.state,
            job.attempts,
            job.next_attempt_at,
            job.finished_at
        ),
        (JobState::Delivered, 2, None, Some(retry_at))
    );
    let give_up = Attempt::GiveUp {
        reason: "HTTP 401 unauthorized".into(),
    };
    let dead_job = outbox
        .record(&id, JobKind::UpsertContact, give_up, T0)
        .await
        .unwrap();
    assert_eq!(dead_job.state, JobState::Dead);
    assert_eq!(h.b.jobs(dead()).await.unwrap(), [dead_job]);
    assert_eq!(
        h.b.record(&id, JobKind::NotifyInbox, Attempt::Delivered, T0)
            .await,
        Err(OutboxError::NotPending {
            id: id.clone(),
            kind: JobKind::NotifyInbox,
            state: JobState::Delivered
        })
    );
}

async fn requeue_revives_dead_jobs_with_a_fresh_count_and_leaves_delivered_ones(h: Handles) {
    let outbox = h.a;
    let id = outbox.store(&enquiry("a@example.com"), T0).await.unwrap();
    outbox
        .record(&id, JobKind::NotifyInbox, Attempt::Delivered, T0)
        .await
        .unwrap();
    let give_up = Attempt::GiveUp {
        reason: "HTTP 400 invalid_parameter".into(),
    };
    outbox
        .record(&id, JobKind::UpsertContact, give_up, T0)
        .await
        .unwrap();
    let later = T0.after(Duration::from_secs(3600));
    let jobs = h.b.requeue(&id, later).await.unwrap();
    assert_eq!(jobs[0].state, JobState::Delivered);
    assert_eq!(
        (
            jobs[1].state,
            jobs[1].attempts,
            jobs[1].next_attempt_at,
            jobs[1].finished_at
        ),
        (JobState::Pending, 0, Some(later), None)
    );
    assert_eq!(
        jobs[1].last_error.as_deref(),
        Some("HTTP 400 invalid_parameter")
    );
    assert!(outbox.jobs(dead()).await.unwrap().is_empty());
    let claimed = outbox.claim(later, 10, LEASE).await.unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].0.kind, JobKind::UpsertContact);
}

async fn purge_removes_only_enquiries_delivered_in_full_before_the_cut_off(h: Handles) {
    let outbox = h.a;
    let done = outbox.store(&enquiry("a@example.com"), T0).await.unwrap();
    let half = outbox.store(&enquiry("b@example.com"), T0).await.unwrap();
    for kind in JobKind::ALL {
        outbox
            .record(&done, kind, Attempt::Delivered, T0)
            .await
            .unwrap();
    }
    outbox
        .record(&half, JobKind::NotifyInbox, Attempt::Delivered, T0)
        .await
        .unwrap();
    assert_eq!(outbox.purge_delivered(T0).await.unwrap(), 0);
    assert_eq!(h.b.purge_delivered(T0.after(LEASE)).await.unwrap(), 1);
    assert_eq!(
        outbox.inspect(&done).await,
        Err(OutboxError::NotFound { id: done.clone() })
    );
    assert_eq!(outbox.inspect(&half).await.unwrap().jobs.len(), 2);
    assert_eq!(outbox.jobs(JobFilter::default()).await.unwrap().len(), 2);
}

async fn listings_follow_the_order_stored_and_honour_state_and_limit(h: Handles) {
    let outbox = h.a;
    let a = outbox
        .store(&enquiry("a@example.com"), T0.after(LEASE))
        .await
        .unwrap();
    let b = outbox.store(&enquiry("b@example.com"), T0).await.unwrap();
    outbox
        .record(&b, JobKind::NotifyInbox, Attempt::Delivered, T0)
        .await
        .unwrap();
    let all: Vec<_> =
        h.b.jobs(JobFilter::default())
            .await
            .unwrap()
            .into_iter()
            .map(|j| (j.enquiry_id, j.kind))
            .collect();
    assert_eq!(
        all,
        [
            (a.clone(), JobKind::NotifyInbox),
            (a.clone(), JobKind::UpsertContact),
            (b.clone(), JobKind::NotifyInbox),
            (b.clone(), JobKind::UpsertContact),
        ]
    );
    let pending = outbox
        .jobs(JobFilter {
            state: Some(JobState::Pending),
            limit: Some(2),
        })
        .await
        .unwrap();
    assert_eq!(pending.len(), 2);
    assert!(pending.iter().all(|j| j.enquiry_id == a));
    let delivered = outbox
        .jobs(JobFilter::in_state(JobState::Delivered))
        .await
        .unwrap();
    assert_eq!(delivered.len(), 1);
}

async fn unknown_enquiries_are_not_found(h: Handles) {
    let outbox = h.a;
    let missing = EnquiryId::parse("no-such-enquiry").unwrap();
    let not_found = OutboxError::NotFound {
        id: missing.clone(),
    };
    assert_eq!(outbox.inspect(&missing).await.unwrap_err(), not_found);
    assert_eq!(outbox.requeue(&missing, T0).await.unwrap_err(), not_found);
    assert_eq!(
        outbox
            .release(&missing, JobKind::NotifyInbox, T0.after(LEASE), T0)
            .await
            .unwrap_err(),
        not_found
    );
    assert_eq!(
        outbox.claim_enquiry(&missing, T0, LEASE).await.unwrap_err(),
        not_found
    );
    assert_eq!(
        outbox
            .record(&missing, JobKind::NotifyInbox, Attempt::Delivered, T0)
            .await
            .unwrap_err(),
        not_found
    );
    assert_eq!(outbox.find_submission(&submission(9)).await.unwrap(), None);
}

async fn a_resubmission_or_an_identical_form_soon_after_stores_nothing(h: Handles) {
    let form = enquiry_saying("Ada@Example.com", "Please call me.");
    let Stored::New(first) =
        h.a.store_once(&form, T0, Some(&submission(1)))
            .await
            .unwrap()
    else {
        panic!("the first copy is stored");
    };
    // The same submission id, whatever it says now.
    let other = enquiry_saying("grace@example.com", "Something else.");
    assert_eq!(
        h.b.store_once(&other, T0, Some(&submission(1)))
            .await
            .unwrap(),
        Stored::Repeat(first.clone())
    );
    // The same address (in any case) and message, within the window, without an id.
    let same = enquiry_saying("ada@example.com", "Please call me.");
    let within = T0.after(FOLD_IDENTICAL_WITHIN);
    assert_eq!(
        h.b.store_once(&same, within, None).await.unwrap(),
        Stored::Repeat(first.clone())
    );
    // After the window it is a new enquiry.
    let after = within.after(Duration::from_millis(1));
    assert!(matches!(
        h.a.store_once(&same, after, Some(&submission(2))).await.unwrap(),
        Stored::New(id) if id != first
    ));
    let found = h.b.find_submission(&submission(1)).await.unwrap().unwrap();
    assert_eq!(found.stored.id, first);
    assert_eq!(found.jobs.len(), 2);
    assert_eq!(h.a.jobs(JobFilter::default()).await.unwrap().len(), 4);
}

async fn two_copies_sent_at_once_to_two_handles_store_one_enquiry(h: Handles) {
    for n in 0..10u32 {
        let form = enquiry_saying(&format!("v{n}@example.com"), "Twice at once.");
        let (a, b) = (Arc::clone(&h.a), Arc::clone(&h.b));
        let (fa, fb) = (form.clone(), form);
        let sub = submission(100 + n);
        let sub2 = sub.clone();
        let (x, y) = tokio::join!(
            tokio::spawn(async move { a.store_once(&fa, T0, Some(&sub)).await }),
            tokio::spawn(async move { b.store_once(&fb, T0, Some(&sub2)).await }),
        );
        let (x, y) = (x.unwrap().unwrap(), y.unwrap().unwrap());
        let stored = [&x, &y]
            .iter()
            .filter(|s| matches!(s, Stored::New(_)))
            .count();
        assert_eq!(stored, 1, "one of two copies is stored: {x:?} {y:?}");
    }
    assert_eq!(h.a.jobs(JobFilter::default()).await.unwrap().len(), 20);
}

async fn a_refused_key_blocks_until_a_delivery_goes_through(h: Handles) {
    let first = h.a.store(&enquiry("a@example.com"), T0).await.unwrap();
    let second = h.a.store(&enquiry("b@example.com"), T0).await.unwrap();
    assert_eq!(
        h.a.retry_blocked(T0).await.unwrap(),
        0,
        "not blocked: nothing"
    );
    let later = T0.after(Duration::from_secs(600));
    let blocked = Attempt::Blocked {
        reason: "HTTP 401 key not found".into(),
        retry_at: later,
    };
    h.a.record(&first, JobKind::NotifyInbox, blocked, T0)
        .await
        .unwrap();
    let seen = h.b.blocked().await.unwrap().expect("blocked everywhere");
    assert_eq!(
        (seen.reason.as_str(), seen.since),
        ("HTTP 401 key not found", T0)
    );
    // A new key at start: every pending job is due at once.
    let restart = T0.after(Duration::from_secs(5));
    assert_eq!(h.b.retry_blocked(restart).await.unwrap(), 4);
    assert_eq!(h.b.claim(restart, 10, LEASE).await.unwrap().len(), 4);
    h.a.record(&second, JobKind::NotifyInbox, Attempt::Delivered, restart)
        .await
        .unwrap();
    assert_eq!(h.b.blocked().await.unwrap(), None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use supplysite_core::ports::fakes::FakeOutbox;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_fake_outbox_keeps_the_contract() {
        run_suite("the fake outbox", ALL, |_| async {
            let fake = Arc::new(FakeOutbox::new());
            Handles {
                a: Arc::clone(&fake) as Arc<dyn EnquiryOutbox>,
                b: fake,
            }
        })
        .await;
    }
}
