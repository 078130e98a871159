//! The home page (docs/behaviour.md §2 "Home").

use super::{
    BlogCardList, CaseStudyTeaser, Head, Image, LinkButton, MiniCardList, ProductCardList, Promo,
    Quote, VideoButton,
};
use crate::copy::{Block, CardSection, Claim};
use serde::Serialize;

/// Everything the home page shows, in page order.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct HomeView {
    pub head: Head,
    pub hero: HomeHero,
    /// The customer logo carousel: at most 12.
    pub logos: Vec<Image>,
    pub platform_intro: &'static Block,
    /// Opens the overview video in the modal.
    pub overview_video: VideoButton,
    pub food_industry: Promo,
    /// Three cards.
    pub how_it_works: &'static CardSection,
    pub featured_quote: Quote,
    pub why_others_choose: &'static CardSection,
    pub claims: &'static [Claim],
    /// Founded in Sydney in 2007.
    pub about: Promo,
    /// 'Our Solutions': six module cards, each with DISCOVER MORE.
    pub solutions: ProductCardList,
    pub case_study_teaser: Option<CaseStudyTeaser>,
    /// 'Read Our Latest Insights': the 3 newest posts.
    pub latest_insights: BlogCardList,
    /// 'Read our Customer Stories' with VIEW CUSTOMER STORIES.
    pub customer_stories: Promo,
    /// 'More Insights and Information': the mini-card carousel.
    pub more_insights: MiniCardList,
}

/// The hero: 'Supply Chain Software', the 'I need help with...' grid and the three buttons.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct HomeHero {
    pub title: &'static str,
    pub lead: &'static str,
    pub help_heading: &'static str,
    /// The eight product pages.
    pub help_links: Vec<LinkButton>,
    /// To the featured customer story (when it exists), /contact-us and /about-us.
    pub buttons: Vec<LinkButton>,
}
