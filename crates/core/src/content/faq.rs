//! FAQ lists attached to pages by path.

use serde::{Deserialize, Serialize};

/// One question and its answer (plain text as editors write it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FaqItem {
    /// The `faqItem` entry's `sys.id` (what Live Preview's inspector names); empty when unknown.
    #[serde(default)]
    pub id: String,
    pub question: String,
    pub answer_text: String,
}

/// An add-on FAQ list (content type `addOnFaqList`), shown on the page whose path without the
/// leading slash equals `slug` (`addOnFaqListSlug`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FaqList {
    /// The `addOnFaqList` entry's `sys.id`.
    pub id: String,
    /// The `faqList` entry holding the title and the items; empty when unknown.
    #[serde(default)]
    pub list_id: String,
    pub slug: String,
    pub title: String,
    pub items: Vec<FaqItem>,
}
