//! Two replicas of the site sharing one PostgreSQL database, with nginx in front running
//! `deploy/nginx.conf`, all on loopback and started and stopped here: PostgreSQL from the
//! system's binaries in a temporary folder, the fake Brevo and the fake Contentful in this
//! process. Run by `make test-cluster` (it takes a couple of minutes, most of it waiting for
//! a lease and for nginx's cached pages to expire).
//!
//! Shown, in order: the same build and content give the same ETag on both replicas; 20
//! enquiries spread over both are each delivered exactly once, and a challenge used on one is
//! refused by the other; ten enquiries taken by one replica while Brevo hangs, that replica
//! killed with SIGKILL, Brevo back: the other delivers all ten, one email per idempotency key;
//! the rate limit holds across replicas, directly and through nginx; an expired cached page is
//! revalidated with a 304; a signed webhook to one replica: both serve the new content within
//! 2 s; both replicas down: nginx serves every page from its cache; one back: fresh again;
//! the database down: an enquiry is refused with a polite 503, and taken once it is back.
//! A page served from nginx's cache, fresh or revalidated, is the bytes and the
//! Content-Security-Policy each replica sends: the policy names the hash of the shell's one
//! inline script and no nonce, so the copy handed to every visitor runs only the site's own
//! scripts (`web/e2e/csp.spec.ts` shows Chromium refusing a script slipped into such a copy).
//!
//! Served the way `deploy/nginx.conf` ships it: over TLS (a throwaway certificate for
//! `site.test`), plain HTTP redirecting, unknown names closed, no version in `Server`, a cache
//! key that ignores campaign query strings, no stored 404s, the cache bypassed only by the
//! site's own preview cookie, and the preview secret in no log line. No crafted address
//! (mixed case, duplicates, encoded names, trailing slashes, unknown parameters) stores a wrong
//! answer under another's key, and a flood of made-up addresses stores nothing (`keys`).
//! Under load: a burst of
//! cold picture renditions (every one answered 200, made or stood in for) while uncached
//! requests are probed gives the probes no 5xx and no
//! wait over 2 s; 600 client connections at once are all answered; a rolling restart of both
//! replicas under load loses no request and no enquiry; and a client reaching a replica
//! directly cannot choose its address with X-Forwarded-For.
//!
//! Apart (`restore`): the PostgreSQL backup and restore as the README gives them deliver what
//! was pending at the dump, each enquiry once.

#[allow(dead_code)]
#[path = "../wiring/support.rs"]
mod support;

mod keys;
mod nginx;
mod restore;
mod upgrade;

use nginx::{Nginx, client_builder};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::net::IpAddr;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use supplysite_content_adapter::contentful::fake::{FakeContentful, TOKEN};
use supplysite_core::ports::{EnquiryOutbox, JobFilter, JobState};
use supplysite_core::rendition::{Format, written};
use supplysite_mail_adapter::Challenge;
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, KEY, Reply};
use supplysite_mail_adapter::selfhosted::solve;
use supplysite_store_postgres::testing::TestPostgres;
use supplysite_store_postgres::{DatabaseUrl, PgStore};
use support::{
    PATIENCE, POST_ID, POST_PATH, Server, demo_export, form, free_port, repo_root, serve_at,
    signed_webhook_request, with_fake_brevo, with_fake_contentful, workdir,
};

/// Shared by the replicas, so a challenge issued by one is checked by the other.
const ROBOT_SECRET: &str = "cluster-test-robot-secret-0123456789abcdef";
const DB_PASSWORD: &str = "cluster-db-password-9f3c";
/// The shortest lease allowed: the survivor takes over a killed replica's jobs soon.
const LEASE_SECONDS: u64 = 6;
/// The pages' `max-age` (`SUPPLYSITE_PAGE_MAX_AGE_SECONDS`; a minute by default): nginx
/// revalidates after it. Short, so the revalidation below needs no wait; the checks between
/// ask only that a page came from its cache entry, fresh or stale.
const MAX_AGE: Duration = Duration::from_secs(10);
/// What nginx's `X-Cache-Status` says of a request answered from an entry it holds.
const FROM_CACHE: [&str; 4] = ["HIT", "STALE", "UPDATING", "REVALIDATED"];
/// Pages read through nginx.
const PAGES: [&str; 7] = [
    "/",
    "/etender",
    "/insights",
    "/case-study-index",
    "/privacy",
    "/about-us",
    POST_PATH,
];

/// The replicas' web build: the shell as the web build writes it, its one script an inline
/// loader that adds the entry module.
const SHELL: &str = "<!doctype html>\n<html lang=\"en-AU\">\n<head>\n<meta charset=\"UTF-8\">\n<title>Shell</title>\n</head>\n<body>\n<div id=\"root\"></div>\n<script>(()=>{const s=document.createElement(\"script\");s.type=\"module\";s.src=\"/assets/index-Ab12Cd.js\";document.head.append(s)})()</script>\n</body>\n</html>\n";
/// The loader's text in [`SHELL`].
const LOADER: &str = r#"(()=>{const s=document.createElement("script");s.type="module";s.src="/assets/index-Ab12Cd.js";document.head.append(s)})()"#;
/// [`LOADER`]'s hash source, computed apart:
/// `printf %s "$LOADER" | openssl dgst -sha256 -binary | base64`.
const LOADER_HASH: &str = "'sha256-t9G/qc6w9eb/aeONWrBe006F4Qk4p51/PMqy/LZYrmo='";

