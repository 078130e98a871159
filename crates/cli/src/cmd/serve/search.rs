//! The site search's index at start: the one kept in the cache folder for the content served
//! when there is one (opened in about a second, even at 100,000 posts), else a new one, built
//! before the server is ready for a small site and after it (search answering 503 meanwhile)
//! for a large one, whose build would hold the whole site back for half a minute. Each index
//! keeps itself in the cache folder after it takes new content, for the next start.

use crate::install;
use std::path::Path;
use std::sync::Arc;
use supplysite_core::content::ContentSet;
use supplysite_core::ports::SearchIndex;
use supplysite_search_adapter::TantivyIndex;
use supplysite_search_adapter::kept::{self, KeptIndex};

/// Entries (posts, customer stories and pages) from which a search index that must be built
/// is built after the server is ready: about a third of a second of building a thousand.
pub const BUILD_AFTER_START_FROM: usize = 1_000;

/// The public search index and whether it is built after start.
pub struct Search {
    pub index: Arc<dyn SearchIndex>,
    pub after_start: bool,
}

/// The search index for `set`: opened from the cache folder's `search` folder when it keeps
/// one for `set`'s version, else new. A kept index that cannot be read is logged, removed and
/// built again; with no cache folder nothing is kept.
pub fn mount(set: &ContentSet) -> anyhow::Result<Search> {
    let entries = set.posts().len() + set.case_studies().len() + set.pages().len();
    let large = entries >= BUILD_AFTER_START_FROM;
    let folder = match install::cache_dir() {
        Ok(dir) => dir.join(install::SEARCH_CACHE_DIR),
        Err(e) => {
            tracing::warn!(error = %e, "the search index is not kept between starts");
            return Ok(Search {
                index: Arc::new(TantivyIndex::new()?),
                after_start: large,
            });
        }
    };
    let (index, kept) = open(&folder, set.version())?;
    let after_start = kept.is_none() && large;
    Ok(Search {
        index: Arc::new(KeptIndex::new(index, folder, kept)),
        after_start,
    })
}

/// The index kept in `folder` for `version` and that version, or a new index.
fn open(folder: &Path, version: &str) -> anyhow::Result<(TantivyIndex, Option<String>)> {
    let started = std::time::Instant::now();
    match TantivyIndex::open_kept(folder, version) {
        Ok(Some(index)) => {
            tracing::info!(
                elapsed_ms = started.elapsed().as_millis() as u64,
                folder = %folder.display(),
                documents = index.len(),
                version,
                "search index opened as kept for this content"
            );
            Ok((index, Some(version.to_string())))
        }
        Ok(None) => {
            tracing::info!(
                folder = %folder.display(),
                version,
                "no search index kept for this content: it is built"
            );
            Ok((TantivyIndex::new()?, None))
        }
        Err(e) => {
            tracing::warn!(
                error = %e,
                "the kept search index cannot be used: it is removed and the index is built"
            );
            if let Err(e) = kept::discard(folder) {
                tracing::warn!(error = %e, "the kept search index could not be removed");
            }
            Ok((TantivyIndex::new()?, None))
        }
    }
}
