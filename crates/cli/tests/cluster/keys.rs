//! The shared cache and the site read every address alike: `deploy/nginx.conf`'s keys name
//! exactly the query parameters core's request rule says each kind of address is keyed on;
//! through nginx as shipped, no crafted address stores a wrong answer under another's key or
//! fills the cache; a visitor is counted by address, or by /64 for IPv6; and two clients
//! holding picture requests leave room for everyone else's pictures.

use crate::nginx::Nginx;
use crate::support::{Server, free_port, repo_root};
use crate::{FROM_CACHE, http, http_from};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use supplysite_core::request::Keyed;

/// The shipped deployment file.
fn shipped() -> String {
    std::fs::read_to_string(repo_root().join("deploy/nginx.conf")).unwrap()
}

/// The `location` blocks of the file's site server: what each matches and its body.
fn locations(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("\n        location ") {
        let after = &rest[at + "\n        location ".len()..];
        let open = after.find('{').unwrap();
        let close = after.find("\n        }").unwrap();
        found.push((
            after[..open].trim().to_owned(),
            after[open + 1..close].to_owned(),
        ));
        rest = &after[close..];
    }
    found
}

/// A path the location `matcher` (`/`, `= /api/page`, `/img/`, …) applies to.
fn example(matcher: &str) -> String {
    let path = matcher.trim_start_matches("= ").trim();
    if path.ends_with('/') && path != "/" {
        format!("{path}images.ctfassets.net/a/b/c/d.jpg")
    } else {
        path.to_owned()
    }
}

#[test]
fn the_shipped_cache_keys_name_what_the_site_reads() {
    let text = shipped();
    let locations = locations(&text);
    assert!(locations.len() >= 7, "{locations:?}");
    let mut cached = 0;
    for (matcher, body) in &locations {
        if matcher.starts_with('@') {
            continue;
        }
        let kind = Keyed::of(&example(matcher));
        match body.split("proxy_cache_key ").nth(1) {
            Some(key) => {
                cached += 1;
                let key = key.split(';').next().unwrap().trim_matches('"');
                let parameters = kind
                    .parameters()
                    .iter()
                    .map(|name| format!("{name}=$arg_{name}"))
                    .collect::<Vec<_>>()
                    .join("&");
                assert_eq!(
                    key,
                    format!("$supplysite_path?{parameters}"),
                    "location {matcher}: the key must name the path and exactly what the site reads there ({kind:?})"
                );
                let zone = if kind == Keyed::Search {
                    "proxy_cache supplysite_search;"
                } else {
                    "proxy_cache supplysite;"
                };
                assert!(body.contains(zone), "{matcher}");
            }
            None => {
                assert!(
                    !body.contains("proxy_cache supplysite"),
                    "location {matcher} caches with the default key"
                );
                assert_eq!(
                    kind,
                    Keyed::Never,
                    "location {matcher} is not cached, yet the site may let a cache keep its answers"
                );
            }
        }
    }
    assert_eq!(
        cached, 4,
        "pages, the page API, search pages and pictures are cached"
    );
    // Only pages and files are stored.
    assert!(
        text.contains("map \"$upstream_cache_status $upstream_status\" $supplysite_uncacheable {"),
        "the cache decides what it stores by the status and whether the address is stored"
    );
    assert!(text.contains("proxy_no_cache $cookie_supplysite_preview $supplysite_uncacheable;"));
}

/// The answer to `path` through nginx and from `direct` alike: `(status, what nginx said of
/// its cache, the part of the body that says which page it is)`.
async fn both(
    nginx: &Nginx,
    direct: &Server,
    path: &str,
) -> ((u16, String), (u16, String), String) {
    let ask = |base: String| async move {
        let response = http().get(format!("{base}{path}")).send().await.unwrap();
        let status = response.status().as_u16();
        let cache = response
            .headers()
            .get("x-cache-status")
            .map_or("", |v| v.to_str().unwrap())
            .to_owned();
        let location = response
            .headers()
            .get("location")
            .map(|v| v.to_str().unwrap().to_owned());
        let body = response.text().await.unwrap();
        (status, cache, location.unwrap_or_else(|| identity(&body)))
    };
    let (status, cache, through) = ask(nginx.base.clone()).await;
    let (direct_status, _, straight) = ask(direct.base.clone()).await;
    ((status, through), (direct_status, straight), cache)
}