/// `supplysite serve` as one replica on `port`, from `dir`, with nothing of the caller's
/// environment that could configure it (the wiring suites' server, with the cluster's settings).
fn replica(dir: &Path, port: u16, database: &str, brevo: &FakeBrevo, contentful: &str) -> Command {
    let mut cmd = serve_at(dir, &demo_export(), &format!("127.0.0.1:{port}"));
    // The database keeps the outbox.
    cmd.env_remove("SUPPLYSITE_OUTBOX")
        .env("SUPPLYSITE_DATABASE_URL", database)
        .env("SUPPLYSITE_OUTBOX_LEASE_SECONDS", LEASE_SECONDS.to_string())
        .env("SUPPLYSITE_TRUSTED_PROXIES", "127.0.0.1")
        .env("SUPPLYSITE_ROBOT_SECRET", ROBOT_SECRET)
        .env(
            "SUPPLYSITE_PAGE_MAX_AGE_SECONDS",
            MAX_AGE.as_secs().to_string(),
        )
        // Long enough for nginx to see the replica draining, short for the test.
        .env("SUPPLYSITE_DRAIN_SECONDS", "2");
    with_fake_brevo(&mut cmd, brevo);
    with_fake_contentful(&mut cmd, dir, contentful);
    cmd
}

fn http() -> reqwest::Client {
    http_from(None)
}

/// A client whose connections come from `local` (another loopback address is another
/// visitor to nginx).
fn http_from(local: Option<IpAddr>) -> reqwest::Client {
    client_builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(20))
        .local_address(local)
        .build()
        .unwrap()
}

/// A contact form from `email` with the robot check solved from `base`'s challenge.
async fn solved(base: &str, email: &str) -> Value {
    let (_, _, body) = get(base, "/api/robot-challenge", "etag").await;
    let challenge: Challenge = serde_json::from_str(&body).unwrap();
    form(email, &solve(&challenge))
}

