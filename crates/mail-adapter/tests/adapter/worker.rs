//! The worker over a real outbox and the fake Brevo: draining, back-off, dead letters,
//! waking on a new enquiry or when a lease runs out, stopping on shutdown.

use crate::brevo::client;
use crate::support::{PATIENCE, T0, enquiry};
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::contact::EnquiryId;
use supplysite_core::enquiry::RetryPolicy;
use supplysite_core::ports::fakes::FakeClock;
use supplysite_core::ports::{Clock, EnquiryOutbox, JobFilter, JobKind, JobState, UnixMillis};
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, Reply};
use supplysite_mail_adapter::{DrainReport, SqliteOutbox, SystemClock, Worker, WorkerWakeup};

struct Rig {
    _dir: tempfile::TempDir,
    outbox: Arc<SqliteOutbox>,
    brevo: FakeBrevo,
    clock: Arc<FakeClock>,
}

async fn rig() -> Rig {
    let dir = tempfile::tempdir().unwrap();
    let outbox = Arc::new(SqliteOutbox::open(dir.path().join("o.sqlite3")).unwrap());
    Rig {
        _dir: dir,
        outbox,
        brevo: FakeBrevo::start().await.unwrap(),
        clock: Arc::new(FakeClock::at(T0)),
    }
}

impl Rig {
    fn worker(&self, policy: RetryPolicy) -> Worker {
        Worker::new(
            self.outbox.clone(),
            Arc::new(client(&self.brevo.base_url, Duration::from_secs(5))),
            self.clock.clone(),
        )
        .with_policy(policy)
    }

    /// Stores an enquiry from `email`, received at `at`; returns its id.
    async fn store(&self, email: &str, at: UnixMillis) -> EnquiryId {
        self.outbox.store(&enquiry(email), at).await.unwrap()
    }

    /// Waits until Brevo has the email and the contact of one enquiry.
    async fn wait_for_one_delivery(&self) {
        self.brevo.wait_for(EMAIL, 1, PATIENCE).await.unwrap();
        self.brevo.wait_for(CONTACTS, 1, PATIENCE).await.unwrap();
    }
}

