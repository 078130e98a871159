//! The settings of `supplysite serve`: each a flag and an environment variable (a `.env` file
//! is read first when present). Values arrive as text and are checked here, so a malformed
//! setting stops start-up with a message naming the variable and flag, and a secret's value is
//! never echoed back (clap's own errors would print it).

use anyhow::{Context, bail};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use supplysite_core::time_zone::TimeZone;
use supplysite_http::{ConnectionLimits, PublicUrl, Secret, Settings};

/// Serve the site over HTTP.
#[derive(clap::Args)]
pub struct Args {
    /// Address and port to listen on.
    #[arg(long, env = "SUPPLYSITE_BIND", default_value = "127.0.0.1:8080")]
    bind: String,
    /// The Contentful space export to serve (downloaded assets beside it are served too).
    #[arg(
        long,
        env = "SUPPLYSITE_CONTENT",
        default_value = "content/demo/export.json"
    )]
    content: PathBuf,
    /// The public origin of the site, for canonical links, Open Graph, the sitemap and robots.txt.
    #[arg(
        long,
        env = "SUPPLYSITE_PUBLIC_URL",
        default_value = "http://127.0.0.1:8080"
    )]
    public_url: String,
    /// Contentful's webhook signing secret (64 characters); without it webhooks are refused.
    #[arg(long, env = "CONTENTFUL_WEBHOOK_SECRET", hide_env_values = true)]
    webhook_secret: Option<String>,
    /// The web build folder (index.html and assets/).
    #[arg(long, env = "SUPPLYSITE_WEB_DIR", default_value = "web/dist")]
    web_dir: PathBuf,
    /// How many seconds a signed webhook stays valid (1 to 300).
    #[arg(long, env = "SUPPLYSITE_WEBHOOK_TTL_SECONDS", default_value = "30")]
    webhook_ttl_seconds: String,
    /// How many seconds a request may take before the server answers 503.
    #[arg(long, env = "SUPPLYSITE_REQUEST_TIMEOUT_SECONDS", default_value = "10")]
    request_timeout_seconds: String,
    /// How many seconds a client may take to send a request head, from connecting or from its
    /// first byte.
    #[arg(long, env = "SUPPLYSITE_HEADER_TIMEOUT_SECONDS", default_value = "10")]
    header_timeout_seconds: String,
    /// How many seconds a keep-alive connection may wait for its next request.
    #[arg(long, env = "SUPPLYSITE_IDLE_TIMEOUT_SECONDS", default_value = "60")]
    idle_timeout_seconds: String,
    /// How many seconds a response may wait for the client to read more of it.
    #[arg(long, env = "SUPPLYSITE_WRITE_TIMEOUT_SECONDS", default_value = "30")]
    write_timeout_seconds: String,
    /// Connections one client (an IPv4 address or an IPv6 /64) may hold at once.
    #[arg(
        long,
        env = "SUPPLYSITE_MAX_CONNECTIONS_PER_CLIENT",
        default_value = "256"
    )]
    max_connections_per_client: String,
    /// Log format: text or json (levels from RUST_LOG, default info).
    #[arg(long, env = "SUPPLYSITE_LOG_FORMAT", default_value = "text")]
    log_format: String,
    /// Worker threads, each serving its own connections (default: one per CPU core).
    #[arg(long, env = "SUPPLYSITE_WORKERS")]
    workers: Option<String>,
    /// The time zone publish dates are shown in: an IANA name of Australia or New Zealand
    /// (`Australia/Perth`, `Pacific/Auckland`, …), `UTC`, or a POSIX TZ rule.
    #[arg(long, env = "SUPPLYSITE_TIME_ZONE", default_value = supplysite_core::time_zone::DEFAULT_TIME_ZONE)]
    time_zone: String,
    /// The marketing-automation tracker's public client key; without it no tracker loads.
    #[arg(long, env = "SUPPLYSITE_TRACKER_KEY")]
    tracker_key: Option<String>,
    /// The web UI's server bundle, run to put each page's markup in the HTML (`npm run
    /// build:ssr` in web/). Default: web/dist-ssr/render.js when it exists.
    #[arg(long, env = "SUPPLYSITE_SSR_BUNDLE")]
    ssr_bundle: Option<PathBuf>,
    /// Send pages without server-rendered markup: the browser draws them from the page data.
    #[arg(long)]
    no_ssr: bool,
    /// MiB of rendered pages kept in memory; past it the least recently used are dropped.
    #[arg(long, env = "SUPPLYSITE_PAGE_CACHE_MIB", default_value = "256")]
    page_cache_mib: String,
}

/// Where `npm run build:ssr` writes the server bundle.
const DEFAULT_SSR_BUNDLE: &str = "web/dist-ssr/render.js";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Text,
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
    pub workers: usize,
    pub tracker_key: Option<String>,
    pub page_cache_bytes: usize,
    /// The zone visitors read publish dates in.
    pub time_zone: TimeZone,
}

