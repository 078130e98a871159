//! The words of the site's own controls and landmarks: what screen readers announce for
//! buttons and regions that show no text of their own, and the few screens drawn before or
//! without a page's data. The browser gets them in the generated contract (`UI`), so every
//! word a visitor meets is kept here, beside the rest of the site's copy.

use super::NOT_FOUND_TITLE;
use serde::Serialize;

/// Labels of controls and landmarks, and the texts of screens drawn without a page's data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceCopy {
    /// The video popup's close button.
    pub close_video: &'static str,
    /// Shown in the video popup when a link names no video service the site plays.
    pub unrecognised_video: &'static str,
    /// A carousel's buttons.
    pub previous_slides: &'static str,
    /// The carousel's button to the next slides.
    pub next_slides: &'static str,
    /// The carousel's button that starts its slide show.
    pub start_slide_show: &'static str,
    /// The carousel's button that stops its slide show.
    pub stop_slide_show: &'static str,
    /// The top bar's navigation landmark.
    pub main_navigation: &'static str,
    /// The home page's customer logos: the region and its carousel.
    pub customers: &'static str,
    /// The label of the customer logo carousel.
    pub customer_logos: &'static str,
    /// The home page's carousel of articles and pages.
    pub insights_and_pages: &'static str,
    /// The page-to-page navigation of the two listings.
    pub insights_pages: &'static str,
    /// The page-to-page navigation of the customer stories index.
    pub customer_story_pages: &'static str,
    /// The heading of the screen a rendering error leaves.
    pub unexpected_error: &'static str,
    /// The not-found screen's heading when its page data has not arrived.
    pub page_not_found: &'static str,
}

/// The words of a search form (the search page's, and those on the insights listing and the
/// not-found page that lead to it). The browser gets them as `SEARCH_FIELD` in a generated file
/// of their own rather than in `UI`, so they travel with the search field's code and not in
/// every page's script.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SearchFieldCopy {
    /// The label of the field.
    pub label: &'static str,
    /// The form's button.
    pub submit: &'static str,
    /// The form's landmark.
    pub landmark: &'static str,
}

/// The words of the search page: its results, its filters and its empty states (its form's
/// words are [`SEARCH_FIELD`]'s, shared with the search fields elsewhere). Sent with the
/// page, not with every page's script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SearchCopy {
    /// The search page's heading.
    pub heading: &'static str,
    /// After the count of one result ('1 result for “q”').
    pub result: &'static str,
    /// After the count of several results ('3 results for “q”').
    pub results: &'static str,
    /// Between the count and the words asked.
    pub results_for: &'static str,
    /// Before a count that stopped at its cap ('More than 1,000 results for “q”').
    pub more_than: &'static str,
    /// What the page says before anything is asked.
    pub prompt: &'static str,
    /// The filters' landmark.
    pub filters: &'static str,
    /// The heading of the filters by kind.
    pub by_type: &'static str,
    /// The heading of the filters by product.
    pub by_product: &'static str,
    /// The filter that removes a filter.
    pub all: &'static str,
    /// The kinds of result, as the filters and the results name them.
    pub insight: &'static str,
    /// See [`SearchCopy::insight`].
    pub case_study: &'static str,
    /// See [`SearchCopy::insight`].
    pub product: &'static str,
    /// See [`SearchCopy::insight`].
    pub page: &'static str,
    /// See [`SearchCopy::insight`].
    pub about: &'static str,
    /// The page-to-page navigation of the results.
    pub result_pages: &'static str,
    /// The link to the page of results before.
    pub previous_page: &'static str,
    /// The link to the next page of results.
    pub next_page: &'static str,
    /// The heading of the no-results state ('No results for “q”').
    pub no_results: &'static str,
    /// Suggestions when nothing was found.
    pub tip_spelling: &'static str,
    /// See [`SearchCopy::tip_spelling`].
    pub tip_fewer: &'static str,
    /// See [`SearchCopy::tip_spelling`]; followed by links to the insights and the products.
    pub tip_browse: &'static str,
    /// Shown when the search index cannot answer.
    pub unavailable: &'static str,
}

/// The site's interface copy.
pub const INTERFACE: InterfaceCopy = InterfaceCopy {
    close_video: "Close video",
    unrecognised_video: "Sorry, this video can’t be played here: its link is not from a video service we recognise.",
    previous_slides: "Previous slides",
    next_slides: "Next slides",
    start_slide_show: "Start automatic slide show",
    stop_slide_show: "Stop automatic slide show",
    main_navigation: "Main",
    customers: "Customers",
    customer_logos: "Customer logos",
    insights_and_pages: "Insights and pages",
    insights_pages: "Insights pages",
    customer_story_pages: "Customer story pages",
    unexpected_error: "Unexpected Application Error!",
    page_not_found: NOT_FOUND_TITLE,
};

/// The search forms' words.
pub const SEARCH_FIELD: SearchFieldCopy = SearchFieldCopy {
    label: "Search the site",
    submit: "Search",
    landmark: "Site search",
};

/// The search page's words.
pub const SEARCH: SearchCopy = SearchCopy {
    heading: "Search",
    result: "result",
    results: "results",
    results_for: "for",
    more_than: "More than",
    prompt: "Search our insights, customer stories, products and pages: type a few words, such as a topic, a product or an organisation.",
    filters: "Filter results",
    by_type: "Type",
    by_product: "Product",
    all: "All",
    insight: "Insight",
    case_study: "Customer story",
    product: "Product",
    page: "Page",
    about: "About us",
    result_pages: "Search result pages",
    previous_page: super::PREVIOUS_PAGE,
    next_page: "Next page",
    no_results: "No results for",
    tip_spelling: "Check the spelling of your words.",
    tip_fewer: "Try fewer words, or more general ones.",
    tip_browse: "Or browse instead:",
    unavailable: "Search is not available just now. Please try again in a moment.",
};