/// What says which answer a body is: a page's canonical link, or the page API's JSON whole
/// (it carries no per-response part).
fn identity(body: &str) -> String {
    match body.find("<link rel=\"canonical\"") {
        Some(at) => body[at..].split('>').next().unwrap().to_owned(),
        None => body.to_owned(),
    }
}

/// Every poisoning found against the shipped file and more (mixed case, duplicates, encoded
/// names and separators, trailing slashes, unknown parameters): none is stored, and afterwards
/// each victim's address gets exactly what it asks, through nginx as from a replica. Then a
/// flood of made-up addresses stores nothing, so no warm page can be pushed out.
pub async fn no_address_poisons_the_cache(nginx: &Nginx, direct: &Server) {
    // (the attack, what it answers, the address whose cache entry it aimed at)
    let attacks = [
        (
            "/api/page?PATH=%2Fcontact-us&path=%2Fabout-us",
            400,
            "/api/page?path=%2Fcontact-us",
        ),
        (
            "/api/page?path=%2Fabout-us&path=%2Fcontact-us",
            400,
            "/api/page?path=%2Fabout-us",
        ),
        (
            "/api/page?path=%2Fabout-us%3Fx%3D1",
            308,
            "/api/page?path=%2Fabout-us",
        ),
        ("/api/page?path=/privacy", 308, "/api/page?path=%2Fprivacy"),
        (
            "/api/page?path=%2Fetender&x=1",
            400,
            "/api/page?path=%2Fetender",
        ),
        ("/insights?PAGE=3&page=1", 400, "/insights?page=3"),
        ("/insights?page=1&Page=3", 400, "/insights?page=3"),
        ("/insights?p%61ge=3&page=1", 400, "/insights?page=3"),
        ("/insights?page=3&page=1", 400, "/insights?page=3"),
        ("/about-us/?poison=1", 308, "/about-us/"),
        ("/about-us?page=3", 308, "/about-us?page=3"),
    ];
    let mut cached = std::collections::HashSet::new();
    for (attack, answers, victim) in attacks {
        for _ in 0..2 {
            let ((status, _), _, cache) = both(nginx, direct, attack).await;
            // The first attack on an address reaches a replica while that address is not
            // cached, which is when a wrong answer could be stored: it is refused or redirected,
            // never stored. Once the victim is cached, nginx answers with the victim's page, which
            // is what the key names (checked below).
            if cached.contains(victim) && FROM_CACHE.contains(&cache.as_str()) {
                continue;
            }
            assert_eq!(status, answers, "{attack} ({cache})");
            assert!(
                !FROM_CACHE.contains(&cache.as_str()),
                "{attack} was answered from the cache ({cache})"
            );
        }
        cached.insert(victim);
        // Twice: the second from the cache where the victim is cached at all.
        for _ in 0..2 {
            let (through, straight, cache) = both(nginx, direct, victim).await;
            assert_eq!(
                through, straight,
                "{victim} through nginx ({cache}) after {attack}"
            );
        }
    }
    // A made-up parameter on a cached page: the page, from the cache (the key leaves the
    // parameter out, as the site's reading does).
    for asked in ["/about-us?poison=1", "/etender?", "/etender?PATH=x"] {
        let (through, _, cache) = both(nginx, direct, asked).await;
        let (_, canonical, _) = both(nginx, direct, asked.split('?').next().unwrap()).await;
        assert_eq!(through, canonical, "{asked}");
        assert!(FROM_CACHE.contains(&cache.as_str()), "{asked}: {cache}");
    }
    // The redirects name only what the site reads, and campaign parameters.
    let response = http()
        .get(format!("{}/about-us/?poison=1&utm_source=mail", nginx.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["location"], "/about-us?utm_source=mail");
    assert_eq!(response.headers()["cache-control"], "no-store");
    // A campaign's visitors share the page's cached copy.
    let (through, straight, cache) = both(nginx, direct, "/about-us?utm_source=mail&gclid=x").await;
    assert_eq!(through, straight);
    assert!(FROM_CACHE.contains(&cache.as_str()), "{cache}");

    // A flood of made-up addresses: none is stored, so none can push a warm page out.
    let stored = nginx.cache_entries();
    let flooder = http_from(Some("127.0.0.31".parse().unwrap()));
    let mut statuses = std::collections::BTreeMap::new();
    for n in 0..150 {
        for path in [
            format!("/about-us?page={n}"),
            format!("/insights?page={}", n + 4),
            format!("/insights/no-such-post-{n}"),
            format!("/no-such-page-{n}"),
            format!("/api/page?path=%2Finsights%2Fno-such-post-{n}"),
            format!("/api/page?path=%2Fabout-us%3Fn%3D{n}"),
            format!("/etender?n={n}"),
        ] {
            let response = flooder
                .get(format!("{}{path}", nginx.base))
                .send()
                .await
                .unwrap();
            *statuses.entry(response.status().as_u16()).or_insert(0) += 1;
        }
    }
    assert_eq!(
        nginx.cache_entries(),
        stored,
        "made-up addresses took cache entries: {statuses:?}"
    );
    let (_, _, cache) = both(nginx, direct, "/about-us").await;
    assert!(FROM_CACHE.contains(&cache.as_str()), "{cache}");
    eprintln!("a flood of {statuses:?} stored nothing");
}

/// A client's key for the picture limits, as nginx reads it from `address` with the shipped
/// map, from a server that trusts this test's `X-Forwarded-For`.
#[tokio::test]
#[ignore = "starts nginx: run by `make test-cluster`"]
async fn nginx_counts_an_ipv6_visitor_by_its_64() {
    let text = shipped();
    let start = text
        .find("    map $remote_addr $supplysite_client {")
        .expect("the shipped file maps each client to its key");
    let map = &text[start..start + text[start..].find("\n    }\n").unwrap() + 7];
    let dir = Nginx::folder();
    let root = dir.path().display();
    let port = free_port();
    let config = format!(
        "pid {root}/nginx.pid;\nerror_log {root}/supplysite-error.log;\nevents {{}}\n\
         http {{\n  access_log off;\n  client_body_temp_path {root}/cb;\n  proxy_temp_path {root}/pt;\n\
           fastcgi_temp_path {root}/ft;\n  uwsgi_temp_path {root}/ut;\n  scgi_temp_path {root}/st;\n{map}\n\
           server {{\n    listen 127.0.0.1:{port};\n    set_real_ip_from 127.0.0.1;\n\
             real_ip_header X-Forwarded-For;\n    location / {{ return 200 \"$supplysite_client\"; }}\n  }}\n}}\n"
    );
    let nginx = Nginx::run(dir, config, port, port).await;
    let key = |address: &'static str| {
        let url = format!("http://127.0.0.1:{port}/");
        async move {
            let body = reqwest::Client::new()
                .get(url)
                .header("x-forwarded-for", address)
                .send()
                .await
                .unwrap()
                .bytes()
                .await
                .unwrap();
            body.to_vec()
        }
    };
    // One /64, however its addresses are written: one key (or, where the /64's zeros are
    // compressed in some addresses and written in others, two).
    let groups: [&[&str]; 4] = [
        &[
            "2001:db8:1:2:3:4:5:6",
            "2001:db8:1:2::5",
            "2001:db8:1:2:ffff::",
        ],
        &["2001:db8::5", "2001:db8::1:2:3:4", "2001:db8::ffff:0:0:1"],
        &["2001::1:2:3:4:5", "2001::1:a:b:c:d"],
        &["2001:0:0:1::1", "2001:0:0:1:1::"],
    ];
    let mut keys = Vec::new();
    for group in groups {
        let first = key(group[0]).await;
        for address in &group[1..] {
            assert_eq!(key(address).await, first, "{address} and {}", group[0]);
        }
        keys.push(first);
    }
    // Other /64s, and IPv4 addresses, are counted apart.
    for (address, other) in [
        ("2001:db8:1:3::5", "2001:db8:1:2::5"),
        ("2001:db8:0:1::5", "2001:db8::5"),
        ("203.0.113.9", "203.0.113.10"),
    ] {
        assert_ne!(
            key(address).await,
            key(other).await,
            "{address} and {other}"
        );
    }
    assert_eq!(key("203.0.113.9").await, vec![203, 0, 113, 9]);
    assert_eq!(keys[0], b"2001:db8:1:2".to_vec());
    drop(nginx);
}

