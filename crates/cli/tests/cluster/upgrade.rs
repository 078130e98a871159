//! Upgrades that lose nothing: this build started on the state a previous release left behind.
//!
//! `tests/upgrade/VERSION/` holds what the archive of release VERSION wrote while it ran with
//! Brevo refusing the account (`scripts/record-release-state.sh` runs that archive's own binary
//! through [`record_the_state_a_release_leaves`] and writes the folder; `release.json` names
//! the archive and its SHA-256), and that binary (`supplysite.xz`), which `make test-upgrade`
//! runs again the same way on a fresh state before starting this build on what it left:
//!
//! - `sqlite/`: a single server's folders: its SQLite outbox, one enquiry delivered and
//!   [`PENDING`] waiting; the live content's snapshot (`cache/`); the kept search index
//!   (`.cache/supplysite/search`); not the picture renditions, which are made again on request;
//! - `postgres.sql`: a replica's PostgreSQL database in the same state (`pg_dump`, plain SQL),
//!   the outbox and the content snapshot the replicas share.
//!
//! For every release kept there, this build is started on each state with Brevo accepting
//! again: it serves the content it finds at once (ready from the snapshot, read up to date with
//! one delta, never a whole new sync), and delivers each pending enquiry exactly once, under
//! the idempotency key the release was refused with, and nothing that was delivered before.
//! A state it cannot read is refused by name and left as it was (an outbox from a newer
//! build), or set aside and rebuilt (a content snapshot of another format).

use crate::restore::{replicas_database, run};
use crate::support::{
    Server, demo_export, free_port, repo_root, serve_at, with_fake_brevo, with_fake_contentful,
    workdir,
};
use crate::{replica, send_enquiry};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use supplysite_content_adapter::contentful::fake::FakeContentful;
use supplysite_core::ports::{EnquiryOutbox, JobFilter, JobState};
use supplysite_mail_adapter::SqliteOutbox;
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, Recorded, Reply};
use supplysite_store_postgres::testing::TestPostgres;
use supplysite_store_postgres::{DatabaseUrl, PgStore};

/// Enquiries the release holds for Brevo when it stops.
const PENDING: usize = 3;
/// The release's state folders, one per release.
const RELEASES: &str = "tests/upgrade";
/// The enquiry delivered before Brevo refused: never sent again.
const DELIVERED: &str = "delivered@example.com";
/// How long a started server may take to answer ready on a state it can read: it has the
/// content on disk, so this is the start alone, with room for a loaded machine.
const AT_ONCE: Duration = Duration::from_secs(10);
/// How long the recorded deliveries may take once Brevo accepts.
const DELIVERY: Duration = Duration::from_secs(30);

fn pending_visitors() -> Vec<String> {
    (0..PENDING)
        .map(|n| format!("pending{n}@example.com"))
        .collect()
}

/// `cmd` with another program: the same arguments, environment and working folder.
fn with_program(cmd: &Command, program: &Path) -> Command {
    let mut other = Command::new(program);
    other.args(cmd.get_args());
    if let Some(dir) = cmd.get_current_dir() {
        other.current_dir(dir);
    }
    for (key, value) in cmd.get_envs() {
        match value {
            Some(value) => other.env(key, value),
            None => other.env_remove(key),
        };
    }
    other
}

/// A single server (its outbox the SQLite file in `dir`) reading the fake Contentful and
/// sending to the fake Brevo.
fn single(dir: &Path, brevo: &FakeBrevo, contentful: &str) -> Command {
    let mut cmd = serve_at(dir, &demo_export(), "127.0.0.1:0");
    with_fake_brevo(&mut cmd, brevo);
    with_fake_contentful(&mut cmd, dir, contentful);
    cmd
}

