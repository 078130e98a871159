//! Whether each page of the public search index is found by its own title: a reader who
//! remembers a page's title types it, and a page that does not come up in the first three
//! results for it is hard to find at all. Asked of the index the site serves through core's
//! port, so the finding is what a visitor would get.

use super::subject::{At, ct, quote};
use super::{Finding, Report, Severity};
use crate::content::ContentSet;
use crate::ports::SearchSnapshot;
use crate::routes::Route;
use crate::search::{SearchDocument, SearchRequest, documents};

/// The results a title must come in.
const FIRST: usize = 3;

/// The seo report's `not-found-by-title` findings: each public page whose title, searched as
/// a visitor types it, does not bring the page up in the first three results of `index` (the
/// index of `set`).
pub fn findings(set: &ContentSet, index: &dyn SearchSnapshot) -> Vec<Finding> {
    let mut out = Vec::new();
    for doc in documents(set) {
        let Some(request) = request_for(&doc.title) else {
            continue;
        };
        let Ok(answer) = index.search(&request) else {
            continue;
        };
        let rank = answer.results.iter().position(|hit| hit.path == doc.path);
        if rank.is_some_and(|r| r < FIRST) {
            continue;
        }
        let place = match rank {
            Some(r) => format!("it comes {}", r + 1),
            None => "it is not on the first page".to_string(),
        };
        out.push(at(&doc).finding(
            Severity::Warning,
            Report::Seo,
            "not-found-by-title",
            Some("title"),
            format!(
                "a search for its title {} does not find this page in the first {FIRST} results: {place}",
                quote(&doc.title, 80)
            ),
            "Make the title say what sets the page apart, in the words readers would type; check with `supplysite search \"TITLE\"`",
        ));
    }
    out
}

/// The title as a finished query (no word still being typed), cut to the words a query may
/// have; `None` for a title with no word.
fn request_for(title: &str) -> Option<SearchRequest> {
    let words: Vec<&str> = title.split_whitespace().collect();
    (1..=words.len()).rev().find_map(|n| {
        let query = format!("{} ", words[..n].join(" "));
        SearchRequest::parse(Some(&query), None, None, None)
            .ok()
            .filter(|r| !r.is_empty())
    })
}

fn at(doc: &SearchDocument) -> At {
    let route = Route::parse(&doc.path);
    let (kind, id) = doc.key.split_once(':').unwrap_or(("", ""));
    match kind {
        "insight" => At::entry(id, ct::POST, Some(&route)),
        "caseStudy" => At::entry(id, ct::CASE_STUDY, Some(&route)),
        "page" => At::entry(id, ct::PAGE, Some(&route)),
        _ => At::page(&route, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::SearchIndexError;
    use crate::search::{ResultCount, SearchAnswer, SearchFacets, SearchHit, SearchKind};

    /// An index that answers every query with the same paths.
    struct Always(Vec<&'static str>);

    impl SearchSnapshot for Always {
        fn written(&self) -> usize {
            0
        }

        fn search(&self, request: &SearchRequest) -> Result<SearchAnswer, SearchIndexError> {
            Ok(SearchAnswer {
                query: request.query.clone(),
                total: ResultCount::Exactly(self.0.len()),
                page: 1,
                pages: 1,
                results: self
                    .0
                    .iter()
                    .map(|p| SearchHit {
                        path: p.to_string(),
                        title: String::new(),
                        kind: SearchKind::Page,
                        snippet: String::new(),
                        date: None,
                    })
                    .collect(),
                facets: SearchFacets::default(),
            })
        }

        fn documents(&self) -> usize {
            self.0.len()
        }
    }

    #[test]
    fn a_page_its_title_does_not_bring_up_in_the_first_three_is_a_finding() {
        let set = crate::compose::fixture::content();
        let docs = documents(&set);
        let found = findings(
            &set,
            &Always(vec!["/about-us", "/etender", "/insights/erfx-templates"]),
        );
        assert_eq!(found.len(), docs.len() - 3, "{found:#?}");
        let scorecards = found
            .iter()
            .find(|f| f.route.as_deref() == Some("/insights/spm-scorecards"))
            .expect("a post not found");
        assert_eq!(scorecards.rule_id(), "seo/not-found-by-title");
        assert_eq!(scorecards.content_type.as_deref(), Some("blogPost"));
        assert!(
            scorecards.message.contains("not on the first page"),
            "{}",
            scorecards.message
        );
    }

    #[test]
    fn a_long_title_is_cut_to_the_words_a_query_may_have() {
        let long = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike \
             november oscar papa quebec romeo sierra tango";
        let request = request_for(long).unwrap();
        assert_eq!(request.terms.len(), crate::search::MAX_QUERY_TERMS);
        assert!(request.terms.iter().all(|t| !t.prefix));
        assert!(request_for("  ").is_none());
    }
}
