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
#[serde(rename_all = "camelCase")]
pub struct SolutionsView {
    pub head: Head,
    pub heading: &'static str,
    pub intro: &'static [&'static str],
    /// Every module, each linking to its page.
    pub modules: Vec<ProductCard>,
    pub video: VideoButton,
    /// Request a free demo, to /contact-us.
    pub demo_link: LinkButton,
    pub featured_quote: Quote,
    pub claims: &'static [Claim],
    pub faq: Option<Faq>,
}

/// A product page.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductView {
    pub head: Head,
    /// The page's last path segment (`etender`), recorded in local storage under
    /// `storage_key`.
    pub segment: &'static str,
    pub storage_key: &'static str,
    /// The product tag whose posts and case studies the page shows.
    pub product: ProductTag,
    pub hero: ProductHero,
    pub what_it_is: &'static Block,
    pub claim: Option<&'static Claim>,
    /// How it works, Benefits or Features.
    pub features: &'static CardSection,
    /// How it works, after the features on a page that has both.
    pub how_it_works: Option<&'static CardSection>,
    pub extra: &'static [Block],
    pub quotes: &'static [Testimonial],
    /// VIEW DEMO (or the sourcing page's own label).
    pub demo: VideoButton,
    /// DOWNLOAD FACTSHEET, when the space has the page's factsheet.
    pub factsheet: Option<Download>,
    pub faq: Option<Faq>,
    pub case_study_teaser: Option<CaseStudyTeaser>,
    /// The 3 related blog cards.
    pub blog_cards: BlogCardList,
    pub mini_cards: MiniCardList,
    /// The strategic sourcing page's own sections.
    pub sourcing: Option<SourcingView>,
}

/// A product page's hero: title, logo and testimonial.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductHero {
    pub title: &'static str,
    pub lead: &'static str,
    pub logo: Image,
    pub testimonial: &'static Testimonial,
}

/// What only the strategic sourcing page shows.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SourcingView {
    /// 'CONTACT US TO DISCUSS STRATEGIC SOURCING', to /contact-us.
    pub contact_button: LinkButton,
    /// To /etender and /reverse-auction-eauction.
    pub module_links: Vec<LinkButton>,
    pub product_cards: ProductCardList,
    /// Article cards for SSM, eRFx and eAuction.
    pub module_articles: Vec<ModuleArticles>,
    /// Up to 9 eRFx articles.
    pub erfx_articles: MiniCardList,
}

/// The newest articles about one module.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ModuleArticles {
    pub product: ProductTag,
    pub heading: &'static str,
    pub cards: Vec<super::BlogCard>,
}
