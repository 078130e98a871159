//! The site search's page: the form, and the answer the server's index gave to the words asked.

use super::head::{self, HeadInput};
use super::pieces::button;
use crate::copy::{self, SEARCH};
use crate::routes::Route;
use crate::search::{SearchAnswer, SearchQuery, SearchRequest};
use crate::view::{ButtonStyle, Outcome, PageView, Robots, SearchView};

/// What the index made of the page's words.
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    /// Nothing was asked: the form alone.
    NotAsked,
    /// The index's answer.
    Answer(SearchAnswer),
    /// The index could not answer (none was built, or it failed).
    Unavailable,
}

/// The search page for a [`Route::Search`]'s query string, with the answer `ask` gets from the
/// index as of the content served (`None`: the index could not answer); not found for a query
/// the search rules refuse (the request rule refuses it before a page is made).
pub fn page(query: &str, ask: impl FnOnce(&SearchRequest) -> Option<SearchAnswer>) -> Outcome {
    let Ok(query) = SearchQuery::from_query(query) else {
        return Outcome::NotFound;
    };
    let found = if query.q.is_empty() {
        Found::NotAsked
    } else {
        ask(&query.request()).map_or(Found::Unavailable, Found::Answer)
    };
    Outcome::Page(PageView::Search(Box::new(search(&query, found))))
}

/// The search page for `query` with what the index `found`. Never indexed by search engines
/// (its links are followed): a results page is a copy of other pages' words.
pub fn search(query: &SearchQuery, found: Found) -> SearchView {
    let words = &SEARCH;
    let route = Route::Search(
        query
            .href()
            .split_once('?')
            .map_or("", |(_, q)| q)
            .to_string(),
    );
    let title = if query.q.is_empty() {
        format!("{} | {}", words.heading, copy::BRAND)
    } else {
        format!("{}: {} | {}", words.heading, query.q, copy::BRAND)
    };
    let mut head = head::head(HeadInput {
        title,
        description: words.prompt.to_string(),
        canonical: None,
        route: &route,
        robots: Robots::NoIndex,
        kind: "website",
        image: None,
    });
    head.canonical = route.href();
    head.open_graph.url = route.href();
    let (answer, unavailable) = match found {
        Found::NotAsked => (None, false),
        Found::Answer(answer) => (Some(answer), false),
        Found::Unavailable => (None, !query.q.is_empty()),
    };
    SearchView {
        head,
        query: query.q.clone(),
        kind: query.kind,
        product: query.product,
        answer,
        unavailable,
        copy: &SEARCH,
        suggestions: vec![
            button(
                copy::BROWSE_INSIGHTS,
                Route::Insights.path(),
                ButtonStyle::Outline,
            ),
            button(
                copy::OUR_SOLUTIONS,
                Route::Solutions.path(),
                ButtonStyle::Outline,
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{ResultCount, SearchFacets, SearchHit, SearchKind};

    #[test]
    fn the_page_is_never_indexed_and_its_canonical_is_its_own_address() {
        let query = SearchQuery::from_query("q=reverse+auction&type=insight&page=2").unwrap();
        let view = search(&query, Found::Unavailable);
        assert_eq!(view.head.robots.directive(), "noindex, follow");
        assert_eq!(
            view.head.canonical,
            "/search?q=reverse+auction&type=insight&page=2"
        );
        assert_eq!(
            view.head.title,
            format!("Search: reverse auction | {}", copy::BRAND)
        );
        assert!(view.unavailable);
        assert_eq!(view.kind, Some(SearchKind::Insight));
        let form = search(&SearchQuery::default(), Found::Unavailable);
        assert!(!form.unavailable, "nothing asked, nothing missing");
        assert_eq!(form.head.canonical, "/search");
        assert_eq!(form.suggestions.len(), 2);
    }

    #[test]
    fn only_a_search_the_index_could_not_answer_is_an_unavailable_page() {
        let unavailable = |query: &str, found: Option<SearchAnswer>| match page(query, |_| found) {
            Outcome::Page(view) => view.is_unavailable(),
            other => panic!("not a page: {other:?}"),
        };
        let none = SearchAnswer {
            query: "rfq".into(),
            total: ResultCount::Exactly(0),
            page: 1,
            pages: 0,
            results: vec![],
            facets: SearchFacets::default(),
        };
        assert!(unavailable("q=rfq", None));
        assert!(!unavailable("q=rfq", Some(none)), "no results is an answer");
        assert!(!unavailable("", None), "nothing asked, nothing missing");
    }

    #[test]
    fn the_answer_is_carried_as_the_index_gave_it() {
        let query = SearchQuery::from_query("q=rfq").unwrap();
        let answer = SearchAnswer {
            query: "rfq".into(),
            total: ResultCount::Exactly(1),
            page: 1,
            pages: 1,
            results: vec![SearchHit {
                path: "/insights/rfq".into(),
                title: "RFQ".into(),
                kind: SearchKind::Insight,
                snippet: "<mark>RFQ</mark> &amp; more".into(),
                date: Some("2024-03-05".into()),
            }],
            facets: SearchFacets::default(),
        };
        let view = search(&query, Found::Answer(answer.clone()));
        assert_eq!(view.answer, Some(answer));
        assert!(!view.unavailable);
    }
}
