//! Where `supplysite serve` takes its content from, and how it stays fresh.
//!
//! Live mode when `CONTENTFUL_SPACE_ID` and `CONTENTFUL_ACCESS_TOKEN` are both set: the space
//! is followed with Contentful's Sync API (an initial sync, then a delta per reload), its last
//! good content and sync token kept on disk (one file per space and environment under
//! `SUPPLYSITE_CACHE_DIR`) so a restart serves at once and reads one delta, and a restart
//! during an outage still serves the last good content. The signed webhook and every
//! `SUPPLYSITE_POLL_SECONDS` (5 unless set; 0 turns the poll off) ask for a delta, which costs
//! one small request when nothing changed. Otherwise the export file is served, polled only
//! when `SUPPLYSITE_POLL_SECONDS` is set. No Contentful setting is ever logged but the
//! sync endpoint (space and environment ids, no token).

use crate::settings::parse::{secret_at_least, whole};
use anyhow::Context;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;
use supplysite_content_adapter::contentful::{
    ContentfulSettings, ContentfulSource, DEFAULT_PREVIEW_HOST, SyncSource,
};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::{ContentSource, InZone, SharedSnapshots};
use supplysite_core::time_zone::TimeZone;
use supplysite_http::content::freshness::{ContentFreshness, Freshness};
use supplysite_http::{AppState, Preview, Secret};
use tokio::time::MissedTickBehavior;

/// The poll interval in live mode unless set: an empty delta is one small request.
const DEFAULT_LIVE_POLL: Duration = Duration::from_secs(5);

/// Live content settings.
#[derive(clap::Args, Clone)]
#[group(id = "live_content_settings")]
#[command(next_help_heading = "Live content")]
pub struct Args {
    #[command(flatten)]
    contentful: crate::cmd::contentful::Args,
    /// Seconds between content reloads; 0 turns the poll off. Unset: 5 in live mode (a reload
    /// asks Contentful's Sync API for what changed: one small request when nothing did), off
    /// for the export file (the webhook reloads either).
    #[arg(
        long,
        env = "SUPPLYSITE_POLL_SECONDS",
        value_parser = whole(0, u64::MAX, "number of seconds")
    )]
    poll_seconds: Option<u64>,
    /// Folder of the last good live content and its sync token, one file per space and
    /// environment: a restart serves it at once and reads only what changed since, and serves
    /// it alone when Contentful cannot be reached. Unset: content in the cache folder
    /// (CACHE_DIRECTORY, $XDG_CACHE_HOME/supplysite or ~/.cache/supplysite).
    #[arg(long, env = "SUPPLYSITE_CACHE_DIR")]
    cache_dir: Option<PathBuf>,
    /// Contentful Content Preview API token. Preview for editors needs live content, this
    /// token and the preview secret; without both, preview is off and its routes answer 404.
    #[arg(
        long,
        env = "CONTENTFUL_PREVIEW_TOKEN",
        hide_env_values = true,
        value_parser = ContentfulSettings::check_token
    )]
    contentful_preview_token: Option<Secret>,
    /// The entries API's preview origin; the EU data region uses
    /// https://preview.eu.contentful.com. GraphQL reads previews from CONTENTFUL_GRAPHQL_HOST.
    #[arg(
        long,
        env = "CONTENTFUL_PREVIEW_HOST",
        default_value = DEFAULT_PREVIEW_HOST,
        value_parser = ContentfulSettings::check_origin
    )]
    contentful_preview_host: String,
    /// The secret of preview links, at least 32 characters (for example from
    /// `openssl rand -hex 32`): /api/preview?secret=…&path=… opens a preview of drafts in that
    /// browser.
    #[arg(
        long,
        env = "SUPPLYSITE_PREVIEW_SECRET",
        hide_env_values = true,
        value_parser = secret_at_least(supplysite_http::preview::MIN_SECRET_LEN)
    )]
    preview_secret: Option<Secret>,
    /// The preview epoch: every preview cookie carries the epoch it was handed out in, and
    /// only cookies of this one are honoured. Change it (any whole number) to end every
    /// preview at once, a copied cookie included, without changing the preview links.
    #[arg(long, env = "SUPPLYSITE_PREVIEW_EPOCH", default_value_t = 0)]
    preview_epoch: u64,
    /// Minutes a preview cookie lasts (1 to 1440); each preview page opened in its second
    /// half hands out a fresh one, so only an unused cookie runs out.
    #[arg(
        long,
        env = "SUPPLYSITE_PREVIEW_MINUTES",
        default_value_t = 20,
        value_parser = clap::value_parser!(u64).range(1..=1440),
    )]
    preview_minutes: u64,
}

