//! Rich text to safe HTML.
//!
//! Every Contentful node type has a rendering here; a node type this code does not know is
//! skipped with its subtree while its siblings are kept, so a new editor feature degrades to
//! missing content rather than a broken page. All text and attribute values are escaped, and a
//! link is only written when [`href::classify`](super::href::classify) allows its target;
//! otherwise its text is shown without a link. Rendering never fails and never panics.

use super::href::{self, Href};
use super::model::{Document, Node};
use crate::asset::Asset;
use crate::picture;
use std::fmt::Write;

/// Nodes nested deeper than this are dropped: a real document is a handful of levels deep,
/// and the cap keeps a hostile document from exhausting the stack.
const MAX_DEPTH: usize = 64;

/// Where rich-text links to entries and assets point.
pub trait LinkResolver {
    /// The site path of an entry (`/insights/{slug}`, …), or `None` when the entry is not
    /// something the site shows.
    fn entry_path(&self, id: &str) -> Option<String>;

    /// An asset by id.
    fn asset(&self, id: &str) -> Option<&Asset>;

    /// The title a link card shows for an entry. Without one the card shows its path.
    fn entry_title(&self, _id: &str) -> Option<String> {
        None
    }
}

/// Resolves nothing: entry links render as plain text and embedded entries and assets are
/// left out. For rendering a document on its own (`supplysite richtext`).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoLinks;

impl LinkResolver for NoLinks {
    fn entry_path(&self, _id: &str) -> Option<String> {
        None
    }

    fn asset(&self, _id: &str) -> Option<&Asset> {
        None
    }
}

/// Renders a document as HTML.
///
/// Trailing empty paragraphs are dropped (Contentful's editor always ends a document with
/// one); empty paragraphs elsewhere are kept as `<p></p>` because the editor put them there.
pub fn to_html(doc: &Document, links: &dyn LinkResolver) -> String {
    let blocks = doc.blocks();
    let keep = blocks.len()
        - blocks
            .iter()
            .rev()
            .take_while(|n| is_empty_paragraph(n))
            .count();
    let mut r = Renderer {
        links,
        out: String::new(),
    };
    r.nodes(&blocks[..keep], 1);
    r.out
}

fn is_empty_paragraph(node: &Node) -> bool {
    node.node_type == "paragraph"
        && node
            .content
            .iter()
            .all(|n| n.node_type == "text" && n.value.as_deref().unwrap_or("").is_empty())
}

struct Renderer<'a> {
    links: &'a dyn LinkResolver,
    out: String,
}

impl<'a> Renderer<'a> {
    fn nodes(&mut self, nodes: &[Node], depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        for node in nodes {
            self.node(node, depth);
        }
    }

    fn node(&mut self, node: &Node, depth: usize) {
        let children = &node.content;
        let wrap = |tag: &str| (format!("<{tag}>"), format!("</{tag}>"));
        let (open, close) = match node.node_type.as_str() {
            "text" => {
                text(&mut self.out, node);
                return;
            }
            "document" => (String::new(), String::new()),
            "paragraph" => wrap("p"),
            "heading-1" => wrap("h1"),
            "heading-2" => wrap("h2"),
            "heading-3" => wrap("h3"),
            "heading-4" => wrap("h4"),
            "heading-5" => wrap("h5"),
            "heading-6" => wrap("h6"),
            "ordered-list" => wrap("ol"),
            "unordered-list" => wrap("ul"),
            "list-item" => wrap("li"),
            "blockquote" => wrap("blockquote"),
            "hr" => {
                self.out.push_str("<hr>");
                return;
            }
            "table" => ("<table><tbody>".into(), "</tbody></table>".into()),
            "table-row" => wrap("tr"),
            "table-header-cell" => wrap("th"),
            "table-cell" => wrap("td"),
            "hyperlink" => match node
                .uri()
                .and_then(|u| Some((u.trim(), href::classify(u)?)))
            {
                Some((uri, kind)) => anchor(uri, kind, &[]),
                None => (String::new(), String::new()),
            },
            "entry-hyperlink" => match self.entry_path(node) {
                Some(path) => anchor(&path, Href::Internal, &[]),
                None => (String::new(), String::new()),
            },
            "asset-hyperlink" => match self.asset(node).and_then(file_href) {
                Some((url, kind)) => anchor(url, kind, &[]),
                None => (String::new(), String::new()),
            },
            // Resources live in other spaces, which this site does not load: keep the words.
            "resource-hyperlink" => (String::new(), String::new()),
            "embedded-entry-block" => {
                if let Some(card) = self.entry_link(node) {
                    let _ = write!(self.out, "<div class=\"rich-text-card\">{card}</div>");
                }
                return;
            }
            "embedded-entry-inline" => {
                if let Some(link) = self.entry_link(node) {
                    self.out.push_str(&link);
                }
                return;
            }
            "embedded-asset-block" => {
                if let Some(asset) = self.asset(node) {
                    embedded_asset(&mut self.out, asset);
                }
                return;
            }
            // Unknown types and embedded resources: skipped, subtree and all.
            _ => return,
        };
        // A link with no words would be an empty, unlabelled target: leave it out.
        let before = self.out.len();
        self.out.push_str(&open);
        let after_open = self.out.len();
        self.nodes(children, depth + 1);
        if open.starts_with("<a ") && self.out.len() == after_open {
            self.out.truncate(before);
        } else {
            self.out.push_str(&close);
        }
    }

