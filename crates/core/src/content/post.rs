//! Blog posts (insights).

use super::{Asset, ProductTag, PublishDate};
use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// An insight article (Contentful content type `blogPost`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BlogPost {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub title_tag: Option<String>,
    pub meta_description: Option<String>,
    pub canonical: Option<String>,
    /// Short description shown on cards.
    pub description: String,
    pub publish_date: PublishDate,
    /// `estimatedreadtime`, in minutes.
    pub estimated_read_time: Option<u32>,
    pub hero_image: Option<Asset>,
    pub body: Option<Document>,
    /// `doesvideoexist`.
    pub has_video: bool,
    pub video_link: Option<String>,
    pub tags: Vec<String>,
    /// `blogPostProduct`.
    pub products: Vec<ProductTag>,
    /// `seoIndex`: false means 'noindex, follow' and no listing in indexable lists.
    pub seo_index: bool,
}

impl BlogPost {
    pub fn has_product(&self, tag: ProductTag) -> bool {
        self.products.contains(&tag)
    }
}
