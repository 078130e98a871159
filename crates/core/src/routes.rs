//! The route table of docs/behaviour.md §2: paths to routes and back.
//!
//! Matching is exact and case-sensitive. A query string or fragment is
//! ignored, except the `page` parameter of the two listings (`/insights?page=2`), which names a
//! page of the listing for visitors and crawlers without JavaScript. One trailing slash is tolerated (`/etender/` is `/etender`), and [`Route::path`]
//! gives the canonical form so the server can redirect to it. A slug is the last path segment
//! of a two-segment path; it must be non-empty and contain only URL-safe slug characters.

use crate::content::ProductTag;
use serde::{Deserialize, Serialize};

/// The Atom feed of the insights. The server answers it before any page route, so it is no
/// article: [`Route::parse`] gives not-found for it, and a post with the slug `feed.xml`
/// has no address (the content audit reports it).
pub const INSIGHTS_FEED: &str = "/insights/feed.xml";

/// The site search's page. Its query is read by [`crate::search::SearchQuery`].
pub const SEARCH_PAGE: &str = "/search";

/// The query parameters the search page reads, in their canonical order.
pub const SEARCH_PARAMETERS: [&str; 4] = ["q", "type", "product", "page"];

/// A screen of the site, with the slug where the route has one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "route", content = "slug", rename_all = "camelCase")]
pub enum Route {
    /// `/`.
    Home,
    /// `/videopopup`: the overview video on its own.
    VideoPopup,
    /// `/case-study-index`: the customer stories index (its first page).
    CaseStudyIndex,
    /// `/case-study/{slug}`: one customer story.
    CaseStudy(String),
    /// `/supplier-management-platform`: Our Solutions.
    Solutions,
    /// One of the eight product pages, at its own segment.
    Product(ProductPage),
    /// `/page/{slug}`: a page assembled by editors.
    Page(String),
    /// `/about-us`.
    AboutUs,
    /// `/privacy`.
    Privacy,
    /// `/contact-us`.
    ContactUs,
    /// `/insights`: the insights listing (its first page).
    Insights,
    /// Page 2 or later of the insights listing (`/insights?page=N`); page 1 is [`Route::Insights`].
    InsightsPage(usize),
    /// Page 2 or later of the customer stories index; page 1 is [`Route::CaseStudyIndex`].
    CaseStudyIndexPage(usize),
    /// `/insights/{slug}`: one insight post.
    Insight(String),
    /// `/search`: the site search, with its query string as asked (only the parameters it
    /// reads, in their canonical order: `q=reverse+auction&type=insight`; empty for the form
    /// alone). The request rule ([`crate::request`]) redirects every other spelling here first.
    Search(String),
    /// A path no route matches; its [`Route::path`] is `/404`.
    NotFound,
}

/// What a request's path and query resolve to ([`Route::resolve`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// The route, asked for at its canonical path.
    Route(Route),
    /// A route asked for at another spelling of its path: its canonical path, to redirect to.
    Canonical(String),
    /// No route.
    NotFound,
}

/// The eight product pages, which share one screen with different copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProductPage {
    /// `/supplier-information-management`.
    SupplierInformationManagement,
    /// `/food-industry-software`.
    FoodIndustrySoftware,
    /// `/product-information-management`.
    ProductInformationManagement,
    /// `/supplier-performance-management`.
    SupplierPerformanceManagement,
    /// `/etender`.
    Etender,
    /// `/contract-management`.
    ContractManagement,
    /// `/sourcing-management`.
    SourcingManagement,
    /// `/reverse-auction-eauction`.
    ReverseAuctionEauction,
}

impl ProductPage {
    /// Every product page, in the order of the home page's 'I need help with...' grid.
    pub const ALL: [ProductPage; 8] = [
        ProductPage::Etender,
        ProductPage::ReverseAuctionEauction,
        ProductPage::SourcingManagement,
        ProductPage::SupplierInformationManagement,
        ProductPage::ContractManagement,
        ProductPage::SupplierPerformanceManagement,
        ProductPage::ProductInformationManagement,
        ProductPage::FoodIndustrySoftware,
    ];

