//! The server under heavy and wasteful requests, as a process with one worker: `/healthz`
//! answers quickly while the heaviest pages of a large synthetic space are being built, and
//! twenty thousand made-up paths leave the resident set where it was.

use crate::support::{Server, serve, serve_content, workdir};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Articles in the synthetic space. A debug build takes about 5 s to write it and 6 s to load
/// it on a 2-core machine, and building its sitemap takes hundreds of milliseconds to seconds:
/// enough that a build on the request runtime would stall `/healthz` for that long, yet the
/// test stays under a minute. (The listings carry one page of nine, so they cost what any page
/// costs, whatever the archive's size.) (100,000 articles take
/// 75 s to write and more to load in a debug build: too slow for `make test`.)
const POSTS: &str = "5000";

/// The slowest `/healthz` answer allowed while heavy work runs. The target is 10 ms (measured
/// in release by the bench). A debug build on a 2-core machine, with the heavy pool's thread
/// and the test's own client competing for the cores, answers in tens of milliseconds when the
/// machine is otherwise quiet, and has been seen at 244 ms with other builds running beside
/// it. The bound is 500 ms: a build on the request runtime stalls the answer for the whole
/// build, which takes seconds here (the test prints it), so it still fails that way.
const HEALTHZ_BOUND: Duration = Duration::from_millis(500);

/// The two tests here each load the machine; run together they would measure each other.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn synth(dir: &Path) -> std::path::PathBuf {
    let out = dir.join("synthetic.json");
    let started = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(["content", "synth", "--posts", POSTS, "--out"])
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    eprintln!("synthesised {POSTS} posts in {:?}", started.elapsed());
    out
}

fn one_worker(mut cmd: Command) -> Command {
    cmd.env("SUPPLYSITE_WORKERS", "1");
    cmd
}

/// Probes `/healthz` until `heavy` is done; returns the heavy request's status and time and
/// every probe's time.
async fn probe_while(
    base: &str,
    heavy: &str,
    accept_encoding: &str,
) -> ((u16, Duration), Vec<Duration>) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    let url = format!("{base}{heavy}");
    let encoding = accept_encoding.to_string();
    let heavy_client = client.clone();
    let request = tokio::spawn(async move {
        let started = Instant::now();
        let response = heavy_client
            .get(url)
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        response.bytes().await.unwrap();
        (status, started.elapsed())
    });
    let mut probes = Vec::new();
    while !request.is_finished() {
        let started = Instant::now();
        let response = client.get(format!("{base}/healthz")).send().await.unwrap();
        assert_eq!(response.status(), 200);
        response.bytes().await.unwrap();
        probes.push(started.elapsed());
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    (request.await.unwrap(), probes)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_answers_quickly_while_the_heaviest_pages_are_built() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let dir = workdir();
    let export = synth(dir.path());
    let started = Instant::now();
    let server = Server::start(one_worker(serve_content(dir.path(), &export))).await;
    eprintln!("started in {:?}", started.elapsed());
    for (path, encoding) in [("/sitemap.xml", "gzip")] {
        let ((status, took), probes) = probe_while(&server.base, path, encoding).await;
        assert_eq!(status, 200, "{path}");
        let slowest = probes.iter().max().copied().unwrap_or_default();
        eprintln!(
            "{path}: built in {took:?}; {} probes, slowest {slowest:?}",
            probes.len()
        );
        assert!(
            probes.len() >= 2,
            "{path} took {took:?}: too quick to probe /healthz during it"
        );
        assert!(
            slowest < HEALTHZ_BOUND,
            "/healthz took {slowest:?} while {path} was built ({took:?})"
        );
    }
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{log}");
}

/// The resident set of process `pid`, in KiB.
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS in /proc/<pid>/status")
}

/// Asks for `count` made-up paths from `from` on: not-found pages, unknown articles and case
/// studies (redirects), non-canonical spellings, eight at a time.
async fn made_up_paths(base: &str, from: usize, count: usize) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap();
    let lanes: Vec<_> = (0..8)
        .map(|lane| {
            let (client, base) = (client.clone(), base.to_string());
            tokio::spawn(async move {
                for n in (from + lane..from + count).step_by(8) {
                    let path = match n % 4 {
                        0 => format!("/no-such-page-{n}"),
                        1 => format!("/insights/no-such-article-{n}"),
                        2 => format!("/case-study/no-such-story-{n}"),
                        _ => format!("/made/up/{n}/"),
                    };
                    let response = client
                        .get(format!("{base}{path}"))
                        .header("accept-encoding", "gzip")
                        .send()
                        .await
                        .unwrap();
                    let status = response.status().as_u16();
                    assert!(matches!(status, 301 | 308 | 404), "{path}: {status}");
                    response.bytes().await.unwrap();
                }
            })
        })
        .collect();
    for lane in lanes {
        lane.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_thousand_made_up_paths_leave_the_resident_set_where_it_was() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let dir = workdir();
    let server = Server::start(one_worker(serve(dir.path()))).await;
    // Warm up: the allocator's caches, the not-found page and the connection pools settle.
    made_up_paths(&server.base, 0, 2_000).await;
    let before = resident_kib(server.pid());
    let started = Instant::now();
    made_up_paths(&server.base, 1_000_000, 20_000).await;
    let after = resident_kib(server.pid());
    eprintln!(
        "20,000 made-up paths in {:?}: VmRSS {before} KiB -> {after} KiB",
        started.elapsed()
    );
    assert!(
        after <= before + 4 * 1024,
        "the resident set grew from {before} KiB to {after} KiB"
    );
    let (_, ready) = server.get_json("/readyz").await;
    assert_eq!(ready["cachedPages"], 0, "made-up paths cached: {ready}");
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{log}");
}
