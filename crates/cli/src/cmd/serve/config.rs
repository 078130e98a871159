//! The server settings of `supplysite serve`: each a typed flag and environment variable (a
//! `.env` file is read first when present), checked by its `value_parser` as it is read, so a
//! malformed setting stops start-up with a message naming the variable and flag (see
//! `crate::settings`), and a secret's value is never echoed back.

use crate::install;
use crate::settings::parse::{count, seconds, switch, whole};
use anyhow::bail;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use supplysite_core::time_zone::TimeZone;
use supplysite_http::{ConnectionLimits, PublicUrl, Secret, Settings};

/// Serve the site over HTTP.
#[derive(clap::Args, Clone)]
pub struct Args {
    /// Address and port to listen on.
    #[arg(
        long,
        env = "SUPPLYSITE_BIND",
        default_value = "127.0.0.1:8080",
        value_parser = bind_address
    )]
    pub(super) bind: SocketAddr,
    /// The Contentful space export to serve. Files downloaded with `contentful space export
    /// --download-assets` beside it (images.ctfassets.net/…) are served at
    /// /assets/images.ctfassets.net/…. `supplysite audit`, `page` and `content check` read it
    /// too: leave it unset for `audit` to check the live space when the Contentful settings
    /// are set.
    /// [default: the demo space, content/demo/export.json, shipped beside the binary or in
    /// the source tree].
    #[arg(long, env = "SUPPLYSITE_CONTENT")]
    pub(super) content: Option<PathBuf>,
    /// The public origin of the site, used for canonical links, Open Graph URLs, the sitemap,
    /// the feed and robots.txt. An https:// URL also turns on upgrade-insecure-requests.
    #[arg(
        long,
        env = "SUPPLYSITE_PUBLIC_URL",
        default_value = "http://127.0.0.1:8080",
        value_parser = |v: &str| PublicUrl::parse(v)
    )]
    pub(super) public_url: PublicUrl,
    /// Contentful's webhook signing secret: exactly 64 characters of A-Z a-z 0-9 + / = _ -
    /// (Space settings → Webhooks → Settings → Enable request verification). Without it
    /// POST /api/webhooks/contentful refuses every request.
    #[arg(
        long,
        env = "CONTENTFUL_WEBHOOK_SECRET",
        hide_env_values = true,
        value_parser = |v: &str| Secret::webhook(v.trim())
    )]
    webhook_secret: Option<Secret>,
    /// The web build folder holding index.html and assets/ [default: web/dist, shipped beside
    /// the binary or in the source tree].
    #[arg(long, env = "SUPPLYSITE_WEB_DIR")]
    web_dir: Option<PathBuf>,
    /// How many seconds a signed webhook stays valid, against replays: at most 300, so a
    /// captured webhook cannot be replayed for long.
    #[arg(
        long,
        env = "SUPPLYSITE_WEBHOOK_TTL_SECONDS",
        default_value = "30",
        value_parser = seconds(1, MAX_WEBHOOK_TTL.as_secs())
    )]
    webhook_ttl_seconds: Duration,
    /// How many seconds a request may take before the server answers 503 with Retry-After.
    #[arg(
        long,
        env = "SUPPLYSITE_REQUEST_TIMEOUT_SECONDS",
        default_value = "10",
        value_parser = seconds(1, u64::MAX)
    )]
    request_timeout_seconds: Duration,
    /// How many seconds a client may take to send a request head, from connecting or from the
    /// head's first byte, however slowly it trickles it.
    #[arg(
        long,
        env = "SUPPLYSITE_HEADER_TIMEOUT_SECONDS",
        default_value = "10",
        value_parser = seconds(1, u64::MAX)
    )]
    header_timeout_seconds: Duration,
    /// How many seconds a keep-alive connection may wait for its next request.
    #[arg(
        long,
        env = "SUPPLYSITE_IDLE_TIMEOUT_SECONDS",
        default_value = "60",
        value_parser = seconds(1, u64::MAX)
    )]
    idle_timeout_seconds: Duration,
    /// How many seconds a response may wait for the client to read more of it before the
    /// connection is dropped.
    #[arg(
        long,
        env = "SUPPLYSITE_WRITE_TIMEOUT_SECONDS",
        default_value = "30",
        value_parser = seconds(1, u64::MAX)
    )]
    write_timeout_seconds: Duration,
    /// Connections one client (an IPv4 address, or an IPv6 /64) may hold at once; more are
    /// closed at once. Never more than half of the total, which is the open-file limit (raised
    /// to its hard value at start) less a reserve for files and sockets.
    #[arg(
        long,
        env = "SUPPLYSITE_MAX_CONNECTIONS_PER_CLIENT",
        default_value = "256",
        value_parser = count(1, u64::MAX, "number of connections")
    )]
    max_connections_per_client: usize,
    /// Log format; levels come from RUST_LOG (default info).
    #[arg(
        long,
        env = "SUPPLYSITE_LOG_FORMAT",
        default_value = "text",
        value_enum
    )]
    log_format: LogFormat,
    /// Worker threads, each with its own single-threaded runtime and listening socket sharing
    /// the port (SO_REUSEPORT). Unset: one per CPU core.
    #[arg(
        long,
        env = "SUPPLYSITE_WORKERS",
        value_parser = count(1, 1024, "number of workers")
    )]
    workers: Option<usize>,
    /// The time zone publish dates are shown in: a date written with a time is shown on its
    /// day in this zone, whatever offset it carries (2023-06-18T23:00Z reads June 19 in
    /// Sydney); a date without a time reads as written. An IANA name of Australia or New
    /// Zealand (`Australia/Perth`, `Pacific/Auckland`, …), `UTC`, or a POSIX TZ rule.
    #[arg(
        long,
        env = "SUPPLYSITE_TIME_ZONE",
        default_value = supplysite_core::time_zone::DEFAULT_TIME_ZONE,
        value_parser = |v: &str| TimeZone::parse(v)
    )]
    time_zone: TimeZone,
    /// The marketing-automation (Brevo tracker) client key. Public: the page embeds it.
    /// Without it the page loads no tracker.
    #[arg(long, env = "SUPPLYSITE_TRACKER_KEY", value_parser = tracker_key)]
    tracker_key: Option<String>,
    /// Whether the page captures where a visit came from (the campaign parameters, the landing
    /// page, the referrer's host and the page before the contact page, in session storage only)
    /// and sends it with an enquiry, for Brevo and the leads report. 0 turns it off: nothing is
    /// kept in the browser or sent. A visitor sending Global Privacy Control is never captured.
    #[arg(long, env = "SUPPLYSITE_LEAD_CAPTURE", default_value = "1", value_parser = switch)]
    lead_capture: bool,
    /// The web UI's server bundle, run to put each page's markup in the HTML (`npm run
    /// build:ssr` in web/). Default: web/dist-ssr/render.js, shipped beside the binary or in
    /// the source tree, when it exists (without it pages are served unrendered, with a
    /// warning).
    #[arg(long, env = "SUPPLYSITE_SSR_BUNDLE")]
    ssr_bundle: Option<PathBuf>,
    /// Send pages without server-rendered markup: the browser draws them from the page data.
    #[arg(long)]
    no_ssr: bool,
    /// The longest one server render of a page may run, in milliseconds. A page renders in a
    /// few milliseconds; past this the page is sent without its markup (the browser draws it)
    /// and the render is tried again after a back-off. A guard against a runaway render, to
    /// raise only on a machine so loaded that ordinary renders are cut short.
    #[arg(long, env = "SUPPLYSITE_SSR_DEADLINE_MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(100..=60_000))]
    ssr_deadline_ms: u64,
    /// MiB of rendered pages (HTML, API JSON, their compressed forms and server-rendered
    /// copies) kept in memory per content version; past it the least recently used are
    /// dropped and made again when asked for.
    #[arg(
        long,
        env = "SUPPLYSITE_PAGE_CACHE_MIB",
        default_value = "256",
        value_parser = whole(1, 1 << 20, "size in MiB")
    )]
    page_cache_mib: u64,
    /// How many seconds a cache in front (nginx, a CDN, browsers) may serve a page, the page
    /// API's answer or the feed without asking the site again (Cache-Control max-age). Past it
    /// a stale copy may still be served for ten minutes while it is fetched again, and for a
    /// day while the site fails. A longer one spares the site, and a publish may take as long to reach visitors behind such a cache.
    #[arg(
        long,
        env = "SUPPLYSITE_PAGE_MAX_AGE_SECONDS",
        default_value = "60",
        value_parser = seconds(1, 86_400)
    )]
    page_max_age_seconds: Duration,
    /// Address and port of the Prometheus metrics listener (`GET /metrics`), such as
    /// 127.0.0.1:9090; keep it off the public network. Unset, no metrics are served (the site's
    /// own port never serves them).
    #[arg(long, env = "SUPPLYSITE_METRICS_BIND", value_parser = metrics_bind)]
    metrics_bind: Option<MetricsBind>,
    /// Seconds the server goes on answering after SIGTERM, with /readyz answering 503, so the
    /// load balancer moves away before it stops accepting (0 to 300); requests in flight then
    /// finish before it exits.
    #[arg(long, env = "SUPPLYSITE_DRAIN_SECONDS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(0..=300))]
    drain_seconds: u64,
    #[command(flatten)]
    redirect_hosts: crate::cmd::redirect_hosts::Args,
}