/// The content source chosen by the settings.
pub struct Content {
    /// What reloads read from (the webhook and the poll).
    pub source: Arc<dyn ContentSource>,
    /// How fresh the live content is, for `/readyz`; `None` for the export file.
    pub freshness: Option<Arc<dyn ContentFreshness>>,
    /// How often to reload; `None` for never.
    pub poll: Option<Duration>,
    /// Where content comes from, for the start-up log (no secret).
    pub describe: String,
    /// The settings to name when the first load fails.
    settings_hint: String,
    /// The editors' preview, when its token and secret are set.
    pub preview: Option<Arc<Preview>>,
}

impl Args {
    /// The live source when Contentful is configured, else `export` (read from
    /// `export_path`).
    ///
    /// Errors: a malformed or half-given setting, named.
    /// With `shared` (the replicas' database), live content shares its snapshot there, so a
    /// replica that starts with an empty cache folder starts from another's.
    pub fn content(
        &self,
        export: Arc<dyn ContentSource>,
        export_path: &Path,
        zone: &TimeZone,
        shared: Option<Arc<dyn SharedSnapshots>>,
    ) -> anyhow::Result<Content> {
        let live = self.contentful.settings()?;
        let poll = self.poll();
        let preview = self.preview(live.as_ref(), zone)?;
        let Some(settings) = live else {
            return Ok(Content {
                preview,
                source: export,
                freshness: None,
                poll: poll.flatten(),
                describe: export_path.display().to_string(),
                settings_hint: format!(
                    "SUPPLYSITE_CONTENT / --content = {}",
                    export_path.display()
                ),
            });
        };
        let cache_dir = match &self.cache_dir {
            Some(dir) => dir.clone(),
            None => crate::install::cache_dir()
                .context("SUPPLYSITE_CACHE_DIR / --cache-dir")?
                .join(crate::install::CONTENT_CACHE_DIR),
        };
        // Its own name: the snapshot's layout is not that of the GraphQL source's cache file.
        let cache = cache_dir.join(format!("sync-{}", settings.cache_file_name()));
        let mut synced =
            SyncSource::new(settings, Some(cache.clone())).context("cannot set up live content")?;
        if let Some(shared) = shared {
            synced = synced.with_shared(shared);
        }
        let synced = Arc::new(synced);
        let describe = synced.location();
        Ok(Content {
            preview,
            source: synced.clone(),
            freshness: Some(Arc::new(SyncFreshness(synced))),
            poll: poll.unwrap_or(Some(DEFAULT_LIVE_POLL)),
            settings_hint: format!(
                "live content from {describe}, last good copy at {} (CONTENTFUL_* settings, SUPPLYSITE_CACHE_DIR)",
                cache.display()
            ),
            describe,
        })
    }

    /// Checks the settings that only make sense together (the space id and its token, the
    /// preview's token, secret and live space) without setting anything up.
    pub fn check(&self) -> anyhow::Result<()> {
        let live = self.contentful.settings()?;
        self.preview(live.as_ref(), &TimeZone::default())?;
        Ok(())
    }

    /// The preview when `CONTENTFUL_PREVIEW_TOKEN` and `SUPPLYSITE_PREVIEW_SECRET` are both
    /// set (it reads the same space and environment as `live`); off, with a warning, when only
    /// one is. No value is ever shown.
    ///
    /// Errors: a preview without live content.
    fn preview(
        &self,
        live: Option<&ContentfulSettings>,
        zone: &TimeZone,
    ) -> anyhow::Result<Option<Arc<Preview>>> {
        let (token, secret) = match (&self.contentful_preview_token, &self.preview_secret) {
            (Some(token), Some(secret)) => (token.clone(), secret.clone()),
            (None, None) => return Ok(None),
            (token, _) => {
                let missing = if token.is_none() {
                    "CONTENTFUL_PREVIEW_TOKEN"
                } else {
                    "SUPPLYSITE_PREVIEW_SECRET"
                };
                tracing::warn!(missing, "preview is off: it needs its token and its secret");
                return Ok(None);
            }
        };
        let Some(live) = live else {
            anyhow::bail!(
                "CONTENTFUL_PREVIEW_TOKEN and SUPPLYSITE_PREVIEW_SECRET are set but CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN are not (preview reads the live space)"
            );
        };
        let source = ContentfulSource::from_settings(
            live.for_preview(token, self.contentful_preview_host.clone()),
        )
        .context("cannot set up the preview content")?;
        // Drafts show their dates in the site's zone, as the published pages do.
        let source = Arc::new(InZone::new(Arc::new(source), zone.clone()));
        Ok(Some(Arc::new(
            Preview::new(secret, source)
                .with_epoch(self.preview_epoch)
                .with_cookie_ttl(match self.preview_minutes {
                    // Only a settings value built in code (the tests' `Default`) is 0.
                    0 => supplysite_http::preview::DEFAULT_COOKIE_TTL,
                    minutes => Duration::from_secs(minutes * 60),
                })
                // Editors search the drafts in an index of their own.
                .with_search(Arc::new(
                    supplysite_search_adapter::TantivyIndex::new()
                        .context("cannot create the preview's search index")?,
                )),
        )))
    }

