//! Rich text over whole documents: every fixture under `fixtures/richtext/` rendered to HTML,
//! plain text and a word count (or its read error), and generated documents full of hostile
//! text that must never break out of the markup.

use proptest::prelude::*;
use serde_json::json;
use supplysite_core::content::{ContentParts, ContentSet};
use supplysite_core::richtext::{Document, Mark, NoLinks, Node, plain_text, to_html, word_count};

/// A space with one post, case study and page, and the assets the fixtures embed.
fn space() -> ContentSet {
    let parts: ContentParts =
        serde_json::from_str(include_str!("fixtures/richtext-space.json")).expect("test space");
    ContentSet::new(parts, "test")
}

fn node(kind: &str) -> Node {
    Node::empty(kind)
}

#[test]
fn fixtures_render_as_in_their_snapshots() {
    let links = space();
    insta::glob!("fixtures/richtext", "*.json", |path| {
        let raw = std::fs::read_to_string(path).unwrap();
        let value: serde_json::Value = serde_json::from_str(&raw).unwrap();
        let rendered = match Document::from_json(value) {
            Ok(d) => json!({
                "html": to_html(&d, &links),
                "htmlWithoutLinks": to_html(&d, &NoLinks),
                "plainText": plain_text(&d),
                "wordCount": word_count(&d),
            }),
            Err(e) => json!({ "error": e.to_string() }),
        };
        insta::assert_json_snapshot!(rendered);
    });
}

const NODE_TYPES: &[&str] = &[
    "document",
    "paragraph",
    "heading-1",
    "heading-6",
    "ordered-list",
    "unordered-list",
    "list-item",
    "blockquote",
    "hr",
    "table",
    "table-row",
    "table-header-cell",
    "table-cell",
    "embedded-entry-block",
    "embedded-entry-inline",
    "embedded-asset-block",
    "embedded-resource-block",
    "embedded-resource-inline",
    "hyperlink",
    "entry-hyperlink",
    "asset-hyperlink",
    "resource-hyperlink",
    "text",
    "no-such-type",
];

const MARK_TYPES: &[&str] = &[
    "bold",
    "italic",
    "underline",
    "code",
    "superscript",
    "subscript",
    "strikethrough",
    "<x>",
];

/// Text an attacker might write: always contains `<x`, plus arbitrary characters.
fn hostile_text() -> impl Strategy<Value = String> {
    (any::<String>(), any::<String>()).prop_map(|(a, b)| format!("{a}<x onload=\"'&{b}"))
}

fn arb_data() -> impl Strategy<Value = serde_json::Value> {
    prop_oneof![
        Just(json!({})),
        hostile_text().prop_map(|u| json!({"uri": u})),
        prop_oneof![
            Just("post-1"),
            Just("diagram"),
            Just("factsheet"),
            Just("evil-image"),
            Just("x")
        ]
        .prop_flat_map(|id| {
            prop_oneof![Just("Entry"), Just("Asset")].prop_map(
                move |lt| json!({"target": {"sys": {"id": id, "type": "Link", "linkType": lt}}}),
            )
        }),
    ]
}

fn arb_node() -> impl Strategy<Value = Node> {
    let leaf = (
        prop::sample::select(NODE_TYPES),
        prop::option::of(hostile_text()),
        prop::collection::vec(prop::sample::select(MARK_TYPES), 0..3),
        arb_data(),
    )
        .prop_map(|(kind, value, marks, data)| Node {
            node_type: kind.to_string(),
            value,
            marks: marks.into_iter().map(|m| Mark { kind: m.into() }).collect(),
            data: data.into(),
            content: vec![],
        });
    leaf.prop_recursive(6, 64, 6, |inner| {
        (
            prop::sample::select(NODE_TYPES),
            arb_data(),
            prop::collection::vec(inner, 0..6),
        )
            .prop_map(|(kind, data, content)| Node {
                node_type: kind.to_string(),
                value: None,
                marks: vec![],
                data: data.into(),
                content,
            })
    })
}

proptest! {
    #[test]
    fn arbitrary_trees_render_without_panicking_or_leaking_markup_from_text(
        children in prop::collection::vec(arb_node(), 0..6)
    ) {
        let d = Document(Node { content: children, ..node("document") });
        for out in [to_html(&d, &space()), to_html(&d, &NoLinks)] {
            prop_assert!(!out.contains("<x"), "unescaped text in {out}");
            prop_assert!(!out.contains("onload=\""), "attribute injected in {out}");
        }
        let _ = plain_text(&d);
        let _ = word_count(&d);
    }
}
