//! A page-builder page (docs/behaviour.md §2 "Generic page"): banner, up to 12 slices, extra sections.

use super::{
    BlogCardList, ButtonStyle, CaseStudyTeaser, Faq, Head, Html, Image, ProductCardList, Video,
};
use serde::Serialize;

/// A page assembled by editors.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PageBuilderView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// The page's heading: the banner's text, else the page's title.
    pub heading: String,
    /// The banner, when the page has one.
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BannerView {
    /// The banner's background picture.
    pub image: Option<Image>,
    /// A logo shown on the banner.
    pub logo: Option<Image>,
    /// The banner's rich text, rendered.
    pub text_box: Option<Html>,
    /// A plain paragraph on the banner.
    pub body_text: Option<String>,
}

/// One content slice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum SliceView {
    /// Text beside a picture, with an optional button.
    #[serde(rename_all = "camelCase")]
    TextMedia {
        /// The heading of the text.
        title: Option<String>,
        /// The text, rendered.
        html: Html,
        /// Boxed: a picture with its renditions outweighs every other slice.
        image: Option<Box<Image>>,
        /// Where the text sits beside the picture.
        layout: Layout,
        /// How the text is aligned.
        justification: Justification,
        /// A button under the text; absent when the page has none or it cannot work.
        button: Option<ActionButton>,
    },
    /// At most 8 items.
    Faq(Faq),
    /// At most 4 buttons.
    #[serde(rename_all = "camelCase")]
    DividerCta {
        /// The divider's heading.
        title: Option<String>,
        /// The line under the heading.
        text: Option<String>,
        /// The buttons that can work, in editor order.
        buttons: Vec<ActionButton>,
    },
}

/// Where a text-and-media slice puts its text above 1023px (at or below: text, then media).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Layout {
    /// Text in the left column, picture on the right.
    LeftColumn,
    /// Text in the right column, picture on the left.
    RightColumn,
    /// Text and picture share the full width.
    FullWidth,
}

/// Text alignment of a text-and-media slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Justification {
    /// Aligned to both edges.
    Full,
    /// Centred.
    Centre,
    /// Aligned to the right edge.
    Right,
    /// Aligned to the left edge.
    Left,
}

/// An editor's button, resolved: a link, a video for the modal, or a file to download.
/// Buttons that cannot work (no URL, a link no video service recognises, no file, an unsafe
/// scheme) are left off the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "action", rename_all = "camelCase")]
pub enum ActionButton {
    /// Goes to a site path or another site.
    #[serde(rename_all = "camelCase")]
    Link {
        /// The button's text.
        label: String,
        /// Filled or outline.
        style: ButtonStyle,
        /// Where it goes, as the editor wrote it once found safe (never a script link).
        href: String,
        /// Leaves the site: open in a new tab.
        external: bool,
    },
    /// Opens the video modal.
    #[serde(rename_all = "camelCase")]
    Video {
        /// The button's text.
        label: String,
        /// Filled or outline.
        style: ButtonStyle,
        /// The video the modal plays.
        video: Video,
    },
    /// Downloads a file.
    #[serde(rename_all = "camelCase")]
    Download {
        /// The button's text.
        label: String,
        /// Filled or outline.
        style: ButtonStyle,
        /// The file's address.
        href: String,
        /// The name the file is saved under.
        file_name: String,
    },
}
