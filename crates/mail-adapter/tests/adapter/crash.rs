//! Crash safety: a process that stores enquiries is killed with SIGKILL while Brevo holds its
//! calls (one email accepted but never answered, one never accepted); a fresh outbox and
//! worker then deliver everything, and no email goes out twice for one enquiry.
//!
//! The child is this test binary run again with only `crash::child_stores_and_delivers`
//! selected and the fake's address in the environment.

use crate::brevo::client;
use crate::support::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, Reply};
use crate::support::form;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::enquiry::RetryPolicy;
use supplysite_core::ports::fakes::FakeRobotCheck;
use supplysite_core::ports::{Clock, EnquiryOutbox, JobFilter, JobState, UnixMillis};
use supplysite_mail_adapter::{
    Enquiries, EnquiryParts, RobotWidget, SqliteOutbox, SystemClock, Worker,
};

const CHILD: &str = "SUPPLYSITE_CRASH_CHILD";
const ENQUIRIES: usize = 3;

/// The real time moved on past any lease the killed process held.
struct AfterTheLease;

impl Clock for AfterTheLease {
    fn now(&self) -> UnixMillis {
        SystemClock
            .now()
            .after(RetryPolicy::default().lease + Duration::from_secs(1))
    }
}

#[tokio::test]
#[ignore = "run by crash::a_process_killed_mid_delivery_loses_nothing_and_sends_no_email_twice"]
async fn child_stores_and_delivers() {
    let Ok(spec) = std::env::var(CHILD) else {
        return;
    };
    let (outbox_path, brevo_url) = spec.split_once('|').expect("outbox|brevo");
    let enquiries = Enquiries::from_parts(EnquiryParts {
        outbox: Arc::new(SqliteOutbox::open(outbox_path).unwrap()),
        delivery: Arc::new(client(brevo_url, Duration::from_secs(3600))),
        robot: Arc::new(FakeRobotCheck::accept_all()),
        clock: Arc::new(SystemClock),
        self_hosted: None,
        widget: RobotWidget::SelfHosted,
        policy: RetryPolicy::default(),
    });
    let submits: Vec<_> = (0..ENQUIRIES)
        .map(|n| {
            let enquiries = enquiries.clone();
            tokio::spawn(async move {
                enquiries
                    .submit(form(&format!("visitor{n}@example.com")), "token", None)
                    .await
            })
        })
        .collect();
    for submit in submits {
        // Some of these never finish: the parent kills this process first.
        submit.await.unwrap().unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_killed_mid_delivery_loses_nothing_and_sends_no_email_twice() {
    let dir = tempfile::tempdir().unwrap();
    let outbox_path = dir.path().join("outbox.sqlite3");
    let brevo = FakeBrevo::start().await;
    brevo.script(EMAIL, Reply::AcceptThenHang);
    brevo.script(EMAIL, Reply::Hang);
    brevo.script(CONTACTS, Reply::Hang);

    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "crash::child_stores_and_delivers",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env(
            CHILD,
            format!("{}|{}", outbox_path.display(), brevo.base_url),
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Every call has reached Brevo, so every enquiry was stored (storing comes first).
    brevo.wait_for(EMAIL, ENQUIRIES).await;
    brevo.wait_for(CONTACTS, ENQUIRIES).await;
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(9), "killed with SIGKILL");
    let first_emails = brevo.requests_to(EMAIL);
    let accepted_but_unanswered = first_emails[0].body["headers"]["idempotencyKey"]
        .as_str()
        .unwrap()
        .to_owned();

    let outbox = Arc::new(SqliteOutbox::open(&outbox_path).unwrap());
    let jobs = outbox.jobs(JobFilter::default()).await.unwrap();
    assert_eq!(
        jobs.len(),
        2 * ENQUIRIES,
        "every enquiry and both its jobs were stored"
    );
    assert!(jobs.iter().any(|j| j.state == JobState::Pending));

    let worker = Worker::new(
        outbox.clone(),
        Arc::new(client(&brevo.base_url, Duration::from_secs(5))),
        Arc::new(AfterTheLease),
    );
    worker.drain().await.unwrap();

    let jobs = outbox.jobs(JobFilter::default()).await.unwrap();
    assert!(
        jobs.iter().all(|j| j.state == JobState::Delivered),
        "{jobs:#?}"
    );
    for job in &jobs {
        assert_eq!(
            brevo.emails_sent(job.enquiry_id.as_str()),
            1,
            "one email for {}",
            job.enquiry_id
        );
    }
    assert_eq!(brevo.total_emails(), ENQUIRIES as u32);
    let again = brevo
        .requests_to(EMAIL)
        .iter()
        .filter(|r| r.body["headers"]["idempotencyKey"] == accepted_but_unanswered.as_str())
        .count();
    assert_eq!(
        again, 2,
        "the accepted but unanswered email was retried with the same key"
    );
    assert_eq!(brevo.violations(), Vec::<String>::new());
}
