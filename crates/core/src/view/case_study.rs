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
#[serde(rename_all = "camelCase")]
pub struct CaseStudyIndexView {
    pub head: Head,
    pub heading: &'static str,
    pub intro: &'static str,
    pub teasers: Vec<IndexedTeaser>,
    pub pagination: Pagination,
    /// 'Next page'.
    pub next_label: &'static str,
}

/// A teaser on the index, with the side its logo sits on.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct IndexedTeaser {
    pub logo_side: Side,
    #[serde(flatten)]
    pub teaser: CaseStudyTeaser,
}

/// One customer story.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CaseStudyView {
    pub head: Head,
    pub title: String,
    pub organisation: String,
    pub logo: Option<Image>,
    pub product_logo: Option<Image>,
    pub banner_image: Option<Image>,
    pub quote: Option<Quote>,
    /// Category, Location, Suppliers, Strategy, Industry: those the story fills in.
    pub facts: Vec<Fact>,
    /// Background, The Challenge, The Solution, The Outcomes: those the story fills in.
    pub sections: Vec<StorySection>,
    /// 'DOWNLOAD THE FULL CUSTOMER STORY NOW', only when the story has a PDF.
    pub download: Option<Download>,
    pub faq: Option<Faq>,
    pub blog_cards: BlogCardList,
    pub related_pages: MiniCardList,
}

/// A labelled fact about the customer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Fact {
    pub label: &'static str,
    pub value: String,
}

/// A section of the story with its image.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct StorySection {
    pub heading: &'static str,
    pub html: Html,
    pub image: Option<Image>,
}