/// The outbox's jobs as `program outbox list --format json` prints them: the release's own
/// reading of its own store, so the recording never opens the release's files with this
/// build's code (which would bring them to this build's schema).
fn listed_jobs(program: &Path, store: &[&str]) -> Vec<Value> {
    let out = Command::new(program)
        .args(["outbox", "list", "--format", "json"])
        .args(store)
        .env_remove("SUPPLYSITE_DATABASE_URL")
        .env_remove("SUPPLYSITE_OUTBOX")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    assert!(
        out.status.success(),
        "outbox list: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed: Value = serde_json::from_slice(&out.stdout).unwrap();
    match listed {
        Value::Array(jobs) => jobs,
        Value::Object(mut o) => match o.remove("jobs") {
            Some(Value::Array(jobs)) => jobs,
            other => panic!("outbox list: no jobs in {other:?}"),
        },
        other => panic!("outbox list: {other}"),
    }
}

/// Waits until the release's outbox holds what `done` asks of it.
async fn jobs_until(program: &Path, store: &[&str], what: &str, done: impl Fn(&[Value]) -> bool) {
    let deadline = Instant::now() + DELIVERY;
    loop {
        let jobs = listed_jobs(program, store);
        if done(&jobs) {
            return;
        }
        assert!(Instant::now() < deadline, "not {what}: {jobs:#?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn count(jobs: &[Value], state: &str, attempts: u64) -> usize {
    jobs.iter()
        .filter(|j| j["state"] == state && j["attempts"].as_u64() == Some(attempts))
        .count()
}

/// The visitor whose address the request to Brevo carries.
fn visitor_of(request: &Recorded) -> String {
    let body = request.body.to_string();
    let mut found: Vec<String> = std::iter::once(DELIVERED.to_owned())
        .chain(pending_visitors())
        .filter(|v| body.contains(v.as_str()))
        .collect();
    assert_eq!(found.len(), 1, "{}: {body}", request.path);
    found.remove(0)
}

/// Per visitor, the idempotency key of the emails sent to Brevo among `requests`, sorted.
fn emails(requests: &[Recorded]) -> Vec<(String, String)> {
    let mut sent: Vec<(String, String)> = requests
        .iter()
        .filter(|r| r.path == EMAIL)
        .map(|r| {
            let key = r.idempotency_key().unwrap_or_default().to_owned();
            (visitor_of(r), key)
        })
        .collect();
    sent.sort();
    sent
}

/// Sends the enquiries of a recording to the release at `base`: one delivered, then
/// [`PENDING`] refused by Brevo (401, as for an address the account has not authorised), each
/// kept. Waits through the release's own outbox listing until each is recorded. Returns the
/// keys the pending emails were refused with.
async fn take_enquiries(
    program: &Path,
    store: &[&str],
    base: &str,
    brevo: &FakeBrevo,
) -> Vec<(String, String)> {
    let answer = send_enquiry(base, DELIVERED, 0).await;
    assert!(answer == "sent" || answer == "queued", "{answer}");
    jobs_until(program, store, "the first enquiry delivered", |jobs| {
        jobs.len() == 2 && count(jobs, "delivered", 1) == 2
    })
    .await;
    for _ in 0..PENDING {
        for path in [EMAIL, CONTACTS] {
            brevo.script(
                path,
                Reply::error(401, "unauthorized", "unrecognised IP address"),
            );
        }
    }
    let refused_from = brevo.requests().len();
    for (n, email) in pending_visitors().into_iter().enumerate() {
        assert_eq!(send_enquiry(base, &email, n + 1).await, json!("queued"));
    }
    jobs_until(program, store, "the refusals recorded", |jobs| {
        jobs.len() == 2 * (1 + PENDING) && count(jobs, "pending", 1) == 2 * PENDING
    })
    .await;
    emails(&brevo.requests()[refused_from..])
}

fn copy_tree(from: &Path, to: &Path, skip: &dyn Fn(&Path) -> bool) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if skip(&path) {
            continue;
        }
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&path, &target, skip);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// What a recording keeps of a server's folder: the outbox (the state folder's), the live
/// content's snapshot (`cache/`, `SUPPLYSITE_CACHE_DIR`) and the kept search index
/// (`.cache/supplysite/search`, the cache folder's); not the picture renditions, nor the
/// minimal web build the tests give every server.
fn state_of(dir: &Path, out: &Path) {
    if out.exists() {
        std::fs::remove_dir_all(out).unwrap();
    }
    std::fs::create_dir_all(out).unwrap();
    for name in ["outbox.sqlite3", "outbox.sqlite3-wal", "outbox.sqlite3-shm"] {
        if dir.join(name).exists() {
            std::fs::copy(dir.join(name), out.join(name)).unwrap();
        }
    }
    copy_tree(&dir.join("cache"), &out.join("cache"), &|_| false);
    let search = Path::new(".cache/supplysite/search");
    assert!(
        dir.join(search).is_dir(),
        "the release kept its search index"
    );
    copy_tree(&dir.join(search), &out.join(search), &|_| false);
}

/// Records the state release `SUPPLYSITE_UPGRADE_FROM` (its `bin/supplysite`) leaves into
/// `SUPPLYSITE_UPGRADE_OUT`: run by `scripts/record-release-state.sh` when a release is kept,
/// and by `make test-upgrade` (`scripts/test-upgrade.sh`) on each kept release's binary.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "runs a release's binary to record its state: scripts/record-release-state.sh and scripts/test-upgrade.sh"]
async fn record_the_state_a_release_leaves() {
    let (Some(program), Some(out)) = (
        std::env::var_os("SUPPLYSITE_UPGRADE_FROM"),
        std::env::var_os("SUPPLYSITE_UPGRADE_OUT"),
    ) else {
        panic!(
            "set SUPPLYSITE_UPGRADE_FROM (a release's bin/supplysite) and SUPPLYSITE_UPGRADE_OUT"
        );
    };
    let (program, out) = (PathBuf::from(program), PathBuf::from(out));
    let contentful = FakeContentful::start(supplysite_testkit::demo::export_json()).await;

    // A single server and its SQLite outbox.
    let brevo = FakeBrevo::start().await.unwrap();
    let dir = workdir();
    let outbox = dir.path().join("outbox.sqlite3");
    let store = ["--outbox", outbox.to_str().unwrap()];
    let server = Server::start(with_program(
        &single(dir.path(), &brevo, &contentful.url()),
        &program,
    ))
    .await;
    let sqlite_version = server.get_json("/readyz").await.1["contentVersion"].clone();
    let sqlite_keys = take_enquiries(&program, &store, &server.base, &brevo).await;
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{log}");
    state_of(dir.path(), &out.join("sqlite"));

    // A replica and its PostgreSQL database.
    let brevo = FakeBrevo::start().await.unwrap();
    let pg = TestPostgres::start();
    let database = replicas_database(&pg);
    let dir = workdir();
    let store = ["--database-url", database.as_str()];
    let server = Server::start(with_program(
        &replica(
            dir.path(),
            free_port(),
            &database,
            &brevo,
            &contentful.url(),
        ),
        &program,
    ))
    .await;
    let postgres_version = server.get_json("/readyz").await.1["contentVersion"].clone();
    let postgres_keys = take_enquiries(&program, &store, &server.base, &brevo).await;
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{log}");
    // Written where PostgreSQL's tools, run as its own user, may write; then copied.
    let dump = pg.folder().join("postgres.sql");
    run(
        "pg_dump",
        pg.program("pg_dump")
            .args(["--format=plain", "--no-owner", "--no-privileges"])
            .arg(format!("--file={}", dump.display()))
            .arg(&database),
    );
    std::fs::copy(&dump, out.join("postgres.sql")).unwrap();

    let keys = |sent: &[(String, String)]| -> Value {
        sent.iter()
            .map(|(visitor, key)| (visitor.clone(), json!(key)))
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    let mut release: Value = std::env::var("SUPPLYSITE_UPGRADE_RELEASE")
        .ok()
        .map(|r| serde_json::from_str(&r).expect("SUPPLYSITE_UPGRADE_RELEASE is JSON"))
        .unwrap_or_else(|| json!({}));
    release["delivered"] = json!(DELIVERED);
    release["sqlite"] = json!({"contentVersion": sqlite_version, "pending": keys(&sqlite_keys)});
    release["postgres"] =
        json!({"contentVersion": postgres_version, "pending": keys(&postgres_keys)});
    std::fs::write(
        out.join("release.json"),
        serde_json::to_string_pretty(&release).unwrap() + "\n",
    )
    .unwrap();
    contentful.stop().await;
}

/// Every release whose state is kept, oldest first: under [`RELEASES`], or under
/// `SUPPLYSITE_UPGRADE_RELEASES` when set (the states `scripts/test-upgrade.sh` has each kept
/// release's binary leave afresh).
fn releases() -> Vec<(PathBuf, Value)> {
    let folder = std::env::var_os("SUPPLYSITE_UPGRADE_RELEASES")
        .map_or_else(|| repo_root().join(RELEASES), PathBuf::from);
    let mut found: Vec<(PathBuf, Value)> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("release.json").is_file())
        .map(|p| {
            let release = std::fs::read_to_string(p.join("release.json")).unwrap();
            (p, serde_json::from_str(&release).unwrap())
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(
        !found.is_empty(),
        "no release state under {}",
        folder.display()
    );
    found
}

/// The pending enquiries a recording names, with the keys the release was refused with.
fn recorded_keys(state: &Value) -> Vec<(String, String)> {
    let mut keys: Vec<(String, String)> = state["pending"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(visitor, key)| (visitor.clone(), key.as_str().unwrap().to_owned()))
        .collect();
    keys.sort();
    keys
}

/// Starts `cmd` on a release's state and checks what a visitor and an operator see at once:
/// ready, the content the release served (read up to date with one delta, never a new initial
/// sync), pages and search answering.
async fn started_on(cmd: Command, contentful: &FakeContentful, state: &Value) -> Server {
    let asked_from = contentful.received().len();
    let started = Instant::now();
    let server = Server::start_within(cmd, AT_ONCE).await;
    let ready_after = started.elapsed();
    let (status, ready) = server.get_json("/readyz").await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(
        ready["contentVersion"],
        state["contentVersion"],
        "the release's content, from its snapshot\n{}",
        server.log()
    );
    let asked: Vec<String> = contentful.received()[asked_from..]
        .iter()
        .filter(|r| r.path.ends_with("/sync"))
        .map(|r| r.query.clone().unwrap_or_default())
        .collect();
    assert!(
        !asked.iter().any(|q| q.contains("initial=true")),
        "no new initial sync: {asked:?}"
    );
    for path in ["/", "/etender", "/insights", "/about-us", "/contact-us"] {
        assert_eq!(server.get(path).await.0, 200, "{path}\n{}", server.log());
    }
    let (status, found) = server.get_json("/api/search?q=tendering").await;
    assert_eq!(status, 200, "{found}");
    assert!(!found["results"].as_array().unwrap().is_empty(), "{found}");
    eprintln!("ready {ready_after:?} after the start on the release's state");
    server
}

/// Waits until Brevo has every email `keys` names, then checks it was sent once each, under
/// the key the release was refused with, and nothing else.
async fn delivered_once(brevo: &FakeBrevo, keys: &[(String, String)], server: &Server) {
    let deadline = Instant::now() + DELIVERY;
    while brevo.requests_to(EMAIL).len() < keys.len()
        || brevo.requests_to(CONTACTS).len() < keys.len()
    {
        assert!(
            Instant::now() < deadline,
            "the pending enquiries not delivered within {DELIVERY:?}: {:?}\n{}",
            emails(&brevo.requests()),
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        emails(&brevo.requests()),
        keys,
        "one email each, under its key"
    );
    let mut contacts: Vec<String> = brevo.requests_to(CONTACTS).iter().map(visitor_of).collect();
    contacts.sort();
    let pending: Vec<String> = keys.iter().map(|(v, _)| v.clone()).collect();
    assert_eq!(contacts, pending, "one contact each");
    assert_eq!(brevo.total_emails(), PENDING as u32);
    assert_eq!(brevo.violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "starts this build on each kept release's state, PostgreSQL included: run by `make test-upgrade`"]
async fn this_build_on_a_release_s_state_serves_at_once_and_delivers_what_was_pending_once() {
    let contentful = FakeContentful::start(supplysite_testkit::demo::export_json()).await;
    for (folder, release) in releases() {
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        eprintln!("release {name}: {release}");

        // A single server on the release's state folder.
        let brevo = FakeBrevo::start().await.unwrap();
        let dir = workdir();
        copy_tree(&folder.join("sqlite"), dir.path(), &|_| false);
        let server = started_on(
            single(dir.path(), &brevo, &contentful.url()),
            &contentful,
            &release["sqlite"],
        )
        .await;
        delivered_once(&brevo, &recorded_keys(&release["sqlite"]), &server).await;
        let (status, log) = server.terminate().await;
        assert!(status.success(), "{log}");
        let outbox = SqliteOutbox::open(dir.path().join("outbox.sqlite3")).unwrap();
        let jobs = outbox.jobs(JobFilter::default()).await.unwrap();
        assert_eq!(jobs.len(), 2 * (1 + PENDING), "{jobs:#?}");
        assert!(
            jobs.iter().all(|j| j.state == JobState::Delivered),
            "release {name}: {jobs:#?}"
        );

        // A replica on the release's database, restored from its dump.
        let brevo = FakeBrevo::start().await.unwrap();
        let pg = TestPostgres::start();
        let database = replicas_database(&pg);
        // Read by psql, run as PostgreSQL's own user, from the folder it may read.
        let dump = pg.folder().join("postgres.sql");
        std::fs::copy(folder.join("postgres.sql"), &dump).unwrap();
        run(
            "psql",
            pg.program("psql")
                .args(["--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1"])
                .arg(format!("--dbname={database}"))
                .arg(format!("--file={}", dump.display())),
        );
        let dir = workdir();
        let server = started_on(
            replica(
                dir.path(),
                free_port(),
                &database,
                &brevo,
                &contentful.url(),
            ),
            &contentful,
            &release["postgres"],
        )
        .await;
        delivered_once(&brevo, &recorded_keys(&release["postgres"]), &server).await;
        let (status, log) = server.terminate().await;
        assert!(status.success(), "{log}");
        let store = PgStore::connect(&DatabaseUrl::parse(&database).unwrap())
            .await
            .unwrap();
        let jobs = store.jobs(JobFilter::default()).await.unwrap();
        assert_eq!(jobs.len(), 2 * (1 + PENDING), "{jobs:#?}");
        assert!(
            jobs.iter().all(|j| j.state == JobState::Delivered),
            "release {name}: {jobs:#?}"
        );
    }
    contentful.stop().await;
}

/// The files under `dir`, by path, with their bytes.
fn files_of(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(files_of(&path));
        } else {
            let bytes = std::fs::read(&path).unwrap();
            files.push((path, bytes));
        }
    }
    files.sort();
    files
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "starts this build on a kept release's state made unreadable: run by `make test-upgrade`"]
async fn a_state_this_build_cannot_read_is_refused_by_name_or_rebuilt_never_half_read() {
    let (folder, release) = releases().pop().unwrap();
    let contentful = FakeContentful::start(supplysite_testkit::demo::export_json()).await;
    let brevo = FakeBrevo::start().await.unwrap();

    // An outbox a newer build wrote: the server does not start, says why, and leaves every
    // file as it was.
    let dir = workdir();
    copy_tree(&folder.join("sqlite"), dir.path(), &|_| false);
    let outbox = dir.path().join("outbox.sqlite3");
    {
        let db = rusqlite::Connection::open(&outbox).unwrap();
        db.pragma_update(None, "user_version", 9_999).unwrap();
    }
    let before = files_of(dir.path());
    let mut child = single(dir.path(), &brevo, &contentful.url())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + AT_ONCE;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "a server started on a newer outbox"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let mut said = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut said).unwrap();
    assert!(!status.success(), "{said}");
    assert!(
        said.contains("schema version 9999, newer than") && said.contains("run a newer supplysite"),
        "{said}"
    );
    assert_eq!(files_of(dir.path()), before, "nothing written");
    assert!(brevo.requests().is_empty(), "nothing sent");

    // A content snapshot of a format this build does not read: set aside with a warning, the
    // space read again whole, the site served, and the pending enquiries still delivered once.
    let dir = workdir();
    copy_tree(&folder.join("sqlite"), dir.path(), &|_| false);
    let snapshots: Vec<PathBuf> = files_of(&dir.path().join("cache"))
        .into_iter()
        .map(|(path, _)| path)
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("sync-") && name.ends_with(".json")
        })
        .collect();
    assert!(!snapshots.is_empty(), "the release kept a snapshot");
    for path in &snapshots {
        let text = std::fs::read_to_string(path).unwrap();
        let (head, body) = text.split_once('\n').unwrap_or((&text, ""));
        let mut head: Value = serde_json::from_str(head).unwrap();
        head["format"] = json!(9_999);
        std::fs::write(path, format!("{head}\n{body}")).unwrap();
    }
    let asked_from = contentful.received().len();
    let server = Server::start_within(single(dir.path(), &brevo, &contentful.url()), AT_ONCE).await;
    assert!(
        contentful.received()[asked_from..]
            .iter()
            .any(|r| r.path.ends_with("/sync")
                && r.query
                    .as_deref()
                    .is_some_and(|q| q.contains("initial=true"))),
        "the space read again whole"
    );
    for path in ["/", "/insights", "/about-us"] {
        assert_eq!(server.get(path).await.0, 200, "{path}");
    }
    delivered_once(&brevo, &recorded_keys(&release["sqlite"]), &server).await;
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{log}");
    assert!(log.contains("snapshot format 9999"), "{log}");
}
