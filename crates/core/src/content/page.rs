//! Page-builder pages and their slices.

use super::{Asset, FaqList, ProductTag};
use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// A page assembled by editors (content type `pageBuilder`), served at `/page/{slug}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    /// The entry's `sys.id`.
    pub id: String,
    /// The page's title: its heading when the banner has no text, and its `<title>` when no title tag is set.
    pub title: String,
    /// The address segment after `/page/`.
    pub slug: String,
    /// `titleTag`: the `<title>` to use instead of the title, when an editor set one.
    pub title_tag: Option<String>,
    /// `metaDescription`; without it the banner's body text, then the site's description, is used.
    pub meta_description: Option<String>,
    /// A canonical address to announce instead of the page's own; blank means its own.
    pub canonical: Option<String>,
    /// `seoIndex`: false asks search engines not to index the page (`noindex, follow`).
    pub seo_index: bool,
    /// Extra sections the page asks for.
    pub add_components: Vec<AddComponent>,
    /// `pageBuilderProduct`.
    pub products: Vec<ProductTag>,
    /// The banner at the top, when the page has one.
    pub banner: Option<PageBanner>,
    /// `contentSlices`, in editor order (the page shows at most 12).
    pub slices: Vec<Slice>,
}

impl Page {
    /// The picture the page shows largest on its first screen and preloads on wide screens:
    /// its banner's background. The picture warm-up makes it first, at every width.
    pub fn first_screen_picture(&self) -> Option<&Asset> {
        self.banner.as_ref()?.banner_image.as_ref()
    }
}

/// Extra sections a page can ask for (`addComponents`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AddComponent {
    /// The cards of every product module.
    #[serde(rename = "Product Cards Panel")]
    ProductCardsPanel,
    /// A teaser of a customer story, chosen by the page's product.
    #[serde(rename = "Case Study Teaser")]
    CaseStudyTeaser,
    /// Teasers of recent insights, chosen by the page's product.
    #[serde(rename = "Insights (Blog) Teasers")]
    InsightsTeasers,
}

impl AddComponent {
    /// Every value, in the order editors see them.
    pub const ALL: [AddComponent; 3] = [
        AddComponent::ProductCardsPanel,
        AddComponent::CaseStudyTeaser,
        AddComponent::InsightsTeasers,
    ];

    /// The value exactly as editors pick it.
    pub fn as_str(self) -> &'static str {
        match self {
            AddComponent::ProductCardsPanel => "Product Cards Panel",
            AddComponent::CaseStudyTeaser => "Case Study Teaser",
            AddComponent::InsightsTeasers => "Insights (Blog) Teasers",
        }
    }

    /// The value an editor picked, ignoring surrounding spaces; `None` for any other text.
    pub fn parse(s: &str) -> Option<Self> {
        AddComponent::ALL
            .into_iter()
            .find(|c| c.as_str() == s.trim())
    }
}

/// The banner at the top of a page (`pageBanner`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageBanner {
    /// The `pageBanner` entry's `sys.id`; empty when unknown.
    #[serde(default)]
    pub id: String,
    /// `bannerImage`: the background picture.
    pub banner_image: Option<Asset>,
    /// `bannerText`: when set, the page's heading in place of its title.
    pub banner_text: Option<String>,
    /// `bannerLogo`: a logo shown on the banner.
    pub banner_logo: Option<Asset>,
    /// `bannerTextBox`: rich text shown on the banner.
    pub banner_text_box: Option<Document>,
    /// `bannerBodyText`: a plain paragraph on the banner, also the fallback meta description.
    pub banner_body_text: Option<String>,
}

/// One content slice of a page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Slice {
    /// Text beside a picture, with an optional button.
    TextMedia(Box<TextMedia>),
    /// A list of questions and answers.
    Faq(FaqList),
    /// A divider with a title, text and buttons.
    DividerCta(DividerCta),
}

/// A text-and-media slice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TextMedia {
    /// The entry's `sys.id`.
    pub id: String,
    /// `sideImage`: the picture beside the text.
    pub side_image: Option<Asset>,
    /// `textBlockTitle`: the heading of the text.
    pub text_block_title: Option<String>,
    /// `textContent`: the text, as rich text.
    pub text_content: Option<Document>,
    /// `textLayout`: where the text sits beside the picture.
    pub text_layout: TextLayout,
    /// `textJustification`: how the text is aligned.
    pub text_justification: TextJustification,
    /// `button`: a button under the text.
    pub button: Option<Button>,
}

/// Where the text sits in a text-and-media slice (above 1023px).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TextLayout {
    /// Text in the left column, picture on the right.
    #[default]
    #[serde(rename = "Left Column")]
    LeftColumn,
    /// Text in the right column, picture on the left.
    #[serde(rename = "Right Column")]
    RightColumn,
    /// Text and picture share the section's full width.
    #[serde(rename = "Full Width")]
    FullWidth,
}

