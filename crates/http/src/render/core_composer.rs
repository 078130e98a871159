//! The site's page rules, `supplysite_core::compose`, as the server's [`Composer`].

use crate::render::composer::Composer;
use supplysite_core::compose::{chrome, compose, not_found_view};
use supplysite_core::content::ContentSet;
use supplysite_core::routes::Route;
use supplysite_core::view::{Chrome, NotFoundView, Outcome};

/// Composes with core's rules and makes every site path in a page's head absolute against the
/// public URL, including the URLs inside JSON-LD, which search engines want absolute.
pub struct CoreComposer {
    origin: String,
}

impl CoreComposer {
    /// `origin` is the public URL (`https://www.example.com`).
    pub fn new(origin: impl Into<String>) -> Self {
        CoreComposer {
            origin: origin.into(),
        }
    }
}

impl Composer for CoreComposer {
    fn compose(&self, route: &Route, set: &ContentSet) -> Outcome {
        let mut outcome = compose(route, set);
        if let Outcome::Page(view) = &mut outcome {
            view.head_mut().absolutize(&self.origin);
        }
        outcome
    }

    fn not_found(&self, set: &ContentSet) -> NotFoundView {
        let mut view = not_found_view(set);
        view.head.absolutize(&self.origin);
        view
    }

    fn chrome(&self) -> Chrome {
        chrome()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use supplysite_core::compose::fixture;

    fn composer() -> CoreComposer {
        CoreComposer::new("https://www.example.com")
    }

    #[test]
    fn every_route_of_the_fixture_is_a_page_with_an_absolute_canonical() {
        let set = fixture::content();
        let routes = supplysite_core::rules::every_route(&set);
        for route in routes {
            match composer().compose(&route, &set) {
                Outcome::Page(view) => {
                    let head = view.head();
                    assert!(!head.title.is_empty(), "{route:?}");
                    assert!(
                        head.canonical.starts_with("https://"),
                        "{route:?} {}",
                        head.canonical
                    );
                }
                other => panic!("{route:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn unknown_entries_redirect_or_are_not_found() {
        let set = fixture::content();
        let outcome = |route| composer().compose(&route, &set);
        assert!(
            matches!(outcome(Route::Insight("nope".into())), Outcome::Redirect { to, .. } if to == "/insights")
        );
        assert!(
            matches!(outcome(Route::CaseStudy("nope".into())), Outcome::Redirect { to, .. } if to == "/case-study-index")
        );
        assert!(matches!(
            outcome(Route::Page("nope".into())),
            Outcome::NotFound
        ));
    }

    #[test]
    fn the_not_found_answer_is_unindexed_and_carries_the_not_found_view() {
        let set = fixture::content();
        let view = composer().not_found(&set);
        assert!(!view.head.indexable());
        assert!(view.head.canonical.starts_with("https://www.example.com/"));
        let json =
            serde_json::to_value(supplysite_core::view::PageAnswer::not_found(view)).unwrap();
        assert_eq!(json["outcome"], "not_found");
        assert_eq!(json["screen"], "notFound");
        assert!(json["view"]["head"]["title"].is_string());
        assert!(
            serde_json::to_value(composer().chrome())
                .unwrap()
                .is_object()
        );
    }
}
