//! Rich text as plain text: for meta descriptions, search and reading-time estimates.
//!
//! It holds the words a visitor sees in the HTML rendering and nothing else: the same node
//! types are skipped (unknown ones, embedded entries, assets and resources, which carry no
//! words of their own in the document).

use super::model::{Document, Node};

/// Same cap as the HTML renderer, for the same reason.
const MAX_DEPTH: usize = 64;

/// The document's words, one line per block (paragraph, heading, list item, table cell, …).
/// Soft line breaks inside a block stay as line breaks; empty blocks add no blank lines.
pub fn plain_text(doc: &Document) -> String {
    let mut out = String::new();
    collect(&doc.0, &mut out, 0);
    out.trim_end_matches('\n').to_string()
}

/// How many words the document has: whitespace-separated runs with at least one letter or
/// digit, so stray punctuation ('–', '•') is not a word.
pub fn word_count(doc: &Document) -> usize {
    plain_text(doc)
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .count()
}

fn collect(node: &Node, out: &mut String, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match node.node_type.as_str() {
        "text" => out.push_str(&node.value.as_deref().unwrap_or("").replace("\r\n", "\n")),
        "hyperlink" | "entry-hyperlink" | "asset-hyperlink" | "resource-hyperlink" => {
            for child in &node.content {
                collect(child, out, depth + 1);
            }
        }
        "document" | "paragraph" | "heading-1" | "heading-2" | "heading-3" | "heading-4"
        | "heading-5" | "heading-6" | "ordered-list" | "unordered-list" | "list-item"
        | "blockquote" | "table" | "table-row" | "table-header-cell" | "table-cell" => {
            end_line(out);
            for child in &node.content {
                collect(child, out, depth + 1);
            }
            end_line(out);
        }
        _ => {}
    }
}

fn end_line(out: &mut String) {
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc(v: serde_json::Value) -> Document {
        Document::from_json(v).unwrap()
    }

    fn t(s: &str) -> serde_json::Value {
        json!({"nodeType": "text", "value": s, "marks": [], "data": {}})
    }

    fn block(kind: &str, content: Vec<serde_json::Value>) -> serde_json::Value {
        json!({"nodeType": kind, "data": {}, "content": content})
    }

    #[test]
    fn plain_text_puts_each_block_on_its_own_line_and_joins_inline_runs() {
        let d = doc(block(
            "document",
            vec![
                block("heading-2", vec![t("Why "), t("sourcing")]),
                block(
                    "paragraph",
                    vec![
                        t("Read "),
                        json!({"nodeType": "hyperlink", "data": {"uri": "https://x.test"}, "content": [t("this guide")]}),
                        t("."),
                    ],
                ),
                block(
                    "unordered-list",
                    vec![
                        block("list-item", vec![block("paragraph", vec![t("one")])]),
                        block("list-item", vec![block("paragraph", vec![t("two")])]),
                    ],
                ),
                block("paragraph", vec![]),
                block("paragraph", vec![t("line 1\nline 2")]),
            ],
        ));
        assert_eq!(
            plain_text(&d),
            "Why sourcing\nRead this guide.\none\ntwo\nline 1\nline 2"
        );
    }

    #[test]
    fn plain_text_skips_unknown_and_embedded_nodes_but_keeps_their_siblings() {
        let d = doc(block(
            "document",
            vec![
                block("mystery-block", vec![t("hidden")]),
                json!({"nodeType": "embedded-entry-block", "data": {"target": {"sys": {"id": "e1", "type": "Link", "linkType": "Entry"}}}, "content": []}),
                block("paragraph", vec![t("shown")]),
            ],
        ));
        assert_eq!(plain_text(&d), "shown");
    }

    #[test]
    fn word_count_counts_words_across_blocks_and_ignores_lone_punctuation() {
        let d = doc(block(
            "document",
            vec![
                block("paragraph", vec![t("Cut sourcing cycle time – by weeks.")]),
                block(
                    "table",
                    vec![block(
                        "table-row",
                        vec![
                            block("table-cell", vec![block("paragraph", vec![t("RFx")])]),
                            block("table-cell", vec![block("paragraph", vec![t("ISO27001")])]),
                        ],
                    )],
                ),
            ],
        ));
        assert_eq!(word_count(&d), 8);
        assert_eq!(word_count(&doc(block("document", vec![]))), 0);
    }
}
