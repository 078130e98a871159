//! The view models: what each screen of docs/behaviour.md §2 shows, as data the UI renders without deciding
//! anything. Serialised to JSON with camelCase keys; the web UI's types are generated from
//! these ([`crate::contract`]).
//!
//! Texts that never change live in [`crate::copy`] and are embedded by reference; texts from
//! content are owned. Rich text arrives already rendered to safe HTML ([`Html`]).

mod about;
mod answer;
mod case_study;
mod head;
mod home;
mod insight;
mod page;
mod pagination;
mod parts;
mod product;
mod search;
mod simple;

pub use crate::copy::{
    Brand, Chrome, ContactBlock, Footer, NavGroup, NavLink, Phone, SolutionsMenu,
};
pub use about::{AboutView, TimelineItem};
pub use answer::{Embedded, NotFoundScreen, PageAnswer, PageSettings, RobotWidget, Tracker};
pub use case_study::{CaseStudyIndexView, CaseStudyView, Fact, IndexedTeaser, StorySection};
pub use head::{Head, OpenGraph, Preload, Robots};
pub use home::{HomeHero, HomeView};
pub use insight::{InsightView, InsightsView};
pub use page::{ActionButton, BannerView, Justification, Layout, PageBuilderView, SliceView};
pub use pagination::Pagination;
pub use parts::{
    BlogCard, BlogCardList, ButtonStyle, CaseStudyTeaser, Download, Faq, FaqEntry, Html, Image,
    ImageSource, LinkButton, MiniCard, MiniCardKind, MiniCardList, ProductCard, ProductCardList,
    Promo, Quote, Video, VideoButton,
};
pub use product::{ModuleArticles, ProductHero, ProductView, SolutionsView, SourcingView};
pub use search::SearchView;
pub use simple::{ContactView, EmptyState, NotFoundView, Policy, PrivacyView, VideoPopupView};

use serde::Serialize;

/// What a request for a route comes to.
///
/// Serialises as `{"outcome":"page","screen":"home","view":{…}}`,
/// `{"outcome":"redirect","to":"/insights"}` or `{"outcome":"not_found"}`.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// A page to render.
    Page(PageView),
    /// Send the visitor elsewhere: a site path, or an `https://` URL an editor's redirect
    /// names.
    Redirect {
        /// Where to send the visitor.
        to: String,
        /// Which status the server answers with; not part of the JSON, where in-app navigation
        /// only needs `to`.
        #[serde(skip)]
        #[ts(skip)]
        kind: RedirectKind,
    },
    /// Nothing here: the server renders [`crate::compose::compose_not_found`] with status 404.
    NotFound,
}

/// Which kind of redirect an [`Outcome::Redirect`] is, and so its HTTP status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RedirectKind {
    /// An unknown case study or article sent to its listing (docs/behaviour.md §4): 301, as
    /// the entry may still be published later, cached only briefly.
    #[default]
    Fallback,
    /// An editor's permanent redirect: 308 (docs/behaviour.md §4).
    Permanent,
    /// An editor's temporary redirect: 307.
    Temporary,
}

impl RedirectKind {
    /// The HTTP status code the server answers a page request with.
    pub fn status(self) -> u16 {
        match self {
            RedirectKind::Fallback => 301,
            RedirectKind::Permanent => 308,
            RedirectKind::Temporary => 307,
        }
    }
}

/// One screen's view model, tagged with the screen's name.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "screen", content = "view", rename_all = "camelCase")]
pub enum PageView {
    /// The home page.
    Home(Box<HomeView>),
    /// The overview video on its own.
    VideoPopup(Box<VideoPopupView>),
    /// The customer stories index, one page of it.
    CaseStudyIndex(Box<CaseStudyIndexView>),
    /// One customer story.
    CaseStudy(Box<CaseStudyView>),
    /// Our Solutions.
    Solutions(Box<SolutionsView>),
    /// One of the eight product pages.
    Product(Box<ProductView>),
    /// A page assembled by editors.
    Page(Box<PageBuilderView>),
    /// About Us.
    AboutUs(Box<AboutView>),
    /// The privacy policy.
    Privacy(Box<PrivacyView>),
    /// Contact Us.
    ContactUs(Box<ContactView>),
    /// The insights listing, one page of it.
    Insights(Box<InsightsView>),
    /// One insight post.
    Insight(Box<InsightView>),
    /// The site search.
    Search(Box<SearchView>),
    /// The not-found page.
    NotFound(Box<NotFoundView>),
}

