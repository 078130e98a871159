//! Enquiries through a spawned server: the self-hosted robot check solved as the page would,
//! the enquiry delivered to a fake Brevo; and a server killed with SIGKILL while Brevo holds
//! its calls, whose successor delivers the stored enquiry, one email per idempotency key.

use crate::support::{PATIENCE, Server, form, serve, workdir};
use serde_json::{Value, json};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use supplysite_core::ports::{EnquiryOutbox, JobFilter, JobState};
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, KEY, Reply};
use supplysite_mail_adapter::selfhosted::solve;
use supplysite_mail_adapter::{Challenge, SqliteOutbox};

/// The outbox lease the servers run with: the shortest allowed, so the successor of a killed
/// server takes over its jobs soon.
const LEASE_SECONDS: u64 = 6;

/// The lease plus slack for a busy machine: the successor delivers within this (its worker
/// wakes when the lease runs out).
const AFTER_THE_LEASE: Duration = Duration::from_secs(LEASE_SECONDS + 30);

pub fn with_brevo(dir: &Path, brevo: &FakeBrevo) -> Command {
    let mut cmd = serve(dir);
    cmd.env("BREVO_API_KEY", KEY)
        .env("BREVO_API_BASE", &brevo.base_url)
        .env(
            "CONTACT_SENDER",
            "Supplysite Website <website@supplysite.test>",
        )
        .env("CONTACT_INBOX", "Supplysite <info@supplysite.test>")
        .env("SUPPLYSITE_OUTBOX_LEASE_SECONDS", LEASE_SECONDS.to_string());
    cmd
}

pub async fn solved_form(server: &Server, email: &str) -> Value {
    let (status, challenge) = server.get_json("/api/robot-challenge").await;
    assert_eq!(status, 200, "{challenge}");
    let challenge: Challenge = serde_json::from_value(challenge).unwrap();
    form(email, &solve(&challenge))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solved_enquiry_is_sent_to_brevo_and_the_server_stops_cleanly() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    let server = Server::start(with_brevo(dir.path(), &brevo)).await;

    let (status, page) = server.get("/contact-us").await;
    assert_eq!(status, 200);
    assert!(
        page.contains(
            r#""settings":{"robot":{"kind":"selfHosted"},"tracker":null,"contactWaitMs":5000,"leadCapture":true}"#
        ),
        "the page is told which robot check to show"
    );

    let form = solved_form(&server, "ada@example.com").await;
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!(status, 200, "{answer}\n{}", server.log());
    assert_eq!(answer, json!({"status": "sent"}));
    assert_eq!(brevo.requests_to(EMAIL).len(), 1);
    assert_eq!(brevo.requests_to(CONTACTS).len(), 1);
    assert_eq!(brevo.total_emails(), 1);
    assert_eq!(brevo.violations(), Vec::<String>::new());
    let email = &brevo.requests_to(EMAIL)[0].body;
    assert_eq!(email["replyTo"]["email"], "ada@example.com");
    assert_eq!(email["to"][0]["email"], "info@supplysite.test");

    let (status, log) = server.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");
    assert!(!log.contains(KEY), "the Brevo key is never logged");
    assert!(log.contains("Brevo at"), "{log}");
    assert!(log.contains(&format!("(lease {LEASE_SECONDS} s)")), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_while_brevo_holds_its_calls_is_succeeded_by_one_that_delivers_once() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    // The email goes out but its answer never comes; the contact call never answers.
    brevo.script(EMAIL, Reply::AcceptThenHang);
    brevo.script(CONTACTS, Reply::Hang);
    let mut cmd = with_brevo(dir.path(), &brevo);
    // The request waits on Brevo until the kill, rather than being answered "queued".
    cmd.env("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS", "10000");
    let first = Server::start(cmd).await;
    let form = solved_form(&first, "ada@example.com").await;
    let post = {
        let base = first.base.clone();
        tokio::spawn(async move {
            // Never answered: the server is killed while it waits on Brevo.
            reqwest::Client::new()
                .post(format!("{base}/api/contact"))
                .json(&form)
                .send()
                .await
        })
    };
    // Both calls reached Brevo, so the enquiry was stored (storing comes first).
    brevo.wait_for(EMAIL, 1, PATIENCE).await.unwrap();
    brevo.wait_for(CONTACTS, 1, PATIENCE).await.unwrap();
    let status = first.kill();
    assert_eq!(status.signal(), Some(9), "killed with SIGKILL");
    assert!(post.await.unwrap().is_err(), "the visitor got no answer");
    let key = brevo.requests_to(EMAIL)[0].body["headers"]["idempotencyKey"]
        .as_str()
        .unwrap()
        .to_owned();

    let outbox = SqliteOutbox::open(dir.path().join("outbox.sqlite3")).unwrap();
    let jobs = outbox.jobs(JobFilter::default()).await.unwrap();
    assert_eq!(jobs.len(), 2, "the enquiry and both its jobs were stored");
    assert!(
        jobs.iter().all(|j| j.state == JobState::Pending),
        "{jobs:#?}"
    );

    let second = Server::start(with_brevo(dir.path(), &brevo)).await;
    // The successor's worker wakes when the killed server's lease runs out and asks again.
    brevo.wait_for(EMAIL, 2, AFTER_THE_LEASE).await.unwrap();
    brevo.wait_for(CONTACTS, 2, AFTER_THE_LEASE).await.unwrap();
    // Then it records the outcomes.
    let deadline = Instant::now() + PATIENCE;
    loop {
        let jobs = outbox.jobs(JobFilter::default()).await.unwrap();
        if jobs.iter().all(|j| j.state == JobState::Delivered) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "not recorded as delivered: {jobs:#?}\n{}",
            second.log()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(
        brevo.emails_sent(&key),
        1,
        "one email for the enquiry's idempotency key"
    );
    assert_eq!(brevo.total_emails(), 1);
    let email_requests = brevo.requests_to(EMAIL);
    assert_eq!(email_requests.len(), 2, "the unanswered email was retried");
    assert!(
        email_requests
            .iter()
            .all(|r| r.body["headers"]["idempotencyKey"] == key.as_str()),
        "with the same key"
    );
    assert_eq!(brevo.violations(), Vec::<String>::new());
    let (status, log) = second.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");
}
