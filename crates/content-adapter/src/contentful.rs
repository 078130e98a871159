//! The live content source: a Contentful space read through the GraphQL Content API (and the
//! entries API for the privacy page, as docs/behaviour.md §7 says), turned into the space-export form and
//! read by the same code as an export file, so both sources give the same [`ContentSet`].
//!
//! Mount it with [`ContentfulSource::from_settings`] and wrap it in a [`CachedSource`] so the
//! last good set survives an outage and a restart during one.

mod cache;
mod client;
pub mod download;
mod fetch;
mod model;
mod query;
mod retry;
mod settings;
pub mod sync;
mod to_export;

#[cfg(feature = "fake")]
pub mod fake;
#[cfg(feature = "fake")]
pub mod schema;

pub use cache::{CacheStatus, CachedSource};
pub use client::{FetchError, MAX_CONCURRENT_REQUESTS};
pub use fetch::{LiveExport, Progress};
pub use query::{MAX_COMPLEXITY, MAX_QUERY_BYTES, all_queries};
pub use retry::{Pause, RetryPolicy, TokioPause};
pub use settings::{
    ContentfulSettings, DEFAULT_CDA_HOST, DEFAULT_GRAPHQL_HOST, DEFAULT_PREVIEW_HOST, Secret,
    SettingsError,
};
pub use sync::SyncSource;

use crate::export::{Loaded, Severity, load_export_value};
use async_trait::async_trait;
use client::Client;
use std::sync::Arc;
use supplysite_core::content::ContentSet;
use supplysite_core::ports::{ContentLoadError, ContentSource};

/// Why the live source could not be set up.
#[derive(Debug, thiserror::Error)]
#[error("cannot set up the HTTP client for contentful: {0}")]
pub struct SetupError(#[source] reqwest::Error);

/// A live content source read from one environment of one Contentful space.
pub struct ContentfulSource {
    client: Client,
    /// The default locale of the last load.
    locale: std::sync::Mutex<Option<String>>,
    /// The export form of the last load, which Live Preview's edits are laid over.
    last: std::sync::Mutex<Option<Arc<serde_json::Value>>>,
}

/// A space read live and loaded: the export form, the loaded set, and what was left out.
#[derive(Debug)]
pub struct Live {
    /// The space as read, in export form, with the notices of what the read left out.
    pub export: LiveExport,
    /// That export loaded by the export reader: the content set, its problems and its counts.
    pub loaded: Loaded,
}

impl ContentfulSource {
    /// The source for `settings`, waiting on the tokio timer between retries.
    pub fn from_settings(settings: ContentfulSettings) -> Result<Self, SetupError> {
        Self::with_pause(settings, Arc::new(TokioPause))
    }

    /// The source for `settings`, waiting between retries with `pause`.
    pub fn with_pause(
        settings: ContentfulSettings,
        pause: Arc<dyn Pause>,
    ) -> Result<Self, SetupError> {
        Ok(ContentfulSource {
            client: Client::new(settings, pause).map_err(SetupError)?,
            locale: std::sync::Mutex::new(None),
            last: std::sync::Mutex::new(None),
        })
    }

    /// The GraphQL endpoint read from (no secret in it).
    pub fn location(&self) -> String {
        self.client.settings().graphql_url()
    }

    /// The settings this source reads with (the token inside stays wrapped).
    pub fn settings(&self) -> &ContentfulSettings {
        self.client.settings()
    }

    /// Reads the space into export form; with `content_types`, its content model too (for
    /// `content pull`). `progress` hears after every page.
    pub async fn export(
        &self,
        content_types: bool,
        progress: &(dyn Fn(Progress<'_>) + Send + Sync),
    ) -> Result<LiveExport, FetchError> {
        fetch::space(&self.client, content_types, progress).await
    }

    /// Reads the space and loads it as the export reader would.
    pub async fn load_live(&self) -> Result<Live, ContentLoadError> {
        let export = self
            .export(false, &|_| {})
            .await
            .map_err(|e| self.load_error(e))?;
        let loaded = load_export_value(export.export.clone(), None).map_err(|e| {
            ContentLoadError::Malformed {
                location: self.location(),
                reason: e.to_string(),
            }
        })?;
        Ok(Live { export, loaded })
    }

    fn load_error(&self, e: FetchError) -> ContentLoadError {
        load_error(e)
    }
}

/// The port's error for a failed read, naming the setting to check.
pub(crate) fn load_error(e: FetchError) -> ContentLoadError {
    match e {
        FetchError::Unauthorised {
            url,
            status,
            detail,
        } => ContentLoadError::Unauthorised {
            location: url,
            reason: format!(
                "HTTP {status}: {detail} (check CONTENTFUL_ACCESS_TOKEN: it must be a Content Delivery API token for this space)"
            ),
        },
        FetchError::NotFound { url, detail } => ContentLoadError::NotFound {
            location: format!(
                "{url} (HTTP 404: {detail}; check CONTENTFUL_SPACE_ID and CONTENTFUL_ENVIRONMENT)"
            ),
        },
        FetchError::Unreachable { url, reason } => ContentLoadError::Unreachable {
            location: url,
            reason,
        },
        FetchError::Malformed { url, reason } => ContentLoadError::Malformed {
            location: url,
            reason,
        },
        FetchError::TooComplex { url, code } => ContentLoadError::Malformed {
            location: url,
            reason: format!("query refused as too large even one item a page ({code})"),
        },
    }
}

#[async_trait]
impl ContentSource for ContentfulSource {
    /// Errors: [`ContentLoadError::Unauthorised`] for HTTP 401/403,
    /// [`ContentLoadError::NotFound`] for an unknown space or environment,
    /// [`ContentLoadError::Unreachable`] when retries and rate-limit waits ran out,
    /// [`ContentLoadError::Malformed`] for an answer that cannot be read.
    async fn load(&self) -> Result<ContentSet, ContentLoadError> {
        let live = self.load_live().await?;
        let locale = live
            .export
            .export
            .get("locales")
            .and_then(serde_json::Value::as_array)
            .and_then(|locales| {
                locales
                    .iter()
                    .find(|l| l.get("default").and_then(serde_json::Value::as_bool) == Some(true))
                    .or(locales.first())
            })
            .and_then(|l| l.get("code"))
            .and_then(serde_json::Value::as_str)
            .map(str::to_string);
        *self
            .locale
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = locale;
        *self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) =
            Some(Arc::new(live.export.export.clone()));
        for problem in live
            .loaded
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
        {
            tracing::warn!(%problem, "content problem; the entry or field is left out");
        }
        tracing::info!(
            source = %self.location(),
            version = live.loaded.set.version(),
            left_out = live.export.notices.len(),
            "content read from contentful"
        );
        Ok(live.loaded.set)
    }

    /// The last load's export with `entities` laid over it ([`crate::export::overlay`]), read
    /// by the export reader. Errors: [`ContentLoadError::Malformed`] when the result cannot be
    /// read.
    fn overlay(
        &self,
        entities: &[serde_json::Value],
    ) -> Option<Result<ContentSet, ContentLoadError>> {
        let last = self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()?;
        let export = crate::export::overlay(&last, entities);
        Some(
            load_export_value(export, None)
                .map(|loaded| loaded.set)
                .map_err(|e| ContentLoadError::Malformed {
                    location: self.location(),
                    reason: e.to_string(),
                }),
        )
    }

    fn locale(&self) -> Option<String> {
        self.locale
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}
