//! The About Us page (docs/behaviour.md §2 "About Us").

use super::{
    BlogCardList, CaseStudyTeaser, Head, Html, Image, LinkButton, MiniCardList, ProductCardList,
    Promo,
};
use crate::copy::{Block, Claim};
use crate::rules::Side;
use serde::Serialize;

/// Everything the About Us page shows, in page order.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AboutView {
    pub head: Head,
    pub intro: &'static Block,
    pub timeline: Vec<TimelineItem>,
    pub founder: &'static Block,
    pub team: &'static Block,
    pub culture: &'static Block,
    pub claims: &'static [Claim],
    pub case_study_teaser: Option<CaseStudyTeaser>,
    pub product_cards: ProductCardList,
    /// The 3 latest insights.
    pub insights: BlogCardList,
    /// Indexable articles and pages.
    pub links: MiniCardList,
    /// The closing call to action.
    pub cta: Promo,
}

/// One timeline entry; entries alternate right and left by index, starting on the right.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TimelineItem {
    pub side: Side,
    pub title: Html,
    pub html: Html,
    pub icon_text: Option<String>,
    pub image: Option<Image>,
    /// Where the image links to, when it does.
    pub image_href: Option<String>,
    /// Opens in a new tab.
    pub button: Option<LinkButton>,
}
