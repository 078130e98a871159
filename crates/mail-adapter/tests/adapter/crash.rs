//! Crash safety at the three moments the issue names: a process taking enquiries is killed
//! with SIGKILL (1) after the enquiries are stored and before any Brevo call, (2) during the
//! Brevo calls, (3) after Brevo accepted them and before the jobs are marked done. Each time a
//! fresh outbox and worker (the restarted server) then deliver every enquiry, and no
//! idempotency key gets more than one email.
//!
//! The child is this test binary run again with only `crash::child_takes_enquiries` selected
//! and its crash point in the environment. It says on stdout when it is held at the point
//! (`held …`), so the parent kills it exactly there, without guessing at timings.

use crate::brevo::client;
use crate::support::{PATIENCE, form};
use async_trait::async_trait;
use std::io::{BufRead, BufReader};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::contact::{Enquiry, EnquiryId};
use supplysite_core::enquiry::{Enquiries, EnquiryParts, RetryPolicy};
use supplysite_core::ports::fakes::FakeRobotCheck;
use supplysite_core::ports::{
    Attempt, Blocked, Clock, DeliveryError, EnquiryDelivery, EnquiryOutbox, EnquiryStatus, Job,
    JobFilter, JobKind, JobState, OutboxError, StoredEnquiry, UnixMillis,
};
use supplysite_core::view::RobotWidget;
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, Reply};
use supplysite_mail_adapter::{DrainReport, SqliteOutbox, SystemClock, Worker};

/// `point|outbox path|Brevo base URL`, for the child.
const CHILD: &str = "SUPPLYSITE_CRASH_CHILD";
const ENQUIRIES: usize = 3;

/// The killed process's lease: far longer than the test, so the restarted worker must wait it
/// out (here, by a clock moved past it) rather than race the killed process.
const LEASE: Duration = Duration::from_secs(600);

/// Where the child is killed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Point {
    /// Stored and claimed; the delivery is about to call Brevo.
    Stored,
    /// Brevo has the calls and does not answer (one email is accepted all the same).
    DuringCall,
    /// Brevo accepted and answered; the outcome is about to be recorded.
    Accepted,
}

impl Point {
    fn name(self) -> &'static str {
        match self {
            Point::Stored => "stored",
            Point::DuringCall => "during-call",
            Point::Accepted => "accepted",
        }
    }

    fn parse(name: &str) -> Point {
        [Point::Stored, Point::DuringCall, Point::Accepted]
            .into_iter()
            .find(|p| p.name() == name)
            .unwrap_or_else(|| panic!("unknown crash point {name:?}"))
    }
}

/// Says on stdout that the child is held, then never finishes.
async fn hold<T>(what: String) -> T {
    println!("held {what}");
    std::future::pending().await
}

/// A delivery that stops before it calls Brevo.
struct HeldBeforeBrevo;

#[async_trait]
impl EnquiryDelivery for HeldBeforeBrevo {
    async fn notify_inbox(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        hold(format!("before the email of {}", enquiry.id)).await
    }

    async fn upsert_contact(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        hold(format!("before the contact of {}", enquiry.id)).await
    }
}

/// The SQLite outbox, except that recording an attempt's outcome never happens.
struct HeldBeforeRecord(SqliteOutbox);

#[async_trait]
impl EnquiryOutbox for HeldBeforeRecord {
    async fn store(&self, e: &Enquiry, at: UnixMillis) -> Result<EnquiryId, OutboxError> {
        self.0.store(e, at).await
    }

    async fn jobs(&self, filter: JobFilter) -> Result<Vec<Job>, OutboxError> {
        self.0.jobs(filter).await
    }

    async fn inspect(&self, id: &EnquiryId) -> Result<EnquiryStatus, OutboxError> {
        self.0.inspect(id).await
    }

    async fn claim(
        &self,
        now: UnixMillis,
        limit: usize,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
        self.0.claim(now, limit, lease).await
    }

    async fn claim_enquiry(
        &self,
        id: &EnquiryId,
        now: UnixMillis,
        lease: Duration,
    ) -> Result<Vec<(Job, StoredEnquiry)>, OutboxError> {
        self.0.claim_enquiry(id, now, lease).await
    }

    async fn record(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        attempt: Attempt,
        _now: UnixMillis,
    ) -> Result<Job, OutboxError> {
        assert_eq!(attempt, Attempt::Delivered, "Brevo accepted {kind} of {id}");
        hold(format!("before recording {kind} of {id}")).await
    }

