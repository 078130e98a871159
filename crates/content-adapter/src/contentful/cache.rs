//! The last good content set on disk, so the site is fully up while Contentful is down, even
//! after a restart during the outage.
//!
//! [`CachedSource`] wraps any [`ContentSource`]: every successful load is written to one file
//! (atomically, through a temporary file and a rename); when the very first load of the process
//! fails because the source cannot be reached or read, the file is served instead. After
//! that, failures are passed on, so the server keeps the set it already serves and `/readyz`
//! keeps showing its true age. Refused credentials and unknown spaces are never papered over:
//! they are settings to fix.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use supplysite_core::content::{ContentParts, ContentSet};
use supplysite_core::ports::{ContentLoadError, ContentSource};

/// The layout of the cache file; a file of another layout is ignored.
const FORMAT: u32 = 1;

/// Which content is being served and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheStatus {
    /// The served set's content version (`ContentSet::version`), which changes whenever the
    /// content does.
    pub version: String,
    /// When this content was read from the source (for content from disk: when it was read
    /// before it was saved).
    pub fetched_at: SystemTime,
    /// True when it came from the disk cache because the source could not be reached.
    pub from_disk: bool,
}

impl CacheStatus {
    /// How old the content is now.
    pub fn age(&self, now: SystemTime) -> Duration {
        now.duration_since(self.fetched_at).unwrap_or_default()
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CacheFile {
    format: u32,
    version: String,
    fetched_at_ms: u64,
    parts: ContentParts,
}

/// A content source that keeps its last good set on disk and falls back to it at start-up.
pub struct CachedSource {
    inner: Arc<dyn ContentSource>,
    path: PathBuf,
    status: Mutex<Option<CacheStatus>>,
}

impl CachedSource {
    /// Wraps `inner`, keeping its last good set in the file at `path`.
    pub fn new(inner: Arc<dyn ContentSource>, path: impl Into<PathBuf>) -> Self {
        CachedSource {
            inner,
            path: path.into(),
            status: Mutex::new(None),
        }
    }

    /// The cache file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What the last successful [`ContentSource::load`] returned, if any.
    pub fn status(&self) -> Option<CacheStatus> {
        self.status
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set_status(&self, status: CacheStatus) {
        *self.status.lock().unwrap_or_else(PoisonError::into_inner) = Some(status);
    }

    /// Reads the cache file: `Ok(None)` when there is none.
    pub async fn read(path: &Path) -> Result<Option<(ContentSet, SystemTime)>, String> {
        let path = path.to_path_buf();
        tokio::task::spawn_blocking(move || read_file(&path))
            .await
            .map_err(|e| e.to_string())?
    }

    async fn write(&self, set: &ContentSet, fetched_at: SystemTime) -> Result<(), String> {
        let file = CacheFile {
            format: FORMAT,
            version: set.version().to_string(),
            fetched_at_ms: fetched_at
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_millis() as u64)
                .unwrap_or(0),
            parts: set.parts().clone(),
        };
        let path = self.path.clone();
        tokio::task::spawn_blocking(move || write_file(&path, &file))
            .await
            .map_err(|e| e.to_string())?
    }
}

fn read_file(path: &Path) -> Result<Option<(ContentSet, SystemTime)>, String> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let file: CacheFile = serde_json::from_slice(&bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if file.format != FORMAT {
        return Err(format!(
            "{} has cache format {}, expected {FORMAT}",
            path.display(),
            file.format
        ));
    }
    let fetched_at = UNIX_EPOCH + Duration::from_millis(file.fetched_at_ms);
    Ok(Some((
        ContentSet::new(file.parts, file.version),
        fetched_at,
    )))
}

fn write_file(path: &Path, file: &CacheFile) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let bytes = serde_json::to_vec(file).map_err(|e| e.to_string())?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp).map_err(fail)?;
        f.write_all(&bytes).map_err(fail)?;
        // On disk before the rename, so a crash never leaves a half-written cache behind.
        f.sync_all().map_err(fail)?;
    }
    std::fs::rename(&tmp, path).map_err(fail)
}

#[async_trait]
impl ContentSource for CachedSource {
    async fn settled(&self) {
        self.inner.settled().await;
    }

