//! How fresh the served content is, as its source knows it: `/readyz` reports it when a
//! source is mounted that can say (the live Contentful source with its disk cache).

use std::time::SystemTime;
use supplysite_core::ports::SnapshotActivity;

/// What a content source knows about the set it last gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Freshness {
    /// The source's name for `/readyz`, such as `contentful`.
    pub source: &'static str,
    /// The content version of that set.
    pub version: String,
    /// When that set was read from the source (for a set from the disk cache: when it was
    /// read before it was saved).
    pub fetched_at: SystemTime,
    /// True when the set came from the disk cache because the source could not be reached.
    pub from_disk: bool,
    /// What became of the source's last good copy (on disk, shared with the other replicas),
    /// when it keeps one.
    pub snapshot: Option<SnapshotActivity>,
}

/// A content source that can say how fresh its content is.
pub trait ContentFreshness: Send + Sync + 'static {
    /// The last set given, or `None` before the first.
    fn freshness(&self) -> Option<Freshness>;
}
