//! `supplysite audit links --external`: asks every outbound address core lists
//! ([`supplysite_core::audit::external`]) how it answers, and keeps the answers for a day in the
//! cache folder.
//!
//! Each address is asked with HEAD, then with GET when HEAD is refused (405, 501 and the like);
//! redirects are followed by hand (at most ten) so the first hops' statuses are known: a move
//! is permanent when every hop was 301 or 308. At most [`CONCURRENCY`] addresses are asked at
//! once, and [`PER_HOST`] of one host; each address has the per-link time limit for all its
//! requests, and the whole run a limit after which the addresses not yet answered are reported
//! as not checked.
//!
//! Written on reqwest, which the workspace already builds, rather than lychee-lib: lychee-lib
//! would add some 96 crates to every build of the workspace (minutes on a two-core CI) for
//! what is here a few dozen lines: HEAD then GET, redirects, two semaphores and a JSON cache.

use anyhow::Context;
use reqwest::{Client, StatusCode, Url, header};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use supplysite_core::audit::external::LinkCheck;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// Addresses asked at once, over all hosts.
pub const CONCURRENCY: usize = 16;
/// Addresses of one host asked at once, so no site sees more than a visitor's few requests.
pub const PER_HOST: usize = 2;
/// Redirects followed from one address before it counts as unreachable.
const MAX_REDIRECTS: usize = 10;
/// How long an answer is kept in the cache.
const KEPT: Duration = Duration::from_secs(24 * 60 * 60);
/// The cache file, in the cache folder.
pub const CACHE_FILE: &str = "links/external.json";

/// How to run the check.
pub struct Options {
    /// Each address's limit, over its HEAD, GET and redirects.
    pub timeout: Duration,
    /// The whole run's limit.
    pub run_limit: Duration,
    /// The `User-Agent` sent (naming the site whose links these are).
    pub user_agent: String,
    /// The cache file; `None` when no cache folder is known.
    pub cache: Option<PathBuf>,
    /// Asks every address again, ignoring (and then refreshing) the cache.
    pub fresh: bool,
}

/// What a run found: an answer per address, and how many came from the cache.
pub struct Checked {
    pub answers: HashMap<String, LinkCheck>,
    pub from_cache: usize,
}

/// Asks each of `urls` (distinct) how it answers.
pub fn check(urls: &[String], options: &Options) -> anyhow::Result<Checked> {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs();
    let mut cache = match &options.cache {
        Some(path) => Cache::read(path, now),
        None => Cache::default(),
    };
    let mut answers = HashMap::new();
    let mut ask = Vec::new();
    for url in urls {
        match cache.links.get(url) {
            Some(kept) if !options.fresh => {
                answers.insert(url.clone(), kept.check.clone());
            }
            _ => ask.push(url.clone()),
        }
    }
    let from_cache = answers.len();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let asked = runtime.block_on(ask_all(ask, options))?;
    for (url, check) in asked {
        if check.is_lasting() {
            cache.links.insert(
                url.clone(),
                Kept {
                    checked_at: now,
                    check: check.clone(),
                },
            );
        }
        answers.insert(url, check);
    }
    if let Some(path) = &options.cache
        && let Err(e) = cache.write(path)
    {
        eprintln!(
            "supplysite: cannot keep the link answers in {}: {e:#}",
            path.display()
        );
    }
    Ok(Checked {
        answers,
        from_cache,
    })
}

