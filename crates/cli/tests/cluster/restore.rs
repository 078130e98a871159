//! The PostgreSQL backup and restore exactly as the README's deployment section gives them,
//! run with the replicas' database URL (its owner, not a superuser): `pg_dump` while a replica
//! runs with enquiries Brevo refused, then, the replica stopped, `pg_restore` over the database
//! as it went on since the dump, and again into the database lost and made again empty: a
//! replica started on it delivers each enquiry that was pending at the dump once, and nothing
//! else.

use crate::support::{PATIENCE, Server, free_port, workdir};
use crate::{all_delivered, replica, send_enquiry};
use serde_json::json;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use supplysite_content_adapter::contentful::fake::FakeContentful;
use supplysite_core::ports::{EnquiryOutbox, Job, JobFilter, JobState};
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, Recorded, Reply};
use supplysite_store_postgres::testing::TestPostgres;
use supplysite_store_postgres::{DatabaseUrl, PgStore};

/// Enquiries waiting for Brevo when the dump is taken.
const PENDING: usize = 3;
/// The role the replicas, `pg_dump` and `pg_restore` connect as: the database's owner and not
/// a superuser, as in a deployment.
const ROLE: &str = "supplysite";

/// Runs `cmd` (one of PostgreSQL's tools) and fails, with what it said, unless it succeeds.
pub(crate) fn run(what: &str, cmd: &mut Command) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `program` (`createuser`, `createdb`, `dropdb`) as the server's superuser.
fn admin(pg: &TestPostgres, program: &str) -> Command {
    let mut cmd = pg.program(program);
    cmd.args(["-h", "127.0.0.1", "-U", "postgres", "-p"])
        .arg(pg.port().to_string());
    cmd
}

/// A new empty database `name` owned by [`ROLE`]; its URL as that role.
fn createdb(pg: &TestPostgres, name: &str) -> String {
    run(
        "createdb",
        admin(pg, "createdb").args(["--owner", ROLE, name]),
    );
    pg.database_url(name)
        .replace("postgres@", &format!("{ROLE}@"))
}

/// The replicas' role and a new empty database `site` it owns, as a deployment has them; the
/// database's URL as that role.
pub(crate) fn replicas_database(pg: &TestPostgres) -> String {
    run("createuser", admin(pg, "createuser").arg(ROLE));
    createdb(pg, "site")
}

/// The README's restore: `pg_restore --clean --if-exists --no-owner --dbname=URL DUMP`.
fn pg_restore(pg: &TestPostgres, database: &str, dump: &Path) {
    run(
        "pg_restore",
        pg.program("pg_restore")
            .args(["--clean", "--if-exists", "--no-owner"])
            .arg(format!("--dbname={database}"))
            .arg(dump),
    );
}

/// The shared outbox's jobs, through a connection of its own, closed when they are read.
async fn jobs_in(database: &str) -> Vec<Job> {
    let store = PgStore::connect(&DatabaseUrl::parse(database).unwrap())
        .await
        .unwrap();
    store.jobs(JobFilter::default()).await.unwrap()
}

/// The shared outbox's jobs once `ready` holds of them, within [`PATIENCE`].
async fn jobs_when(
    database: &str,
    what: &str,
    server: &Server,
    ready: impl Fn(&[Job]) -> bool,
) -> Vec<Job> {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let jobs = jobs_in(database).await;
        if ready(&jobs) {
            return jobs;
        }
        assert!(
            Instant::now() < deadline,
            "not {what} within {PATIENCE:?}: {jobs:#?}\n{}",
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The one of `visitors` whose address `request` carries.
fn visitor<'a>(request: &Recorded, visitors: &'a [String]) -> &'a str {
    let body = request.body.to_string();
    let found: Vec<&String> = visitors.iter().filter(|v| body.contains(*v)).collect();
    assert_eq!(found.len(), 1, "{} names {found:?}: {body}", request.path);
    found[0]
}