impl PageView {
    /// The screen's `<head>`.
    pub fn head(&self) -> &Head {
        match self {
            PageView::Home(v) => &v.head,
            PageView::VideoPopup(v) => &v.head,
            PageView::CaseStudyIndex(v) => &v.head,
            PageView::CaseStudy(v) => &v.head,
            PageView::Solutions(v) => &v.head,
            PageView::Product(v) => &v.head,
            PageView::Page(v) => &v.head,
            PageView::AboutUs(v) => &v.head,
            PageView::Privacy(v) => &v.head,
            PageView::ContactUs(v) => &v.head,
            PageView::Insights(v) => &v.head,
            PageView::Insight(v) => &v.head,
            PageView::Search(v) => &v.head,
            PageView::NotFound(v) => &v.head,
        }
    }

    /// The screen's `<head>`, to make its URLs absolute with [`Head::absolutize`].
    pub fn head_mut(&mut self) -> &mut Head {
        match self {
            PageView::Home(v) => &mut v.head,
            PageView::VideoPopup(v) => &mut v.head,
            PageView::CaseStudyIndex(v) => &mut v.head,
            PageView::CaseStudy(v) => &mut v.head,
            PageView::Solutions(v) => &mut v.head,
            PageView::Product(v) => &mut v.head,
            PageView::Page(v) => &mut v.head,
            PageView::AboutUs(v) => &mut v.head,
            PageView::Privacy(v) => &mut v.head,
            PageView::ContactUs(v) => &mut v.head,
            PageView::Insights(v) => &mut v.head,
            PageView::Insight(v) => &mut v.head,
            PageView::Search(v) => &mut v.head,
            PageView::NotFound(v) => &mut v.head,
        }
    }

    /// The screen's name as it appears in the JSON (`home`, `caseStudy`, …).
    pub fn screen(&self) -> &'static str {
        match self {
            PageView::Home(_) => "home",
            PageView::VideoPopup(_) => "videoPopup",
            PageView::CaseStudyIndex(_) => "caseStudyIndex",
            PageView::CaseStudy(_) => "caseStudy",
            PageView::Solutions(_) => "solutions",
            PageView::Product(_) => "product",
            PageView::Page(_) => "page",
            PageView::AboutUs(_) => "aboutUs",
            PageView::Privacy(_) => "privacy",
            PageView::ContactUs(_) => "contactUs",
            PageView::Insights(_) => "insights",
            PageView::Insight(_) => "insight",
            PageView::Search(_) => "search",
            PageView::NotFound(_) => "notFound",
        }
    }

    /// Whether the page stands for a passing failure rather than the content: the search page
    /// when words were asked and the index could not answer. Such a page is answered as
    /// unavailable and never kept, by the server or a cache, so the next request asks again.
    pub fn is_unavailable(&self) -> bool {
        matches!(self, PageView::Search(view) if view.unavailable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn not_found() -> PageView {
        PageView::NotFound(Box::new(NotFoundView {
            head: Head {
                title: "Page not found".into(),
                description: String::new(),
                canonical: "/404".into(),
                robots: Robots::NoIndex,
                prev: None,
                next: None,
                preload: None,
                open_graph: OpenGraph {
                    kind: "website",
                    title: "Page not found".into(),
                    description: String::new(),
                    image: None,
                    url: "/404".into(),
                    site_name: "s",
                },
                json_ld: vec![],
            },
            heading: "h",
            text: "t",
            links: vec![],
            latest: MiniCardList {
                heading: "l",
                cards: vec![],
            },
        }))
    }

    #[test]
    fn outcomes_serialise_with_the_outcome_screen_and_view_keys() {
        let page = serde_json::to_value(Outcome::Page(not_found())).unwrap();
        assert_eq!(page["outcome"], "page");
        assert_eq!(page["screen"], "notFound");
        assert_eq!(page["view"]["heading"], "h");
        assert_eq!(page["view"]["head"]["openGraph"]["type"], "website");
        assert_eq!(
            serde_json::to_value(Outcome::Redirect {
                to: "/insights".into(),
                kind: RedirectKind::Permanent,
            })
            .unwrap(),
            json!({"outcome": "redirect", "to": "/insights"})
        );
        assert_eq!(
            serde_json::to_value(Outcome::NotFound).unwrap(),
            json!({"outcome": "not_found"})
        );
    }

    #[test]
    fn screen_names_match_the_serialised_tag() {
        let view = not_found();
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["screen"], view.screen());
    }
}
