//! FAQ lists attached to pages by path.

use serde::{Deserialize, Serialize};

/// One question and its answer (plain text as editors write it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FaqItem {
    pub question: String,
    pub answer_text: String,
}

/// An add-on FAQ list (content type `addOnFaqList`), shown on the page whose path without the
/// leading slash equals `slug` (`addOnFaqListSlug`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FaqList {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub items: Vec<FaqItem>,
}