    /// `None` when unset; `Some(None)` for 0 (off).
    fn poll(&self) -> Option<Option<Duration>> {
        self.poll_seconds
            .map(|seconds| (seconds > 0).then(|| Duration::from_secs(seconds)))
    }
}

impl Content {
    /// Whether content is read live from Contentful (else from the export file).
    pub fn is_live(&self) -> bool {
        self.freshness.is_some()
    }

    /// The first load. Live, an unreachable Contentful falls back to the disk cache; refused
    /// credentials and unknown spaces are errors naming the setting to fix.
    pub async fn load(&self) -> anyhow::Result<ContentSet> {
        self.source
            .load()
            .await
            .with_context(|| format!("cannot load the content ({})", self.settings_hint))
    }
}

/// The synced content's account of itself, for `/readyz`.
struct SyncFreshness(Arc<SyncSource>);

impl ContentFreshness for SyncFreshness {
    fn freshness(&self) -> Option<Freshness> {
        self.0.status().map(|s| Freshness {
            source: "contentful",
            version: s.version,
            fetched_at: s.fetched_at,
            from_disk: s.from_disk,
            snapshot: self.0.snapshot().is_some().then(|| self.0.activity()),
        })
    }
}

/// Reloads `state`'s content from `source` every `every` until `shutdown`. A failed reload is
/// logged and the content being served stays.
pub fn spawn_poll(
    state: AppState,
    source: Arc<dyn ContentSource>,
    every: Duration,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut shutdown = pin!(shutdown);
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        // After a slow reload, wait a whole interval again rather than reloading twice.
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                biased;
                () = &mut shutdown => return,
                _ = ticks.tick() => {}
            }
            let reloaded = tokio::select! {
                biased;
                () = &mut shutdown => return,
                r = state.content().reload(source.as_ref()) => r,
            };
            match reloaded {
                Ok(o) if o.previous == o.version => {
                    tracing::debug!(version = %o.version, "content poll: unchanged");
                }
                Ok(o) => {
                    tracing::info!(previous = %o.previous, version = %o.version, "content poll: reloaded");
                }
                Err(e) => {
                    tracing::warn!(error = %e, "content poll failed; still serving the previous content");
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use supplysite_core::content::ContentParts;
    use supplysite_core::ports::fakes::FakeContentSource;

    fn export() -> Arc<dyn ContentSource> {
        Arc::new(FakeContentSource::new(ContentSet::new(
            ContentParts::default(),
            "v1",
        )))
    }

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn args(flags: &[&str]) -> Args {
        crate::settings::try_parse::<Cli>(flags).unwrap().args
    }

    fn live_args(flags: &[&str]) -> Args {
        let mut all = vec![
            "--contentful-space-id=space1",
            "--contentful-access-token=token-secret",
            "--cache-dir=var/cache",
        ];
        all.extend_from_slice(flags);
        args(&all)
    }

    #[test]
    fn without_contentful_the_export_is_served_and_not_polled() {
        let content = args(&[])
            .content(
                export(),
                Path::new("content/demo/export.json"),
                &TimeZone::default(),
                None,
            )
            .unwrap();
        assert!(content.freshness.is_none());
        assert_eq!(content.poll, None);
        assert_eq!(content.describe, "content/demo/export.json");
    }

    #[test]
    fn live_mode_polls_every_five_seconds_unless_told_and_never_shows_the_token() {
        let content = live_args(&[])
            .content(
                export(),
                Path::new("unused.json"),
                &TimeZone::default(),
                None,
            )
            .unwrap();
        assert_eq!(content.poll, Some(Duration::from_secs(5)));
        assert_eq!(
            content.describe,
            "https://cdn.contentful.com/spaces/space1/environments/master/sync"
        );
        assert!(content.freshness.is_some());
        assert!(!content.settings_hint.contains("token-secret"));
        assert!(
            content
                .settings_hint
                .contains("contentful-space1-master.json")
        );

        let off = live_args(&["--poll-seconds=0"]);
        assert_eq!(
            off.content(export(), Path::new("x"), &TimeZone::default(), None)
                .unwrap()
                .poll,
            None
        );
        let export_polled = args(&["--poll-seconds=30"]);
        assert_eq!(
            export_polled
                .content(export(), Path::new("x"), &TimeZone::default(), None)
                .unwrap()
                .poll,
            Some(Duration::from_secs(30))
        );
    }

    fn state_serving(version: &str) -> AppState {
        let html = "<!doctype html><html><head><title>t</title></head><body></body></html>";
        AppState::new(supplysite_http::StateParts {
            settings: supplysite_http::Settings::new(
                supplysite_http::PublicUrl::parse("https://x.test").unwrap(),
                "web",
            ),
            shell: supplysite_http::Shell::parse(html).unwrap(),
            content: ContentSet::new(ContentParts::default(), version),
            composer: Arc::new(supplysite_http::CoreComposer::new("https://x.test")),
            reload: None,
        })
    }

    /// Waits until `done` holds, failing after five seconds.
    async fn until(what: &str, done: impl Fn() -> bool) {
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while !done() {
            assert!(std::time::Instant::now() < deadline, "{what}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    #[tokio::test]
    async fn the_poll_reloads_keeps_the_content_through_failures_and_stops_when_told() {
        let state = state_serving("v1");
        let source = Arc::new(FakeContentSource::new(ContentSet::new(
            ContentParts::default(),
            "v2",
        )));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let poll = spawn_poll(
            state.clone(),
            source.clone(),
            Duration::from_millis(10),
            async move {
                let _ = stopped.await;
            },
        );
        until("the poll reloaded v2", || {
            state.content().current().version() == "v2"
        })
        .await;

        source.set(Err(supplysite_core::ports::ContentLoadError::Unreachable {
            location: "https://graphql.example".into(),
            reason: "connection refused".into(),
        }));
        let loads = source.loads();
        until("two more polls ran", || source.loads() >= loads + 2).await;
        assert_eq!(state.content().current().version(), "v2");

        stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(5), poll)
            .await
            .expect("the poll stops when told")
            .unwrap();
    }

    #[test]
    fn malformed_settings_are_named() {
        let e = crate::settings::try_parse::<Cli>(&["--poll-seconds=soon"])
            .err()
            .unwrap();
        assert!(
            e.starts_with(
                "SUPPLYSITE_POLL_SECONDS / --poll-seconds: invalid number of seconds \"soon\""
            ),
            "{e}"
        );
        let e = crate::settings::try_parse::<Cli>(&[
            "--contentful-preview-host=preview.contentful.com",
        ])
        .err()
        .unwrap();
        assert!(
            e.starts_with("CONTENTFUL_PREVIEW_HOST / --contentful-preview-host"),
            "{e}"
        );
        let e = crate::settings::try_parse::<Cli>(&["--preview-secret=short-preview-secret"])
            .err()
            .unwrap();
        assert!(e.contains("at least 32"), "{e}");
        assert!(!e.contains("short-preview-secret"), "{e}");
        let half = args(&["--contentful-access-token=token-secret"]);
        let e = half
            .content(export(), Path::new("x"), &TimeZone::default(), None)
            .err()
            .unwrap()
            .to_string();
        assert!(e.starts_with("CONTENTFUL_SPACE_ID is not set"), "{e}");
        assert!(!e.contains("token-secret"), "{e}");
        let e = args(&[
            "--contentful-preview-token=preview-token",
            "--preview-secret=a-long-enough-preview-secret-0123456789",
        ])
        .check()
        .unwrap_err()
        .to_string();
        assert!(e.contains("CONTENTFUL_SPACE_ID"), "{e}");
        assert!(!e.contains("a-long-enough"), "{e}");
    }
}