/// The site's picture endpoint stood in for by a server that holds every request for a picture
/// named `held` until the test ends, and answers any other picture at once.
/// Returns its port, how many requests it holds, and its task.
async fn holding_upstream() -> (u16, Arc<AtomicUsize>, tokio::task::JoinHandle<()>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let held = Arc::new(AtomicUsize::new(0));
    let holding = Arc::clone(&held);
    let task = tokio::spawn(async move {
        loop {
            let Ok((mut stream, _)) = listener.accept().await else {
                return;
            };
            let holding = Arc::clone(&holding);
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 4096];
                loop {
                    // One request per connection is all nginx sends here before it is answered.
                    let Ok(n) = stream.read(&mut buf).await else {
                        return;
                    };
                    if n == 0 {
                        return;
                    }
                    head.extend_from_slice(&buf[..n]);
                    if head.windows(4).any(|w| w == b"\r\n\r\n") {
                        break;
                    }
                }
                if String::from_utf8_lossy(&head).contains("held") {
                    // Held until nginx gives up on it: its connection stays open.
                    holding.fetch_add(1, Ordering::SeqCst);
                    std::future::pending::<()>().await;
                }
                let body = b"picture";
                let answer = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: image/jpeg\r\ncontent-length: {}\r\n\
                     cache-control: no-store\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(answer.as_bytes()).await;
                let _ = stream.write_all(body).await;
            });
        }
    });
    (port, held, task)
}

