//! `supplysite serve` attacked as a slow or greedy client would: heads trickled from one
//! loopback address (127.0.0.2) while another (127.0.0.1) asks for pages, a head never
//! finished, oversized heads, a client that never reads its response, all with the server's
//! open-file limit lowered so exhaustion would come within seconds. Each test asserts what a
//! visitor on the other address sees: answered, in time.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

/// The open-file limit the server runs under: with no caps, a few hundred slow connections
/// would leave it unable to accept anyone.
const OPEN_FILES: u32 = 256;
const HEADER_TIMEOUT: Duration = Duration::from_secs(2);
const IDLE_TIMEOUT: Duration = Duration::from_secs(4);
const WRITE_TIMEOUT: Duration = Duration::from_secs(3);
/// How long a visitor may wait for a page while the server is under attack.
const ANSWERED_WITHIN: Duration = Duration::from_secs(2);
/// Slack for a timeout to be noticed and the connection closed on a busy machine.
const SLACK: Duration = Duration::from_millis(1500);
const ATTACKER: &str = "127.0.0.2";

// The CLI's one harness for the servers its tests start.
#[allow(dead_code, unused_imports)]
#[path = "wiring/support.rs"]
mod support;

/// The server under attack, started through the harness, and its address for raw sockets.
struct Server {
    server: support::Server,
    addr: SocketAddr,
    _dir: TempDir,
}

impl Server {
    /// The built binary under `prlimit --nofile`, with the demo content, short timeouts and
    /// two workers.
    fn start() -> Server {
        let dir = support::workdir();
        let mut serve = support::serve(dir.path());
        serve
            .args(["--workers", "2"])
            .arg(format!(
                "--header-timeout-seconds={}",
                HEADER_TIMEOUT.as_secs()
            ))
            .arg(format!("--idle-timeout-seconds={}", IDLE_TIMEOUT.as_secs()))
            .arg(format!(
                "--write-timeout-seconds={}",
                WRITE_TIMEOUT.as_secs()
            ));
        let cmd = under_open_file_limit(&serve, OPEN_FILES);
        let server = runtime().block_on(support::Server::start(cmd));
        // The limit reached the server itself, not only prlimit.
        let limits = std::fs::read_to_string(format!("/proc/{}/limits", server.pid())).unwrap();
        let open_files = limits
            .lines()
            .find(|l| l.starts_with("Max open files"))
            .and_then(|l| l.split_whitespace().nth(3))
            .unwrap_or_default();
        assert_eq!(open_files, OPEN_FILES.to_string(), "{limits}");
        let addr = server
            .base
            .strip_prefix("http://")
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("not an address: {}", server.base));
        Server {
            server,
            addr,
            _dir: dir,
        }
    }

    /// One request from 127.0.0.1 on a connection of its own, with extra header lines.
    fn request(&self, path: &str, extra: &str) -> Option<Answer> {
        let mut stream = TcpStream::connect(self.addr).ok()?;
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .ok()?;
        let head = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{extra}\r\n",
            self.addr
        );
        // A refused head may be cut off while it is being sent; the answer is still read.
        let _ = stream.write_all(head.as_bytes());
        // Until the end or an error: a server refusing a head it did not read to the end
        // resets the connection after its answer.
        let mut response = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(n @ 1..) = stream.read(&mut buf) {
            response.extend_from_slice(&buf[..n]);
        }
        let response = String::from_utf8_lossy(&response);
        let (head, body) = response.split_once("\r\n\r\n")?;
        Some(Answer {
            status: head.split(' ').nth(1)?.parse().ok()?,
            body: body.to_string(),
        })
    }

    fn get(&self, path: &str) -> Option<Answer> {
        self.request(path, "")
    }

    /// A page for a visitor on 127.0.0.1: it must be answered 200 within [`ANSWERED_WITHIN`].
    fn visitor_is_answered_in_time(&self, path: &str) {
        let start = Instant::now();
        let answer = self.get(path);
        let took = start.elapsed();
        assert_eq!(
            answer.map(|a| a.status),
            Some(200),
            "{path} after {took:?}: {}",
            self.server.log()
        );
        assert!(
            took < ANSWERED_WITHIN,
            "{path} took {took:?}: {}",
            self.server.log()
        );
    }

    /// The connection counts `/readyz` reports.
    fn connections(&self) -> serde_json::Value {
        let answer = self.get("/readyz").expect("/readyz answered");
        assert_eq!(answer.status, 200);
        let ready: serde_json::Value = serde_json::from_str(&answer.body).unwrap();
        ready["connections"].clone()
    }

    /// A socket from the attacking address, connected.
    async fn attacker_socket(
        &self,
        receive_buffer: Option<u32>,
    ) -> std::io::Result<tokio::net::TcpStream> {
        let socket = TcpSocket::new_v4()?;
        socket.bind(format!("{ATTACKER}:0").parse().unwrap())?;
        if let Some(size) = receive_buffer {
            socket.set_recv_buffer_size(size)?;
        }
        socket.connect(self.addr).await
    }
}