impl TextLayout {
    /// Every value, in the order editors see them.
    pub const ALL: [TextLayout; 3] = [
        TextLayout::LeftColumn,
        TextLayout::RightColumn,
        TextLayout::FullWidth,
    ];

    /// The value exactly as editors pick it.
    pub fn as_str(self) -> &'static str {
        match self {
            TextLayout::LeftColumn => "Left Column",
            TextLayout::RightColumn => "Right Column",
            TextLayout::FullWidth => "Full Width",
        }
    }

    /// The value an editor picked, ignoring surrounding spaces; `None` for any other text.
    pub fn parse(s: &str) -> Option<Self> {
        TextLayout::ALL.into_iter().find(|c| c.as_str() == s.trim())
    }
}

/// Text alignment of a text-and-media slice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TextJustification {
    /// Aligned to both edges.
    #[serde(rename = "Fully Justified")]
    FullyJustified,
    /// Centred.
    #[serde(rename = "Centre Justified")]
    CentreJustified,
    /// Aligned to the right edge.
    #[serde(rename = "Right Justified")]
    RightJustified,
    /// Aligned to the left edge (the default).
    #[default]
    #[serde(rename = "Left Justified")]
    LeftJustified,
}

impl TextJustification {
    /// Every value, in the order editors see them.
    pub const ALL: [TextJustification; 4] = [
        TextJustification::FullyJustified,
        TextJustification::CentreJustified,
        TextJustification::RightJustified,
        TextJustification::LeftJustified,
    ];

    /// The value exactly as editors pick it.
    pub fn as_str(self) -> &'static str {
        match self {
            TextJustification::FullyJustified => "Fully Justified",
            TextJustification::CentreJustified => "Centre Justified",
            TextJustification::RightJustified => "Right Justified",
            TextJustification::LeftJustified => "Left Justified",
        }
    }

    /// The value an editor picked, ignoring surrounding spaces; `None` for any other text.
    pub fn parse(s: &str) -> Option<Self> {
        TextJustification::ALL
            .into_iter()
            .find(|c| c.as_str() == s.trim())
    }
}

/// A divider call-to-action slice with up to 4 buttons.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DividerCta {
    /// The entry's `sys.id`.
    pub id: String,
    /// `title`: the divider's heading.
    pub title: Option<String>,
    /// `text`: the line under the heading.
    pub text: Option<String>,
    /// The buttons, in editor order (at most 4 are shown).
    pub buttons: Vec<Button>,
}

/// A button editors place on a page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Button {
    /// The entry's `sys.id`.
    pub id: String,
    /// `buttonAction`: what pressing the button does.
    pub action: ButtonAction,
    /// `buttonActionUrl`: the target URL, or the video link for View Video.
    pub url: Option<String>,
    /// `buttonActionAsset`, for Download Asset.
    pub asset: Option<Asset>,
    /// `buttonFill`: filled or outline.
    pub fill: ButtonFill,
    /// `buttonInternalId`: an editor's name for the button, never shown.
    pub internal_id: Option<String>,
    /// `buttonLabel`: the button's text.
    pub label: String,
}

/// What a button does (`buttonAction`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ButtonAction {
    /// Plays the video at the button's URL in the video player.
    #[serde(rename = "View Video")]
    ViewVideo,
    /// Goes to the button's URL.
    #[serde(rename = "Go To URL")]
    GoToUrl,
    /// Downloads the button's asset.
    #[serde(rename = "Download Asset (Doc, Preso, Image)")]
    DownloadAsset,
}

impl ButtonAction {
    /// Every value, in the order editors see them.
    pub const ALL: [ButtonAction; 3] = [
        ButtonAction::ViewVideo,
        ButtonAction::GoToUrl,
        ButtonAction::DownloadAsset,
    ];

    /// The value exactly as editors pick it.
    pub fn as_str(self) -> &'static str {
        match self {
            ButtonAction::ViewVideo => "View Video",
            ButtonAction::GoToUrl => "Go To URL",
            ButtonAction::DownloadAsset => "Download Asset (Doc, Preso, Image)",
        }
    }

    /// The value an editor picked, ignoring surrounding spaces; `None` for any other text.
    pub fn parse(s: &str) -> Option<Self> {
        ButtonAction::ALL
            .into_iter()
            .find(|c| c.as_str() == s.trim())
    }
}

/// Filled or outline (`buttonFill`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ButtonFill {
    /// A solid button (the default).
    #[default]
    Filled,
    /// A button drawn as an outline.
    Outline,
}
