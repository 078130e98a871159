//! Where a page of a listing sits among the others.

use serde::Serialize;

/// One page of a listing: the numbers, and the site paths of its neighbours, which the UI
/// renders as real links so visitors and crawlers without JavaScript reach every entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    /// This page, from 1.
    pub page: usize,
    /// How many pages the listing makes (at least 1, even when empty).
    pub pages: usize,
    /// How many entries the whole listing has.
    pub total: usize,
    /// The position of this page's first entry in the whole listing, from 0.
    pub offset: usize,
    /// Entries per page.
    pub page_size: usize,
    /// The path of the page before (`/insights` or `/insights?page=2`), on page 2 and later.
    pub prev: Option<String>,
    /// The path of the page after, while entries remain.
    pub next: Option<String>,
    /// 'Previous page'.
    pub prev_label: &'static str,
}