    fn entry_path(&self, node: &Node) -> Option<String> {
        let target = node.target()?;
        if target.link_type != "Entry" {
            return None;
        }
        self.links.entry_path(target.id)
    }

    fn asset(&self, node: &Node) -> Option<&'a Asset> {
        let target = node.target()?;
        if target.link_type != "Asset" {
            return None;
        }
        self.links.asset(target.id)
    }

    /// `<a href="/insights/slug">Title</a>` for an embedded entry the site shows.
    fn entry_link(&self, node: &Node) -> Option<String> {
        let path = self.entry_path(node)?;
        let id = node.target()?.id;
        let title = self
            .links
            .entry_title(id)
            .filter(|t| !t.trim().is_empty())
            .unwrap_or_else(|| path.clone());
        let (open, close) = anchor(&path, Href::Internal, &[]);
        Some(format!("{open}{}{close}", escape(&title)))
    }
}

/// The opening and closing tags of a link; `extra` are further `name="value"` attributes.
fn anchor(href: &str, kind: Href, extra: &[(&str, &str)]) -> (String, String) {
    let mut open = format!("<a href=\"{}\"", escape(href));
    for (name, value) in extra {
        let _ = write!(open, " {name}=\"{}\"", escape(value));
    }
    if kind == Href::External {
        open.push_str(" target=\"_blank\" rel=\"noopener noreferrer\"");
    }
    open.push('>');
    (open, "</a>".into())
}

/// The URL of an asset's file and how it opens, when it is safe to link to.
fn file_href(asset: &Asset) -> Option<(&str, Href)> {
    let url = asset.url.trim();
    Some((url, href::classify(url)?))
}

/// An image as `<figure><img …></figure>`, any other file as a download link.
fn embedded_asset(out: &mut String, asset: &Asset) {
    let Some((url, kind)) = file_href(asset) else {
        return;
    };
    if is_image(asset) {
        let _ = write!(
            out,
            "<figure class=\"rich-text-image\">{}</figure>",
            picture::rich_text_html(asset, url, escape)
        );
    } else {
        let label = [&asset.title, &asset.file_name]
            .into_iter()
            .flatten()
            .find(|s| !s.trim().is_empty())
            .map(String::as_str)
            .unwrap_or("Download");
        let (open, close) = anchor(url, kind, &[("download", "")]);
        let _ = write!(
            out,
            "<p class=\"rich-text-file\">{open}{}{close}</p>",
            escape(label)
        );
    }
}

/// Images by MIME type, or by file extension when the type is unknown.
fn is_image(asset: &Asset) -> bool {
    if let Some(t) = &asset.content_type {
        return t.trim().to_ascii_lowercase().starts_with("image/");
    }
    let name = asset.file_name.as_deref().unwrap_or(&asset.url);
    let name = name.split(['?', '#']).next().unwrap_or("");
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    matches!(
        ext.as_deref(),
        Some("jpg" | "jpeg" | "png" | "gif" | "webp" | "avif" | "svg")
    )
}

/// Marks, outermost first. Fixed order so the same marks always nest the same way.
const MARKS: [(&str, &str); 7] = [
    ("bold", "strong"),
    ("italic", "em"),
    ("underline", "u"),
    ("strikethrough", "s"),
    ("superscript", "sup"),
    ("subscript", "sub"),
    ("code", "code"),
];

/// A text node: escaped, soft line breaks as `<br>`, wrapped in its marks.
fn text(out: &mut String, node: &Node) {
    let value = node.value.as_deref().unwrap_or("");
    if value.is_empty() {
        return;
    }
    let marks: Vec<&str> = MARKS
        .iter()
        .filter(|(kind, _)| node.marks.iter().any(|m| m.kind == *kind))
        .map(|&(_, tag)| tag)
        .collect();
    for tag in &marks {
        let _ = write!(out, "<{tag}>");
    }
    for (i, line) in value.replace("\r\n", "\n").split('\n').enumerate() {
        if i > 0 {
            out.push_str("<br>");
        }
        out.push_str(&escape(line));
    }
    for tag in marks.iter().rev() {
        let _ = write!(out, "</{tag}>");
    }
}