/// Where the metrics listener binds; empty (as `.env.example` leaves it) for none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MetricsBind(Option<SocketAddr>);

/// `SUPPLYSITE_METRICS_BIND`: a socket address or nothing, named in the error.
fn metrics_bind(text: &str) -> Result<MetricsBind, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(MetricsBind(None));
    }
    text.parse().map(|addr| MetricsBind(Some(addr))).map_err(|_| {
        format!(
            "SUPPLYSITE_METRICS_BIND: invalid address {text:?} (expected host:port such as 127.0.0.1:9090)"
        )
    })
}

/// `host:port`.
fn bind_address(value: &str) -> Result<SocketAddr, String> {
    value.trim().parse().map_err(|_| {
        format!("invalid address {value:?} (expected host:port such as 127.0.0.1:8080)")
    })
}

/// A tracker client key: letters, digits, `-` and `_`.
fn tracker_key(value: &str) -> Result<String, String> {
    let key = value.trim();
    if !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        Ok(key.to_string())
    } else {
        Err(format!(
            "invalid client key {key:?} (expected letters, digits, - and _)"
        ))
    }
}

/// Why pages are served without server rendering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SsrOff {
    /// `--no-ssr`, or an empty `SUPPLYSITE_SSR_BUNDLE`.
    TurnedOff,
    /// No setting names a bundle and the default is nowhere (where it was looked for).
    Missing(String),
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line of text per event.
    Text,
    /// One JSON object per line.
    Json,
}

