//! `supplysite outbox` end to end: the built binary against a real outbox file.

use std::path::Path;
use std::process::{Command, Output};
use supplysite_core::contact::EnquiryId;
use supplysite_core::ports::{Attempt, Clock, EnquiryOutbox, JobFilter, JobKind, JobState};
use supplysite_mail_adapter::{SqliteOutbox, SystemClock};
use supplysite_testkit::enquiry;

fn outbox(args: &[&str], path: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .arg("outbox")
        .args(args)
        .env("SUPPLYSITE_OUTBOX", path)
        // Empty, as `.env.example` has it: the file is used.
        .env("SUPPLYSITE_DATABASE_URL", "")
        .output()
        .expect("the supplysite binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// An outbox with one enquiry delivered in full and one whose contact job is dead.
fn seeded(path: &Path) -> (EnquiryId, EnquiryId) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let outbox = SqliteOutbox::open(path).unwrap();
        let now = SystemClock.now();
        let done = outbox.store(&enquiry("a@example.com"), now).await.unwrap();
        let dead = outbox.store(&enquiry("b@example.com"), now).await.unwrap();
        for kind in JobKind::ALL {
            outbox
                .record(&done, kind, Attempt::Delivered, now)
                .await
                .unwrap();
        }
        outbox
            .record(&dead, JobKind::NotifyInbox, Attempt::Delivered, now)
            .await
            .unwrap();
        let refused = Attempt::GiveUp {
            reason: "brevo contact upsert: HTTP 401 unauthorized".into(),
        };
        outbox
            .record(&dead, JobKind::UpsertContact, refused, now)
            .await
            .unwrap();
        (done, dead)
    })
}

fn states(path: &Path) -> Vec<(JobKind, JobState)> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let jobs = SqliteOutbox::open(path)
            .unwrap()
            .jobs(JobFilter::default())
            .await
            .unwrap();
        jobs.into_iter().map(|j| (j.kind, j.state)).collect()
    })
}

#[test]
fn list_shows_a_table_filtered_by_state() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite3");
    let (_, dead) = seeded(&path);
    let out = outbox(&["list", "--state", "dead"], &path);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("ENQUIRY") && lines[0].contains("LAST ERROR"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with(dead.as_str()), "{}", lines[1]);
    assert!(
        lines[1].contains("upsert-contact")
            && lines[1].contains("dead")
            && lines[1].ends_with("HTTP 401 unauthorized")
    );
    assert_eq!(text(&outbox(&["list"], &path).stdout).lines().count(), 5);
}

#[test]
fn list_as_json_is_the_jobs_as_the_port_serialises_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite3");
    let (done, _) = seeded(&path);
    let out = outbox(
        &[
            "--outbox",
            path.to_str().unwrap(),
            "list",
            "--format",
            "json",
            "--state",
            "delivered",
        ],
        Path::new("/nonexistent"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let jobs: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let jobs = jobs.as_array().unwrap();
    assert_eq!(jobs.len(), 3);
    assert_eq!(jobs[0]["enquiryId"], done.as_str());
    assert_eq!(jobs[0]["kind"], "notify-inbox");
    assert_eq!(jobs[0]["state"], "delivered");
    assert!(jobs[0]["finishedAt"].is_i64());
}

#[test]
fn retry_requeues_the_dead_jobs_of_one_enquiry_or_of_all() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite3");
    let (_, dead) = seeded(&path);
    let out = outbox(&["retry", dead.as_str()], &path);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("requeued 1 dead job of 1 enquiry"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(
        states(&path)[3],
        (JobKind::UpsertContact, JobState::Pending)
    );

    let out = outbox(&["retry", "--all-dead"], &path);
    assert!(
        text(&out.stdout).starts_with("requeued 0 dead jobs of 0 enquiries"),
        "{}",
        text(&out.stdout)
    );

    let out = outbox(&["retry", "no-such-enquiry"], &path);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "supplysite: no enquiry no-such-enquiry in the outbox\n"
    );
}

