//! Enquiries through a spawned server while Brevo is slow or refuses our key, visitors resend,
//! other sites post at us and robots replay: the visitor is always answered rightly, each
//! enquiry is emailed once, and nothing is lost.

use crate::enquiries::{solved_form, with_brevo};
use crate::support::form as filled_in;
use crate::support::{PATIENCE, Server, workdir};
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, Instant};
use supplysite_core::ports::{EnquiryOutbox, JobFilter, JobState};
use supplysite_mail_adapter::SqliteOutbox;
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, Reply};

const ROBOT_SECRET: &str = "a-robot-secret-for-the-tests-of-32-bytes-or-more";

/// Waits until every job in the outbox at `dir` is delivered.
async fn all_delivered(dir: &Path, jobs: usize) {
    let outbox = SqliteOutbox::open(dir.join("outbox.sqlite3")).unwrap();
    let deadline = Instant::now() + PATIENCE;
    loop {
        let found = outbox.jobs(JobFilter::default()).await.unwrap();
        if found.len() == jobs && found.iter().all(|j| j.state == JobState::Delivered) {
            return;
        }
        assert!(Instant::now() < deadline, "not all delivered: {found:#?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn with_id(mut form: Value, id: &str) -> Value {
    form["submissionId"] = id.into();
    form
}

/// The default answer budget: the most an enquiry's request takes, whatever hangs behind it.
const ANSWER_BUDGET: Duration = Duration::from_millis(4500);
/// What a busy machine may add to the budget on the way in and out; the page waits 500 ms more.
const SLACK: Duration = Duration::from_millis(400);

/// A reCAPTCHA siteverify that takes `delay` to pass any token (for the site at 127.0.0.1, as
/// the servers here are told their public URL is), or never answers when `delay` is `None`.
async fn slow_siteverify(delay: Option<Duration>) -> String {
    let app = axum::Router::new().route(
        "/recaptcha/api/siteverify",
        axum::routing::post(move || async move {
            match delay {
                Some(delay) => tokio::time::sleep(delay).await,
                None => std::future::pending::<()>().await,
            }
            axum::Json(json!({"success": true, "hostname": "127.0.0.1"}))
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!(
        "http://{}/recaptcha/api/siteverify",
        listener.local_addr().unwrap()
    );
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

/// [`with_brevo`] with reCAPTCHA as the robot check, verified at `verify_url`.
fn with_recaptcha(dir: &Path, brevo: &FakeBrevo, verify_url: &str) -> std::process::Command {
    let mut cmd = with_brevo(dir, brevo);
    cmd.env("RECAPTCHA_SITE_KEY", "site-key-for-the-page")
        .env("RECAPTCHA_SECRET", "recaptcha-secret-for-the-server")
        .env("RECAPTCHA_VERIFY_URL", verify_url);
    cmd
}

/// The most a visitor waits for the answer to an enquiry that was stored while Brevo hangs:
/// the wait for delivery (2 s) and the way in and out, not the rest of the answer budget.
const STORED_ANSWER: Duration = Duration::from_secs(3);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_brevo_slow_the_visitor_is_answered_queued_within_3_s_and_emailed_once() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    // Longer than the answer budget (4.5 s), shorter than the Brevo call's timeout (5 s).
    brevo.script(EMAIL, Reply::Slow(Duration::from_millis(4800)));
    brevo.script(CONTACTS, Reply::Slow(Duration::from_millis(4800)));
    let server = Server::start(with_brevo(dir.path(), &brevo)).await;
    let form = solved_form(&server, "ada@example.com").await;

    let started = Instant::now();
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    let took = started.elapsed();
    assert_eq!((status, answer), (200, json!({"status": "queued"})));
    assert!(took < STORED_ANSWER, "answered after {took:?}");

    // The attempt goes on after the answer and records Brevo's acceptance.
    all_delivered(dir.path(), 2).await;
    assert_eq!(brevo.requests_to(EMAIL).len(), 1);
    assert_eq!(brevo.total_emails(), 1);
    server.terminate().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_brevo_hanging_a_stored_enquiry_is_answered_queued_within_3_s_and_kept() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    brevo.script(EMAIL, Reply::Hang);
    brevo.script(CONTACTS, Reply::Hang);
    let server = Server::start(with_brevo(dir.path(), &brevo)).await;
    let form = solved_form(&server, "ada@example.com").await;

    let started = Instant::now();
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    let took = started.elapsed();
    // Truthful: stored, not sent; the page thanks the visitor for an enquiry that is kept.
    assert_eq!(
        (status, answer),
        (200, json!({"status": "queued"})),
        "{}",
        server.log()
    );
    assert!(took < STORED_ANSWER, "answered after {took:?}");
    // Not answered before the wait for delivery was over: Brevo was given its 2 s.
    assert!(
        took >= Duration::from_secs(2) - SLACK,
        "answered after {took:?}"
    );
    let outbox = SqliteOutbox::open(dir.path().join("outbox.sqlite3")).unwrap();
    let jobs = outbox.jobs(JobFilter::default()).await.unwrap();
    assert_eq!(jobs.len(), 2, "{jobs:#?}");
    assert!(
        jobs.iter().all(|j| j.state != JobState::Delivered),
        "{jobs:#?}"
    );
    // The whole log once the server has exited: a line written just before the answer may
    // not have been read from its output yet.
    let (_, log) = server.terminate().await;
    assert!(
        log.contains("still delivering after the wait for delivery"),
        "{log}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_recaptcha_and_brevo_both_slow_the_answer_still_comes_within_the_one_budget() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    brevo.script(EMAIL, Reply::Slow(Duration::from_millis(4800)));
    brevo.script(CONTACTS, Reply::Slow(Duration::from_millis(4800)));
    // reCAPTCHA passes the token after 3 s: within the robot check's 4 s, and with the 2 s
    // delivery wait of old the answer would have come after 5 s, when the page had given up.
    let siteverify = slow_siteverify(Some(Duration::from_secs(3))).await;
    let server = Server::start(with_recaptcha(dir.path(), &brevo, &siteverify)).await;
    let (status, page) = server.get("/contact-us").await;
    assert_eq!(status, 200);
    assert!(
        page.contains(r#""contactWaitMs":5000"#),
        "the page is told to wait the budget and 500 ms"
    );

    let form = with_id(
        filled_in("ada@example.com", "03AFcWeA-a-token-the-widget-gave"),
        "9b2f7c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b",
    );
    let started = Instant::now();
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    let took = started.elapsed();
    assert_eq!(
        (status, answer),
        (200, json!({"status": "queued"})),
        "{}",
        server.log()
    );
    assert!(took < ANSWER_BUDGET + SLACK, "answered after {took:?}");
    // The wait for delivery ran to the end of the one budget, not a budget of its own after
    // the robot check.
    assert!(took >= ANSWER_BUDGET - SLACK, "answered after {took:?}");

    // Sent again with the same submission id (the page got no answer): the first answer, at
    // once, and still one enquiry.
    let started = Instant::now();
    let again = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!(again, (200, json!({"status": "queued"})));
    assert!(started.elapsed() < Duration::from_secs(1));
    all_delivered(dir.path(), 2).await;
    assert_eq!(brevo.total_emails(), 1);
    server.terminate().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_robot_check_that_never_answers_is_given_up_leaving_time_to_store_and_nothing_is_kept() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    let siteverify = slow_siteverify(None).await;
    let mut cmd = with_recaptcha(dir.path(), &brevo, &siteverify);
    cmd.env("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS", "2000");
    let server = Server::start(cmd).await;
    let (_, page) = server.get("/contact-us").await;
    assert!(page.contains(r#""contactWaitMs":2500"#));

    let form = filled_in("ada@example.com", "03AFcWeA-a-token-google-never-rules-on");
    let started = Instant::now();
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    let took = started.elapsed();
    assert_eq!(status, 503, "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("robot check could not be verified"),
        "{answer}"
    );
    // The robot check has the budget less the 500 ms kept for storing.
    assert!(
        took >= Duration::from_millis(1500) - SLACK,
        "gave up after {took:?}"
    );
    assert!(
        took < Duration::from_millis(1500) + SLACK,
        "gave up after {took:?}"
    );
    let outbox = SqliteOutbox::open(dir.path().join("outbox.sqlite3")).unwrap();
    assert!(outbox.jobs(JobFilter::default()).await.unwrap().is_empty());
    assert!(brevo.requests().is_empty());
    server.terminate().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resubmission_by_id_and_an_identical_form_make_one_enquiry_and_one_email() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    let server = Server::start(with_brevo(dir.path(), &brevo)).await;
    let form = with_id(
        solved_form(&server, "ada@example.com").await,
        "5f0c2a8e-1d1b-4f6e-9a8c-2b7d3e4f5a6b",
    );
    let first = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!(first, (200, json!({"status": "sent"})));
    // A lost answer: the same request again, its robot token already spent.
    let again = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!(again, first);
    // The visitor reloads and sends the same words again with a fresh form.
    let identical = with_id(
        solved_form(&server, "ADA@example.com").await,
        "0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b",
    );
    let folded = server.post_json("/api/contact", &identical).await.unwrap();
    assert_eq!(folded.0, 200, "{folded:?}");

    let emails = brevo.requests_to(EMAIL);
    assert_eq!(emails.len(), 1);
    assert_eq!(brevo.total_emails(), 1);
    assert!(emails[0].idempotency_key().is_some());
    assert_eq!(brevo.requests_to(CONTACTS).len(), 1);
    let outbox = SqliteOutbox::open(dir.path().join("outbox.sqlite3")).unwrap();
    assert_eq!(outbox.jobs(JobFilter::default()).await.unwrap().len(), 2);
    server.terminate().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cross_site_text_plain_posts_and_garbage_spend_no_allowance() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    let mut cmd = with_brevo(dir.path(), &brevo);
    cmd.env("SUPPLYSITE_CONTACT_RATE_PER_MINUTE", "1");
    let server = Server::start(cmd).await;
    // What any page can make a visitor's browser send without a preflight.
    for _ in 0..5 {
        let (status, _) = server
            .post_raw(
                "/api/contact",
                &[("content-type", "text/plain".into())],
                b"{\"email\":\"x@example.com\"}",
            )
            .await;
        assert_eq!(status, 415);
    }
    let (status, _) = server
        .post_raw(
            "/api/contact",
            &[("content-type", "application/json".into())],
            b"{not json",
        )
        .await;
    assert_eq!(status, 400);

    let form = solved_form(&server, "ada@example.com").await;
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!((status, answer), (200, json!({"status": "sent"})));
    // The one real submission did spend it.
    let mut second = solved_form(&server, "grace@example.com").await;
    second["message"] = "Another question.".into();
    let (status, answer) = server.post_json("/api/contact", &second).await.unwrap();
    assert_eq!(status, 429, "{answer}");
    server.terminate().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_replayed_after_a_restart_is_refused() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    let start = || {
        let mut cmd = with_brevo(dir.path(), &brevo);
        cmd.env("SUPPLYSITE_ROBOT_SECRET", ROBOT_SECRET);
        Server::start(cmd)
    };
    let first = start().await;
    let form = solved_form(&first, "ada@example.com").await;
    assert_eq!(first.post_json("/api/contact", &form).await.unwrap().0, 200);
    first.terminate().await;

    let second = start().await;
    let mut replay = form.clone();
    replay["message"] = "Buy cheap watches".into();
    replay["email"] = "robot@example.com".into();
    let (status, answer) = second.post_json("/api/contact", &replay).await.unwrap();
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        answer["errors"]["robot"],
        "Please select 'I'm not a robot' checkbox."
    );
    assert_eq!(brevo.total_emails(), 1);
    second.terminate().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn braces_never_reach_the_body_brevo_receives() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    let server = Server::start(with_brevo(dir.path(), &brevo)).await;
    let mut form = solved_form(&server, "ada@example.com").await;
    form["firstname"] = "{{ contact.FIRSTNAME }}".into();
    form["orgName"] = "{% if true %}Engines{% endif %}".into();
    form["message"] = "Price {{ params.price }} and }}{{ more".into();
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!((status, answer), (200, json!({"status": "sent"})));
    assert_eq!(brevo.violations(), Vec::<String>::new());
    let email = &brevo.requests_to(EMAIL)[0].body;
    for field in ["subject", "htmlContent"] {
        let text = email[field].as_str().unwrap();
        assert!(!text.contains(['{', '}']), "{field}: {text}");
    }
    server.terminate().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_key_holds_every_enquiry_and_a_good_key_delivers_them_all() {
    let dir = workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    let mut revoked = with_brevo(dir.path(), &brevo);
    revoked.env("BREVO_API_KEY", "xkeysib-revoked-key");
    let server = Server::start(revoked).await;
    for email in ["ada@example.com", "grace@example.com"] {
        let form = solved_form(&server, email).await;
        let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
        assert_eq!((status, answer), (200, json!({"status": "queued"})));
    }
    // `/readyz` asks the outbox at most once a second: it may still say what it read before.
    let deadline = Instant::now() + Duration::from_secs(10);
    let ready = loop {
        let (_, ready) = server.get_json("/readyz").await;
        if ready["deliveries"]["status"] == "blocked" {
            break ready;
        }
        assert!(Instant::now() < deadline, "{ready}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let outbox = SqliteOutbox::open(dir.path().join("outbox.sqlite3")).unwrap();
    let dead = JobFilter::in_state(JobState::Dead);
    assert_eq!(outbox.jobs(dead).await.unwrap(), []);
    // Brevo's refusal is the operator's to read (the outbox and the log), never the public's:
    // `/readyz` says deliveries are held and since when, not what the provider answered.
    let blocked = outbox
        .blocked()
        .await
        .unwrap()
        .expect("deliveries are held");
    assert!(blocked.reason.contains("HTTP 401"), "{}", blocked.reason);
    let (_, public) = server.get("/readyz").await;
    assert!(ready["deliveries"].get("reason").is_none(), "{ready}");
    assert!(ready["deliveries"]["since"].as_i64().is_some(), "{ready}");
    assert!(!public.contains("401"), "{public}");
    assert!(!public.to_ascii_lowercase().contains("brevo"), "{public}");
    let provider_text = blocked.reason.split(": ").last().unwrap();
    assert!(!public.contains(provider_text), "{public}");
    assert!(
        server.log().contains("HTTP 401"),
        "the log keeps the refusal"
    );
    server.terminate().await;
    assert_eq!(brevo.total_emails(), 0);

    let fixed = Server::start(with_brevo(dir.path(), &brevo)).await;
    all_delivered(dir.path(), 4).await;
    assert_eq!(brevo.total_emails(), 2);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, ready) = fixed.get_json("/readyz").await;
        if ready["deliveries"]["status"] == "flowing" {
            break;
        }
        assert!(Instant::now() < deadline, "{ready}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    fixed.terminate().await;
}