    /// Errors: those of the wrapped source. At start-up, [`ContentLoadError::Unreachable`]
    /// and [`ContentLoadError::Malformed`] are only returned when there is no cache file.
    async fn load(&self) -> Result<ContentSet, ContentLoadError> {
        let error = match self.inner.load().await {
            Ok(set) => {
                let now = SystemTime::now();
                if let Err(e) = self.write(&set, now).await {
                    tracing::warn!(error = %e, "the last good content could not be saved");
                }
                self.set_status(CacheStatus {
                    version: set.version().to_string(),
                    fetched_at: now,
                    from_disk: false,
                });
                return Ok(set);
            }
            Err(e) => e,
        };
        let can_fall_back = matches!(
            error,
            ContentLoadError::Unreachable { .. } | ContentLoadError::Malformed { .. }
        );
        if !can_fall_back || self.status().is_some() {
            return Err(error);
        }
        match Self::read(&self.path).await {
            Ok(Some((set, fetched_at))) => {
                tracing::warn!(
                    error = %error,
                    cache = %self.path.display(),
                    version = set.version(),
                    "content source unavailable at start-up; serving the last good content from disk"
                );
                self.set_status(CacheStatus {
                    version: set.version().to_string(),
                    fetched_at,
                    from_disk: true,
                });
                Ok(set)
            }
            Ok(None) => Err(error),
            Err(read_error) => {
                tracing::warn!(error = %read_error, "the saved content cannot be used");
                Err(error)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use supplysite_core::ports::fakes::FakeContentSource;

    fn set(version: &str) -> ContentSet {
        ContentSet::new(ContentParts::default(), version)
    }

    fn down() -> ContentLoadError {
        ContentLoadError::Unreachable {
            location: "https://graphql.example/x".into(),
            reason: "connection refused".into(),
        }
    }

    #[tokio::test]
    async fn a_good_load_is_saved_and_a_restart_during_an_outage_serves_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cache/content.json");
        let first = CachedSource::new(Arc::new(FakeContentSource::new(set("v1"))), &path);
        assert_eq!(first.load().await.unwrap().version(), "v1");
        assert!(!first.status().unwrap().from_disk);

        let restarted = CachedSource::new(Arc::new(FakeContentSource::failing(down())), &path);
        assert_eq!(restarted.load().await.unwrap().version(), "v1");
        let status = restarted.status().unwrap();
        assert!(status.from_disk);
        assert_eq!(status.version, "v1");
    }

    #[tokio::test]
    async fn after_the_first_load_failures_pass_through_so_the_served_set_stays() {
        let dir = tempfile::tempdir().unwrap();
        let fake = Arc::new(FakeContentSource::new(set("v1")));
        let source = CachedSource::new(fake.clone(), dir.path().join("c.json"));
        source.load().await.unwrap();
        fake.set(Err(down()));
        assert_eq!(source.load().await.unwrap_err(), down());
        assert_eq!(source.status().unwrap().version, "v1");
    }

    #[tokio::test]
    async fn refused_credentials_are_never_hidden_behind_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.json");
        CachedSource::new(Arc::new(FakeContentSource::new(set("v1"))), &path)
            .load()
            .await
            .unwrap();
        let refused = ContentLoadError::Unauthorised {
            location: "x".into(),
            reason: "HTTP 401".into(),
        };
        let source =
            CachedSource::new(Arc::new(FakeContentSource::failing(refused.clone())), &path);
        assert_eq!(source.load().await.unwrap_err(), refused);
    }

    #[tokio::test]
    async fn without_a_cache_file_the_sources_error_is_returned() {
        let dir = tempfile::tempdir().unwrap();
        let source = CachedSource::new(
            Arc::new(FakeContentSource::failing(down())),
            dir.path().join("none.json"),
        );
        assert_eq!(source.load().await.unwrap_err(), down());
        assert!(source.status().is_none());
    }

    #[tokio::test]
    async fn a_corrupt_cache_file_is_ignored_with_the_sources_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.json");
        std::fs::write(&path, b"{\"format\": 1, \"version\"").unwrap();
        let source = CachedSource::new(Arc::new(FakeContentSource::failing(down())), &path);
        assert_eq!(source.load().await.unwrap_err(), down());
    }
}
