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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AboutView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// The opening section; its heading is the page's.
    pub intro: &'static Block,
    /// The timeline's entries by position.
    pub timeline: Vec<TimelineItem>,
    /// The founder's story.
    pub founder: &'static Block,
    /// The team section.
    pub team: &'static Block,
    /// The culture section.
    pub culture: &'static Block,
    /// The company's claims, as figures.
    pub claims: &'static [Claim],
    /// A customer story's teaser, when the space has one.
    pub case_study_teaser: Option<CaseStudyTeaser>,
    /// Cards of every module of the suite.
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TimelineItem {
    /// Which side of the line the entry sits on.
    pub side: Side,
    /// The entry's title, rendered rich text.
    pub title: Html,
    /// The entry's text, rendered.
    pub html: Html,
    /// The short text in the entry's marker on the line, e.g. a year.
    pub icon_text: Option<String>,
    /// The entry's picture, when it has one.
    pub image: Option<Image>,
    /// Where the image links to, when it does.
    pub image_href: Option<String>,
    /// Opens in a new tab.
    pub button: Option<LinkButton>,
}
