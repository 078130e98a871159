//! `SqliteOutbox`: durability across reopen, leases, attempts, dead letters, requeue and purge.

use crate::support::{T0, enquiry};
use std::collections::HashSet;
use std::time::Duration;
use supplysite_core::ports::{
    Attempt, EnquiryOutbox, JobFilter, JobKind, JobState, OutboxError, UnixMillis,
};
use supplysite_mail_adapter::SqliteOutbox;

const LEASE: Duration = Duration::from_secs(60);

fn dead() -> JobFilter {
    JobFilter {
        state: Some(JobState::Dead),
        limit: None,
    }
}

#[tokio::test]
async fn a_stored_enquiry_and_its_pending_jobs_survive_closing_and_reopening_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite3");
    let id = {
        let outbox = SqliteOutbox::open(&path).unwrap();
        outbox.store(&enquiry("ada@example.com"), T0).await.unwrap()
    };

    let reopened = SqliteOutbox::open(&path).unwrap();
    let claimed = reopened.claim(T0, 10, LEASE).await.unwrap();
    let kinds: Vec<JobKind> = claimed.iter().map(|(j, _)| j.kind).collect();
    assert_eq!(kinds, JobKind::ALL);
    let (job, stored) = &claimed[0];
    assert_eq!(
        (&job.enquiry_id, job.state, job.attempts),
        (&id, JobState::Pending, 0)
    );
    assert_eq!(stored.id, id);
    assert_eq!(stored.received_at, T0);
    assert_eq!(stored.enquiry, enquiry("ada@example.com"));
}

#[tokio::test]
async fn ids_are_uuids_that_sort_in_the_order_received() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap();
    let first = outbox.store(&enquiry("a@example.com"), T0).await.unwrap();
    let later = T0.after(Duration::from_millis(5));
    let second = outbox
        .store(&enquiry("b@example.com"), later)
        .await
        .unwrap();
    for id in [&first, &second] {
        let uuid = uuid::Uuid::parse_str(id.as_str()).expect("a UUID");
        assert_eq!(uuid.get_version_num(), 7);
    }
    assert!(first < second);
}

#[tokio::test]
async fn a_claimed_job_comes_due_again_only_when_its_lease_runs_out() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap();
    outbox.store(&enquiry("a@example.com"), T0).await.unwrap();

    assert_eq!(
        outbox.claim(T0, 1, LEASE).await.unwrap()[0].0.kind,
        JobKind::NotifyInbox
    );
    assert_eq!(
        outbox.claim(T0, 5, LEASE).await.unwrap()[0].0.kind,
        JobKind::UpsertContact
    );
    assert!(
        outbox
            .claim(T0.after(LEASE / 2), 5, LEASE)
            .await
            .unwrap()
            .is_empty()
    );
    let again = outbox.claim(T0.after(LEASE), 5, LEASE).await.unwrap();
    assert_eq!(again.len(), 2);
    assert_eq!(
        again[0].0.next_attempt_at,
        Some(T0.after(LEASE).after(LEASE))
    );
}

#[tokio::test]
async fn claims_take_the_earliest_due_first_and_never_a_job_that_is_not_due() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap();
    let late = outbox
        .store(&enquiry("late@example.com"), T0.after(LEASE))
        .await
        .unwrap();
    let early = outbox
        .store(&enquiry("early@example.com"), T0)
        .await
        .unwrap();

    let claimed = outbox.claim(T0, 10, LEASE).await.unwrap();
    assert_eq!(claimed.len(), 2);
    assert!(claimed.iter().all(|(j, _)| j.enquiry_id == early));
    // Now the late jobs and the early ones (their lease over) are due at the same instant:
    // the order stored breaks the tie.
    let claimed = outbox.claim(T0.after(LEASE), 2, LEASE).await.unwrap();
    assert_eq!(claimed.len(), 2);
    assert!(claimed.iter().all(|(j, _)| j.enquiry_id == late));
}