/// Checked settings.
#[derive(Debug)]
pub struct Config {
    pub bind: SocketAddr,
    pub content: PathBuf,
    pub public_url: PublicUrl,
    pub webhook_secret: Option<Secret>,
    pub web_dir: PathBuf,
    pub webhook_ttl: Duration,
    pub request_timeout: Duration,
    /// The connection limits; `total` is set from the open-file limit at start.
    pub connections: ConnectionLimits,
    pub log_format: LogFormat,
    /// The server bundle to render pages with; `None` serves them without markup.
    pub ssr_bundle: Option<PathBuf>,
    /// Why there is no server bundle, when there is none: turned off, or the default missing.
    pub ssr_off: Option<SsrOff>,
    /// The longest one server render may run.
    pub ssr_deadline: Duration,
    pub workers: usize,
    pub tracker_key: Option<String>,
    /// Whether the page captures where a visit came from.
    pub lead_capture: bool,
    pub page_cache_bytes: usize,
    pub page_max_age: Duration,
    /// The zone visitors read publish dates in.
    pub time_zone: TimeZone,
    /// Where `/metrics` is served; `None` serves no metrics.
    pub metrics_bind: Option<SocketAddr>,
    /// How long the server drains after SIGTERM.
    pub drain: supplysite_http::Drain,
    /// The hosts the editors' redirects may go to.
    pub redirect_targets: supplysite_core::redirects::ExternalTargets,
}

