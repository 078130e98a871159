//! Contentful rich text: the document model, exactly as Contentful's JSON spells it, and its
//! renderings (safe HTML, plain text, word count).
//!
//! The model is deliberately loose (node types are strings) so a document round-trips
//! unchanged and a node type this code does not know is skipped rather than refused.

mod data;
mod href;
mod model;
mod render;
mod text;

pub use data::{Data, Target};
pub use href::{Href, classify as classify_href};
pub use model::{Document, Link, Mark, Node, RichTextError};
pub(crate) use render::escape;
pub use render::{LinkResolver, NoLinks, to_html};
pub use text::{plain_text, word_count};
