//! Enquiries through a spawned server: the self-hosted robot check solved as the page would,
//! the enquiry delivered to a fake Brevo; and a server killed with SIGKILL while Brevo holds
//! its calls, whose successor delivers the stored enquiry, one email per idempotency key.

use crate::support::{PATIENCE, Server, form, serve, with_fake_brevo, workdir};
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
    with_fake_brevo(&mut cmd, brevo)
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

/// `supplysite outbox backup` while a server holds enquiries it could not deliver yet (Brevo
/// takes their calls and never answers); the server then dies, and a server started on the
/// copy in another folder delivers each of them once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_enquiries_wait_restores_into_a_server_that_delivers_each_once() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    for _ in 0..2 {
        brevo.script(EMAIL, Reply::Hang);
        brevo.script(CONTACTS, Reply::Hang);
    }
    let first = Server::start(with_brevo(dir.path(), &brevo)).await;
    // Both at once, so that both deliveries are under way (Brevo's calls time out after 5 s,
    // then a job waits for its back-off) when the copy is taken.
    let mut posts = Vec::new();
    for email in ["ada@example.com", "grace@example.com"] {
        let form = solved_form(&first, email).await;
        let url = format!("{}/api/contact", first.base);
        posts.push(tokio::spawn(async move {
            reqwest::Client::new().post(url).json(&form).send().await
        }));
    }
    // The server is in the middle of every delivery.
    brevo.wait_for(EMAIL, 2, PATIENCE).await.unwrap();
    brevo.wait_for(CONTACTS, 2, PATIENCE).await.unwrap();

    let copy = dir.path().join("backup/outbox-copy.sqlite3");
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    let backup = crate::support::supplysite(dir.path())
        .args(["outbox", "backup"])
        .arg(&copy)
        .env("SUPPLYSITE_OUTBOX", dir.path().join("outbox.sqlite3"))
        .output()
        .unwrap();
    assert!(
        backup.status.success(),
        "{}",
        String::from_utf8_lossy(&backup.stderr)
    );
    first.kill();
    for post in posts {
        // Answered "received" within the answer budget, or cut off by the kill.
        let _ = post.await.unwrap();
    }
    // A second backup to the same file is refused; the copy stays.
    let again = crate::support::supplysite(dir.path())
        .args(["outbox", "backup"])
        .arg(&copy)
        .env("SUPPLYSITE_OUTBOX", dir.path().join("outbox.sqlite3"))
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("exists already"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );

    let restored = SqliteOutbox::open(&copy).unwrap();
    let jobs = restored.jobs(JobFilter::default()).await.unwrap();
    assert_eq!(jobs.len(), 4, "two enquiries of two jobs each: {jobs:#?}");
    assert!(
        jobs.iter().all(|j| j.state == JobState::Pending),
        "{jobs:#?}"
    );
    let ids: std::collections::BTreeSet<String> =
        jobs.iter().map(|j| j.enquiry_id.to_string()).collect();
    assert_eq!(ids.len(), 2);

    // Brevo answers again; a server elsewhere runs on the copy.
    brevo.reset();
    let elsewhere = workdir();
    let mut cmd = with_brevo(elsewhere.path(), &brevo);
    cmd.env("SUPPLYSITE_OUTBOX", &copy);
    let second = Server::start(cmd).await;
    // After the dead server's lease; on a machine so slow that a call timed out before the
    // copy, after that job's first back-off (at most a minute) too.
    let deadline = Instant::now() + AFTER_THE_LEASE + Duration::from_secs(60);
    loop {
        let jobs = restored.jobs(JobFilter::default()).await.unwrap();
        if jobs.iter().all(|j| j.state == JobState::Delivered) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "not delivered from the copy: {jobs:#?}\n{}",
            second.log()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for id in &ids {
        assert_eq!(brevo.emails_sent(id), 1, "one email for {id}");
    }
    assert_eq!(brevo.total_emails(), 2);
    assert_eq!(brevo.requests_to(CONTACTS).len(), 2);
    assert_eq!(brevo.violations(), Vec::<String>::new());
    let (status, log) = second.terminate().await;
    assert!(status.success(), "{status:?}\n{log}");
}
