//! The `/search` page's address: what it asks (`q`, `type`, `product`, `page`) and its one
//! canonical spelling, which the server redirects to and the shared cache keys on.
//!
//! Values are spelt as an HTML form sends them (`application/x-www-form-urlencoded`, the
//! spelling of the browser's `URLSearchParams`): a search form sent without JavaScript, and the
//! address the page writes as a visitor types, are canonical as they are.

use super::{MAX_PAGE, SearchError, SearchKind, SearchRequest};
use crate::content::ProductTag;
pub use crate::routes::{SEARCH_PAGE, SEARCH_PARAMETERS};
use serde::{Deserialize, Serialize};

/// What a visit to `/search` asks, canonical: the query trimmed with its runs of spaces made
/// one, filters spelt as the API spells them, page 1 unwritten.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SearchQuery {
    /// The words, trimmed, single spaces between them (empty: the form alone).
    pub q: String,
    /// Only results of this kind.
    pub kind: Option<SearchKind>,
    /// Only results tagged with this product.
    pub product: Option<ProductTag>,
    /// The page of results, from 1.
    pub page: usize,
}

impl Default for SearchQuery {
    /// The form alone: nothing asked, page 1.
    fn default() -> Self {
        SearchQuery {
            q: String::new(),
            kind: None,
            product: None,
            page: 1,
        }
    }
}

/// `s` spelt as a form sends it: ASCII letters, digits and `*-._` as they are, a space as
/// `+`, every other byte `%XX`.
pub fn form_encode(s: &str) -> String {
    crate::uri::percent_encode(s, b"*-._ ").replace(' ', "+")
}

impl SearchQuery {
    /// Reads the parameters as given (decoded values; absent or blank is no value), checking
    /// them by the search API's rules.
    ///
    /// Errors: those of [`SearchRequest::parse`].
    pub fn parse(
        q: Option<&str>,
        kind: Option<&str>,
        product: Option<&str>,
        page: Option<&str>,
    ) -> Result<SearchQuery, SearchError> {
        let q = q
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let request = SearchRequest::parse(Some(&q), kind, product, page)?;
        Ok(SearchQuery {
            q,
            kind: request.kind,
            product: request.product,
            page: request.page,
        })
    }

    /// Reads a query string (`q=reverse+auction&type=insight`), ignoring parameters it does not
    /// read and taking the first of a repeated one (the request rule refuses or redirects
    /// those before a page is made).
    ///
    /// Errors: those of [`SearchRequest::parse`].
    pub fn from_query(query: &str) -> Result<SearchQuery, SearchError> {
        let mut values: [Option<String>; 4] = Default::default();
        for pair in query.split('&') {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            if let Some(i) = SEARCH_PARAMETERS.iter().position(|p| *p == name)
                && values[i].is_none()
            {
                values[i] = Some(crate::uri::form_decode(value));
            }
        }
        let [q, kind, product, page] = values;
        SearchQuery::parse(
            q.as_deref(),
            kind.as_deref(),
            product.as_deref(),
            page.as_deref(),
        )
    }

    /// The canonical parameters, in order, spelt as a form sends them; those without a value
    /// (and page 1) left out.
    pub fn parameters(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if !self.q.is_empty() {
            out.push(("q", form_encode(&self.q)));
        }
        if let Some(kind) = self.kind {
            out.push(("type", kind.as_str().to_string()));
        }
        if let Some(product) = self.product {
            out.push(("product", form_encode(product.as_str())));
        }
        if self.page > 1 {
            out.push(("page", self.page.to_string()));
        }
        out
    }

    /// The canonical address: `/search`, then the parameters ([`SearchQuery::parameters`]).
    pub fn href(&self) -> String {
        let parameters = self.parameters();
        if parameters.is_empty() {
            return SEARCH_PAGE.to_string();
        }
        let query = parameters
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect::<Vec<_>>()
            .join("&");
        format!("{SEARCH_PAGE}?{query}")
    }

    /// The same search on another page of results (clamped to the pages a visitor may ask).
    pub fn with_page(&self, page: usize) -> SearchQuery {
        SearchQuery {
            page: page.clamp(1, MAX_PAGE),
            ..self.clone()
        }
    }

    /// The request the index answers. A query this type holds was checked when it was read.
    pub fn request(&self) -> SearchRequest {
        SearchRequest::parse(
            Some(&self.q),
            self.kind.map(SearchKind::as_str),
            self.product.map(ProductTag::as_str),
            Some(&self.page.to_string()),
        )
        .unwrap_or_else(|_| SearchRequest::parse(None, None, None, None).expect("an empty query"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_canonical_address_is_spelt_as_a_form_sends_it() {
        let q = SearchQuery::from_query("q=+reverse++auction%21+&type=insight&product=erfx&page=2")
            .unwrap();
        assert_eq!(q.q, "reverse auction!");
        assert_eq!(q.kind, Some(SearchKind::Insight));
        assert_eq!(q.product, Some(ProductTag::ERfx));
        assert_eq!(
            q.href(),
            "/search?q=reverse+auction%21&type=insight&product=eRFx&page=2"
        );
        assert_eq!(
            q.with_page(1).href(),
            "/search?q=reverse+auction%21&type=insight&product=eRFx"
        );
        assert_eq!(SearchQuery::from_query("").unwrap().href(), "/search");
        assert_eq!(SearchQuery::from_query("q=").unwrap().href(), "/search");
        assert_eq!(
            SearchQuery::from_query("q=caf%C3%A9+%E2%80%9Cquotes%E2%80%9D")
                .unwrap()
                .href(),
            "/search?q=caf%C3%A9+%E2%80%9Cquotes%E2%80%9D"
        );
        assert_eq!(form_encode("a*b-c_d.e~f'g"), "a*b-c_d.e%7Ef%27g");
    }

    #[test]
    fn bad_values_are_refused_by_the_search_rules() {
        assert_eq!(
            SearchQuery::from_query("q=x&type=blog"),
            Err(SearchError::UnknownKind)
        );
        assert_eq!(
            SearchQuery::from_query("q=x&page=0"),
            Err(SearchError::BadPage)
        );
        assert_eq!(
            SearchQuery::from_query(&format!("q={}", "a".repeat(201))),
            Err(SearchError::QueryTooLong)
        );
    }
}
