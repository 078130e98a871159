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
