//! The site search's page (`/search`).

use super::{Head, LinkButton};
use crate::content::ProductTag;
use crate::copy::SearchCopy;
use crate::search::{SearchAnswer, SearchKind};
use serde::Serialize;

/// The search page: the form with the words asked, and the answer when there is one. The
/// filters, the count and the pages are drawn from the answer by the UI, which draws the
/// answers it fetches as a visitor types the same way.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SearchView {
    /// Title, description, canonical (the page's own address) and robots (`noindex, follow`).
    pub head: Head,
    /// The words asked, trimmed (empty: the form alone).
    pub query: String,
    /// The kind the results are filtered to.
    pub kind: Option<SearchKind>,
    /// The product the results are filtered to.
    pub product: Option<ProductTag>,
    /// The answer, when words were asked and the index answered.
    pub answer: Option<SearchAnswer>,
    /// Whether words were asked and the index could not answer.
    pub unavailable: bool,
    /// Where to look when nothing is found: the insights and the products.
    pub suggestions: Vec<LinkButton>,
    /// The page's words.
    pub copy: &'static SearchCopy,
}