/// The visitors of the requests to `path` in `requests`, with their idempotency keys, sorted.
fn sent_to(path: &str, requests: &[Recorded], visitors: &[String]) -> Vec<(String, String)> {
    let mut sent: Vec<(String, String)> = requests
        .iter()
        .filter(|r| r.path == path)
        .map(|r| {
            let key = r.idempotency_key().unwrap_or_default().to_owned();
            (visitor(r, visitors).to_owned(), key)
        })
        .collect();
    sent.sort();
    sent
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "starts PostgreSQL and two servers one after the other: run by `make test-cluster`"]
async fn a_postgres_dump_restored_delivers_what_was_pending_once() {
    let pg = TestPostgres::start();
    let database = replicas_database(&pg);
    let dump = pg.folder().join("supplysite.dump");
    let brevo = FakeBrevo::start().await.unwrap();
    let contentful = FakeContentful::start(supplysite_testkit::demo::export_json()).await;
    let dir = workdir();
    let start = || {
        Server::start(replica(
            dir.path(),
            free_port(),
            &database,
            &brevo,
            &contentful.url(),
        ))
    };
    let delivered = "delivered@example.com".to_owned();
    let pending: Vec<String> = (0..PENDING)
        .map(|n| format!("pending{n}@example.com"))
        .collect();
    let late = "after-the-dump@example.com".to_owned();
    let visitors: Vec<String> = [&delivered, &late]
        .into_iter()
        .chain(&pending)
        .cloned()
        .collect();
    let send = |server: &Server, email: &str, n: usize| {
        let (base, email) = (server.base.clone(), email.to_owned());
        async move { send_enquiry(&base, &email, n).await }
    };

    let a = start().await;
    // One enquiry delivered ("sent", or "queued" and finished just after on a slow machine):
    // in the dump as delivered, never sent again.
    let answer = send(&a, &delivered, 0).await;
    assert!(answer == "sent" || answer == "queued", "{answer}");
    jobs_when(&database, "the first enquiry delivered", &a, |jobs| {
        jobs.len() == 2 && jobs.iter().all(|j| j.state == JobState::Delivered)
    })
    .await;
    // Then Brevo refuses the account's calls, as it does a server whose address the account
    // has not authorised: every enquiry is kept, each call tried once.
    for _ in 0..=PENDING {
        for path in [EMAIL, CONTACTS] {
            brevo.script(
                path,
                Reply::error(401, "unauthorized", "unrecognised IP address"),
            );
        }
    }
    for (n, email) in pending.iter().enumerate() {
        assert_eq!(send(&a, email, n + 1).await, json!("queued"), "{}", a.log());
    }
    let at_dump = jobs_when(&database, "the refusals recorded", &a, |jobs| {
        let refused = jobs
            .iter()
            .filter(|j| j.state == JobState::Pending && j.attempts == 1)
            .count();
        jobs.len() == 2 * (1 + PENDING) && refused == 2 * PENDING
    })
    .await;

    // The backup, while the replica runs.
    run(
        "pg_dump",
        pg.program("pg_dump")
            .arg("--format=custom")
            .arg(format!("--file={}", dump.display()))
            .arg(&database),
    );
    // The database goes on: an enquiry taken after the dump is not in it.
    assert_eq!(
        send(&a, &late, PENDING + 1).await,
        json!("queued"),
        "{}",
        a.log()
    );
    assert_eq!(jobs_in(&database).await.len(), 2 * (2 + PENDING));
    let (status, log) = a.terminate().await;
    assert!(status.success(), "{log}");
    let before_restore = brevo.requests().len();
    assert_eq!(brevo.total_emails(), 1, "only the first enquiry went out");

    // Restored over the database as it went on: it is the dump's again.
    pg_restore(&pg, &database, &dump);
    assert_eq!(jobs_in(&database).await, at_dump);
    // The database lost, made again empty, restored the same way.
    run("dropdb", admin(&pg, "dropdb").args(["--force", "site"]));
    assert_eq!(createdb(&pg, "site"), database);
    pg_restore(&pg, &database, &dump);
    let store = PgStore::connect(&DatabaseUrl::parse(&database).unwrap())
        .await
        .unwrap();
    assert_eq!(store.jobs(JobFilter::default()).await.unwrap(), at_dump);

    // A replica started on it, Brevo accepting again, delivers what was pending: at once, as
    // the restored outbox says Brevo refused the account and a starting worker then tries
    // every pending job (a job waiting out a back-off after a 5xx is tried when it ends).
    let started = Instant::now();
    let b = start().await;
    all_delivered(&store, 2 * (1 + PENDING), PATIENCE, || b.log()).await;
    eprintln!(
        "{PENDING} enquiries pending at the dump delivered {:?} after the replica was started",
        started.elapsed()
    );
    let (status, log) = b.terminate().await;
    assert!(status.success(), "{log}");

    // Each pending enquiry once, under the key it was refused with; nothing else.
    let requests = brevo.requests();
    let (before, after) = requests.split_at(before_restore);
    let names = |sent: &[(String, String)]| sent.iter().map(|(v, _)| v.clone()).collect::<Vec<_>>();
    let mut everyone = visitors.clone();
    everyone.sort();
    for path in [EMAIL, CONTACTS] {
        let tried = sent_to(path, before, &visitors);
        assert_eq!(names(&tried), everyone, "{path}: one call for each enquiry");
        let again = sent_to(path, after, &visitors);
        assert_eq!(
            names(&again),
            pending,
            "{path}: after the restore, one call for each enquiry pending at the dump\n{log}"
        );
        if path == EMAIL {
            for sent in &again {
                assert!(
                    tried.contains(sent),
                    "{sent:?}: not the key it was refused with"
                );
            }
        }
    }
    assert_eq!(brevo.total_emails(), 1 + PENDING as u32);
    assert_eq!(brevo.violations(), Vec::<String>::new());
}