    /// The page's path without its leading slash (also its FAQ list slug).
    pub fn segment(self) -> &'static str {
        match self {
            ProductPage::SupplierInformationManagement => "supplier-information-management",
            ProductPage::FoodIndustrySoftware => "food-industry-software",
            ProductPage::ProductInformationManagement => "product-information-management",
            ProductPage::SupplierPerformanceManagement => "supplier-performance-management",
            ProductPage::Etender => "etender",
            ProductPage::ContractManagement => "contract-management",
            ProductPage::SourcingManagement => "sourcing-management",
            ProductPage::ReverseAuctionEauction => "reverse-auction-eauction",
        }
    }

    /// The product tag whose posts and case studies the page shows. The food industry page
    /// uses PIM, the module marked as food industry (docs/behaviour.md §1).
    pub fn tag(self) -> ProductTag {
        match self {
            ProductPage::SupplierInformationManagement => ProductTag::Sim,
            ProductPage::FoodIndustrySoftware => ProductTag::Pim,
            ProductPage::ProductInformationManagement => ProductTag::Pim,
            ProductPage::SupplierPerformanceManagement => ProductTag::Spm,
            ProductPage::Etender => ProductTag::ERfx,
            ProductPage::ContractManagement => ProductTag::Scm,
            ProductPage::SourcingManagement => ProductTag::Ssm,
            ProductPage::ReverseAuctionEauction => ProductTag::EAuction,
        }
    }

    /// The local-storage key under which the page records its last path segment (listed
    /// in docs/behaviour.md §2).
    pub fn storage_key(self) -> &'static str {
        match self {
            ProductPage::SupplierPerformanceManagement => "SupplierPerformance",
            ProductPage::Etender => "eTender",
            ProductPage::ContractManagement => "ContractManagement",
            ProductPage::ReverseAuctionEauction => "reverseAuction",
            ProductPage::SupplierInformationManagement => "SupplierInformation",
            ProductPage::ProductInformationManagement => "ProductInformation",
            ProductPage::FoodIndustrySoftware => "FoodIndustry",
            ProductPage::SourcingManagement => "SourcingManagement",
        }
    }

    fn from_segment(s: &str) -> Option<Self> {
        ProductPage::ALL.into_iter().find(|p| p.segment() == s)
    }
}

impl Route {
    /// Parses a request path (which may carry a query string or fragment).
    pub fn parse(path: &str) -> Route {
        let path = path.split('#').next().unwrap_or("");
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        Route::of(path, query)
    }

    /// What a request for `path` (no query, no fragment) with the query string `query` is
    /// answered with, by the one rule pages, the page API and preview share: the route when
    /// `path` is its canonical form, a redirect to the canonical form when it is not (a
    /// trailing slash), or not found.
    pub fn resolve(path: &str, query: Option<&str>) -> Resolution {
        match Route::of(path, query.unwrap_or("")) {
            Route::NotFound => Resolution::NotFound,
            route => {
                let canonical = route.path();
                if canonical == path {
                    Resolution::Route(route)
                } else {
                    Resolution::Canonical(canonical)
                }
            }
        }
    }

    /// The route of a path without its query, and the query string.
    fn of(path: &str, query: &str) -> Route {
        let path = match path.strip_suffix('/') {
            Some(p) if !p.is_empty() => p,
            _ => path,
        };
        let Some(rest) = path.strip_prefix('/') else {
            return Route::NotFound;
        };
        // No route has more than two segments; they are read without gathering them (the
        // request path of every page goes through here).
        let mut segments = [""; 2];
        let mut count = 0;
        if !rest.is_empty() {
            for segment in rest.split('/') {
                let Some(slot) = segments.get_mut(count) else {
                    return Route::NotFound;
                };
                *slot = segment;
                count += 1;
            }
        }
        match &segments[..count] {
            [] => Route::Home,
            ["videopopup"] => Route::VideoPopup,
            ["case-study-index"] => match page_of(query) {
                Some(1) => Route::CaseStudyIndex,
                Some(n) => Route::CaseStudyIndexPage(n),
                None => Route::NotFound,
            },
            ["supplier-management-platform"] => Route::Solutions,
            ["about-us"] => Route::AboutUs,
            ["privacy"] => Route::Privacy,
            ["contact-us"] => Route::ContactUs,
            ["search"] => Route::Search(search_query(query)),
            ["insights"] => match page_of(query) {
                Some(1) => Route::Insights,
                Some(n) => Route::InsightsPage(n),
                None => Route::NotFound,
            },
            ["case-study", slug] if is_slug(slug) => Route::CaseStudy(slug.to_string()),
            ["page", slug] if is_slug(slug) => Route::Page(slug.to_string()),
            ["insights", "feed.xml"] => Route::NotFound,
            ["insights", slug] if is_slug(slug) => Route::Insight(slug.to_string()),
            [one] => ProductPage::from_segment(one).map_or(Route::NotFound, Route::Product),
            _ => Route::NotFound,
        }
    }