impl Config {
    pub fn from_args(args: Args) -> anyhow::Result<Self> {
        let bind = args.bind.trim().parse().ok().with_context(|| {
            format!(
                "SUPPLYSITE_BIND / --bind: invalid address {:?} (expected host:port such as 127.0.0.1:8080)",
                args.bind
            )
        })?;
        let public_url =
            PublicUrl::parse(&args.public_url).context("SUPPLYSITE_PUBLIC_URL / --public-url")?;
        let webhook_secret = match args.webhook_secret.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(s) => {
                Some(Secret::webhook(s).context("CONTENTFUL_WEBHOOK_SECRET / --webhook-secret")?)
            }
        };
        let webhook_ttl = seconds(
            &args.webhook_ttl_seconds,
            "SUPPLYSITE_WEBHOOK_TTL_SECONDS / --webhook-ttl-seconds",
        )?;
        if webhook_ttl > MAX_WEBHOOK_TTL {
            bail!(
                "SUPPLYSITE_WEBHOOK_TTL_SECONDS / --webhook-ttl-seconds: {} s is over the most allowed, {} s (a signed webhook could be replayed for that long)",
                webhook_ttl.as_secs(),
                MAX_WEBHOOK_TTL.as_secs()
            );
        }
        let request_timeout = seconds(
            &args.request_timeout_seconds,
            "SUPPLYSITE_REQUEST_TIMEOUT_SECONDS / --request-timeout-seconds",
        )?;
        let connections = ConnectionLimits {
            header_timeout: seconds(
                &args.header_timeout_seconds,
                "SUPPLYSITE_HEADER_TIMEOUT_SECONDS / --header-timeout-seconds",
            )?,
            idle_timeout: seconds(
                &args.idle_timeout_seconds,
                "SUPPLYSITE_IDLE_TIMEOUT_SECONDS / --idle-timeout-seconds",
            )?,
            write_timeout: seconds(
                &args.write_timeout_seconds,
                "SUPPLYSITE_WRITE_TIMEOUT_SECONDS / --write-timeout-seconds",
            )?,
            per_client: match args.max_connections_per_client.trim().parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => bail!(
                    "SUPPLYSITE_MAX_CONNECTIONS_PER_CLIENT / --max-connections-per-client: invalid number of connections {:?} (expected a whole number above 0)",
                    args.max_connections_per_client
                ),
            },
            ..ConnectionLimits::default()
        };
        let log_format = match args.log_format.trim() {
            "text" => LogFormat::Text,
            "json" => LogFormat::Json,
            other => bail!(
                "SUPPLYSITE_LOG_FORMAT / --log-format: invalid format {other:?} (expected text or json)"
            ),
        };
        let workers = match args.workers.as_deref().map(str::trim) {
            None | Some("") => std::thread::available_parallelism().map_or(1, |n| n.get()),
            Some(n) => match n.parse::<usize>() {
                Ok(n) if (1..=1024).contains(&n) => n,
                _ => bail!(
                    "SUPPLYSITE_WORKERS / --workers: invalid number of workers {n:?} (expected a whole number from 1 to 1024)"
                ),
            },
        };
        let tracker_key = match args.tracker_key.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(key)
                if key
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
            {
                Some(key.to_string())
            }
            Some(key) => bail!(
                "SUPPLYSITE_TRACKER_KEY / --tracker-key: invalid client key {key:?} (expected letters, digits, - and _)"
            ),
        };
        let ssr_bundle = match (args.no_ssr, args.ssr_bundle) {
            (true, _) => None,
            (false, Some(path)) if path.as_os_str().is_empty() => None,
            (false, Some(path)) if !path.is_file() => bail!(
                "SUPPLYSITE_SSR_BUNDLE / --ssr-bundle: no file at {} (build it with `npm run build:ssr` in web/, or pass --no-ssr)",
                path.display()
            ),
            (false, Some(path)) => Some(path),
            (false, None) => Some(PathBuf::from(DEFAULT_SSR_BUNDLE)).filter(|p| p.is_file()),
        };
        let page_cache_bytes = page_cache_bytes(&args.page_cache_mib)?;
        let time_zone = TimeZone::parse(&args.time_zone)
            .map_err(|e| anyhow::anyhow!("SUPPLYSITE_TIME_ZONE / --time-zone: {e}"))?;
        Ok(Config {
            time_zone,
            page_cache_bytes,
            ssr_bundle,
            tracker_key,
            workers,
            bind,
            content: args.content,
            public_url,
            webhook_secret,
            web_dir: args.web_dir,
            webhook_ttl,
            request_timeout,
            connections,
            log_format,
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
        settings.page_cache_bytes = self.page_cache_bytes;
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

/// The page cache budget from a number of MiB.
fn page_cache_bytes(mib: &str) -> anyhow::Result<usize> {
    match mib.trim().parse::<usize>() {
        Ok(n) if (1..=1 << 20).contains(&n) => Ok(n << 20),
        _ => bail!(
            "SUPPLYSITE_PAGE_CACHE_MIB / --page-cache-mib: invalid size {mib:?} (expected a whole number of MiB from 1 to 1048576)"
        ),
    }
}

/// The longest a signed webhook may be accepted after it was signed.
pub const MAX_WEBHOOK_TTL: Duration = Duration::from_secs(300);

fn seconds(value: &str, name: &str) -> anyhow::Result<Duration> {
    match value.trim().parse::<u64>() {
        Ok(n) if n > 0 => Ok(Duration::from_secs(n)),
        _ => bail!("{name}: invalid number of seconds {value:?} (expected a whole number above 0)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn config(flags: &[&str]) -> anyhow::Result<Config> {
        let mut argv = vec!["serve"];
        argv.extend_from_slice(flags);
        Config::from_args(Cli::try_parse_from(argv).unwrap().args)
    }

    fn error(flags: &[&str]) -> String {
        format!("{:#}", config(flags).unwrap_err())
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
            over.starts_with("SUPPLYSITE_WEBHOOK_TTL_SECONDS") && over.contains("300 s"),
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
                    "SUPPLYSITE_PAGE_CACHE_MIB / --page-cache-mib: invalid size \"{bad}\""
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