/// The shipped picture limits: two clients each holding as many picture requests as they may
/// (12) leave every other visitor's pictures answered, and a client past its own 12 is told
/// to wait (503 with Retry-After) while nobody else is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "starts nginx: run by `make test-cluster`"]
async fn two_clients_holding_pictures_leave_room_for_a_third() {
    let (upstream, held, server) = holding_upstream().await;
    let nginx = Nginx::start(
        &repo_root().join("deploy/nginx.conf"),
        free_port(),
        free_port(),
        [upstream, upstream],
    )
    .await;
    let picture = |n: usize, held: bool| {
        format!(
            "{}/img/images.ctfassets.net/space/{n}/{}/photo.jpg?w=640",
            nginx.base,
            if held { "held" } else { "free" }
        )
    };
    let mut holders = Vec::new();
    for (client, address) in [(0usize, "127.0.0.71"), (1, "127.0.0.72")] {
        let visitor = http_from(Some(address.parse::<IpAddr>().unwrap()));
        for n in 0..12 {
            let (visitor, url) = (visitor.clone(), picture(client * 100 + n, true));
            holders.push(tokio::spawn(async move { visitor.get(url).send().await }));
        }
    }
    // All 24 held: each one's request has reached the stand-in.
    let deadline = std::time::Instant::now() + crate::PATIENCE;
    while held.load(Ordering::SeqCst) < 24 {
        assert!(
            std::time::Instant::now() < deadline,
            "the two clients' 24 picture requests were not all held ({} were)\n{}",
            held.load(Ordering::SeqCst),
            nginx.error_log()
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // A third visitor's pictures are answered, many at once.
    let third = http_from(Some("127.0.0.73".parse().unwrap()));
    for n in 0..12 {
        let response = third.get(picture(300 + n, false)).send().await.unwrap();
        assert_eq!(response.status(), 200, "a third visitor's picture {n}");
    }
    // One of the holders past its own limit is told to wait.
    let first = http_from(Some("127.0.0.71".parse().unwrap()));
    let response = first.get(picture(999, false)).send().await.unwrap();
    assert_eq!(response.status(), 503);
    assert!(response.headers().contains_key("retry-after"));
    assert_eq!(held.load(Ordering::SeqCst), 24, "nothing else was held");
    for holder in holders {
        holder.abort();
    }
    drop(nginx);
    server.abort();
}
