//! The customer stories index and a case study (docs/behaviour.md §2).

use super::{
    BlogCardList, CaseStudyTeaser, Download, Faq, Head, Html, Image, MiniCardList, Pagination,
    Quote,
};
use crate::rules::Side;
use serde::Serialize;

/// 'Customer Stories': case studies by priority, the logo alternating sides, one page at a time
/// so the index stays light however many stories there are; every story fits on the first
/// page of an ordinary space, and further pages are reached by plain links.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CaseStudyIndexView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// 'Customer Stories'.
    pub heading: &'static str,
    /// The sentence under the heading.
    pub intro: &'static str,
    /// This page's stories, lowest priority number first.
    pub teasers: Vec<IndexedTeaser>,
    /// Which page of the index this is, and the links to the others.
    pub pagination: Pagination,
    /// 'Next page'.
    pub next_label: &'static str,
}

/// A teaser on the index, with the side its logo sits on.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct IndexedTeaser {
    /// Which side the logo sits on; alternates from story to story.
    pub logo_side: Side,
    /// The story's teaser.
    #[serde(flatten)]
    pub teaser: CaseStudyTeaser,
}

/// One customer story.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CaseStudyView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// The story's title, its heading.
    pub title: String,
    /// The customer organisation.
    pub organisation: String,
    /// The customer's logo.
    pub logo: Option<Image>,
    /// The logo of the module the story is about.
    pub product_logo: Option<Image>,
    /// The story's main picture at the top.
    pub banner_image: Option<Image>,
    /// The call-out quote, attributed; absent when the story has none.
    pub quote: Option<Quote>,
    /// Category, Location, Suppliers, Strategy, Industry: those the story fills in.
    pub facts: Vec<Fact>,
    /// Background, The Challenge, The Solution, The Outcomes: those the story fills in.
    pub sections: Vec<StorySection>,
    /// 'DOWNLOAD THE FULL CUSTOMER STORY NOW', only when the story has a PDF.
    pub download: Option<Download>,
    /// The story's questions and answers, when the space has a list for it.
    pub faq: Option<Faq>,
    /// The related blog cards.
    pub blog_cards: BlogCardList,
    /// Links to the newest posts and to page-builder pages.
    pub related_pages: MiniCardList,
}

/// A labelled fact about the customer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Fact {
    /// What the fact is, e.g. Location.
    pub label: &'static str,
    /// The story's value for it.
    pub value: String,
}

/// A section of the story with its image.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StorySection {
    /// Background, The Challenge, The Solution or The Outcomes.
    pub heading: &'static str,
    /// The section's text, rendered.
    pub html: Html,
    /// The section's picture, when it has one.
    pub image: Option<Image>,
}