    /// The canonical path of this route (no trailing slash, no query).
    pub fn path(&self) -> String {
        match self {
            Route::Home => "/".into(),
            Route::VideoPopup => "/videopopup".into(),
            Route::CaseStudyIndex | Route::CaseStudyIndexPage(_) => "/case-study-index".into(),
            Route::CaseStudy(slug) => format!("/case-study/{slug}"),
            Route::Solutions => "/supplier-management-platform".into(),
            Route::Product(p) => format!("/{}", p.segment()),
            Route::Page(slug) => format!("/page/{slug}"),
            Route::AboutUs => "/about-us".into(),
            Route::Privacy => "/privacy".into(),
            Route::ContactUs => "/contact-us".into(),
            Route::Insights | Route::InsightsPage(_) => "/insights".into(),
            Route::Insight(slug) => format!("/insights/{slug}"),
            Route::Search(_) => SEARCH_PAGE.into(),
            Route::NotFound => "/404".into(),
        }
    }

    /// The route's template, as the server's request metrics and visitors' Web Vitals reports
    /// name it ([`crate::vitals`]): the path with its slug or product segment as a parameter
    /// (`/insights/:slug`, `/:product`), a listing's later pages as its first, and a path no
    /// route matches as `/*path`.
    pub fn template(&self) -> &'static str {
        match self {
            Route::Home => "/",
            Route::VideoPopup => "/videopopup",
            Route::CaseStudyIndex | Route::CaseStudyIndexPage(_) => "/case-study-index",
            Route::CaseStudy(_) => "/case-study/:slug",
            Route::Solutions => "/supplier-management-platform",
            Route::Product(_) => "/:product",
            Route::Page(_) => "/page/:slug",
            Route::AboutUs => "/about-us",
            Route::Privacy => "/privacy",
            Route::ContactUs => "/contact-us",
            Route::Insights | Route::InsightsPage(_) => "/insights",
            Route::Insight(_) => "/insights/:slug",
            Route::Search(_) => SEARCH_PAGE,
            Route::NotFound => "/*path",
        }
    }

    /// The path with the listing page, when there is one (`/insights?page=2`): the address of
    /// exactly this page, its canonical and its key in the page cache.
    pub fn href(&self) -> String {
        match self {
            Route::InsightsPage(n) | Route::CaseStudyIndexPage(n) => {
                format!("{}?page={n}", self.path())
            }
            Route::Search(query) if !query.is_empty() => format!("{SEARCH_PAGE}?{query}"),
            _ => self.path(),
        }
    }

    /// The route of page `page` (from 1) of the listing this route belongs to, or `None` for a
    /// route that is not a listing.
    pub fn listing_page(&self, page: usize) -> Option<Route> {
        let first = matches!(page, 0 | 1);
        match self {
            Route::Insights | Route::InsightsPage(_) if first => Some(Route::Insights),
            Route::Insights | Route::InsightsPage(_) => Some(Route::InsightsPage(page)),
            Route::CaseStudyIndex | Route::CaseStudyIndexPage(_) if first => {
                Some(Route::CaseStudyIndex)
            }
            Route::CaseStudyIndex | Route::CaseStudyIndexPage(_) => {
                Some(Route::CaseStudyIndexPage(page))
            }
            _ => None,
        }
    }

    /// The path without its leading slash: the key FAQ lists use (`addOnFaqListSlug`).
    pub fn faq_key(&self) -> String {
        self.path().trim_start_matches('/').to_string()
    }

    /// Every fixed route (those without a slug), in site-map order.
    pub fn fixed() -> Vec<Route> {
        let mut routes = vec![
            Route::Home,
            Route::Solutions,
            Route::CaseStudyIndex,
            Route::Insights,
            Route::AboutUs,
            Route::ContactUs,
            Route::Privacy,
            Route::VideoPopup,
        ];
        routes.extend(ProductPage::ALL.into_iter().map(Route::Product));
        routes
    }
}

