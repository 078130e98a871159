//! FAQ lists attached to pages by path.

use serde::{Deserialize, Serialize};

/// One question and its answer (plain text as editors write it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FaqItem {
    /// The `faqItem` entry's `sys.id` (what Live Preview's inspector names); empty when unknown.
    #[serde(default)]
    pub id: String,
    /// `question`: the question.
    pub question: String,
    /// `answerText`: the answer, as plain text.
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
    /// `addOnFaqListSlug`: the path of the page the list belongs to, without its leading slash (`etender`, `insights/some-post`).
    pub slug: String,
    /// The list's title, the FAQ block's heading.
    pub title: String,
    /// The questions, in editor order.
    pub items: Vec<FaqItem>,
}
