//! The content being served, behind an atomic swap, and the seam that reloads it.
//!
//! Each loaded content set is a [`Generation`] that also owns the caches built from it (rendered
//! pages, the sitemap). Swapping in a new set therefore drops every cache entry of the old one
//! at once: pages are cached per (path, content version) without a version in any key.

use crate::cache::{PageCache, PageEntry};
use arc_swap::ArcSwap;
use bytes::Bytes;
use std::sync::{Arc, OnceLock};
use std::time::SystemTime;
use supplysite_core::content::ContentSet;

/// One loaded content set and what has been built from it so far.
pub struct Generation {
    pub set: ContentSet,
    pub loaded_at: SystemTime,
    pub(crate) pages: PageCache,
    pub(crate) not_found: OnceLock<Arc<PageEntry>>,
    pub(crate) sitemap: OnceLock<Bytes>,
}

impl Generation {
    fn new(set: ContentSet) -> Self {
        Generation {
            set,
            loaded_at: SystemTime::now(),
            pages: PageCache::default(),
            not_found: OnceLock::new(),
            sitemap: OnceLock::new(),
        }
    }

    /// The content version, part of every ETag.
    pub fn version(&self) -> &str {
        self.set.version()
    }
}

/// The content being served. Readers never wait for a reload.
pub struct ContentStore {
    current: ArcSwap<Generation>,
    reloading: tokio::sync::Mutex<()>,
}

impl ContentStore {
    pub fn new(set: ContentSet) -> Self {
        ContentStore {
            current: ArcSwap::from_pointee(Generation::new(set)),
            reloading: tokio::sync::Mutex::new(()),
        }
    }

    /// The generation being served now.
    pub fn current(&self) -> Arc<Generation> {
        self.current.load_full()
    }

    /// Serves `set` from now on.
    pub fn replace(&self, set: ContentSet) {
        self.current.store(Arc::new(Generation::new(set)));
    }

    /// Loads new content through `source` and serves it. One reload runs at a time; a failed
    /// reload leaves the current content in place.
    pub async fn reload(&self, source: &dyn ContentReload) -> Result<ReloadOutcome, ReloadError> {
        let _one_at_a_time = self.reloading.lock().await;
        let previous = self.current().version().to_string();
        let set = source.load().await?;
        let version = set.version().to_string();
        self.replace(set);
        Ok(ReloadOutcome { previous, version })
    }
}

/// The versions before and after a reload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReloadOutcome {
    pub previous: String,
    pub version: String,
}

/// Why new content could not be loaded.
#[derive(Debug, thiserror::Error)]
#[error("content reload from {source_name} failed")]
pub struct ReloadError {
    pub source_name: String,
    #[source]
    pub cause: Box<dyn std::error::Error + Send + Sync>,
}

/// Something that loads the whole content of the space again: the export file, or the live
/// Contentful APIs.
#[async_trait::async_trait]
pub trait ContentReload: Send + Sync + 'static {
    /// A fresh content set, or [`ReloadError`] naming the source and the cause.
    async fn load(&self) -> Result<ContentSet, ReloadError>;
}

/// A [`ContentReload`] from a blocking function (such as reading an export file), run on the
/// blocking thread pool.
pub struct BlockingReload<F> {
    name: String,
    load: Arc<F>,
}

impl<F, E> BlockingReload<F>
where
    F: Fn() -> Result<ContentSet, E> + Send + Sync + 'static,
    E: std::error::Error + Send + Sync + 'static,
{
    /// `name` says where the content comes from (a file path), for logs.
    pub fn new(name: impl Into<String>, load: F) -> Self {
        BlockingReload {
            name: name.into(),
            load: Arc::new(load),
        }
    }
}

#[async_trait::async_trait]
impl<F, E> ContentReload for BlockingReload<F>
where
    F: Fn() -> Result<ContentSet, E> + Send + Sync + 'static,
    E: std::error::Error + Send + Sync + 'static,
{
    async fn load(&self) -> Result<ContentSet, ReloadError> {
        let load = Arc::clone(&self.load);
        let joined = tokio::task::spawn_blocking(move || load()).await;
        let failed = |cause: Box<dyn std::error::Error + Send + Sync>| ReloadError {
            source_name: self.name.clone(),
            cause,
        };
        match joined {
            Ok(Ok(set)) => Ok(set),
            Ok(Err(e)) => Err(failed(Box::new(e))),
            Err(join) => Err(failed(Box::new(join))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use supplysite_core::content::ContentParts;

    #[derive(Debug, thiserror::Error)]
    #[error("export file is not JSON")]
    struct Broken;

    #[tokio::test]
    async fn a_reload_swaps_in_the_new_version() {
        let store = ContentStore::new(ContentSet::new(ContentParts::default(), "v1"));
        let source = BlockingReload::new("test", || {
            Ok::<_, Broken>(ContentSet::new(ContentParts::default(), "v2"))
        });
        let outcome = store.reload(&source).await.unwrap();
        assert_eq!(
            outcome,
            ReloadOutcome {
                previous: "v1".into(),
                version: "v2".into()
            }
        );
        assert_eq!(store.current().version(), "v2");
    }

    #[tokio::test]
    async fn a_failed_reload_keeps_the_current_content_and_says_why() {
        let store = ContentStore::new(ContentSet::new(ContentParts::default(), "v1"));
        let source =
            BlockingReload::new("content/demo/export.json", || Err::<ContentSet, _>(Broken));
        let err = store.reload(&source).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            "content reload from content/demo/export.json failed"
        );
        assert_eq!(err.cause.to_string(), "export file is not JSON");
        assert_eq!(store.current().version(), "v1");
    }
}
