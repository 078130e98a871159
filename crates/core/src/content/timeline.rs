//! The About Us timeline.

use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// One entry of the About Us timeline, ordered by `position`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEntry {
    /// The entry's `sys.id`.
    pub id: String,
    /// `position`: where the entry sits on the timeline, lower first.
    pub position: i32,
    /// `title`: the entry's title, as rich text.
    pub title: Option<Document>,
    /// `maincontent`: the entry's text.
    pub main_content: Option<Document>,
    /// `imagealttext`: the picture's alt text.
    pub image_alt_text: Option<String>,
    /// `iconText`: the short text in the entry's marker, e.g. a year.
    pub icon_text: Option<String>,
    /// `image`: the entry's picture.
    pub image: Option<super::Asset>,
    /// `imagehyperlink`: where the picture links to.
    pub image_hyperlink: Option<String>,
    /// `buttontext`: the label of a button under the entry.
    pub button_text: Option<String>,
    /// `buttonlink`: where that button goes.
    pub button_link: Option<String>,
}
