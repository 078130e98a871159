//! `SUPPLYSITE_TRUSTED_PROXIES` on the real server: X-Forwarded-For is read only from a
//! trusted proxy (127.0.0.1 here); a client on another loopback address that reaches the
//! server directly cannot choose its address with it, so the rate limit still holds it; and
//! the trusted proxy is held to the total connection cap only, not to one client's share.

use crate::support::{Server, serve, workdir};
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const PROXY: &str = "127.0.0.1";
/// Reaches the server directly, not through the proxy.
const DIRECT: &str = "127.0.0.3";

/// A form whose robot token is wrong: judged 422, and counted against the client's allowance.
fn bogus_form() -> Value {
    crate::support::form("ada@example.com", "not-a-solved-challenge")
}

/// `POST /api/contact` from the local address `from`, naming `forwarded` in X-Forwarded-For.
async fn post_from(server: &Server, from: &str, forwarded: &str) -> u16 {
    let client = reqwest::Client::builder()
        .local_address(from.parse::<IpAddr>().unwrap())
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap();
    client
        .post(format!("{}/api/contact", server.base))
        .header("x-forwarded-for", forwarded)
        .json(&bogus_form())
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_for_is_read_only_from_a_trusted_proxy_and_a_direct_client_cannot_choose_its_address()
 {
    let dir = workdir();
    let mut cmd = serve(dir.path());
    cmd.env("SUPPLYSITE_TRUSTED_PROXIES", PROXY)
        .env("SUPPLYSITE_CONTACT_RATE_PER_MINUTE", "1");
    let server = Server::start(cmd).await;

    // Through the proxy, each visitor it names has an allowance of its own.
    assert_eq!(post_from(&server, PROXY, "192.0.2.1").await, 422);
    assert_eq!(post_from(&server, PROXY, "192.0.2.2").await, 422);
    // A visitor who wrote a forged entry of its own is still the one the proxy appended.
    assert_eq!(post_from(&server, PROXY, "6.6.6.6, 192.0.2.1").await, 429);

    // Directly, a fresh address per request changes nothing: the peer is counted.
    assert_eq!(post_from(&server, DIRECT, "198.51.100.1").await, 422);
    for forged in ["198.51.100.2", "198.51.100.3, 192.0.2.9", PROXY] {
        assert_eq!(
            post_from(&server, DIRECT, forged).await,
            429,
            "a direct client naming {forged:?} was not held to its own allowance"
        );
    }
    server.terminate().await;
}

/// A connection from `from` that has been answered once and is kept open, or `None` when the
/// server closed it without an answer.
async fn held_connection(from: &str, server: SocketAddr) -> Option<TcpStream> {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse().unwrap(), 0))
        .unwrap();
    let mut stream = socket.connect(server).await.ok()?;
    let head = format!("GET /healthz HTTP/1.1\r\nHost: {server}\r\n\r\n");
    stream.write_all(head.as_bytes()).await.ok()?;
    let mut answer = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut answer))
        .await
        .expect("neither answered nor closed")
        .ok()?;
    String::from_utf8_lossy(&answer[..n])
        .starts_with("HTTP/1.1 200")
        .then_some(stream)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_is_exempt_from_the_per_client_connection_cap() {
    let dir = workdir();
    let mut cmd = serve(dir.path());
    cmd.env("SUPPLYSITE_TRUSTED_PROXIES", PROXY)
        .env("SUPPLYSITE_MAX_CONNECTIONS_PER_CLIENT", "4");
    let server = Server::start(cmd).await;
    let addr: SocketAddr = server
        .base
        .strip_prefix("http://")
        .unwrap()
        .parse()
        .unwrap();

    // The proxy holds three times a client's share, every connection answered.
    let mut proxy = Vec::new();
    for n in 0..12 {
        let held = held_connection(PROXY, addr).await;
        assert!(held.is_some(), "the proxy's connection {n} was refused");
        proxy.push(held);
    }
    // A client reaching the server directly is held to its share.
    let mut direct = Vec::new();
    for n in 0..4 {
        let held = held_connection(DIRECT, addr).await;
        assert!(
            held.is_some(),
            "the direct client's connection {n} was refused"
        );
        direct.push(held);
    }
    assert!(held_connection(DIRECT, addr).await.is_none());
    let (_, ready) = server.get_json("/readyz").await;
    assert_eq!(ready["connections"]["refusedPerClient"], 1, "{ready}");
    drop((proxy, direct));
    server.terminate().await;
}