impl Config {
    /// The settings, with the server bundle, the web build and the content found (beside the
    /// binary, in the source tree, then here, for those no setting names).
    ///
    /// Errors: a server bundle named but missing.
    pub fn from_args(args: &Args) -> anyhow::Result<Self> {
        let (ssr_bundle, ssr_off) = match (args.no_ssr, args.ssr_bundle.clone()) {
            (true, _) => (None, Some(SsrOff::TurnedOff)),
            (false, Some(path)) if path.as_os_str().is_empty() => (None, Some(SsrOff::TurnedOff)),
            (false, Some(path)) if !path.is_file() => bail!(
                "SUPPLYSITE_SSR_BUNDLE / --ssr-bundle: no file at {} (build it with `npm run build:ssr` in web/, or pass --no-ssr)",
                path.display()
            ),
            (false, Some(path)) => (Some(path), None),
            (false, None) => match install::locate(install::SSR_BUNDLE) {
                Ok(path) if path.is_file() => (Some(path), None),
                Ok(path) => (
                    None,
                    Some(SsrOff::Missing(format!("{} is not a file", path.display()))),
                ),
                Err(missing) => (None, Some(SsrOff::Missing(missing.to_string()))),
            },
        };
        // A file a setting names is used as given; a default is looked for beside the binary,
        // in the source tree, then here (and a missing one is reported when it is read).
        let content = args.content.clone().unwrap_or_else(|| {
            install::locate(install::DEMO_EXPORT).unwrap_or_else(|m| m.in_working_directory())
        });
        let web_dir = args.web_dir.clone().unwrap_or_else(|| {
            let index =
                install::locate(install::WEB_INDEX).unwrap_or_else(|m| m.in_working_directory());
            index.parent().map(PathBuf::from).unwrap_or_default()
        });
        Ok(Config {
            metrics_bind: args.metrics_bind.and_then(|bind| bind.0),
            drain: supplysite_http::Drain {
                period: Duration::from_secs(args.drain_seconds),
            },
            time_zone: args.time_zone.clone(),
            page_cache_bytes: usize::try_from(args.page_cache_mib << 20).unwrap_or(usize::MAX),
            page_max_age: args.page_max_age_seconds,
            ssr_bundle,
            ssr_off,
            ssr_deadline: Duration::from_millis(args.ssr_deadline_ms),
            tracker_key: args.tracker_key.clone(),
            lead_capture: args.lead_capture,
            workers: args
                .workers
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            bind: args.bind,
            content,
            public_url: args.public_url.clone(),
            webhook_secret: args.webhook_secret.clone(),
            web_dir,
            webhook_ttl: args.webhook_ttl_seconds,
            request_timeout: args.request_timeout_seconds,
            connections: ConnectionLimits {
                header_timeout: args.header_timeout_seconds,
                idle_timeout: args.idle_timeout_seconds,
                write_timeout: args.write_timeout_seconds,
                per_client: args.max_connections_per_client,
                ..ConnectionLimits::default()
            },
            log_format: args.log_format,
            redirect_targets: args.redirect_hosts.targets(),
        })
    }

    /// The server's settings. Files downloaded with the export are served from `asset_dir`
    /// (the export source's folder) when it has them.
    pub fn settings(&self, asset_dir: &std::path::Path) -> Settings {
        let mut settings = Settings::new(self.public_url.clone(), &self.web_dir);
        settings.webhook_secret = self.webhook_secret.clone();
        settings.webhook_ttl = self.webhook_ttl;
        settings.request_timeout = self.request_timeout;
        settings.tracker_key = self.tracker_key.clone();
        settings.lead_capture = self.lead_capture;
        settings.page_cache_bytes = self.page_cache_bytes;
        settings.page_max_age = self.page_max_age;
        settings.redirect_targets = self.redirect_targets.clone();
        settings.asset_dir = Some(asset_dir)
            .filter(|dir| {
                supplysite_core::content::ASSET_HOSTS
                    .iter()
                    .any(|host| dir.join(host).is_dir())
            })
            .map(|dir| dir.to_path_buf());
        settings
    }
}