/// `POST /api/contact` to `base` from `client` (if given, as the proxy would name it).
async fn post(
    http: &reqwest::Client,
    base: &str,
    form: &Value,
    client: Option<&str>,
) -> reqwest::Result<(u16, Value)> {
    let mut request = http.post(format!("{base}/api/contact")).json(form);
    if let Some(client) = client {
        request = request.header("x-forwarded-for", client);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    Ok((status, response.json().await?))
}

/// An enquiry from `email` with the robot check solved, sent to `base` as the `n`th visitor
/// (a client address of its own, as the proxy names it): the answer's status (`sent` or
/// `queued`), after checking the request was taken.
async fn send_enquiry(base: &str, email: &str, n: usize) -> Value {
    let form = solved(base, email).await;
    let client = format!("198.51.100.{}", n + 1);
    let (status, answer) = post(&http(), base, &form, Some(&client)).await.unwrap();
    assert_eq!(status, 200, "{email}: {answer}");
    answer["status"].clone()
}

/// `GET path` from `base`: status, the named header, body.
async fn get(base: &str, path: &str, header: &str) -> (u16, Option<String>, String) {
    let response = http()
        .get(format!("{base}{path}"))
        .send()
        .await
        .unwrap_or_else(|e| panic!("GET {base}{path}: {e}"));
    let status = response.status().as_u16();
    let value = response
        .headers()
        .get(header)
        .map(|v| v.to_str().unwrap().to_owned());
    (status, value, response.text().await.unwrap())
}

async fn signed_webhook(base: &str) -> u16 {
    let (body, headers) = signed_webhook_request("ContentManagement.Entry.unpublish");
    let mut request = http()
        .post(format!("{base}/api/webhooks/contentful"))
        .body(body);
    for (name, value) in headers {
        request = request.header(name, value);
    }
    request.send().await.unwrap().status().as_u16()
}

/// Waits until every job in the shared outbox is delivered and there are `jobs` of them.
async fn all_delivered(store: &PgStore, jobs: usize, patience: Duration, log: impl Fn() -> String) {
    let deadline = Instant::now() + patience;
    loop {
        let now = store.jobs(JobFilter::default()).await.unwrap();
        if now.len() == jobs && now.iter().all(|j| j.state == JobState::Delivered) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "not all {jobs} jobs delivered within {patience:?}: {:#?}\n{}",
            now.iter()
                .filter(|j| j.state != JobState::Delivered)
                .collect::<Vec<_>>(),
            log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn idempotency_key(request: &supplysite_mail_adapter::fake_brevo::Recorded) -> String {
    request
        .idempotency_key()
        .expect("every email has a key")
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "starts PostgreSQL, nginx and two servers for two minutes: run by `make test-cluster`"]
async fn two_replicas_share_postgres_behind_an_nginx_cache() {
    // Room for 600 visitors' connections here and in the nginx started from this process.
    let _ = rlimit::increase_nofile_limit(16384);
    let mut pg = TestPostgres::start();
    // With a password (the test server trusts loopback, so it is never asked for), to show
    // that no log line carries it.
    let database = pg
        .database("site")
        .replace("postgres@", &format!("postgres:{DB_PASSWORD}@"));
    let store = PgStore::connect(&DatabaseUrl::parse(&database).unwrap())
        .await
        .unwrap();
    let brevo = FakeBrevo::start().await.unwrap();
    let demo = supplysite_testkit::demo::export_json();
    let contentful = FakeContentful::start(demo).await;
    let ports = [free_port(), free_port()];
    let dirs = [workdir(), workdir()];
    for dir in &dirs {
        std::fs::write(dir.path().join("web/index.html"), SHELL).unwrap();
    }
    let start = |n: usize| {
        let mut cmd = replica(
            dirs[n].path(),
            ports[n],
            &database,
            &brevo,
            &contentful.url(),
        );
        if n == 0 {
            // Set beside the database: ignored, with a warning that names it.
            cmd.env("SUPPLYSITE_OUTBOX", dirs[0].path().join("ignored.sqlite3"));
        }
        Server::start(cmd)
    };
    let a = start(0).await;
    let b = start(1).await;
    assert!(
        a.log().contains("SUPPLYSITE_OUTBOX / --outbox is ignored"),
        "{}",
        a.log()
    );
    assert!(!dirs[0].path().join("ignored.sqlite3").exists());
    a_new_replica_starts_from_the_shared_snapshot(&a, &contentful, |dir| {
        replica(dir, free_port(), &database, &brevo, &contentful.url())
    })
    .await;
    let nginx = Nginx::start(
        &repo_root().join("deploy/nginx.conf"),
        free_port(),
        free_port(),
        ports,
    )
    .await;

    // The same build and content: the same ETag on both replicas, for every page.
    for path in PAGES {
        let (sa, ea, _) = get(&a.base, path, "etag").await;
        let (sb, eb, _) = get(&b.base, path, "etag").await;
        assert_eq!((sa, sb), (200, 200), "{path}");
        assert!(ea.is_some(), "{path} has an ETag");
        assert_eq!(ea, eb, "{path}: the replicas' ETags differ");
    }
    // Every page into nginx's cache, then served from it.
    for path in PAGES {
        let (status, cache, _) = get(&nginx.base, path, "x-cache-status").await;
        assert_eq!((status, cache.as_deref()), (200, Some("MISS")), "{path}");
    }
    let primed = Instant::now();
    for path in PAGES {
        let (status, cache, _) = get(&nginx.base, path, "x-cache-status").await;
        assert_eq!((status, cache.as_deref()), (200, Some("HIT")), "{path}");
    }
    cached_pages_run_only_the_sites_scripts(&nginx, [&a, &b], &["HIT"]).await;
    // A visitor with a preview cookie is neither served from the cache nor stored in it.
    let preview = http()
        .get(format!("{}/", nginx.base))
        .header("cookie", "theme=dark; supplysite_preview=signed-value")
        .send()
        .await
        .unwrap();
    assert_eq!(
        preview
            .headers()
            .get("x-cache-status")
            .map(|v| v.to_str().unwrap()),
        Some("BYPASS")
    );
    // Robot challenges are never cached: each visitor gets a fresh one.
    let challenge = || async { get(&nginx.base, "/api/robot-challenge", "etag").await.2 };
    assert_ne!(challenge().await, challenge().await);

    // Twenty enquiries, alternately to each replica: each delivered exactly once.
    let mut first_form = None;
    for n in 0..20u32 {
        let server = if n % 2 == 0 { &a } else { &b };
        let form = solved(&server.base, &format!("visitor{n}@example.com")).await;
        let client = format!("198.51.100.{}", n + 1);
        let (status, answer) = post(&http(), &server.base, &form, Some(&client))
            .await
            .unwrap();
        assert_eq!(status, 200, "enquiry {n}: {answer}\n{}", server.log());
        first_form.get_or_insert(form);
    }
    all_delivered(&store, 40, PATIENCE, || format!("{}\n{}", a.log(), b.log())).await;
    let keys: HashSet<String> = brevo
        .requests_to(EMAIL)
        .iter()
        .map(idempotency_key)
        .collect();
    assert_eq!(
        brevo.requests_to(EMAIL).len(),
        20,
        "one email call per enquiry"
    );
    assert_eq!(
        brevo.requests_to(CONTACTS).len(),
        20,
        "one contact call per enquiry"
    );
    assert_eq!(keys.len(), 20);
    assert_eq!(brevo.total_emails(), 20);
    assert_eq!(brevo.violations(), Vec::<String>::new());
    // A challenge used on one replica is spent on the other too.
    let (status, answer) = post(
        &http(),
        &b.base,
        &first_form.unwrap(),
        Some("198.51.100.99"),
    )
    .await
    .unwrap();
    assert_eq!(status, 422, "{answer}");
    assert!(answer["errors"]["robot"].is_string(), "{answer}");

    // Ten enquiries taken by replica A while Brevo accepts emails but never answers; A is
    // killed mid-delivery; Brevo answers again; B delivers all ten, one email per key.
    for _ in 0..10 {
        brevo.script(EMAIL, Reply::AcceptThenHang);
        brevo.script(CONTACTS, Reply::Hang);
    }
    let mut forms = Vec::new();
    for n in 0..10 {
        forms.push(solved(&a.base, &format!("held{n}@example.com")).await);
    }
    let posts: Vec<_> = forms
        .into_iter()
        .enumerate()
        .map(|(n, form)| {
            let base = a.base.clone();
            tokio::spawn(async move {
                post(
                    &http(),
                    &base,
                    &form,
                    Some(&format!("198.51.100.{}", 101 + n)),
                )
                .await
            })
        })
        .collect();
    brevo.wait_for(EMAIL, 30, PATIENCE).await.unwrap();
    brevo.wait_for(CONTACTS, 30, PATIENCE).await.unwrap();
    let killed = a.kill();
    assert_eq!(killed.signal(), Some(9), "killed with SIGKILL");
    for post in posts {
        // Cut off by the kill, or answered "queued" just before it: never stored twice.
        if let Ok((status, answer)) = post.await.unwrap() {
            assert_eq!(
                (status, &answer["status"]),
                (200, &json!("queued")),
                "{answer}"
            );
        }
    }
    let held: Vec<String> = brevo.requests_to(EMAIL)[20..]
        .iter()
        .map(idempotency_key)
        .collect();
    assert_eq!(held.iter().collect::<HashSet<_>>().len(), 10, "{held:?}");
    all_delivered(&store, 60, Duration::from_secs(LEASE_SECONDS + 45), || {
        b.log()
    })
    .await;
    for key in &held {
        assert_eq!(brevo.emails_sent(key), 1, "one email for key {key}");
    }
    assert_eq!(brevo.total_emails(), 30);
    assert!(
        brevo.requests_to(EMAIL).len() >= 40,
        "B asked again for every held email"
    );
    let a = start(0).await;

    // The rate limit (5 a minute) holds across replicas: five requests from one client spread
    // over both, then both refuse; another client is still served.
    let bogus = form("limited@example.com", "not-a-solved-challenge");
    for n in 0..5 {
        let server = if n % 2 == 0 { &a } else { &b };
        let (status, _) = post(&http(), &server.base, &bogus, Some("203.0.113.7"))
            .await
            .unwrap();
        assert_eq!(status, 422, "request {n} counts and is judged");
    }
    for server in [&a, &b] {
        let (status, answer) = post(&http(), &server.base, &bogus, Some("203.0.113.7"))
            .await
            .unwrap();
        assert_eq!(status, 429, "{answer}");
    }
    let (status, _) = post(&http(), &b.base, &bogus, Some("203.0.113.8"))
        .await
        .unwrap();
    assert_eq!(status, 422);
    // Through nginx, which names the visitor in X-Forwarded-For: one visitor's sixth enquiry
    // is refused whichever replica nginx picks; a visitor forging the header gains nothing.
    let visitor = http_from(Some("127.0.0.7".parse().unwrap()));
    for n in 0..5 {
        let forged = format!("192.0.2.{n}");
        let (status, _) = post(&visitor, &nginx.base, &bogus, Some(&forged))
            .await
            .unwrap();
        assert_eq!(status, 422, "request {n} through nginx");
    }
    let (status, _) = post(&visitor, &nginx.base, &bogus, None).await.unwrap();
    assert_eq!(
        status,
        429,
        "the sixth through nginx\n{}",
        nginx.access_log()
    );

    deployment_file_rules(&nginx, &b).await;
    keys::no_address_poisons_the_cache(&nginx, &b).await;
    burst_of_cold_pictures_while_probing(&nginx).await;
    many_connections_at_once(&nginx).await;

    // Once the cached pages expire, nginx revalidates with the ETag and a replica says 304.
    let expired = primed + MAX_AGE + Duration::from_secs(1);
    tokio::time::sleep_until(expired.into()).await;
    let (status, _, _) = get(&nginx.base, "/", "x-cache-status").await;
    assert_eq!(status, 200);
    nginx
        .access_log_with("304 revalidation of /", |l| {
            l.contains("\"GET / HTTP/1.1\"") && l.contains("upstream_status=304")
        })
        .await;
    // The revalidated copy keeps the policy it was stored with: the 304 named none.
    cached_pages_run_only_the_sites_scripts(&nginx, [&a, &b], &FROM_CACHE).await;

    // A signed webhook to B: both replicas serve the new content within 2 s.
    contentful.unpublish(POST_ID);
    let sent = Instant::now();
    assert_eq!(signed_webhook(&b.base).await, 202);
    let mut pending = vec![&a, &b];
    while !pending.is_empty() {
        let mut still = Vec::new();
        for server in pending {
            if get(&server.base, POST_PATH, "etag").await.0 != 301 {
                still.push(server);
            }
        }
        pending = still;
        assert!(
            pending.is_empty() || sent.elapsed() < Duration::from_secs(2),
            "2 s after the webhook, {} still served the old content\nA:\n{}\nB:\n{}",
            pending
                .iter()
                .map(|s| s.base.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            a.log(),
            b.log()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    eprintln!(
        "both replicas served the new content {:?} after the webhook",
        sent.elapsed()
    );
    let (_, va) = a.get_json("/readyz").await;
    let (_, vb) = b.get_json("/readyz").await;
    assert_eq!(va["contentVersion"], vb["contentVersion"]);

    let enquiries_before = store.jobs(JobFilter::default()).await.unwrap().len();
    let (a, b) = rolling_restart_under_load(&nginx, a, b, &start).await;
    let restart_jobs = store.jobs(JobFilter::default()).await.unwrap().len() - enquiries_before;
    assert_eq!(
        restart_jobs,
        2 * RESTART_ENQUIRIES,
        "every enquiry was stored once"
    );

    // Both replicas down: nginx serves every page from its cache; those expired since they
    // were cached are served stale.
    let (status, log) = a.terminate().await;
    assert!(status.success(), "{log}");
    let (status, log) = b.terminate().await;
    assert!(status.success(), "{log}");
    assert!(
        !log.contains(DB_PASSWORD),
        "the database password was logged\n{log}"
    );
    for path in PAGES {
        let (status, cache, body) = get(&nginx.base, path, "x-cache-status").await;
        assert_eq!(status, 200, "{path} while both replicas are down: {body}");
        // Fresh if a request revalidated it within the max-age, stale otherwise.
        assert!(
            ["HIT", "STALE"].contains(&cache.as_deref().unwrap_or("")),
            "{path}: {cache:?}"
        );
    }

    // One replica back: nginx serves the new content again.
    let a = start(0).await;
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (status, _, _) = get(&nginx.base, POST_PATH, "x-cache-status").await;
        if status == 301 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "nginx kept serving the old content after a replica came back\n{}",
            nginx.access_log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The database goes away: an enquiry that cannot be stored is refused with a polite 503;
    // once it is back, the same form (nothing of it was spent) is taken and delivered.
    pg.stop();
    let form = solved(&a.base, "outage@example.com").await;
    let (status, answer) = post(&http(), &a.base, &form, Some("198.51.100.201"))
        .await
        .unwrap();
    assert_eq!(status, 503, "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("Please try again"),
        "{answer}"
    );
    pg.start_again();
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (status, answer) = post(&http(), &a.base, &form, Some("198.51.100.202"))
            .await
            .unwrap();
        if status == 200 {
            break;
        }
        assert_eq!(status, 503, "{answer}");
        assert!(Instant::now() < deadline, "never taken again: {}", a.log());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    all_delivered(&store, 62 + 2 * RESTART_ENQUIRIES, PATIENCE, || a.log()).await;

    let (status, log) = a.terminate().await;
    assert!(status.success(), "{log}");
    for secret in [DB_PASSWORD, TOKEN, KEY, ROBOT_SECRET] {
        assert!(!log.contains(secret), "a secret was logged\n{log}");
    }
}

/// Enquiries sent through nginx while both replicas restart one after the other.
const RESTART_ENQUIRIES: usize = 8;

/// Every page as nginx serves it from its cache (`cache` is what `X-Cache-Status` may say), twice,
/// and as each replica sends it: one policy and the same bytes for all four, the policy naming
/// the hash of the shell's loader and no nonce, the page running no script but the loader.
async fn cached_pages_run_only_the_sites_scripts(
    nginx: &Nginx,
    replicas: [&Server; 2],
    cache: &[&str],
) {
    let script_src = format!("script-src {LOADER_HASH} 'strict-dynamic' 'wasm-unsafe-eval'");
    for path in PAGES {
        let mut seen = Vec::new();
        for base in [
            &nginx.base,
            &nginx.base,
            &replicas[0].base,
            &replicas[1].base,
        ] {
            let response = http().get(format!("{base}{path}")).send().await.unwrap();
            assert_eq!(response.status(), 200, "{base}{path}");
            let headers = response.headers();
            if base == &nginx.base {
                let status = headers["x-cache-status"].to_str().unwrap();
                assert!(cache.contains(&status), "{path}: {status}");
            }
            let policy = headers["content-security-policy"]
                .to_str()
                .unwrap()
                .to_owned();
            seen.push((policy, response.text().await.unwrap()));
        }
        let (policy, html) = &seen[0];
        assert!(
            seen.iter().all(|s| s == &seen[0]),
            "{path}: the copies differ"
        );
        assert!(
            policy.split("; ").any(|d| d == script_src),
            "{path}: {policy}"
        );
        assert!(
            !policy.contains("nonce") && !html.contains("nonce"),
            "{path}"
        );
        let code: Vec<&str> = html
            .split("<script")
            .skip(1)
            .filter(|tag| {
                !tag.starts_with(" type=\"application/ld+json\"")
                    && !tag.starts_with(" id=\"__SUPPLYSITE__\"")
            })
            .collect();
        assert_eq!(code, [format!(">{LOADER}</script>\n")], "{path}");
    }
}

/// A replica started with an empty cache folder starts from the snapshot of the live content
/// that `a` shared in the database and reads one delta: no initial sync of the space.
async fn a_new_replica_starts_from_the_shared_snapshot(
    a: &Server,
    contentful: &FakeContentful,
    replica: impl Fn(&Path) -> Command,
) {
    let deadline = Instant::now() + PATIENCE;
    while !a.log().contains("shared with the other replicas") {
        assert!(Instant::now() < deadline, "nothing shared:\n{}", a.log());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let initial_syncs = || {
        contentful
            .received()
            .iter()
            .filter(|r| r.path.ends_with("/sync"))
            .filter(|r| {
                r.query
                    .as_deref()
                    .is_some_and(|q| q.contains("initial=true"))
            })
            .count()
    };
    let before = initial_syncs();
    let dir = workdir();
    let new = Server::start(replica(dir.path())).await;
    assert!(
        new.log()
            .contains("starting from the one the replicas share"),
        "{}",
        new.log()
    );
    assert_eq!(
        initial_syncs(),
        before,
        "the new replica synced the whole space"
    );
    assert_eq!(new.get("/insights").await.0, 200);
    // Both say so on /readyz: `a` shared its copy, the new one wrote the copy it took.
    let (_, ready) = a.get_json("/readyz").await;
    assert!(ready["snapshot"]["sharedAt"].is_u64(), "{ready}");
    assert_eq!(ready["snapshot"]["shareFailing"], false, "{ready}");
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (_, ready) = new.get_json("/readyz").await;
        if ready["snapshot"]["savedAt"].is_u64() {
            break;
        }
        assert!(Instant::now() < deadline, "never saved: {ready}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, _) = new.terminate().await;
    assert!(status.success());
}

/// The longest an uncached request may wait while pictures are being made.
const PROBE_PATIENCE: Duration = Duration::from_secs(2);

/// What the shipped file promises besides caching pages: TLS with plain HTTP redirecting,
/// unknown names closed, no version in `Server`, a normalised cache key, no stored 404s, the
/// cache bypassed only by the site's own preview cookie, no preview secret in any log line,
/// and a client that reaches a replica (`direct`) directly held to its own address.
async fn deployment_file_rules(nginx: &Nginx, direct: &Server) {
    // Plain HTTP answers only with the way to HTTPS, under the one name.
    let response = http()
        .get(format!("{}/contact-us?x=1", nginx.plain))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 301);
    assert_eq!(
        response.headers()["location"],
        format!("https://{}:{}/contact-us?x=1", nginx::NAME, nginx.port).as_str()
    );
    // Another name: the connection is closed without an answer, on either port.
    let plain_port: u16 = nginx.plain.rsplit(':').next().unwrap().parse().unwrap();
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", plain_port))
        .await
        .unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: elsewhere.test\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 64];
    let read = stream.read(&mut buf).await.unwrap_or(0);
    assert_eq!(read, 0, "an unknown name was answered on port 80");
    let handshake = |name: &str, protocol: &str| {
        Command::new("openssl")
            .args(["s_client", "-connect"])
            .arg(format!("127.0.0.1:{}", nginx.port))
            .args(["-servername", name, "-alpn", "h2", protocol])
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    assert!(
        !handshake("elsewhere.test", "-tls1_2").status.success(),
        "a TLS handshake for another name was completed"
    );
    // TLS 1.2 and 1.3 only, HTTP/2 offered.
    assert!(handshake(nginx::NAME, "-tls1_2").status.success());
    assert!(!handshake(nginx::NAME, "-tls1_1").status.success());
    let tls13 = handshake(nginx::NAME, "-tls1_3");
    let said = String::from_utf8_lossy(&tls13.stdout);
    assert!(said.contains("ALPN protocol: h2"), "{said}");
    assert!(said.contains("TLSv1.3"), "{said}");

    // /readyz: a few a second per client (2 a second, bursts of 5), then 503 with
    // Retry-After; another client is answered meanwhile.
    let prober = http_from(Some("127.0.0.10".parse().unwrap()));
    let (mut ok, mut shed) = (0, 0);
    for _ in 0..20 {
        let response = prober
            .get(format!("{}/readyz", nginx.base))
            .send()
            .await
            .unwrap();
        match response.status().as_u16() {
            200 => ok += 1,
            503 => {
                assert!(response.headers().contains_key("retry-after"));
                shed += 1;
            }
            other => panic!("/readyz answered {other}"),
        }
    }
    assert!(ok >= 6 && shed >= 5, "{ok} answered, {shed} shed");
    assert_eq!(get(&nginx.base, "/readyz", "retry-after").await.0, 200);

    // No version in Server.
    let (status, server, _) = get(&nginx.base, "/contact-us", "server").await;
    assert_eq!((status, server.as_deref()), (200, Some("nginx")));
    // A campaign's query string, or a made-up one, finds the same cache entry (a replica asked
    // directly sends a made-up one to the address without it); the page number is another page.
    for asked in [
        "/contact-us?utm_source=mail",
        "/contact-us?utm_source=mail&x=1",
    ] {
        let (_, cache, _) = get(&nginx.base, asked, "x-cache-status").await;
        assert!(
            FROM_CACHE.contains(&cache.as_deref().unwrap_or("")),
            "{asked}: {cache:?}"
        );
    }
    let (status, location, _) =
        get(&direct.base, "/contact-us?utm_source=mail&x=1", "location").await;
    assert_eq!(
        (status, location.as_deref()),
        (308, Some("/contact-us?utm_source=mail"))
    );
    let (_, cache, _) = get(&nginx.base, "/insights?page=2", "x-cache-status").await;
    assert_eq!(cache.as_deref(), Some("MISS"));
    // Another host name cannot reach the cache at all (closed above); 404s are not stored.
    for _ in 0..2 {
        let (status, cache, _) = get(&nginx.base, "/no-such-page", "x-cache-status").await;
        assert_eq!((status, cache.as_deref()), (404, Some("MISS")));
    }
    // A cookie that merely has "preview" in its name is served from the cache.
    let response = http()
        .get(format!("{}/contact-us", nginx.base))
        .header("cookie", "mypreview=1; preview_theme=dark")
        .send()
        .await
        .unwrap();
    let cache = response.headers()["x-cache-status"].to_str().unwrap();
    assert!(FROM_CACHE.contains(&cache), "{cache}");
    // The preview link's secret reaches no log line (the route answers 404: no preview here).
    const PREVIEW_SECRET: &str = "cluster-preview-secret-that-must-not-be-logged";
    let (status, _, _) = get(
        &nginx.base,
        &format!("/api/preview?secret={PREVIEW_SECRET}&path=/"),
        "x-cache-status",
    )
    .await;
    assert_eq!(status, 404);
    let log = nginx
        .access_log_with("preview request", |l| {
            l.contains("\"GET /api/preview HTTP/1.1\"")
        })
        .await;
    assert!(!log.contains(PREVIEW_SECRET), "{log}");
    assert!(!nginx.error_log().contains(PREVIEW_SECRET));

    // Directly at a replica, X-Forwarded-For changes nothing: the sixth enquiry of this
    // address in a minute is refused whatever address it names.
    let direct_client = http_from(Some("127.0.0.9".parse().unwrap()));
    let bogus = form("direct@example.com", "not-a-solved-challenge");
    for n in 0..5 {
        let (status, _) = post(
            &direct_client,
            &direct.base,
            &bogus,
            Some(&format!("192.0.2.{}", 100 + n)),
        )
        .await
        .unwrap();
        assert_eq!(status, 422, "direct request {n}");
    }
    let (status, answer) = post(&direct_client, &direct.base, &bogus, Some("192.0.2.250"))
        .await
        .unwrap();
    assert_eq!(status, 429, "{answer}");
}

/// The demo's picture paths on the image endpoint, from the pictures pages show through
/// `base` (live, the pages point at Contentful's Images API; the same files lie beside the
/// export, where the replicas' own endpoint resizes them).
async fn picture_paths(base: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for page in ["/", "/about-us", "/insights", "/case-study-index"] {
        let (_, _, html) = get(base, page, "etag").await;
        for part in html.split("images.ctfassets.net/").skip(1) {
            let path = part.split(['?', '"', ' ', '&', '\\', ')']).next().unwrap();
            let path = format!("/img/images.ctfassets.net/{path}");
            if (path.ends_with(".jpg") || path.ends_with(".png")) && !paths.contains(&path) {
                paths.push(path);
            }
        }
    }
    paths
}

/// About two dozen cold renditions at once through nginx, from four visitors, while a
/// visitor's uncached requests are probed: no probe fails or waits longer than
/// [`PROBE_PATIENCE`], and every picture answers 200: made, or stood in for (briefly cached)
/// when it could not be made at once.
async fn burst_of_cold_pictures_while_probing(nginx: &Nginx) {
    let paths = picture_paths(&nginx.base).await;
    assert!(paths.len() >= 4, "the demo's pictures: {paths:?}");
    let mut renditions = Vec::new();
    // Renditions the pages write (any other is sent to the nearest one without an encode).
    for path in &paths[..4] {
        let source = if path.ends_with(".png") {
            Format::Png
        } else {
            Format::Jpeg
        };
        for w in [320, 480, 640] {
            for fm in [Format::Webp, source.fallback()] {
                renditions.push(format!("{path}?{}", written(w, fm).query()));
            }
        }
    }
    let visitors: Vec<reqwest::Client> = (0..4)
        .map(|n| http_from(Some(IpAddr::from([127, 0, 0, 20 + n]))))
        .collect();
    let burst: Vec<_> = renditions
        .iter()
        .enumerate()
        .map(|(n, url)| {
            let (client, url) = (visitors[n % 4].clone(), format!("{}{url}", nginx.base));
            tokio::spawn(async move {
                let response = client.get(url).send().await.unwrap();
                (
                    response.status().as_u16(),
                    response
                        .headers()
                        .get("cache-control")
                        .is_some_and(|v| v == "public, max-age=30"),
                )
            })
        })
        .collect();
    let prober = http_from(Some("127.0.0.30".parse().unwrap()));
    let mut probes = 0;
    let mut slowest = Duration::ZERO;
    while burst.iter().any(|task| !task.is_finished()) {
        for path in ["/healthz", "/api/page?path=%2Fnope", "/no-such-page"] {
            let asked = Instant::now();
            let status = prober
                .get(format!("{}{path}", nginx.base))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16();
            let took = asked.elapsed();
            slowest = slowest.max(took);
            probes += 1;
            assert!(status < 500, "{path} answered {status} during the burst");
            assert!(
                took < PROBE_PATIENCE,
                "{path} took {took:?} during the burst\n{}",
                nginx.access_log()
            );
        }
    }
    let (mut made, mut stood_in) = (0, 0);
    for task in burst {
        let (status, brief) = task.await.unwrap();
        assert_eq!(status, 200, "a picture was not sent\n{}", nginx.error_log());
        if brief {
            stood_in += 1;
        } else {
            made += 1;
        }
    }
    assert!(made > 0, "no picture was made");
    eprintln!(
        "{made} of {} cold renditions made, {stood_in} stood in for; {probes} probes, the slowest {slowest:?}",
        renditions.len()
    );
}

/// 600 client connections at once through nginx, on an uncached route: all answered.
async fn many_connections_at_once(nginx: &Nginx) {
    let clients: Vec<reqwest::Client> = (0..3)
        .map(|n| http_from(Some(IpAddr::from([127, 0, 0, 40 + n]))))
        .collect();
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(600));
    let tasks: Vec<_> = (0..600)
        .map(|n| {
            let (client, url) = (clients[n % 3].clone(), format!("{}/healthz", nginx.base));
            let barrier = barrier.clone();
            tokio::spawn(async move {
                barrier.wait().await;
                let response = client.get(url).send().await;
                response.map(|r| r.status().as_u16())
            })
        })
        .collect();
    let mut statuses = std::collections::BTreeMap::new();
    for task in tasks {
        let status = match task.await.unwrap() {
            Ok(status) => status.to_string(),
            Err(e) => format!("{e}"),
        };
        *statuses.entry(status).or_insert(0) += 1;
    }
    assert_eq!(
        statuses,
        [("200".to_string(), 600)].into(),
        "600 connections at once\n{}",
        nginx.error_log()
    );
}

/// Both replicas restarted one after the other (SIGTERM, drained, started again) while
/// visitors ask for uncached routes and send enquiries through nginx: every request gets its
/// answer (never a 5xx or a dropped connection) and every enquiry is taken. Returns the restarted replicas.
async fn rolling_restart_under_load<F: Future<Output = Server>>(
    nginx: &Nginx,
    a: Server,
    b: Server,
    start: &impl Fn(usize) -> F,
) -> (Server, Server) {
    let mut forms = Vec::new();
    for n in 0..RESTART_ENQUIRIES {
        forms.push(solved(&nginx.base, &format!("restart{n}@example.com")).await);
    }
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let readers: Vec<_> = (0..4u8)
        .map(|n| {
            let (client, base) = (
                http_from(Some(IpAddr::from([127, 0, 0, 50 + n]))),
                nginx.base.clone(),
            );
            let stop = stop.clone();
            tokio::spawn(async move {
                let mut failures = Vec::new();
                let mut answered = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    for (path, expected) in [("/healthz", 200), ("/no-such-page", 404)] {
                        match client.get(format!("{base}{path}")).send().await {
                            Ok(r) if r.status() == expected => answered += 1,
                            Ok(r) => failures.push(format!("{path}: {}", r.status())),
                            Err(e) => failures.push(format!("{path}: {e}")),
                        }
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                (answered, failures)
            })
        })
        .collect();
    let senders = {
        let base = nginx.base.clone();
        tokio::spawn(async move {
            let mut answers = Vec::new();
            for (n, form) in forms.into_iter().enumerate() {
                let visitor = http_from(Some(IpAddr::from([127, 0, 0, 60 + n as u8])));
                answers.push(
                    post(&visitor, &base, &form, None)
                        .await
                        .map_err(|e| e.to_string()),
                );
                tokio::time::sleep(Duration::from_millis(700)).await;
            }
            answers
        })
    };
    let restart = |server: Server, n: usize| async move {
        let (status, log) = server.terminate().await;
        assert!(status.success(), "{log}");
        start(n).await
    };
    let a = restart(a, 0).await;
    let b = restart(b, 1).await;
    let answers = senders.await.unwrap();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut answered = 0;
    for reader in readers {
        let (n, failures) = reader.await.unwrap();
        assert_eq!(failures, Vec::<String>::new(), "{}", nginx.error_log());
        answered += n;
    }
    for answer in &answers {
        let (status, body) = answer.as_ref().unwrap();
        assert_eq!(*status, 200, "{body}\n{}", nginx.error_log());
    }
    eprintln!(
        "rolling restart: {answered} requests and {} enquiries answered",
        answers.len()
    );
    (a, b)
}