pub(crate) use crate::html::escape;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{ContentParts, ContentSet};
    use crate::richtext::plain_text;
    use serde_json::json;

    /// A space with one post, case study and page, and the assets the fixtures embed.
    fn space() -> ContentSet {
        let parts: ContentParts =
            serde_json::from_str(include_str!("../../tests/fixtures/richtext-space.json"))
                .expect("test space");
        ContentSet::new(parts, "test")
    }

    fn doc(v: serde_json::Value) -> Document {
        Document::from_json(v).unwrap()
    }

    fn t(s: &str) -> serde_json::Value {
        json!({"nodeType": "text", "value": s, "marks": [], "data": {}})
    }

    fn para(content: Vec<serde_json::Value>) -> serde_json::Value {
        json!({"nodeType": "paragraph", "data": {}, "content": content})
    }

    fn html(blocks: Vec<serde_json::Value>) -> String {
        to_html(
            &doc(json!({"nodeType": "document", "data": {}, "content": blocks})),
            &space(),
        )
    }

    #[test]
    fn content_set_resolves_entries_to_their_site_routes_and_titles() {
        let s = space();
        assert_eq!(
            s.entry_path("post-1").as_deref(),
            Some("/insights/why-erfx")
        );
        assert_eq!(
            s.entry_path("case-1").as_deref(),
            Some("/case-study/manage-contractor-compliance")
        );
        assert_eq!(
            s.entry_path("page-1").as_deref(),
            Some("/page/supplier-onboarding")
        );
        assert_eq!(s.entry_path("nope"), None);
        assert_eq!(
            s.entry_title("page-1").as_deref(),
            Some("Supplier onboarding")
        );
        assert_eq!(
            LinkResolver::asset(&s, "factsheet").map(|a| a.url.as_str()),
            Some("/assets/etender-factsheet.pdf")
        );
    }

    #[test]
    fn external_links_open_in_a_new_tab_without_an_opener_and_site_links_do_not() {
        let out = html(vec![para(vec![
            json!({"nodeType": "hyperlink", "data": {"uri": "https://x.test"}, "content": [t("out")]}),
            json!({"nodeType": "hyperlink", "data": {"uri": "/etender"}, "content": [t("in")]}),
        ])]);
        assert_eq!(
            out,
            "<p><a href=\"https://x.test\" target=\"_blank\" rel=\"noopener noreferrer\">out</a>\
             <a href=\"/etender\">in</a></p>"
        );
    }

    #[test]
    fn refused_links_keep_their_words_without_the_link() {
        let out = html(vec![para(vec![
            json!({"nodeType": "hyperlink", "data": {"uri": " JAVA\nSCRIPT:alert(1)"}, "content": [t("click")]}),
        ])]);
        assert_eq!(out, "<p>click</p>");
    }

    #[test]
    fn trailing_empty_paragraphs_are_dropped_but_inner_ones_kept() {
        let out = html(vec![
            para(vec![]),
            para(vec![t("a")]),
            para(vec![t("")]),
            para(vec![t("b")]),
            para(vec![t("")]),
            para(vec![]),
        ]);
        assert_eq!(out, "<p></p><p>a</p><p></p><p>b</p>");
    }

    #[test]
    fn marks_nest_in_one_fixed_order_whatever_order_the_editor_applied_them() {
        let a = html(vec![para(vec![
            json!({"nodeType": "text", "value": "x", "marks": [{"type": "italic"}, {"type": "bold"}], "data": {}}),
        ])]);
        let b = html(vec![para(vec![
            json!({"nodeType": "text", "value": "x", "marks": [{"type": "bold"}, {"type": "italic"}], "data": {}}),
        ])]);
        assert_eq!(a, "<p><strong><em>x</em></strong></p>");
        assert_eq!(a, b);
    }

    #[test]
    fn nesting_beyond_the_depth_cap_is_dropped_instead_of_overflowing_the_stack() {
        let mut node = Node::empty("blockquote");
        for _ in 0..10_000 {
            node = Node {
                content: vec![node],
                ..node_like("blockquote")
            };
        }
        let d = Document(Node {
            content: vec![node],
            ..node_like("document")
        });
        let out = to_html(&d, &NoLinks);
        assert_eq!(out.matches("<blockquote>").count(), MAX_DEPTH);
        assert_eq!(plain_text(&d), "");
        // Dropping the deep tree is recursive too; forget it so the test measures rendering only.
        std::mem::forget(d);
    }

    fn node_like(kind: &str) -> Node {
        Node::empty(kind)
    }
}