/// The longest a signed webhook may be accepted after it was signed.
pub const MAX_WEBHOOK_TTL: Duration = Duration::from_secs(300);

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn config(flags: &[&str]) -> Result<Config, String> {
        let cli: Cli = crate::settings::try_parse(flags)?;
        Config::from_args(&cli.args).map_err(|e| format!("{e:#}"))
    }

    fn error(flags: &[&str]) -> String {
        config(flags).unwrap_err()
    }

    #[test]
    fn defaults_serve_the_demo_on_loopback() {
        // The environment may set these; the flags below pin what this test reads.
        let c = config(&[
            "--bind=127.0.0.1:8080",
            "--public-url=http://127.0.0.1:8080",
            "--content=content/demo/export.json",
        ])
        .unwrap();
        assert_eq!(c.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(c.public_url.as_str(), "http://127.0.0.1:8080");
        assert_eq!(c.content, PathBuf::from("content/demo/export.json"));
    }

    #[test]
    fn a_malformed_setting_is_named_in_the_error() {
        assert!(
            error(&["--bind=localhost"])
                .starts_with("SUPPLYSITE_BIND / --bind: invalid address \"localhost\"")
        );
        assert!(error(&["--public-url=example.com"]).starts_with(
            "SUPPLYSITE_PUBLIC_URL / --public-url: invalid public URL \"example.com\""
        ));
        assert!(error(&["--webhook-ttl-seconds=0"]).starts_with("SUPPLYSITE_WEBHOOK_TTL_SECONDS"));
        let over = error(&["--webhook-ttl-seconds=301"]);
        assert!(
            over.starts_with("SUPPLYSITE_WEBHOOK_TTL_SECONDS") && over.contains("from 1 to 300"),
            "{over}"
        );
        assert_eq!(
            config(&["--webhook-ttl-seconds=300"]).unwrap().webhook_ttl,
            MAX_WEBHOOK_TTL
        );
        assert!(
            error(&["--request-timeout-seconds=soon"])
                .starts_with("SUPPLYSITE_REQUEST_TIMEOUT_SECONDS")
        );
        assert!(error(&["--log-format=xml"]).starts_with("SUPPLYSITE_LOG_FORMAT"));
        assert!(
            error(&["--workers=0"])
                .starts_with("SUPPLYSITE_WORKERS / --workers: invalid number of workers \"0\"")
        );
        assert_eq!(config(&["--workers=3"]).unwrap().workers, 3);
        assert!(
            error(&["--header-timeout-seconds=0"])
                .starts_with("SUPPLYSITE_HEADER_TIMEOUT_SECONDS / --header-timeout-seconds")
        );
        assert!(
            error(&["--idle-timeout-seconds=-1"])
                .starts_with("SUPPLYSITE_IDLE_TIMEOUT_SECONDS / --idle-timeout-seconds")
        );
        assert!(
            error(&["--write-timeout-seconds=1.5"])
                .starts_with("SUPPLYSITE_WRITE_TIMEOUT_SECONDS / --write-timeout-seconds")
        );
        assert!(error(&["--max-connections-per-client=many"]).starts_with(
            "SUPPLYSITE_MAX_CONNECTIONS_PER_CLIENT / --max-connections-per-client: invalid number of connections \"many\""
        ));
        let limits = config(&[
            "--header-timeout-seconds=2",
            "--idle-timeout-seconds=3",
            "--write-timeout-seconds=4",
            "--max-connections-per-client=5",
        ])
        .unwrap()
        .connections;
        assert_eq!(limits.header_timeout, Duration::from_secs(2));
        assert_eq!(limits.idle_timeout, Duration::from_secs(3));
        assert_eq!(limits.write_timeout, Duration::from_secs(4));
        assert_eq!(limits.per_client, 5);
    }

    #[test]
    fn the_page_cache_is_sized_in_mib_and_a_bad_size_is_named() {
        assert_eq!(
            config(&["--page-cache-mib=64"]).unwrap().page_cache_bytes,
            64 << 20
        );
        for bad in ["0", "lots", "-1", "1.5"] {
            let message = error(&[&format!("--page-cache-mib={bad}")]);
            assert!(
                message.starts_with(&format!(
                    "SUPPLYSITE_PAGE_CACHE_MIB / --page-cache-mib: invalid size in MiB \"{bad}\" (expected a whole number from 1 to 1048576)"
                )),
                "{message}"
            );
        }
    }

    #[test]
    fn server_rendering_uses_the_named_bundle_unless_turned_off() {
        let dir = tempfile::tempdir().unwrap();
        let bundle = dir.path().join("render.js");
        std::fs::write(&bundle, "globalThis.render = () => ''").unwrap();
        let flag = format!("--ssr-bundle={}", bundle.display());
        assert_eq!(config(&[&flag]).unwrap().ssr_bundle, Some(bundle.clone()));
        assert_eq!(config(&[&flag, "--no-ssr"]).unwrap().ssr_bundle, None);
        let missing = format!("--ssr-bundle={}", dir.path().join("nope.js").display());
        assert!(
            error(&[&missing]).starts_with("SUPPLYSITE_SSR_BUNDLE / --ssr-bundle: no file at"),
            "{}",
            error(&[&missing])
        );
    }

    #[test]
    fn a_bad_webhook_secret_is_named_but_never_printed() {
        let message = error(&["--webhook-secret=my-leaked-secret"]);
        assert!(
            message.starts_with("CONTENTFUL_WEBHOOK_SECRET / --webhook-secret"),
            "{message}"
        );
        assert!(!message.contains("my-leaked-secret"), "{message}");
    }

    #[test]
    fn a_good_webhook_secret_is_kept_redacted() {
        let secret = "A".repeat(64);
        let c = config(&[&format!("--webhook-secret={secret}")]).unwrap();
        assert_eq!(c.webhook_secret.as_ref().unwrap().expose(), secret);
        assert!(!format!("{c:?}").contains(&secret));
    }
}
