//! Redirects kept by editors (content type `redirect`).

use serde::{Deserialize, Serialize};

/// One redirect entry: requests for `from` go to `to`.
///
/// Which of them the site answers, and how, is decided by [`crate::redirects`]: a `from` that
/// is a page of the site is never redirected, a chain is answered with one hop to its end and a
/// loop is never served.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Redirect {
    /// The entry's `sys.id`.
    pub id: String,
    /// `from`: the site path requests come in on (`/old-campaign`).
    pub from: String,
    /// `to`: a site path (`/insights/new-slug`) or an absolute `https://` URL.
    pub to: String,
    /// `permanent`: answered 308 when true (the default), 307 when false.
    pub permanent: bool,
}