    async fn release(
        &self,
        id: &EnquiryId,
        kind: JobKind,
        leased_until: UnixMillis,
        now: UnixMillis,
    ) -> Result<bool, OutboxError> {
        self.0.release(id, kind, leased_until, now).await
    }

    async fn requeue(&self, id: &EnquiryId, now: UnixMillis) -> Result<Vec<Job>, OutboxError> {
        self.0.requeue(id, now).await
    }

    async fn blocked(&self) -> Result<Option<Blocked>, OutboxError> {
        self.0.blocked().await
    }

    async fn retry_blocked(&self, now: UnixMillis) -> Result<usize, OutboxError> {
        self.0.retry_blocked(now).await
    }

    async fn purge_delivered(&self, before: UnixMillis) -> Result<usize, OutboxError> {
        self.0.purge_delivered(before).await
    }
}

/// The real time moved on past the killed process's lease.
struct AfterTheLease;

impl Clock for AfterTheLease {
    fn now(&self) -> UnixMillis {
        SystemClock.now().after(LEASE + Duration::from_secs(1))
    }
}

#[tokio::test]
#[ignore = "the child process of the crash tests, run by them"]
async fn child_takes_enquiries() {
    let Ok(spec) = std::env::var(CHILD) else {
        return;
    };
    let mut parts = spec.splitn(3, '|');
    let (point, outbox_path, brevo_url) = (
        Point::parse(parts.next().unwrap()),
        parts.next().expect("outbox path"),
        parts.next().expect("Brevo URL"),
    );
    let sqlite = SqliteOutbox::open(outbox_path).unwrap();
    let outbox: Arc<dyn EnquiryOutbox> = match point {
        Point::Accepted => Arc::new(HeldBeforeRecord(sqlite)),
        Point::Stored | Point::DuringCall => Arc::new(sqlite),
    };
    let delivery: Arc<dyn EnquiryDelivery> = match point {
        Point::Stored => Arc::new(HeldBeforeBrevo),
        // Far longer than the test: only the kill ends a call Brevo holds.
        Point::DuringCall | Point::Accepted => {
            Arc::new(client(brevo_url, Duration::from_secs(3600)))
        }
    };
    let enquiries = Enquiries::from_parts(EnquiryParts {
        outbox,
        delivery,
        robot: Arc::new(FakeRobotCheck::accept_all()),
        clock: Arc::new(SystemClock),
        runtime: Arc::new(supplysite_mail_adapter::TokioRuntime),
        wakeup: Arc::new(supplysite_core::ports::fakes::FakeWakeup::new()),
        challenges: None,
        widget: RobotWidget::SelfHosted,
        policy: RetryPolicy {
            lease: LEASE,
            ..RetryPolicy::default()
        },
        // The requests wait for their deliveries until the kill.
        answer_budget: Duration::from_secs(3600),
        robot_budget: supplysite_mail_adapter::DEFAULT_ROBOT_BUDGET,
    });
    let submits: Vec<_> = (0..ENQUIRIES)
        .map(|n| {
            let enquiries = enquiries.clone();
            tokio::spawn(async move {
                enquiries
                    .submit(
                        form(&format!("visitor{n}@example.com")),
                        "token",
                        None,
                        None,
                    )
                    .await
            })
        })
        .collect();
    for submit in submits {
        // None of these finish: the parent kills this process first.
        submit.await.unwrap().unwrap();
    }
}

/// The child process, killed when a test fails before killing it itself.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Runs the child to `point`, waits until it is held there `holds` times (and `brevo_calls`
/// requests have reached Brevo), and kills it with SIGKILL.
async fn kill_at(point: Point, outbox: &Path, brevo: &FakeBrevo, holds: usize, brevo_calls: usize) {
    let mut child = Killed(
        Command::new(std::env::current_exe().unwrap())
            .args([
                "crash::child_takes_enquiries",
                "--exact",
                "--ignored",
                "--nocapture",
            ])
            .env(
                CHILD,
                format!("{}|{}|{}", point.name(), outbox.display(), brevo.base_url),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    // Read to the end, so the child never writes into a closed pipe.
    let stdout = child.0.stdout.take().unwrap();
    let (held_tx, held_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if line.starts_with("held ") {
                let _ = held_tx.send(line);
            }
        }
    });
    let waited = tokio::task::spawn_blocking(move || {
        (0..holds).try_for_each(|_| held_rx.recv_timeout(PATIENCE).map(drop))
    });
    waited
        .await
        .unwrap()
        .unwrap_or_else(|e| panic!("the child was not held {holds} times at {point:?}: {e}"));
    for path in [EMAIL, CONTACTS] {
        brevo.wait_for(path, brevo_calls, PATIENCE).await.unwrap();
    }
    child.0.kill().unwrap();
    let status = child.0.wait().unwrap();
    assert_eq!(status.signal(), Some(9), "killed with SIGKILL");
}

