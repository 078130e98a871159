//! Blog posts (insights).

use super::{Asset, ProductTag, PublishDate};
use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// An insight article (Contentful content type `blogPost`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BlogPost {
    /// The entry's `sys.id`.
    pub id: String,
    /// The address segment after `/insights/`.
    pub slug: String,
    /// The post's title: its heading, and its `<title>` when no title tag is set.
    pub title: String,
    /// `titleTag`: the `<title>` to use instead of the title, when an editor set one.
    pub title_tag: Option<String>,
    /// `metaDescription`; without it the short description is used.
    pub meta_description: Option<String>,
    /// A canonical address to announce instead of the post's own; blank means its own.
    pub canonical: Option<String>,
    /// Short description shown on cards.
    pub description: String,
    /// `publishDate`: when the post was published; orders the listings, newest first.
    pub publish_date: PublishDate,
    /// `estimatedreadtime`, in minutes.
    pub estimated_read_time: Option<u32>,
    /// `heroImage`: the picture at the top of the post and on its cards.
    pub hero_image: Option<Asset>,
    /// `bodyRichtext`: the article itself.
    pub body: Option<Document>,
    /// `doesvideoexist`.
    pub has_video: bool,
    /// `blogVideoLink`: the link of the post's video, offered only when `has_video` is set.
    pub video_link: Option<String>,
    /// `tags`: free-form labels from the editors; no rule of the site reads them.
    pub tags: Vec<String>,
    /// `blogPostProduct`.
    pub products: Vec<ProductTag>,
    /// `seoIndex`: false means 'noindex, follow' and no listing in indexable lists.
    pub seo_index: bool,
}

impl BlogPost {
    /// The picture the article shows largest on its first screen and preloads: its hero. The
    /// picture warm-up makes it first, at every width.
    pub fn first_screen_picture(&self) -> Option<&Asset> {
        self.hero_image.as_ref()
    }

    /// Whether the post is tagged with the product.
    pub fn has_product(&self, tag: ProductTag) -> bool {
        self.products.contains(&tag)
    }
}
