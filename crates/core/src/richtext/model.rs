//! The rich-text node tree.

use super::Data;
use serde::{Deserialize, Deserializer, Serialize};

/// A rich-text document: a [`Node`] whose `node_type` is `document`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Document(pub Node);

/// One node of a rich-text tree: a block, an inline or a text node.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Node {
    /// The node's type, e.g. `paragraph`, `hyperlink`, `embedded-entry-block` or `text`.
    pub node_type: String,
    /// Only on `text` nodes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Only on `text` nodes.
    #[serde(
        default,
        deserialize_with = "shrunk",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub marks: Vec<Mark>,
    /// `uri` for hyperlinks, `target` for entry and asset links; empty otherwise.
    #[serde(default)]
    pub data: Data,
    #[serde(
        default,
        deserialize_with = "shrunk",
        skip_serializing_if = "Vec::is_empty"
    )]
    /// The child nodes, in order; empty for text nodes.
    pub content: Vec<Node>,
}

impl Node {
    /// A node of type `kind` with no value, marks, data or children.
    pub fn empty(kind: &str) -> Node {
        Node {
            node_type: kind.into(),
            value: None,
            marks: vec![],
            data: Data::Null,
            content: vec![],
        }
    }
}

/// A text mark (`bold`, `italic`, `underline`, `code`, `superscript`, `subscript`,
/// `strikethrough`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// The mark's type, e.g. `bold`.
    #[serde(rename = "type")]
    pub kind: String,
}

/// The target of an entry or asset link node (`data.target.sys`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link<'a> {
    /// `Entry` or `Asset`.
    pub link_type: &'a str,
    /// The target's id.
    pub id: &'a str,
}

/// Why a rich-text document could not be read.
#[derive(Debug, thiserror::Error)]
pub enum RichTextError {
    /// The document is not valid rich-text JSON; holds the parser's message.
    #[error("malformed rich-text document: {0}")]
    Malformed(String),
    /// The root node is not a `document`; holds its type.
    #[error("rich-text root node is {0:?}, expected \"document\"")]
    NotADocument(String),
}

impl Document {
    /// Reads a document from Contentful's JSON.
    pub fn from_json(value: serde_json::Value) -> Result<Self, RichTextError> {
        let node: Node =
            serde_json::from_value(value).map_err(|e| RichTextError::Malformed(e.to_string()))?;
        Document::checked(node)
    }

    /// Reads a document from Contentful's JSON text, without a JSON tree in between.
    pub fn from_json_text(text: &str) -> Result<Self, RichTextError> {
        let node: Node =
            serde_json::from_str(text).map_err(|e| RichTextError::Malformed(e.to_string()))?;
        Document::checked(node)
    }

    fn checked(node: Node) -> Result<Self, RichTextError> {
        if node.node_type != "document" {
            return Err(RichTextError::NotADocument(node.node_type));
        }
        Ok(Document(node))
    }

    /// The top-level blocks.
    pub fn blocks(&self) -> &[Node] {
        &self.0.content
    }
}

impl Node {
    /// The `data.uri` of a hyperlink.
    pub fn uri(&self) -> Option<&str> {
        self.data.uri()
    }

    /// The `data.target.sys` of an entry or asset link.
    pub fn target(&self) -> Option<Link<'_>> {
        let (link_type, id) = self.data.target()?;
        Some(Link {
            link_type: link_type.unwrap_or("Entry"),
            id,
        })
    }

    /// Every node of this subtree, depth first, this one included.
    pub fn walk(&self) -> impl Iterator<Item = &Node> {
        let mut stack = vec![self];
        std::iter::from_fn(move || {
            let n = stack.pop()?;
            stack.extend(n.content.iter().rev());
            Some(n)
        })
    }
}

/// A list read without spare capacity: a large archive holds millions of them, and a list read
/// from JSON grows by doubling.
fn shrunk<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    let mut items = Vec::<T>::deserialize(d)?;
    items.shrink_to_fit();
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_a_document_and_its_links() {
        let doc = Document::from_json(json!({
            "nodeType": "document", "data": {}, "content": [
                {"nodeType": "paragraph", "data": {}, "content": [
                    {"nodeType": "text", "value": "See ", "marks": [], "data": {}},
                    {"nodeType": "entry-hyperlink", "data": {"target": {"sys": {"id": "p1", "type": "Link", "linkType": "Entry"}}},
                     "content": [{"nodeType": "text", "value": "this", "marks": [{"type": "bold"}], "data": {}}]}
                ]}
            ]
        }))
        .unwrap();
        let link = doc.0.walk().find_map(|n| n.target()).unwrap();
        assert_eq!(
            link,
            Link {
                link_type: "Entry",
                id: "p1"
            }
        );
        assert_eq!(doc.0.walk().count(), 5);
    }

    #[test]
    fn refuses_a_root_that_is_not_a_document() {
        let err = Document::from_json(json!({"nodeType": "paragraph", "data": {}, "content": []}));
        assert!(matches!(err, Err(RichTextError::NotADocument(t)) if t == "paragraph"));
        assert!(Document::from_json(json!({"content": 3})).is_err());
        let text = r#"{"nodeType": "paragraph", "data": {}, "content": []}"#;
        let err = Document::from_json_text(text);
        assert!(matches!(err, Err(RichTextError::NotADocument(t)) if t == "paragraph"));
        assert!(Document::from_json_text("[1]").is_err());
    }
}