/// `command` run by `prlimit` with at most `limit` open files: the same program, arguments,
/// environment and folder. prlimit executes the program in its own process, so the pid the
/// harness holds is the server's.
fn under_open_file_limit(command: &Command, limit: u32) -> Command {
    let mut limited = Command::new("prlimit");
    limited
        .arg(format!("--nofile={limit}:{limit}"))
        .arg(command.get_program())
        .args(command.get_args());
    for (key, value) in command.get_envs() {
        match value {
            Some(value) => limited.env(key, value),
            None => limited.env_remove(key),
        };
    }
    if let Some(dir) = command.get_current_dir() {
        limited.current_dir(dir);
    }
    limited
}

struct Answer {
    status: u16,
    body: String,
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

/// Polls `condition` until it holds or `within` has passed; returns when it first held.
fn wait_for(within: Duration, mut condition: impl FnMut() -> bool) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < within {
        if condition() {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

/// How long the server took to close `stream` (it reads until end of file or an error).
/// Reads one whole answer with a `Content-Length` from `stream`.
async fn read_one_answer(stream: &mut tokio::net::TcpStream) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .unwrap_or_else(|| panic!("no length in {head}"))
        .trim()
        .parse()
        .unwrap();
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).await.unwrap();
}

async fn closed_after(stream: &mut tokio::net::TcpStream, start: Instant) -> Duration {
    let mut buf = [0u8; 4096];
    let limit = start + HEADER_TIMEOUT + IDLE_TIMEOUT + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(limit.into(), stream.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return start.elapsed(),
            Ok(Ok(_)) => {}
            Err(_) => panic!("the server never closed the connection"),
        }
    }
}

