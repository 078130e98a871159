//! The home page (docs/behaviour.md §2 "Home").

use super::{
    BlogCardList, CaseStudyTeaser, Head, Image, LinkButton, MiniCardList, ProductCardList, Promo,
    Quote, VideoButton,
};
use crate::copy::{Block, CardSection, Claim};
use serde::Serialize;

/// Everything the home page shows, in page order.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HomeView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// The hero: title, lead, help links and buttons.
    pub hero: HomeHero,
    /// The customer logo carousel: at most 12.
    pub logos: Vec<Image>,
    /// The section that introduces the platform.
    pub platform_intro: &'static Block,
    /// Opens the overview video in the modal.
    pub overview_video: VideoButton,
    /// The promotion of the food industry page.
    pub food_industry: Promo,
    /// Three cards.
    pub how_it_works: &'static CardSection,
    /// A customer's quote: from the featured story when the space has it, else fixed copy.
    pub featured_quote: Quote,
    /// The reasons customers give for choosing the company.
    pub why_others_choose: &'static CardSection,
    /// The company's claims, as figures.
    pub claims: &'static [Claim],
    /// Founded in Sydney in 2007.
    pub about: Promo,
    /// 'Our Solutions': six module cards, each with DISCOVER MORE.
    pub solutions: ProductCardList,
    /// The featured customer story, when there is one.
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HomeHero {
    /// 'Supply Chain Software'.
    pub title: &'static str,
    /// The hero's lead paragraph.
    pub lead: &'static str,
    /// 'I need help with...', over the help links.
    pub help_heading: &'static str,
    /// The eight product pages.
    pub help_links: Vec<LinkButton>,
    /// To the featured customer story (when it exists), /contact-us and /about-us.
    pub buttons: Vec<LinkButton>,
}
