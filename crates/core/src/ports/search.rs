//! The site search's index: core's public documents ([`crate::search::documents`]) held where
//! a query can find them, kept current with each content set the site serves.
//!
//! The server serves one content generation at a time, and a request that began on the one
//! before may still be answering while the next is built. So bringing the index to a content
//! set gives back a [`SearchSnapshot`]: the index as of that content, which answers the same
//! whatever the index takes in afterwards. Each generation keeps its own snapshot.

use crate::content::ContentSet;
use crate::search::{SearchAnswer, SearchRequest};
use std::sync::Arc;

/// Why the index could not take a content set or answer a query. The words are the index's
/// own; they name no secret (the documents are public pages).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchIndexError {
    /// The index could not be brought to a content set: it still holds the content it held
    /// before, and the next content set is tried from there.
    #[error("the search index could not take content version {version}: {reason}")]
    Update {
        /// The content version it was given.
        version: String,
        /// What went wrong.
        reason: String,
    },
    /// A query could not be answered.
    #[error("the search index could not answer: {0}")]
    Query(String),
}

/// An index of the site's public pages, by role: whatever keeps it (an in-memory full-text
/// index) implements this. Ranking, spelling and what may be asked are core's rules
/// ([`crate::search`]); the index stores the documents and runs them.
pub trait SearchIndex: Send + Sync {
    /// Brings the index to `set`'s public documents (adding, replacing and removing only what
    /// changed since the set it was last brought to) and returns the index as of `set`.
    /// Synchronous: the work is in memory, and runs where the content set is built.
    ///
    /// Errors: [`SearchIndexError::Update`] when the documents could not be taken in.
    fn index(&self, set: &ContentSet) -> Result<Arc<dyn SearchSnapshot>, SearchIndexError>;
}

/// The index as of one content set: what a generation of served content answers searches
/// with. Its answers never change, whatever the index takes in after it was made.
pub trait SearchSnapshot: Send + Sync {
    /// A page of results for `request`, best first, with the counts by filter.
    ///
    /// Errors: [`SearchIndexError::Query`] when the index could not run the query.
    fn search(&self, request: &SearchRequest) -> Result<SearchAnswer, SearchIndexError>;

    /// How many documents it holds.
    fn documents(&self) -> usize;

    /// How many documents the index wrote (added, replaced or removed) to take this content:
    /// all of them when it was built, what changed when it was updated, none when it already
    /// held this content (an index kept from an earlier run of the same content).
    fn written(&self) -> usize;
}