/// Asks every address, within the run's limit; those without an answer by then are
/// [`LinkCheck::NotChecked`].
async fn ask_all(urls: Vec<String>, options: &Options) -> anyhow::Result<Vec<(String, LinkCheck)>> {
    let client = Client::builder()
        .user_agent(&options.user_agent)
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(options.timeout)
        .build()
        .context("cannot build the HTTP client")?;
    let deadline = tokio::time::Instant::now() + options.run_limit;
    let overall = Arc::new(Semaphore::new(CONCURRENCY));
    let mut hosts: HashMap<String, Arc<Semaphore>> = HashMap::new();
    let mut tasks = JoinSet::new();
    for url in &urls {
        let host = Url::parse(url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
            .unwrap_or_default();
        let per_host = hosts
            .entry(host)
            .or_insert_with(|| Arc::new(Semaphore::new(PER_HOST)))
            .clone();
        let (overall, client, url, timeout) = (
            overall.clone(),
            client.clone(),
            url.clone(),
            options.timeout,
        );
        tasks.spawn(async move {
            // The host's turn first, so a busy host holds none of the overall places.
            let _host = per_host.acquire_owned().await;
            let _place = overall.acquire_owned().await;
            let check = ask_one(&client, &url, timeout).await;
            (url, check)
        });
    }
    let mut answered: BTreeMap<String, LinkCheck> = BTreeMap::new();
    let collect = async {
        while let Some(joined) = tasks.join_next().await {
            let (url, check) = joined.context("a link check failed")?;
            answered.insert(url, check);
        }
        anyhow::Ok(())
    };
    match tokio::time::timeout_at(deadline, collect).await {
        Ok(result) => result?,
        Err(_) => tasks.abort_all(),
    }
    Ok(urls
        .into_iter()
        .map(|url| {
            let check = answered.remove(&url).unwrap_or(LinkCheck::NotChecked);
            (url, check)
        })
        .collect())
}

/// One address, within `timeout`.
async fn ask_one(client: &Client, url: &str, timeout: Duration) -> LinkCheck {
    match tokio::time::timeout(timeout, follow(client, url)).await {
        Ok(check) => check,
        Err(_) => LinkCheck::TimedOut {
            after_ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
        },
    }
}

/// Asks `url`, following redirects.
async fn follow(client: &Client, url: &str) -> LinkCheck {
    let mut current = match Url::parse(url) {
        Ok(u) if matches!(u.scheme(), "http" | "https") => u,
        Ok(_) | Err(_) => {
            return LinkCheck::Unreachable {
                reason: "the address is not a valid http(s) URL".into(),
            };
        }
    };
    let mut permanent = true;
    for hop in 0..=MAX_REDIRECTS {
        let (status, location) = match ask(client, &current).await {
            Ok(answer) => answer,
            Err(e) => {
                return LinkCheck::Unreachable {
                    reason: describe(&e, &current),
                };
            }
        };
        let redirected = hop > 0;
        let to = || current.to_string();
        if is_redirect(status) {
            let Some(next) = location.and_then(|l| current.join(&l).ok()) else {
                return LinkCheck::Unreachable {
                    reason: format!("HTTP {} without a valid Location", status.as_u16()),
                };
            };
            permanent &= matches!(
                status,
                StatusCode::MOVED_PERMANENTLY | StatusCode::PERMANENT_REDIRECT
            );
            current = next;
            continue;
        }
        return if status.is_client_error() || status.is_server_error() {
            LinkCheck::Failed {
                status: status.as_u16(),
                to: redirected.then(to),
            }
        } else if redirected {
            LinkCheck::Redirected {
                to: to(),
                permanent,
            }
        } else {
            LinkCheck::Fine
        };
    }
    LinkCheck::Unreachable {
        reason: format!("more than {MAX_REDIRECTS} redirects"),
    }
}

fn is_redirect(status: StatusCode) -> bool {
    matches!(status.as_u16(), 301 | 302 | 303 | 307 | 308)
}

/// HEAD, then GET when the server refuses HEAD. The body is never read.
async fn ask(client: &Client, url: &Url) -> reqwest::Result<(StatusCode, Option<String>)> {
    let answer = |r: reqwest::Response| {
        let location = r
            .headers()
            .get(header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        (r.status(), location)
    };
    let head = answer(client.head(url.clone()).send().await?);
    if head_refused(head.0) {
        return Ok(answer(client.get(url.clone()).send().await?));
    }
    Ok(head)
}

/// Statuses servers give a HEAD they do not serve although the page exists.
fn head_refused(status: StatusCode) -> bool {
    matches!(status.as_u16(), 400 | 403 | 405 | 406 | 501)
}

/// Why an address could not be asked, for an editor: DNS, refused, TLS or another failure.
fn describe(e: &reqwest::Error, url: &Url) -> String {
    let mut causes = Vec::new();
    let mut refused = false;
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<std::io::Error>() {
            refused |= io.kind() == std::io::ErrorKind::ConnectionRefused;
        }
        causes.push(s.to_string());
        source = s.source();
    }
    let host = url.host_str().unwrap_or("");
    let all = causes.join(": ").to_ascii_lowercase();
    let last = causes.last().cloned().unwrap_or_else(|| e.to_string());
    if all.contains("dns error") || all.contains("failed to lookup address") {
        format!("the name {host} does not resolve (DNS)")
    } else if refused {
        format!("{host} refused the connection")
    } else if [
        "certificate",
        "tls",
        "handshake",
        "received corrupt message",
        "peer misbehaved",
        "peer is incompatible",
        "fatal alert",
    ]
    .iter()
    .any(|w| all.contains(w))
    {
        format!("TLS with {host} failed: {last}")
    } else if e.is_connect() {
        format!("the connection to {host} failed: {last}")
    } else {
        format!("the request failed: {last}")
    }
}

/// The answers kept from earlier runs.
#[derive(Default, Serialize, Deserialize)]
struct Cache {
    links: BTreeMap<String, Kept>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Kept {
    /// Seconds since the Unix epoch.
    checked_at: u64,
    check: LinkCheck,
}

impl Cache {
    /// The answers younger than a day; an unreadable or missing file is an empty cache.
    fn read(path: &Path, now: u64) -> Cache {
        let mut cache: Cache = std::fs::read(path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();
        cache
            .links
            .retain(|_, k| k.checked_at <= now && now - k.checked_at < KEPT.as_secs());
        cache
    }

    /// Written whole to a file beside it, then renamed over it.
    fn write(&self, path: &Path) -> anyhow::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let temporary = path.with_extension("json.tmp");
        std::fs::write(&temporary, serde_json::to_vec_pretty(self)?)?;
        std::fs::rename(&temporary, path)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A resolver for which no name exists, as DNS answers for a domain that lapsed.
    struct NoSuchName;

    impl reqwest::dns::Resolve for NoSuchName {
        fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
            let name = name.as_str().to_string();
            Box::pin(async move {
                Err(std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!("failed to lookup address information: {name}"),
                )
                .into())
            })
        }
    }

    #[tokio::test]
    async fn a_name_that_does_not_resolve_is_unreachable_naming_dns() {
        let client = Client::builder()
            .dns_resolver(Arc::new(NoSuchName))
            .build()
            .unwrap();
        assert_eq!(
            follow(&client, "https://lapsed.example/page").await,
            LinkCheck::Unreachable {
                reason: "the name lapsed.example does not resolve (DNS)".into()
            }
        );
        assert_eq!(
            follow(&client, "ftp://lapsed.example/").await,
            LinkCheck::Unreachable {
                reason: "the address is not a valid http(s) URL".into()
            }
        );
    }

    #[test]
    fn answers_older_than_a_day_are_dropped_from_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(CACHE_FILE);
        let now = 1_000_000;
        let mut cache = Cache::default();
        for (url, age) in [("https://a/", 10), ("https://b/", KEPT.as_secs())] {
            cache.links.insert(
                url.into(),
                Kept {
                    checked_at: now - age,
                    check: LinkCheck::Fine,
                },
            );
        }
        cache.write(&path).unwrap();
        let read = Cache::read(&path, now);
        assert_eq!(read.links.keys().collect::<Vec<_>>(), ["https://a/"]);
        std::fs::write(&path, b"not json").unwrap();
        assert!(Cache::read(&path, now).links.is_empty());
    }
}
