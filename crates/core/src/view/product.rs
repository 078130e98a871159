//! The solutions overview and the eight product pages (docs/behaviour.md §2 "Product pages").

use super::{
    BlogCardList, CaseStudyTeaser, Download, Faq, Head, Image, LinkButton, MiniCardList,
    ProductCard, ProductCardList, Quote, VideoButton,
};
use crate::content::ProductTag;
use crate::copy::{Block, CardSection, Claim, Testimonial};
use serde::Serialize;

/// 'Our Solutions': module icons, video, request a demo, featured quote.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SolutionsView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// 'Our Solutions'.
    pub heading: &'static str,
    /// The paragraphs above the module cards.
    pub intro: &'static [&'static str],
    /// Every module, each linking to its page.
    pub modules: Vec<ProductCard>,
    /// Plays the platform overview video.
    pub video: VideoButton,
    /// Request a free demo, to /contact-us.
    pub demo_link: LinkButton,
    /// The customer quote on the page.
    pub featured_quote: Quote,
    /// The company's claims, as figures.
    pub claims: &'static [Claim],
    /// The page's questions and answers, when the space has a list for it.
    pub faq: Option<Faq>,
}

/// A product page.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProductView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// The page's last path segment (`etender`), recorded in local storage under
    /// `storage_key`.
    pub segment: &'static str,
    /// The local-storage key the page's segment is recorded under (e.g. `eTender`).
    pub storage_key: &'static str,
    /// The product tag whose posts and case studies the page shows.
    pub product: ProductTag,
    /// Title, lead, logo and testimonial.
    pub hero: ProductHero,
    /// The "what it is" section.
    pub what_it_is: &'static Block,
    /// A figure the module is known for, when the page shows one.
    pub claim: Option<&'static Claim>,
    /// How it works, Benefits or Features.
    pub features: &'static CardSection,
    /// How it works, after the features on a page that has both.
    pub how_it_works: Option<&'static CardSection>,
    /// Further sections some pages have (the food page's challenge).
    pub extra: &'static [Block],
    /// More customer quotes (the food page).
    pub quotes: &'static [Testimonial],
    /// VIEW DEMO (or the sourcing page's own label).
    pub demo: VideoButton,
    /// DOWNLOAD FACTSHEET, when the space has the page's factsheet.
    pub factsheet: Option<Download>,
    /// The page's questions and answers, when the space has a list for it.
    pub faq: Option<Faq>,
    /// A customer story about the module, when there is one.
    pub case_study_teaser: Option<CaseStudyTeaser>,
    /// The 3 related blog cards.
    pub blog_cards: BlogCardList,
    /// Links to the newest posts and to page-builder pages.
    pub mini_cards: MiniCardList,
    /// The strategic sourcing page's own sections.
    pub sourcing: Option<SourcingView>,
}

/// A product page's hero: title, logo and testimonial.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProductHero {
    /// The module's hero heading.
    pub title: &'static str,
    /// The hero's lead paragraph.
    pub lead: &'static str,
    /// The module's logo.
    pub logo: Image,
    /// The customer quote in the hero.
    pub testimonial: &'static Testimonial,
}

/// What only the strategic sourcing page shows.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourcingView {
    /// 'CONTACT US TO DISCUSS STRATEGIC SOURCING', to /contact-us.
    pub contact_button: LinkButton,
    /// To /etender and /reverse-auction-eauction.
    pub module_links: Vec<LinkButton>,
    /// Cards of every module of the suite.
    pub product_cards: ProductCardList,
    /// Article cards for SSM, eRFx and eAuction.
    pub module_articles: Vec<ModuleArticles>,
    /// Up to 9 eRFx articles.
    pub erfx_articles: MiniCardList,
}

/// The newest articles about one module.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ModuleArticles {
    /// The module the articles are tagged with.
    pub product: ProductTag,
    /// The heading above the cards.
    pub heading: &'static str,
    /// The newest articles tagged with the module, newest first.
    pub cards: Vec<super::BlogCard>,
}