/// The listing page a query string asks for: 1 without a `page` parameter, the number when it
/// is a positive decimal without leading zeros, `None` (not found) for anything else, so every
/// page has one address.
fn page_of(query: &str) -> Option<usize> {
    let mut pages = query
        .split('&')
        .filter_map(|pair| pair.strip_prefix("page="));
    let Some(value) = pages.next() else {
        return Some(1);
    };
    let canonical = !value.is_empty()
        && value.len() <= 9
        && value.bytes().all(|b| b.is_ascii_digit())
        && !value.starts_with('0');
    match (canonical, pages.next()) {
        (true, None) => value.parse().ok(),
        _ => None,
    }
}

/// The search page's parameters of `query`, as written, in their canonical order: the first
/// of each, those without a value and page 1 left out.
fn search_query(query: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for name in SEARCH_PARAMETERS {
        let value = query
            .split('&')
            .find_map(|pair| pair.split_once('=').filter(|(n, _)| *n == name))
            .map(|(_, v)| v)
            .filter(|v| !(v.is_empty() || (name == "page" && *v == "1")));
        if let Some(value) = value {
            out.push(format!("{name}={value}"));
        }
    }
    out.join("&")
}

/// Slug characters: RFC 3986 unreserved characters plus percent escapes.
fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b'%'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_of_the_table_parses_and_prints_back() {
        let table = [
            ("/", Route::Home),
            ("/videopopup", Route::VideoPopup),
            ("/case-study-index", Route::CaseStudyIndex),
            ("/case-study/acme", Route::CaseStudy("acme".into())),
            ("/supplier-management-platform", Route::Solutions),
            ("/page/why-us", Route::Page("why-us".into())),
            ("/about-us", Route::AboutUs),
            ("/privacy", Route::Privacy),
            ("/contact-us", Route::ContactUs),
            ("/insights", Route::Insights),
            ("/insights/a-post", Route::Insight("a-post".into())),
        ];
        for (path, route) in table {
            assert_eq!(Route::parse(path), route, "{path}");
            assert_eq!(route.path(), path);
        }
        for p in ProductPage::ALL {
            let path = format!("/{}", p.segment());
            assert_eq!(Route::parse(&path), Route::Product(p));
            assert_eq!(Route::Product(p).path(), path);
        }
    }

    #[test]
    fn the_search_page_keeps_the_parameters_it_reads_in_their_order() {
        assert_eq!(Route::parse("/search"), Route::Search(String::new()));
        let route = Route::parse("/search?utm_source=x&page=2&q=rfq&x=1&type=&product=SIM");
        assert_eq!(route, Route::Search("q=rfq&product=SIM&page=2".into()));
        assert_eq!(route.path(), "/search");
        assert_eq!(route.href(), "/search?q=rfq&product=SIM&page=2");
        assert_eq!(route.template(), "/search");
        assert_eq!(Route::parse("/search?q=rfq&page=1").href(), "/search?q=rfq");
        assert_eq!(
            Route::resolve("/search/", Some("q=a")),
            Resolution::Canonical("/search".into())
        );
        assert_eq!(route.listing_page(2), None);
    }

    #[test]
    fn query_fragment_and_one_trailing_slash_are_ignored() {
        assert_eq!(
            Route::parse("/etender/?utm=x#faq"),
            Route::Product(ProductPage::Etender)
        );
        assert_eq!(Route::parse("/insights/a/"), Route::Insight("a".into()));
        assert_eq!(Route::parse("/?q=1"), Route::Home);
    }

    #[test]
    fn a_request_resolves_to_its_route_its_canonical_path_or_nothing() {
        assert_eq!(
            Route::resolve("/etender", Some("utm=x")),
            Resolution::Route(Route::Product(ProductPage::Etender))
        );
        assert_eq!(
            Route::resolve("/etender/", None),
            Resolution::Canonical("/etender".into())
        );
        assert_eq!(
            Route::resolve("/insights", Some("page=2")),
            Resolution::Route(Route::InsightsPage(2))
        );
        assert_eq!(
            Route::resolve("/insights/", Some("page=2")),
            Resolution::Canonical("/insights".into())
        );
        assert_eq!(
            Route::resolve("/insights", Some("page=0")),
            Resolution::NotFound
        );
        assert_eq!(Route::resolve("/nope/nope", None), Resolution::NotFound);
        // Deeper than any route, even below a route's own path.
        for deep in ["/insights/a/b", "/case-study/a/b/", "/a/b/c/d", "/page/a//"] {
            assert_eq!(Route::resolve(deep, None), Resolution::NotFound, "{deep}");
        }
        assert_eq!(
            Route::resolve("/insights/a-b", None),
            Resolution::Route(Route::Insight("a-b".into()))
        );
        assert_eq!(Route::resolve("/", None), Resolution::Route(Route::Home));
        // The same answer as parsing the path and query written together.
        for (path, query) in [("/case-study-index", "page=3"), ("/insights/a/", "x=1")] {
            let parsed = Route::parse(&format!("{path}?{query}"));
            match Route::resolve(path, Some(query)) {
                Resolution::Route(route) => assert_eq!(route, parsed),
                Resolution::Canonical(to) => assert_eq!(to, parsed.path()),
                Resolution::NotFound => assert_eq!(parsed, Route::NotFound),
            }
        }
    }

    #[test]
    fn listings_take_a_page_number_from_the_query() {
        assert_eq!(Route::parse("/insights?page=2"), Route::InsightsPage(2));
        assert_eq!(
            Route::parse("/insights?utm=x&page=12"),
            Route::InsightsPage(12)
        );
        assert_eq!(Route::parse("/insights?page=1"), Route::Insights);
        assert_eq!(
            Route::parse("/case-study-index?page=3"),
            Route::CaseStudyIndexPage(3)
        );
        assert_eq!(Route::InsightsPage(2).path(), "/insights");
        assert_eq!(Route::InsightsPage(2).href(), "/insights?page=2");
        assert_eq!(Route::Insights.href(), "/insights");
        assert_eq!(
            Route::Insights.listing_page(3),
            Some(Route::InsightsPage(3))
        );
        assert_eq!(
            Route::InsightsPage(3).listing_page(1),
            Some(Route::Insights)
        );
        assert_eq!(Route::Home.listing_page(2), None);
        for bad in [
            "page=0",
            "page=02",
            "page=",
            "page=x",
            "page=-1",
            "page=2&page=3",
        ] {
            assert_eq!(
                Route::parse(&format!("/insights?{bad}")),
                Route::NotFound,
                "{bad}"
            );
        }
        // Other pages ignore a page parameter.
        assert_eq!(
            Route::parse("/etender?page=2"),
            Route::Product(ProductPage::Etender)
        );
    }

    #[test]
    fn anything_else_is_not_found() {
        for p in [
            "",
            "etender",
            "/ETENDER",
            "/etender//",
            "/case-study",
            "/case-study/",
            "/case-study/a/b",
            "/insights/a b",
            "/page/<script>",
            "/nope",
            INSIGHTS_FEED,
        ] {
            assert_eq!(Route::parse(p), Route::NotFound, "{p:?}");
        }
    }

    #[test]
    fn product_pages_have_the_documented_storage_keys_and_tags() {
        assert_eq!(
            ProductPage::SupplierPerformanceManagement.storage_key(),
            "SupplierPerformance"
        );
        assert_eq!(ProductPage::Etender.storage_key(), "eTender");
        assert_eq!(
            ProductPage::ContractManagement.storage_key(),
            "ContractManagement"
        );
        assert_eq!(
            ProductPage::ReverseAuctionEauction.storage_key(),
            "reverseAuction"
        );
        assert_eq!(ProductPage::SourcingManagement.tag(), ProductTag::Ssm);
        assert_eq!(Route::Product(ProductPage::Etender).faq_key(), "etender");
    }
}
