//! A page-builder page (docs/behaviour.md §2 "Generic page"): banner, up to 12 slices, extra sections.

use super::{
    BlogCardList, ButtonStyle, CaseStudyTeaser, Faq, Head, Html, Image, ProductCardList, Video,
};
use serde::Serialize;

/// A page assembled by editors.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PageBuilderView {
    pub head: Head,
    /// The page's heading: the banner's text, else the page's title.
    pub heading: String,
    pub banner: Option<BannerView>,
    /// At most 12.
    pub slices: Vec<SliceView>,
    /// 'Product Cards Panel', when the page asks for it.
    pub product_cards: Option<ProductCardList>,
    /// 'Case Study Teaser', when the page asks for it (for the page's first product).
    pub case_study_teaser: Option<CaseStudyTeaser>,
    /// 'Insights (Blog) Teasers', when the page asks for it (related to the page's first
    /// product, else the latest).
    pub insights: Option<BlogCardList>,
}

/// The page banner. Its background image applies only above 1023px.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BannerView {
    pub image: Option<Image>,
    pub logo: Option<Image>,
    pub text_box: Option<Html>,
    pub body_text: Option<String>,
}

/// One content slice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum SliceView {
    #[serde(rename_all = "camelCase")]
    TextMedia {
        title: Option<String>,
        html: Html,
        /// Boxed: a picture with its renditions outweighs every other slice.
        image: Option<Box<Image>>,
        layout: Layout,
        justification: Justification,
        button: Option<ActionButton>,
    },
    /// At most 8 items.
    Faq(Faq),
    /// At most 4 buttons.
    #[serde(rename_all = "camelCase")]
    DividerCta {
        title: Option<String>,
        text: Option<String>,
        buttons: Vec<ActionButton>,
    },
}

/// Where a text-and-media slice puts its text above 1023px (at or below: text, then media).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum Layout {
    LeftColumn,
    RightColumn,
    FullWidth,
}

/// Text alignment of a text-and-media slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum Justification {
    Full,
    Centre,
    Right,
    Left,
}

/// An editor's button, resolved: a link, a video for the modal, or a file to download.
/// Buttons that cannot work (no URL, a link no video service recognises, no file, an unsafe
/// scheme) are left off the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(tag = "action", rename_all = "camelCase")]
pub enum ActionButton {
    #[serde(rename_all = "camelCase")]
    Link {
        label: String,
        style: ButtonStyle,
        href: String,
        /// Leaves the site: open in a new tab.
        external: bool,
    },
    #[serde(rename_all = "camelCase")]
    Video {
        label: String,
        style: ButtonStyle,
        video: Video,
    },
    #[serde(rename_all = "camelCase")]
    Download {
        label: String,
        style: ButtonStyle,
        href: String,
        file_name: String,
    },
}
