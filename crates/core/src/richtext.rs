//! Contentful rich text: the document model, exactly as Contentful's JSON spells it.
//!
//! The model is deliberately loose (node types are strings) so a document round-trips
//! unchanged and a node type this code does not know is skipped rather than refused.

mod model;

pub use model::{Document, Link, Mark, Node, RichTextError};
