//! The About Us timeline.

use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// One entry of the About Us timeline, ordered by `position`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEntry {
    pub id: String,
    pub position: i32,
    pub title: Option<Document>,
    pub main_content: Option<Document>,
    pub image_alt_text: Option<String>,
    pub icon_text: Option<String>,
    pub image: Option<super::Asset>,
    pub image_hyperlink: Option<String>,
    pub button_text: Option<String>,
    pub button_link: Option<String>,
}
