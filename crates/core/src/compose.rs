//! Turns a route and the content set into what a visitor sees: a page view model, a redirect
//! or not found. One module per screen; every selection goes through [`crate::rules`] and every
//! fixed text comes from [`crate::copy`].

mod about;
mod case_study;
mod head;
mod home;
mod insight;
mod links;
mod page;
mod paging;
mod picture;
mod pieces;
mod product;
mod search;
mod simple;

#[cfg(any(test, feature = "test-support"))]
pub mod fixture;

pub use home::FEATURED_STORY;
pub(crate) use home::shown_logos;
pub(crate) use page::{banner_text, shown_buttons, shown_slices};
pub use search::{Found, page as search_page, search};

use crate::content::ContentSet;
use crate::routes::Route;
use crate::view::{Chrome, NotFoundView, Outcome, PageView, RedirectKind};

/// What a request for `route` comes to over `set`.
///
/// An unknown case study redirects to `/case-study-index` and an unknown insight to
/// `/insights` (docs/behaviour.md §4); an unknown page-builder slug, a listing page past the last, or any
/// path outside the route table, is not found.
pub fn compose(route: &Route, set: &ContentSet) -> Outcome {
    let view = match route {
        Route::Home => PageView::Home(Box::new(home::home(set))),
        Route::VideoPopup => PageView::VideoPopup(Box::new(home::video_popup())),
        Route::CaseStudyIndex => PageView::CaseStudyIndex(Box::new(
            case_study::index(route, 1, set).expect("the first page always exists"),
        )),
        Route::CaseStudyIndexPage(n) => match case_study::index(route, *n, set) {
            Some(view) => PageView::CaseStudyIndex(Box::new(view)),
            None => return Outcome::NotFound,
        },
        Route::CaseStudy(slug) => match set.case_study(slug) {
            Some(c) => PageView::CaseStudy(Box::new(case_study::detail(c, set))),
            None => return redirect(Route::CaseStudyIndex),
        },
        Route::Solutions => PageView::Solutions(Box::new(product::solutions(set))),
        Route::Product(p) => PageView::Product(Box::new(product::product(*p, set))),
        Route::Page(slug) => match set.page(slug) {
            Some(p) => PageView::Page(Box::new(page::page(p, set))),
            None => return Outcome::NotFound,
        },
        Route::AboutUs => PageView::AboutUs(Box::new(about::about(set))),
        Route::Privacy => PageView::Privacy(Box::new(simple::privacy(set))),
        Route::ContactUs => PageView::ContactUs(Box::new(simple::contact())),
        Route::Insights => PageView::Insights(Box::new(
            insight::listing(route, 1, set).expect("the first page always exists"),
        )),
        Route::InsightsPage(n) => match insight::listing(route, *n, set) {
            Some(view) => PageView::Insights(Box::new(view)),
            None => return Outcome::NotFound,
        },
        Route::Insight(slug) => match set.post(slug) {
            Some(post) => PageView::Insight(Box::new(insight::insight(post, set))),
            None => return redirect(Route::Insights),
        },
        // Without the server's index: the form, and for words asked, that search is not
        // available here (the server answers from its index, [`search_page`]).
        Route::Search(query) => return search::page(query, |_| None),
        Route::NotFound => return Outcome::NotFound,
    };
    Outcome::Page(view)
}

/// The helpful 404 page (links to home, insights and contact, and the newest insights), for
/// the server to render with status 404 whenever [`compose`] answers [`Outcome::NotFound`].
pub fn compose_not_found(set: &ContentSet) -> PageView {
    PageView::NotFound(Box::new(not_found_view(set)))
}

/// The view of the helpful 404 page on its own, for the server's not-found answer
/// ([`crate::view::PageAnswer::NotFound`]).
pub fn not_found_view(set: &ContentSet) -> NotFoundView {
    simple::not_found(set)
}

/// The shared layout: navigation, Solutions dropdown and footer. The same for every page.
pub fn chrome() -> Chrome {
    crate::copy::CHROME
}

