//! The insights listing and an insight article (docs/behaviour.md §2).

use super::{BlogCard, BlogCardList, Faq, Head, Html, Image, Pagination, Promo, VideoButton};
use crate::content::ProductTag;
use serde::Serialize;

/// 'Our Latest Insights': one page of posts, newest first. The UI shows them and, on each LOAD
/// MORE INSIGHTS, fetches the next page (`pagination.next`) and appends its cards; without
/// JavaScript the button is a link to that page.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InsightsView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// 'Our Latest Insights'.
    pub heading: &'static str,
    /// This page's cards.
    pub cards: Vec<BlogCard>,
    /// How many cards a page of the listing holds.
    pub page_size: usize,
    /// 'LOAD MORE INSIGHTS'.
    pub load_more_label: &'static str,
    /// What the page says when more insights did not arrive.
    pub load_more_failed: &'static str,
    /// Which page of the listing this is, and the links to the others.
    pub pagination: Pagination,
}

/// One insight article.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InsightView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// 'Insight'.
    pub heading: &'static str,
    /// 'Read Time: N minutes', or the publish date when the post has no read time.
    pub read_time: String,
    /// The publish date as 'Month DD, YYYY'.
    pub published: String,
    /// The publish date as `YYYY-MM-DD`, for `<time datetime>`.
    pub published_iso: String,
    /// The post's title.
    pub title: String,
    /// The post's hero picture, when it has one.
    pub hero: Option<Image>,
    /// The article, rendered.
    pub body: Html,
    /// The product tags of the post.
    pub products: Vec<ProductTag>,
    /// 'Watch Insight Video', when the post flags a video and its link gives an id.
    pub video: Option<VideoButton>,
    /// 'More Insights': 3 other articles.
    pub more_insights: BlogCardList,
    /// The post's questions and answers, when the space has a list for it.
    pub faq: Option<Faq>,
    /// 'Read More Insights' with 'View Insights' to /insights.
    pub cta: Promo,
}
