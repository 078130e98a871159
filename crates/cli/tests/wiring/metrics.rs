//! `GET /metrics` on the metrics listener (`SUPPLYSITE_METRICS_BIND`), read with a Prometheus
//! text parser: every family is there, and each moves when visitors ask for pages (a miss,
//! then hits), pictures (encoded, then from memory), send enquiries that cannot be delivered
//! yet, and when the server sheds connections. The site's own port answers 404 at /metrics.

use crate::enquiries::{solved_form, with_brevo};
use crate::support::{PATIENCE, Server};
use prometheus_parse::{Sample, Scrape, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use supplysite_mail_adapter::fake_brevo::{CONTACTS, EMAIL, FakeBrevo, Reply};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const POST: &str = "/insights/what-is-e-tendering";
const PICTURE: &str = "/img/images.ctfassets.net/supplysitedemo/hero-scope-3-emissions-supplier-data/bfc15c0ba89a28877e276ee1fabb22e2/hero-scope-3-emissions-supplier-data.jpg?w=320&fm=jpg&q=75";

/// `/metrics` from `addr`, parsed.
async fn scrape(addr: SocketAddr) -> Scrape {
    let response = reqwest::get(format!("http://{addr}/metrics"))
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let text = response.text().await.unwrap();
    Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).unwrap()
}

/// The samples of family `name` whose labels include every one of `labels`.
fn samples<'a>(
    scrape: &'a Scrape,
    name: &'a str,
    labels: &'a [(&'a str, &'a str)],
) -> impl Iterator<Item = &'a Sample> {
    scrape.samples.iter().filter(move |s| {
        s.metric == name && labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v))
    })
}

/// The value of the one sample of `name` with `labels`; 0 when there is none yet.
fn value(scrape: &Scrape, name: &str, labels: &[(&str, &str)]) -> f64 {
    let found: Vec<&Sample> = samples(scrape, name, labels).collect();
    assert!(
        found.len() <= 1,
        "{name} {labels:?}: {} samples",
        found.len()
    );
    match found.first().map(|s| &s.value) {
        None => 0.0,
        Some(Value::Counter(v) | Value::Gauge(v) | Value::Untyped(v)) => *v,
        Some(Value::Histogram(buckets)) => buckets
            .iter()
            .find(|b| b.less_than == f64::INFINITY)
            .map_or(0.0, |b| b.count),
        Some(other) => panic!("{name}: unexpected {other:?}"),
    }
}

