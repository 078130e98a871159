//! Page-builder pages and their slices.

use super::{Asset, FaqList, ProductTag};
use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// A page assembled by editors (content type `pageBuilder`), served at `/page/{slug}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    pub id: String,
    pub title: String,
    pub slug: String,
    pub title_tag: Option<String>,
    pub meta_description: Option<String>,
    pub canonical: Option<String>,
    pub seo_index: bool,
    pub add_components: Vec<AddComponent>,
    /// `pageBuilderProduct`.
    pub products: Vec<ProductTag>,
    pub banner: Option<PageBanner>,
    /// `contentSlices`, in editor order (the page shows at most 12).
    pub slices: Vec<Slice>,
}

/// Extra sections a page can ask for (`addComponents`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AddComponent {
    #[serde(rename = "Product Cards Panel")]
    ProductCardsPanel,
    #[serde(rename = "Case Study Teaser")]
    CaseStudyTeaser,
    #[serde(rename = "Insights (Blog) Teasers")]
    InsightsTeasers,
}

impl AddComponent {
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
    pub banner_image: Option<Asset>,
    pub banner_text: Option<String>,
    pub banner_logo: Option<Asset>,
    pub banner_text_box: Option<Document>,
    pub banner_body_text: Option<String>,
}

/// One content slice of a page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Slice {
    TextMedia(Box<TextMedia>),
    Faq(FaqList),
    DividerCta(DividerCta),
}

/// A text-and-media slice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TextMedia {
    pub id: String,
    pub side_image: Option<Asset>,
    pub text_block_title: Option<String>,
    pub text_content: Option<Document>,
    pub text_layout: TextLayout,
    pub text_justification: TextJustification,
    pub button: Option<Button>,
}

/// Where the text sits in a text-and-media slice (above 1023px).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TextLayout {
    #[default]
    #[serde(rename = "Left Column")]
    LeftColumn,
    #[serde(rename = "Right Column")]
    RightColumn,
    #[serde(rename = "Full Width")]
    FullWidth,
}

impl TextLayout {
    pub const ALL: [TextLayout; 3] = [
        TextLayout::LeftColumn,
        TextLayout::RightColumn,
        TextLayout::FullWidth,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TextLayout::LeftColumn => "Left Column",
            TextLayout::RightColumn => "Right Column",
            TextLayout::FullWidth => "Full Width",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        TextLayout::ALL.into_iter().find(|c| c.as_str() == s.trim())
    }
}

/// Text alignment of a text-and-media slice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TextJustification {
    #[serde(rename = "Fully Justified")]
    FullyJustified,
    #[serde(rename = "Centre Justified")]
    CentreJustified,
    #[serde(rename = "Right Justified")]
    RightJustified,
    #[default]
    #[serde(rename = "Left Justified")]
    LeftJustified,
}

impl TextJustification {
    pub const ALL: [TextJustification; 4] = [
        TextJustification::FullyJustified,
        TextJustification::CentreJustified,
        TextJustification::RightJustified,
        TextJustification::LeftJustified,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TextJustification::FullyJustified => "Fully Justified",
            TextJustification::CentreJustified => "Centre Justified",
            TextJustification::RightJustified => "Right Justified",
            TextJustification::LeftJustified => "Left Justified",
        }
    }

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
    pub id: String,
    pub title: Option<String>,
    pub text: Option<String>,
    pub buttons: Vec<Button>,
}

/// A button editors place on a page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Button {
    pub id: String,
    pub action: ButtonAction,
    /// `buttonActionUrl`: the target URL, or the video link for View Video.
    pub url: Option<String>,
    /// `buttonActionAsset`, for Download Asset.
    pub asset: Option<Asset>,
    pub fill: ButtonFill,
    /// `buttonInternalId`: an editor's name for the button, never shown.
    pub internal_id: Option<String>,
    pub label: String,
}

/// What a button does (`buttonAction`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ButtonAction {
    #[serde(rename = "View Video")]
    ViewVideo,
    #[serde(rename = "Go To URL")]
    GoToUrl,
    #[serde(rename = "Download Asset (Doc, Preso, Image)")]
    DownloadAsset,
}

impl ButtonAction {
    pub const ALL: [ButtonAction; 3] = [
        ButtonAction::ViewVideo,
        ButtonAction::GoToUrl,
        ButtonAction::DownloadAsset,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ButtonAction::ViewVideo => "View Video",
            ButtonAction::GoToUrl => "Go To URL",
            ButtonAction::DownloadAsset => "Download Asset (Doc, Preso, Image)",
        }
    }

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
    #[default]
    Filled,
    Outline,
}
