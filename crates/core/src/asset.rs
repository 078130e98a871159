//! Media assets (images and files) as Contentful describes them.

use serde::{Deserialize, Serialize};

/// The hosts Contentful serves asset files from: images, other files (PDFs, documents),
/// downloads and videos. `contentful space export --download-assets` writes each downloaded file
/// beside the export under a folder named after its host, and the site serves those folders
/// under `/assets/<host>/…`.
pub const ASSET_HOSTS: [&str; 4] = [
    "images.ctfassets.net",
    "assets.ctfassets.net",
    "downloads.ctfassets.net",
    "videos.ctfassets.net",
];

/// An image or file. `description` is the alt text editors write in Contentful.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Asset {
    /// Contentful `sys.id`; empty for assets that came without one.
    pub id: String,
    /// Absolute or site-relative URL of the file.
    pub url: String,
    /// The asset's title; the alt text when it has no description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Alt text for images.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The file's name, e.g. `factsheet.pdf`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    /// The file's media type, e.g. `image/jpeg`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    /// The picture's width in pixels, when the file is an image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// The picture's height in pixels, when the file is an image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// The file's size in bytes, when Contentful recorded it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
}

impl Asset {
    /// The alt text: the description, else the title, else empty (decorative).
    pub fn alt(&self) -> &str {
        self.description
            .as_deref()
            .or(self.title.as_deref())
            .unwrap_or("")
    }
}