#[test]
fn purge_delivered_removes_only_enquiries_delivered_in_full_and_older_than_asked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite3");
    seeded(&path);
    let out = outbox(&["purge-delivered", "--older-than", "1"], &path);
    assert_eq!(
        text(&out.stdout),
        "purged 0 delivered enquiries\n",
        "{}",
        text(&out.stderr)
    );
    let out = outbox(&["purge-delivered"], &path);
    assert_eq!(text(&out.stdout), "purged 1 delivered enquiry\n");
    assert_eq!(states(&path).len(), 2);
}

#[test]
fn a_missing_outbox_is_an_error_and_is_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typo.sqlite3");
    let out = outbox(&["list"], &path);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no enquiry outbox at"),
        "{}",
        text(&out.stderr)
    );
    assert!(!path.exists());
}

#[test]
fn list_says_when_and_why_deliveries_are_blocked_by_a_refused_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite3");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let outbox = SqliteOutbox::open(&path).unwrap();
        let now = SystemClock.now();
        let id = outbox.store(&enquiry("c@example.com"), now).await.unwrap();
        let blocked = Attempt::Blocked {
            reason: "brevo transactional email: HTTP 401 unauthorized: Key not found".into(),
            retry_at: now,
        };
        outbox
            .record(&id, JobKind::NotifyInbox, blocked, now)
            .await
            .unwrap();
    });
    let out = outbox(&["list"], &path);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let first = stdout.lines().next().unwrap();
    assert!(
        first.starts_with("deliveries blocked since ")
            && first.ends_with(": brevo transactional email: HTTP 401 unauthorized: Key not found"),
        "{stdout}"
    );
    assert!(!stdout.contains(" dead "), "{stdout}");

    let json = outbox(&["list", "--format", "json"], &path);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(
        value["blocked"]["reason"]
            .as_str()
            .unwrap()
            .contains("HTTP 401")
    );
    assert_eq!(value["jobs"].as_array().unwrap().len(), 2);
}

#[test]
fn with_a_database_the_commands_act_on_the_shared_outbox_and_never_show_its_password() {
    use supplysite_store_postgres::testing::TestPostgres;
    use supplysite_store_postgres::{DatabaseUrl, PgStore};
    let pg = TestPostgres::start();
    let url = pg
        .database("outbox")
        .replace("postgres@", "postgres:operator-pw-77@");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dead = runtime.block_on(async {
        let store = PgStore::connect(&DatabaseUrl::parse(&url).unwrap())
            .await
            .unwrap();
        let now = SystemClock.now();
        let id = store.store(&enquiry("c@example.com"), now).await.unwrap();
        let give_up = Attempt::GiveUp {
            reason: "HTTP 400 invalid_parameter".into(),
        };
        store
            .record(&id, JobKind::UpsertContact, give_up, now)
            .await
            .unwrap();
        id
    });
    let run = |args: &[&str], database: &str| {
        Command::new(env!("CARGO_BIN_EXE_supplysite"))
            .arg("outbox")
            .args(args)
            .env("SUPPLYSITE_OUTBOX", "/nonexistent/outbox.sqlite3")
            .env("SUPPLYSITE_DATABASE_URL", database)
            .output()
            .unwrap()
    };
    let out = run(&["list", "--state", "dead", "--format", "json"], &url);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let jobs: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(jobs[0]["enquiryId"], dead.as_str(), "{jobs}");
    let out = run(&["retry", dead.as_str()], &url);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("requeued 1 dead job"));

    // A database that does not answer: an error naming the setting, without the password.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let out = run(
        &["list"],
        &format!("postgres://postgres:operator-pw-77@127.0.0.1:{port}/outbox"),
    );
    let err = text(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("SUPPLYSITE_DATABASE_URL / --database-url"),
        "{err}"
    );
    assert!(!err.contains("operator-pw-77"), "{err}");
}
