//! The privacy policy page.

use super::Asset;
use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// The privacy page (content type `richTextPage`, found by its title): five rich-text sections
/// and two images.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyPage {
    pub id: String,
    pub title: String,
    pub image1: Option<Asset>,
    pub sections: Vec<Document>,
    pub image5: Option<Asset>,
}