/// An unknown entry's listing: the fallback redirect (a permanent one that may change when the
/// entry is published).
fn redirect(to: Route) -> Outcome {
    Outcome::Redirect {
        to: to.path(),
        kind: RedirectKind::Fallback,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One path per route template, with the edges the fixture was built for.
    const FIXTURE_PATHS: &[&str] = &[
        "/",
        "/videopopup",
        "/case-study-index",
        "/case-study/regional-council-tenders",
        "/case-study/university-scorecards",
        "/case-study/manage-contractor-compliance",
        "/case-study/dairy-auction",
        "/case-study/no-such-story",
        "/supplier-management-platform",
        "/etender",
        "/reverse-auction-eauction",
        "/sourcing-management",
        "/supplier-information-management",
        "/contract-management",
        "/supplier-performance-management",
        "/product-information-management",
        "/food-industry-software",
        "/page/why-supplysite",
        "/page/partner-offer",
        "/page/big-guide",
        "/page/no-such-page",
        "/about-us",
        "/privacy",
        "/contact-us",
        "/insights",
        "/insights?page=2",
        "/insights?page=3",
        "/case-study-index?page=2",
        "/insights/erfx-templates",
        "/insights/auction-day",
        "/insights/supplier-onboarding",
        "/insights/spm-scorecards",
        "/insights/erfx-internal-notes",
        "/insights/contract-renewals",
        "/insights/no-such-post",
        "/no-such-path",
    ];

    fn snapshot_name(set: &str, path: &str) -> String {
        let path = path
            .trim_start_matches('/')
            .replace('/', "__")
            .replace(['?', '='], "_");
        format!("{set}__{}", if path.is_empty() { "home" } else { &path })
    }

    #[test]
    fn every_screen_over_the_fixture_matches_its_snapshot() {
        let set = fixture::content();
        for path in FIXTURE_PATHS {
            let outcome = compose(&Route::parse(path), &set);
            insta::assert_json_snapshot!(snapshot_name("fixture", path), outcome);
        }
    }

    #[test]
    fn the_large_pictures_of_each_template_as_photographs_match_their_snapshots() {
        let set = fixture::content_with_photos();
        for path in [
            "/insights/erfx-templates",
            "/case-study/dairy-auction",
            "/page/why-supplysite",
        ] {
            let outcome = compose(&Route::parse(path), &set);
            insta::assert_json_snapshot!(snapshot_name("photos", path), outcome);
        }
    }

    #[test]
    fn every_screen_over_the_empty_set_matches_its_snapshot() {
        let set = ContentSet::empty();
        let mut paths: Vec<String> = Route::fixed().iter().map(Route::path).collect();
        paths.extend(["/case-study/a", "/page/a", "/insights/a"].map(String::from));
        for path in &paths {
            let outcome = compose(&Route::parse(path), &set);
            insta::assert_json_snapshot!(snapshot_name("empty", path), outcome);
        }
    }

    #[test]
    fn the_not_found_page_and_the_chrome_match_their_snapshots() {
        insta::assert_json_snapshot!(compose_not_found(&fixture::content()));
        insta::assert_json_snapshot!(chrome());
    }

    #[test]
    fn every_page_with_faq_items_carries_faq_page_structured_data_and_no_other_does() {
        let set = fixture::content();
        for path in FIXTURE_PATHS {
            let Outcome::Page(view) = compose(&Route::parse(path), &set) else {
                continue;
            };
            let json = serde_json::to_value(&view).unwrap();
            let mut faqs = vec![&json["view"]["faq"]];
            if let Some(slices) = json["view"]["slices"].as_array() {
                faqs.extend(slices.iter().filter(|s| s["kind"] == "faq"));
            }
            let has_items = faqs
                .iter()
                .any(|f| f["items"].as_array().is_some_and(|i| !i.is_empty()));
            let has_ld = view.head().json_ld.iter().any(|j| j["@type"] == "FAQPage");
            assert_eq!(has_items, has_ld, "{path}");
        }
    }

    #[test]
    fn robots_follow_the_index_flag_of_the_entry_shown() {
        let set = fixture::content();
        let robots = |p: &str| match compose(&Route::parse(p), &set) {
            Outcome::Page(view) => view.head().robots.directive(),
            other => panic!("{p}: {other:?}"),
        };
        assert_eq!(robots("/insights/erfx-internal-notes"), "noindex, follow");
        assert_eq!(
            robots("/case-study/university-scorecards"),
            "noindex, follow"
        );
        assert_eq!(robots("/page/partner-offer"), "noindex, follow");
        assert_eq!(robots("/insights/erfx-templates"), "index, follow");
        assert_eq!(robots("/etender"), "index, follow");
    }

    #[test]
    fn unknown_entries_redirect_or_are_not_found_as_documented() {
        let set = fixture::content();
        let at = |p: &str| compose(&Route::parse(p), &set);
        assert_eq!(
            at("/case-study/nope"),
            Outcome::Redirect {
                to: "/case-study-index".into(),
                kind: RedirectKind::Fallback,
            }
        );
        assert_eq!(
            at("/insights/nope"),
            Outcome::Redirect {
                to: "/insights".into(),
                kind: RedirectKind::Fallback,
            }
        );
        assert_eq!(at("/page/nope"), Outcome::NotFound);
        assert_eq!(at("/nope"), Outcome::NotFound);
    }
}