/// A worker running in the background until [`Running::stop`].
struct Running {
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

fn start(worker: Worker) -> Running {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(worker.run(async {
        stopped.await.ok();
    }));
    Running { stop, task }
}

impl Running {
    /// Asks the worker to stop and waits until it has, failing after [`PATIENCE`].
    async fn stop(self) {
        self.stop.send(()).unwrap();
        tokio::time::timeout(PATIENCE, self.task)
            .await
            .expect("the worker stops")
            .unwrap();
    }
}

#[tokio::test]
async fn drain_delivers_every_due_job_once() {
    let rig = rig().await;
    for n in 0..3 {
        rig.store(&format!("v{n}@example.com"), T0).await;
    }
    let report = rig.worker(RetryPolicy::default()).drain().await.unwrap();
    assert_eq!(
        report,
        DrainReport {
            delivered: 6,
            ..DrainReport::default()
        }
    );
    assert_eq!(rig.brevo.requests_to(EMAIL).len(), 3);
    assert_eq!(rig.brevo.requests_to(CONTACTS).len(), 3);
    assert_eq!(rig.brevo.total_emails(), 3);
    assert_eq!(
        rig.worker(RetryPolicy::default()).drain().await.unwrap(),
        DrainReport::default()
    );
}

#[tokio::test]
async fn a_failed_job_waits_out_its_back_off_then_is_delivered() {
    let rig = rig().await;
    let id = rig.store("a@example.com", T0).await;
    rig.brevo.script(
        EMAIL,
        Reply::Status(
            429,
            vec![("x-sib-ratelimit-reset".into(), "120".into())],
            String::new(),
        ),
    );
    let worker = rig.worker(RetryPolicy::default());
    assert_eq!(
        worker.drain().await.unwrap(),
        DrainReport {
            delivered: 1,
            retrying: 1,
            ..DrainReport::default()
        }
    );

    let notify = &rig.outbox.inspect(&id).await.unwrap().jobs[0];
    assert_eq!(
        (notify.state, notify.next_attempt_at),
        (JobState::Pending, Some(T0.after(Duration::from_secs(120))))
    );
    rig.clock.advance(Duration::from_secs(119));
    assert_eq!(
        worker.drain().await.unwrap(),
        DrainReport::default(),
        "not due yet"
    );
    rig.clock.advance(Duration::from_secs(1));
    assert_eq!(worker.drain().await.unwrap().delivered, 1);
    assert_eq!(rig.brevo.total_emails(), 1);
}

#[tokio::test]
async fn a_job_failing_past_the_attempt_limit_is_dead_lettered_and_a_refused_one_at_once() {
    let rig = rig().await;
    let id = rig.store("a@example.com", T0).await;
    for _ in 0..3 {
        rig.brevo
            .script(EMAIL, Reply::Status(503, vec![], String::new()));
    }
    rig.brevo.script(
        CONTACTS,
        Reply::error(
            400,
            "invalid_parameter",
            "attribute ORGANISATION does not exist",
        ),
    );
    let policy = RetryPolicy {
        max_attempts: 3,
        ..RetryPolicy::default()
    };
    let worker = rig.worker(policy);
    for _ in 0..3 {
        worker.drain().await.unwrap();
        rig.clock.advance(policy.max_delay);
    }
    let jobs = rig
        .outbox
        .jobs(JobFilter::in_state(JobState::Dead))
        .await
        .unwrap();
    let dead: Vec<(JobKind, u32, String)> = jobs
        .iter()
        .map(|j| (j.kind, j.attempts, j.last_error.clone().unwrap()))
        .collect();
    assert_eq!(
        dead,
        [
            (JobKind::NotifyInbox, 3, "gave up after 3 attempts: brevo transactional email: HTTP 503".into()),
            (JobKind::UpsertContact, 1, "brevo contact upsert: HTTP 400 invalid_parameter: attribute ORGANISATION does not exist".into()),
        ]
    );
    assert_eq!(rig.brevo.requests_to(EMAIL).len(), 3);

    rig.outbox
        .requeue(&id, Clock::now(&*rig.clock))
        .await
        .unwrap();
    assert_eq!(worker.drain().await.unwrap().delivered, 2);
}

#[tokio::test]
async fn the_running_worker_wakes_for_a_new_enquiry_and_stops_on_shutdown() {
    let rig = rig().await;
    let wakeup = WorkerWakeup::new();
    // A poll far longer than the test: only the wake-up can make it look again.
    let worker = rig
        .worker(RetryPolicy::default())
        .with_poll_interval(Duration::from_secs(3600))
        .with_wakeup(wakeup.clone());
    let running = start(worker);

    rig.store("a@example.com", T0).await;
    wakeup.wake();
    rig.wait_for_one_delivery().await;

    running.stop().await;
}

#[tokio::test]
async fn the_running_worker_takes_a_job_whose_lease_ran_out_without_waiting_for_its_poll() {
    let rig = rig().await;
    rig.store("a@example.com", SystemClock.now()).await;
    // A worker that died holding the jobs for a second.
    let held = rig
        .outbox
        .claim(SystemClock.now(), 8, Duration::from_secs(1))
        .await
        .unwrap();
    assert_eq!(held.len(), 2);
    let worker = Worker::new(
        rig.outbox.clone(),
        Arc::new(client(&rig.brevo.base_url, Duration::from_secs(5))),
        Arc::new(SystemClock),
    )
    .with_poll_interval(Duration::from_secs(3600));
    let running = start(worker);

    rig.wait_for_one_delivery().await;
    running.stop().await;
}

#[tokio::test]
async fn a_revoked_key_blocks_the_outbox_without_a_dead_letter_and_a_new_key_delivers_everything() {
    let rig = rig().await;
    for n in 0..3 {
        rig.store(&format!("v{n}@example.com"), T0).await;
    }
    let mut revoked = supplysite_mail_adapter::BrevoConfig::new(
        supplysite_mail_adapter::Secret::new("xkeysib-revoked"),
        supplysite_mail_adapter::MailAddress::parse("Web <web@example.com>").unwrap(),
        supplysite_mail_adapter::MailAddress::parse("Info <info@example.com>").unwrap(),
    );
    revoked.base_url = rig.brevo.base_url.clone();
    let refused = Worker::new(
        rig.outbox.clone(),
        Arc::new(supplysite_mail_adapter::BrevoClient::new(revoked).unwrap()),
        rig.clock.clone(),
    );
    // Far past the attempt limit: a refused key is never given up on.
    for _ in 0..12 {
        refused.drain().await.unwrap();
        rig.clock.advance(Duration::from_secs(3600));
    }
    let dead = JobFilter::in_state(JobState::Dead);
    assert_eq!(rig.outbox.jobs(dead).await.unwrap(), []);
    let blocked = rig.outbox.blocked().await.unwrap().expect("blocked");
    assert_eq!(blocked.since, T0);
    assert!(blocked.reason.contains("HTTP 401"), "{}", blocked.reason);
    assert_eq!(rig.brevo.total_emails(), 0);

    // Restarted with the account's key: every job is tried at once, without waiting out the
    // back-off.
    let running = start(rig.worker(RetryPolicy::default()));
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while rig.outbox.blocked().await.unwrap().is_some()
        || rig
            .outbox
            .jobs(JobFilter::in_state(JobState::Delivered))
            .await
            .unwrap()
            .len()
            < 6
    {
        assert!(tokio::time::Instant::now() < deadline, "not all delivered");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    running.stop().await;
    assert_eq!(rig.brevo.total_emails(), 3);
    // One refusal per drain while blocked (twelve, not twelve times six), then each job once.
    assert_eq!(rig.brevo.requests().len(), 12 + 6);
}

#[tokio::test]
async fn stopping_mid_batch_finishes_the_attempt_under_way_and_gives_the_rest_back() {
    let rig = rig().await;
    for email in ["a@example.com", "b@example.com"] {
        rig.store(email, T0).await;
    }
    // The first email is slow to be accepted: the worker is stopped while Brevo holds it.
    rig.brevo
        .script(EMAIL, Reply::Slow(Duration::from_millis(1500)));
    let running = start(rig.worker(RetryPolicy::default()));
    rig.brevo.wait_for(EMAIL, 1, PATIENCE).await.unwrap();
    running.stop().await;

    // The attempt under way was finished and recorded; nothing else was attempted.
    let delivered = rig
        .outbox
        .jobs(JobFilter::in_state(JobState::Delivered))
        .await
        .unwrap();
    assert_eq!(delivered.len(), 1);
    assert_eq!(rig.brevo.requests().len(), 1);
    // The three jobs claimed with it are due now, not when their lease runs out: another
    // server claiming at the same instant takes them.
    let taken = rig
        .outbox
        .claim(rig.clock.now(), 8, RetryPolicy::default().lease)
        .await
        .unwrap();
    assert_eq!(taken.len(), 3, "{taken:?}");
}