/// A connection to `addr` from 127.0.0.4.
async fn connect(addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.4:0".parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

/// Asks for `/healthz` on `stream` and reads the answer: how many bytes came (0 when the
/// server closed the connection instead).
async fn answered(stream: &mut TcpStream) -> usize {
    let _ = stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let mut buf = [0u8; 1024];
    tokio::time::timeout(PATIENCE, stream.read(&mut buf))
        .await
        .expect("neither answered nor closed")
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_served_on_their_own_listener_and_move_with_traffic_caches_sheds_and_enquiries()
{
    let dir = crate::support::workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    // Brevo fails every call: the enquiry's two jobs wait to be retried.
    for _ in 0..4 {
        brevo.script(EMAIL, Reply::error(500, "internal_error", "try later"));
        brevo.script(CONTACTS, Reply::error(500, "internal_error", "try later"));
    }
    let metrics: SocketAddr = format!("127.0.0.1:{}", crate::support::free_port())
        .parse()
        .unwrap();
    // The demo's photographs beside the export make the picture endpoint work.
    let mut cmd = with_brevo(dir.path(), &brevo);
    cmd.env("SUPPLYSITE_METRICS_BIND", metrics.to_string())
        .env("SUPPLYSITE_MAX_CONNECTIONS_PER_CLIENT", "2");
    let server = Server::start(cmd).await;

    let before = scrape(metrics).await;
    for family in [
        "supplysite_ready",
        "supplysite_http_requests_total",
        "supplysite_page_cache_requests_total",
        "supplysite_outbox_jobs",
        "supplysite_outbox_oldest_waiting_seconds",
        "supplysite_content_age_seconds",
        "supplysite_content_reloads_total",
        "supplysite_image_renditions_total",
        "supplysite_image_cache_bytes",
        "supplysite_image_cache_budget_bytes",
        "supplysite_shed_total",
        "supplysite_connections_open",
        "supplysite_search_index_ready",
        "supplysite_search_index_documents",
        "supplysite_search_index_failures_total",
        "process_resident_memory_bytes",
        "process_cpu_seconds_total",
        "process_open_fds",
        "process_start_time_seconds",
    ] {
        assert!(
            samples(&before, family, &[]).next().is_some(),
            "no {family} in the first scrape"
        );
    }
    assert!(value(&before, "process_resident_memory_bytes", &[]) > 1e6);
    // The served demo's search index took it.
    assert_eq!(value(&before, "supplysite_search_index_ready", &[]), 1.0);
    assert!(value(&before, "supplysite_search_index_documents", &[]) > 10.0);
    assert_eq!(
        value(&before, "supplysite_search_index_failures_total", &[]),
        0.0
    );
    assert_eq!(value(&before, "supplysite_ready", &[]), 1.0);
    assert!(value(&before, "supplysite_image_cache_budget_bytes", &[]) > 0.0);

    // Never on the site's own port.
    assert_eq!(server.get("/metrics").await.0, 404);

    // A page twice: composed once, then from the cache; counted under its template.
    let route = [("route", "/insights/:slug"), ("status", "200")];
    for _ in 0..2 {
        assert_eq!(server.get(POST).await.0, 200);
    }
    // A picture twice: encoded, then from memory.
    for _ in 0..2 {
        assert_eq!(server.get(PICTURE).await.0, 200, "{}", server.log());
    }
    // An enquiry Brevo cannot take yet.
    let form = solved_form(&server, "ada@example.com").await;
    let (status, answer) = server.post_json("/api/contact", &form).await.unwrap();
    assert_eq!(status, 200, "{answer}");
    // One connection over the per-client cap of 2, from an address nothing else uses.
    let addr: SocketAddr = server.base["http://".len()..].parse().unwrap();
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut stream = connect(addr).await;
        assert!(
            answered(&mut stream).await > 0,
            "a connection within the cap"
        );
        held.push(stream);
    }
    let mut refused = connect(addr).await;
    assert_eq!(
        answered(&mut refused).await,
        0,
        "the third connection was answered"
    );

    // The outbox is counted when scraped; the attempt may still be running.
    let deadline = Instant::now() + PATIENCE;
    let after = loop {
        let now = scrape(metrics).await;
        if value(&now, "supplysite_outbox_jobs", &[("state", "retrying")]) == 2.0 {
            break now;
        }
        assert!(Instant::now() < deadline, "the enquiry's jobs never waited");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    drop(held);
    let moved = |name: &str, labels: &[(&str, &str)]| {
        value(&after, name, labels) - value(&before, name, labels)
    };
    assert_eq!(moved("supplysite_http_requests_total", &route), 2.0);
    assert_eq!(
        moved(
            "supplysite_http_request_duration_seconds",
            &[("route", "/insights/:slug")]
        ),
        2.0
    );
    assert_eq!(
        moved(
            "supplysite_http_requests_total",
            &[("route", "/api/contact"), ("status", "200")]
        ),
        1.0
    );
    assert_eq!(
        moved(
            "supplysite_http_requests_total",
            &[("route", "/*path"), ("status", "404")]
        ),
        1.0,
        "the public /metrics is counted as an unknown path"
    );
    assert_eq!(
        moved(
            "supplysite_page_cache_requests_total",
            &[("result", "miss")]
        ),
        1.0
    );
    assert_eq!(
        moved("supplysite_page_cache_requests_total", &[("result", "hit")]),
        1.0
    );
    assert_eq!(
        moved(
            "supplysite_image_renditions_total",
            &[("source", "encoded")]
        ),
        1.0
    );
    assert_eq!(
        moved("supplysite_image_renditions_total", &[("source", "memory")]),
        1.0
    );
    assert_eq!(
        moved(
            "supplysite_shed_total",
            &[("reason", "connections_per_client")]
        ),
        1.0
    );
    assert_eq!(
        value(&after, "supplysite_outbox_jobs", &[("state", "pending")]),
        0.0
    );
    // The waiting enquiry was received during this test.
    assert_eq!(
        value(&before, "supplysite_outbox_oldest_waiting_seconds", &[]),
        0.0
    );
    assert!(value(&after, "supplysite_outbox_oldest_waiting_seconds", &[]) < 600.0);
    assert!(value(&after, "supplysite_connections_open", &[]) >= 2.0);
    // The encoded rendition was written to the disk cache.
    assert!(value(&after, "supplysite_image_cache_bytes", &[]) > 0.0);
    // No label value is a path a visitor chose.
    for sample in &after.samples {
        for value in sample.labels.values() {
            assert!(
                !value.contains("what-is-e-tendering") && !value.contains("metrics"),
                "{}: {value}",
                sample.metric
            );
        }
    }
    server.terminate().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_listener_cuts_off_trickled_heads_holds_its_cap_and_warns_off_loopback() {
    let dir = crate::support::workdir();
    let port = crate::support::free_port();
    let mut cmd = crate::support::serve(dir.path());
    cmd.env("SUPPLYSITE_METRICS_BIND", format!("0.0.0.0:{port}"))
        .env("SUPPLYSITE_HEADER_TIMEOUT_SECONDS", "1");
    let server = Server::start(cmd).await;
    let metrics: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    scrape(metrics).await;
    assert!(
        server
            .log()
            .contains("the metrics listener is bound off loopback"),
        "no warning: {}",
        server.log()
    );

    // A head trickled a line at a time is cut off at the header timeout, unanswered.
    let (mut reader, mut writer) = connect(metrics).await.into_split();
    let started = Instant::now();
    let closed = tokio::spawn(async move {
        let mut buf = [0u8; 1024];
        let read = reader.read(&mut buf).await.unwrap_or(0);
        (started.elapsed(), read)
    });
    let _ = writer.write_all(b"GET /metrics HTTP/1.1\r\n").await;
    while !closed.is_finished() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "a trickled head was never cut off"
        );
        // The client's pace: a header line every 100 ms, never the blank line that ends it.
        tokio::time::sleep(Duration::from_millis(100)).await;
        let _ = writer.write_all(b"X-Slow: 1\r\n").await;
    }
    let (took, read) = closed.await.unwrap();
    assert_eq!(read, 0, "the trickled head was answered");
    assert!(took >= Duration::from_millis(900), "cut after {took:?}");

    // Connections answered and kept alive count against the cap: half of it from one client,
    // the whole of it from two; one more is closed at once, from any address.
    let from = |ip: &str| {
        let ip: std::net::Ipv4Addr = ip.parse().unwrap();
        async move {
            let socket = TcpSocket::new_v4().unwrap();
            socket.bind((ip, 0).into()).unwrap();
            socket.connect(metrics).await.unwrap()
        }
    };
    let per_client = supplysite_http::METRICS_CONNECTIONS / 2;
    let mut held = Vec::new();
    for ip in ["127.0.0.5", "127.0.0.6"] {
        for _ in 0..per_client {
            let mut stream = from(ip).await;
            assert!(
                answered(&mut stream).await > 0,
                "a connection within the cap"
            );
            held.push(stream);
        }
        let mut over = from(ip).await;
        assert_eq!(answered(&mut over).await, 0, "{ip} went over its share");
    }
    let mut over = from("127.0.0.7").await;
    assert_eq!(
        answered(&mut over).await,
        0,
        "the cap of the listener was passed"
    );
    // The site's own port is not held to the metrics listener's cap.
    assert_eq!(server.get("/healthz").await.0, 200);
    drop(held);
    // Once they close, the listener answers again.
    let deadline = Instant::now() + PATIENCE;
    loop {
        let mut stream = from("127.0.0.7").await;
        if answered(&mut stream).await > 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the listener never answered again"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.terminate().await;
}

/// The metric names `text` mentions: every word of Prometheus's name characters that starts
/// with the server's prefixes (`supplysite_`, `process_`). Recording rules' own names
/// (`supplysite:…`) and Prometheus's `up` are not the server's and are not taken.
fn metric_names(text: &str) -> std::collections::BTreeSet<String> {
    let is_name_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    text.split(|c: char| !is_name_char(c))
        .map(|word| word.trim_end_matches(':'))
        .filter(|word| word.starts_with("supplysite_") || word.starts_with("process_"))
        .map(str::to_owned)
        .collect()
}

/// A file of the repository's `deploy/` folder.
fn deploy_file(path: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../deploy")
        .join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The shipped dashboard is one Grafana imports (a schema version, a data source chosen by a
/// template variable, panels with queries), and every metric its queries and the alert rules
/// name (runbooks included) is one the server exposes: a server with live content, enquiries
/// and pictures is scraped until each family is there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_alert_rules_and_the_dashboard_name_only_metrics_the_server_exposes() {
    let rules = deploy_file("prometheus/supplysite.rules.yml");
    let dashboard_text = deploy_file("grafana/supplysite.json");
    let dashboard: serde_json::Value = serde_json::from_str(&dashboard_text).unwrap();
    assert!(dashboard["schemaVersion"].as_u64().unwrap() >= 36);
    assert!(dashboard["uid"].is_string() && dashboard["title"].is_string());
    let variables = dashboard["templating"]["list"].as_array().unwrap();
    assert!(
        variables.iter().any(|v| v["name"] == "datasource"
            && v["type"] == "datasource"
            && v["query"] == "prometheus"),
        "no data source variable"
    );
    let panels = dashboard["panels"].as_array().unwrap();
    let mut ids = std::collections::BTreeSet::new();
    let mut queries = String::new();
    for panel in panels {
        assert!(ids.insert(panel["id"].as_u64().unwrap()), "{panel}");
        if panel["type"] == "row" {
            continue;
        }
        assert_eq!(panel["datasource"]["uid"], "${datasource}", "{panel}");
        let targets = panel["targets"].as_array().unwrap();
        assert!(!targets.is_empty(), "{panel}");
        for target in targets {
            assert_eq!(target["datasource"]["uid"], "${datasource}", "{target}");
            let expr = target["expr"].as_str().unwrap();
            assert!(!metric_names(expr).is_empty(), "{expr} names no metric");
            queries.push_str(expr);
            queries.push('\n');
        }
    }
    let named: std::collections::BTreeSet<String> = metric_names(&rules)
        .into_iter()
        .chain(metric_names(&dashboard_text))
        .collect();
    // Every family the rules and panels are about is among them.
    for family in [
        "supplysite_ready",
        "supplysite_content_age_seconds",
        "supplysite_content_snapshot_steps_total",
        "supplysite_outbox_jobs",
        "supplysite_outbox_oldest_waiting_seconds",
        "supplysite_http_request_duration_seconds_bucket",
        "supplysite_shed_total",
        "supplysite_image_cache_bytes",
        "supplysite_connections_open",
        "supplysite_web_vitals_seconds_bucket",
        "supplysite_search_index_ready",
    ] {
        assert!(named.contains(family), "{family} is named nowhere");
        assert!(
            metric_names(&queries).contains(family) || family == "supplysite_ready",
            "no panel shows {family}"
        );
    }

    let dir = crate::support::workdir();
    let brevo = FakeBrevo::start().await.unwrap();
    let contentful = supplysite_content_adapter::contentful::fake::FakeContentful::start(
        supplysite_testkit::demo::export_json(),
    )
    .await;
    let metrics: SocketAddr = format!("127.0.0.1:{}", crate::support::free_port())
        .parse()
        .unwrap();
    let mut cmd = with_brevo(dir.path(), &brevo);
    crate::support::with_fake_contentful(&mut cmd, dir.path(), &contentful.url());
    cmd.env("SUPPLYSITE_METRICS_BIND", metrics.to_string());
    let server = Server::start(cmd).await;
    // A histogram's series are `_bucket`, `_sum` and `_count` of its family; a counter's
    // family is read under its `_total` name.
    let exposed = |scrape: &Scrape, name: &str| {
        let family = ["_bucket", "_sum", "_count"]
            .iter()
            .find_map(|suffix| name.strip_suffix(suffix))
            .unwrap_or(name);
        scrape
            .samples
            .iter()
            .any(|s| s.metric == name || s.metric == family)
    };
    let deadline = Instant::now() + PATIENCE;
    loop {
        let now = scrape(metrics).await;
        let missing: Vec<&String> = named.iter().filter(|n| !exposed(&now, n)).collect();
        if missing.is_empty() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "named but not exposed: {missing:?}\n{}",
            server.log()
        );
        // Pages, and the picture they show, make the request and picture families appear; a
        // visitor's measurements, the Web Vitals ones.
        assert_eq!(server.get(POST).await.0, 200);
        let _ = server.get(PICTURE).await;
        for report in [
            &br#"{"route":"/insights/:slug","name":"LCP","value":1200}"#[..],
            br#"{"route":"/insights/:slug","name":"CLS","value":0.01}"#,
        ] {
            assert_eq!(server.post_raw("/api/vitals", &[], report).await.0, 204);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    server.terminate().await;
}
