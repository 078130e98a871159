//! The privacy policy page.

use super::Asset;
use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// The privacy page (content type `richTextPage`, found by its title): five rich-text sections
/// and two images.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyPage {
    /// The entry's `sys.id`.
    pub id: String,
    /// The page's title (the loader keeps the entry with the privacy policy's title).
    pub title: String,
    /// `image1`: the picture above the sections.
    pub image1: Option<Asset>,
    /// `section1` to `section5`: the sections it fills in, in order.
    pub sections: Vec<Document>,
    /// `image5`: the picture after the sections.
    pub image5: Option<Asset>,
}