#[test]
fn hundreds_of_trickling_connections_from_one_address_leave_others_served() {
    let _ = rlimit::increase_nofile_limit(4096);
    let server = Arc::new(Server::start());
    let attackers = 600;
    let stop = Arc::new(AtomicBool::new(false));
    let attack = {
        let (server, stop) = (server.clone(), stop.clone());
        std::thread::spawn(move || {
            runtime().block_on(async move {
                let tasks: Vec<_> = (0..attackers)
                    .map(|_| {
                        let (server, stop) = (server.clone(), stop.clone());
                        tokio::spawn(async move {
                            // Half a head, then a header line every half second; when the
                            // server closes the connection, another one.
                            while !stop.load(Ordering::Relaxed) {
                                let Ok(mut stream) = server.attacker_socket(None).await else {
                                    tokio::time::sleep(Duration::from_millis(200)).await;
                                    continue;
                                };
                                let mut open = stream
                                    .write_all(b"GET / HTTP/1.1\r\nHost: victim\r\n")
                                    .await
                                    .is_ok();
                                while open && !stop.load(Ordering::Relaxed) {
                                    tokio::time::sleep(Duration::from_millis(500)).await;
                                    open = stream.write_all(b"X-Trickle: 1\r\n").await.is_ok();
                                }
                                tokio::time::sleep(Duration::from_millis(200)).await;
                            }
                        })
                    })
                    .collect();
                for task in tasks {
                    let _ = task.await;
                }
            })
        })
    };

    // The attack is on once the server holds as many connections from 127.0.0.2 as it
    // allows one client.
    let per_client = server.connections()["perClientLimit"].as_u64().unwrap();
    assert!(per_client > 0 && per_client < u64::from(OPEN_FILES));
    let on = wait_for(Duration::from_secs(10), || {
        server.connections()["open"].as_u64().unwrap() > per_client / 2
    });
    assert!(
        on.is_some(),
        "the attack never took hold: {}",
        server.connections()
    );

    // For twice the header timeout (every trickled connection is cut and reopened), a
    // visitor keeps being answered in time.
    let until = Instant::now() + HEADER_TIMEOUT * 2 + Duration::from_secs(1);
    let mut visits = 0;
    while Instant::now() < until {
        server.visitor_is_answered_in_time("/");
        server.visitor_is_answered_in_time("/etender");
        visits += 2;
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(visits >= 10);

    let counts = server.connections();
    stop.store(true, Ordering::Relaxed);
    attack.join().unwrap();
    assert!(
        counts["refusedPerClient"].as_u64().unwrap() > 0,
        "the per-client cap never refused: {counts}"
    );
    assert!(
        counts["timedOut"].as_u64().unwrap() > 0,
        "no trickled head was cut: {counts}"
    );
    assert!(
        counts["open"].as_u64().unwrap() <= per_client + 5,
        "{counts}"
    );
}

#[test]
fn heads_that_never_finish_are_closed_after_the_header_timeout_and_idle_ones_after_the_idle_timeout()
 {
    let server = Server::start();
    runtime().block_on(async {
        let start = Instant::now();
        // Silent after connecting.
        let mut silent = server.attacker_socket(None).await.unwrap();
        // Half a head, then a line every 300 ms: always sending, never finishing.
        let mut trickled = server.attacker_socket(None).await.unwrap();
        trickled
            .write_all(b"GET / HTTP/1.1\r\nHost: victim\r\n")
            .await
            .unwrap();
        let trickle = tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(300)).await;
                if trickled.write_all(b"X-Trickle: 1\r\n").await.is_err() {
                    return start.elapsed();
                }
            }
        });
        // A keep-alive connection that asked for one page and then waits.
        let mut idle = server.attacker_socket(None).await.unwrap();
        idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: victim\r\n\r\n")
            .await
            .unwrap();
        let mut first = [0u8; 12];
        idle.read_exact(&mut first).await.unwrap();
        assert_eq!(&first, b"HTTP/1.1 200");
        let answered = start.elapsed();

        server.visitor_is_answered_in_time("/");
        // The same for a page answered from the cache (the express lane), asked for twice on
        // one connection that then waits: its wait starts when the second answer is sent.
        let mut idle_page = server.attacker_socket(None).await.unwrap();
        let mut page_answered = answered;
        for _ in 0..2 {
            idle_page
                .write_all(b"GET / HTTP/1.1\r\nHost: victim\r\n\r\n")
                .await
                .unwrap();
            read_one_answer(&mut idle_page).await;
            page_answered = start.elapsed();
        }
        // Watched from now: the checks before it take longer than its wait.
        let page_closed = tokio::spawn(async move { closed_after(&mut idle_page, start).await });

        let silent_closed = closed_after(&mut silent, start).await;
        assert!(
            silent_closed >= HEADER_TIMEOUT && silent_closed < HEADER_TIMEOUT + SLACK,
            "a silent connection closed after {silent_closed:?}"
        );
        let trickle_cut = trickle.await.unwrap();
        assert!(
            trickle_cut >= HEADER_TIMEOUT && trickle_cut < HEADER_TIMEOUT + SLACK * 2,
            "a trickled head was cut after {trickle_cut:?}"
        );
        let idle_closed = closed_after(&mut idle, start).await;
        assert!(
            idle_closed >= answered + IDLE_TIMEOUT - Duration::from_millis(100)
                && idle_closed < answered + IDLE_TIMEOUT + SLACK,
            "an idle keep-alive connection closed after {idle_closed:?}"
        );
        let page_closed = page_closed.await.unwrap();
        assert!(
            page_closed >= page_answered + IDLE_TIMEOUT - Duration::from_millis(100)
                && page_closed < page_answered + IDLE_TIMEOUT + SLACK,
            "an idle keep-alive connection answered from the cache closed after {page_closed:?} (answered at {page_answered:?})"
        );
    });
    server.visitor_is_answered_in_time("/");
    assert!(server.connections()["timedOut"].as_u64().unwrap() >= 3);
}