#[tokio::test]
async fn claim_enquiry_takes_only_that_enquirys_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap();
    let other = outbox.store(&enquiry("a@example.com"), T0).await.unwrap();
    let mine = outbox.store(&enquiry("b@example.com"), T0).await.unwrap();

    let claimed = outbox.claim_enquiry(&mine, T0, LEASE).await.unwrap();
    assert_eq!(claimed.len(), 2);
    assert!(
        claimed
            .iter()
            .all(|(j, e)| j.enquiry_id == mine && e.id == mine)
    );
    assert!(
        outbox
            .claim_enquiry(&mine, T0, LEASE)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        outbox
            .claim(T0, 10, LEASE)
            .await
            .unwrap()
            .iter()
            .all(|(j, _)| j.enquiry_id == other)
    );
}

#[tokio::test]
async fn two_handles_on_one_file_never_claim_the_same_job() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("o.sqlite3");
    let a = SqliteOutbox::open(&path).unwrap();
    let b = SqliteOutbox::open(&path).unwrap();
    for n in 0..20 {
        a.store(&enquiry(&format!("v{n}@example.com")), T0)
            .await
            .unwrap();
    }
    let claim = |o: SqliteOutbox| async move {
        let mut got = Vec::new();
        loop {
            let batch = o.claim(T0, 3, LEASE).await.unwrap();
            if batch.is_empty() {
                return got;
            }
            got.extend(batch.into_iter().map(|(j, _)| (j.enquiry_id, j.kind)));
        }
    };
    let (from_a, from_b) = tokio::join!(tokio::spawn(claim(a)), tokio::spawn(claim(b)));
    let (from_a, from_b) = (from_a.unwrap(), from_b.unwrap());
    let all: HashSet<_> = from_a.iter().chain(&from_b).cloned().collect();
    assert_eq!(from_a.len() + from_b.len(), 40, "every job claimed once");
    assert_eq!(all.len(), 40, "no job claimed twice");
}

#[tokio::test]
async fn attempts_are_counted_retried_at_the_given_time_and_end_delivered_or_dead() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap();
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
    assert_eq!(outbox.jobs(dead()).await.unwrap(), [dead_job]);

    assert_eq!(
        outbox
            .record(&id, JobKind::NotifyInbox, Attempt::Delivered, T0)
            .await,
        Err(OutboxError::NotPending {
            id: id.clone(),
            kind: JobKind::NotifyInbox,
            state: JobState::Delivered
        })
    );
}

#[tokio::test]
async fn requeue_revives_dead_jobs_with_a_fresh_count_and_leaves_delivered_ones() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap();
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
    let jobs = outbox.requeue(&id, later).await.unwrap();
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

#[tokio::test]
async fn purge_removes_only_enquiries_delivered_in_full_before_the_cut_off() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap();
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
    assert_eq!(outbox.purge_delivered(T0.after(LEASE)).await.unwrap(), 1);
    assert_eq!(
        outbox.inspect(&done).await,
        Err(OutboxError::NotFound { id: done.clone() })
    );
    assert_eq!(outbox.inspect(&half).await.unwrap().jobs.len(), 2);
    assert_eq!(outbox.jobs(JobFilter::default()).await.unwrap().len(), 2);
}

#[tokio::test]
async fn listings_follow_the_order_stored_and_honour_state_and_limit() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap();
    let a = outbox
        .store(&enquiry("a@example.com"), T0.after(LEASE))
        .await
        .unwrap();
    let b = outbox.store(&enquiry("b@example.com"), T0).await.unwrap();
    outbox
        .record(&b, JobKind::NotifyInbox, Attempt::Delivered, T0)
        .await
        .unwrap();

    let all: Vec<_> = outbox
        .jobs(JobFilter::default())
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
        .jobs(JobFilter {
            state: Some(JobState::Delivered),
            limit: None,
        })
        .await
        .unwrap();
    assert_eq!(delivered.len(), 1);
}

#[tokio::test]
async fn unknown_enquiries_are_not_found() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap();
    let missing = supplysite_core::contact::EnquiryId::parse("no-such-enquiry").unwrap();
    let not_found = OutboxError::NotFound {
        id: missing.clone(),
    };
    assert_eq!(outbox.inspect(&missing).await.unwrap_err(), not_found);
    assert_eq!(outbox.requeue(&missing, T0).await.unwrap_err(), not_found);
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
}

#[tokio::test]
async fn a_file_that_cannot_be_created_is_an_error_naming_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, "").unwrap();
    let err = SqliteOutbox::open(blocker.join("outbox.sqlite3")).unwrap_err();
    assert!(err.to_string().contains("not-a-folder"), "{err}");
}