/// What the restarted process finds and does: every enquiry stored with both jobs pending and
/// still held by the dead process's lease; once it has run out, every job delivered, one email
/// per idempotency key. Returns the idempotency keys.
async fn restart_delivers_everything_once(outbox_path: &Path, brevo: &FakeBrevo) -> Vec<String> {
    let outbox = Arc::new(SqliteOutbox::open(outbox_path).unwrap());
    let jobs = outbox.jobs(JobFilter::default()).await.unwrap();
    assert_eq!(
        jobs.len(),
        2 * ENQUIRIES,
        "every enquiry and both its jobs were stored"
    );
    assert!(
        jobs.iter().all(|j| j.state == JobState::Pending),
        "{jobs:#?}"
    );

    let delivery = Arc::new(client(&brevo.base_url, Duration::from_secs(5)));
    let now = Worker::new(outbox.clone(), delivery.clone(), Arc::new(SystemClock));
    assert_eq!(
        now.drain().await.unwrap(),
        DrainReport::default(),
        "the killed process's lease still holds"
    );
    let later = Worker::new(outbox.clone(), delivery, Arc::new(AfterTheLease));
    assert_eq!(later.drain().await.unwrap().delivered, 2 * ENQUIRIES);

    let jobs = outbox.jobs(JobFilter::default()).await.unwrap();
    assert!(
        jobs.iter().all(|j| j.state == JobState::Delivered),
        "{jobs:#?}"
    );
    let mut keys: Vec<String> = jobs
        .iter()
        .map(|j| j.enquiry_id.as_str().to_owned())
        .collect();
    keys.dedup();
    assert_eq!(keys.len(), ENQUIRIES);
    for key in &keys {
        assert_eq!(brevo.emails_sent(key), 1, "one email for {key}");
    }
    assert_eq!(brevo.total_emails(), ENQUIRIES as u32);
    assert_eq!(brevo.violations(), Vec::<String>::new());
    keys
}

/// The email requests Brevo received for `key`.
fn email_requests(brevo: &FakeBrevo, key: &str) -> usize {
    brevo
        .requests_to(EMAIL)
        .iter()
        .filter(|r| r.idempotency_key() == Some(key))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_after_storing_before_any_brevo_call_every_enquiry_is_delivered_once() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = dir.path().join("outbox.sqlite3");
    let brevo = FakeBrevo::start().await.unwrap();
    kill_at(Point::Stored, &outbox, &brevo, 2 * ENQUIRIES, 0).await;
    assert!(brevo.requests().is_empty(), "nothing reached Brevo");

    for key in restart_delivers_everything_once(&outbox, &brevo).await {
        assert_eq!(email_requests(&brevo, &key), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_while_brevo_holds_the_calls_every_enquiry_is_delivered_once() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = dir.path().join("outbox.sqlite3");
    let brevo = FakeBrevo::start().await.unwrap();
    // One email goes out but is never answered; the other calls are never answered at all.
    brevo.script(EMAIL, Reply::AcceptThenHang);
    for _ in 1..ENQUIRIES {
        brevo.script(EMAIL, Reply::Hang);
    }
    for _ in 0..ENQUIRIES {
        brevo.script(CONTACTS, Reply::Hang);
    }
    kill_at(Point::DuringCall, &outbox, &brevo, 0, ENQUIRIES).await;
    assert_eq!(
        brevo.total_emails(),
        1,
        "one email went out before the kill"
    );

    for key in restart_delivers_everything_once(&outbox, &brevo).await {
        assert_eq!(email_requests(&brevo, &key), 2, "{key} was asked for twice");
    }
    assert_eq!(brevo.requests_to(CONTACTS).len(), 2 * ENQUIRIES);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_after_brevo_accepted_before_marking_done_no_email_goes_out_twice() {
    let dir = tempfile::tempdir().unwrap();
    let outbox = dir.path().join("outbox.sqlite3");
    let brevo = FakeBrevo::start().await.unwrap();
    kill_at(Point::Accepted, &outbox, &brevo, 2 * ENQUIRIES, ENQUIRIES).await;
    assert_eq!(
        brevo.total_emails(),
        ENQUIRIES as u32,
        "every email went out before the kill"
    );

    for key in restart_delivers_everything_once(&outbox, &brevo).await {
        assert_eq!(
            email_requests(&brevo, &key),
            2,
            "{key} was sent again with the same key, and Brevo sent it once"
        );
    }
}