#[test]
fn heads_over_64_kib_and_header_lines_over_16_kib_are_refused_with_431() {
    let server = Server::start();
    let line = |name: &str, len: usize| format!("{name}: {}\r\n", "a".repeat(len));
    let lines = |n: usize| {
        (0..n)
            .map(|i| line(&format!("X-Big-{i}"), 15 * 1024))
            .collect::<String>()
    };

    // 60 KiB in lines of 15 KiB: read.
    let answer = server.request("/healthz", &lines(4)).expect("an answer");
    assert_eq!(answer.status, 200);
    // 75 KiB: refused.
    let answer = server.request("/healthz", &lines(5)).expect("an answer");
    assert_eq!(answer.status, 431);
    // One line of 64 KiB: refused.
    let answer = server
        .request("/healthz", &line("X-Huge", 64 * 1024))
        .expect("an answer");
    assert_eq!(answer.status, 431);
    // One line of 17 KiB in a small head: refused, saying why.
    let answer = server
        .request("/healthz", &line("X-Long", 17 * 1024))
        .expect("an answer");
    assert_eq!(answer.status, 431);
    assert_eq!(answer.body, "request header line too long\n");
    // A request target of 17 KiB.
    let target = format!("/?q={}", "a".repeat(17 * 1024));
    assert_eq!(server.get(&target).map(|a| a.status), Some(414));

    server.visitor_is_answered_in_time("/");
}

#[test]
fn a_client_that_never_reads_its_responses_is_abandoned_after_the_write_timeout() {
    let server = Server::start();
    let baseline = server.connections()["timedOut"].as_u64().unwrap();
    runtime().block_on(async {
        // A small receive window and a hundred pages asked for at once, none read: the
        // server's writes block once the socket buffers are full.
        let mut greedy = server.attacker_socket(Some(4096)).await.unwrap();
        let requests = "GET / HTTP/1.1\r\nHost: victim\r\n\r\n".repeat(100);
        greedy.write_all(requests.as_bytes()).await.unwrap();
        let start = Instant::now();

        // Stuck: the server holds the connection (and the one asking), and still answers.
        let stuck = wait_for(Duration::from_secs(2), || {
            server.connections()["open"].as_u64() == Some(2)
        });
        assert!(stuck.is_some(), "{}", server.connections());
        server.visitor_is_answered_in_time("/");

        // Abandoned after the write timeout: back to the connection asking.
        let abandoned = wait_for(WRITE_TIMEOUT + SLACK * 2, || {
            let counts = server.connections();
            counts["open"].as_u64() == Some(1) && counts["timedOut"].as_u64() > Some(baseline)
        });
        let abandoned = abandoned.map(|_| start.elapsed());
        assert!(
            abandoned.is_some_and(|t| t >= WRITE_TIMEOUT - Duration::from_millis(500)),
            "{abandoned:?} {}",
            server.connections()
        );
        drop(greedy);
    });
    server.visitor_is_answered_in_time("/");
}
