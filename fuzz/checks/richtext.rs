//! Contentful rich text from an editor or an export: any JSON either fails to read as a
//! document or renders to HTML in which no text of the document became markup.

use supplysite_core::richtext::{Document, NoLinks, plain_text, to_html, word_count};

/// Checks one input; panics on a finding.
pub fn check(data: &[u8]) {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let Ok(document) = Document::from_json(value) else {
        return;
    };
    let html = to_html(&document, &NoLinks);
    let lower = html.to_ascii_lowercase();
    assert!(!lower.contains("<script"), "script element in {html}");
    assert!(!lower.contains("<iframe"), "iframe element in {html}");
    assert!(
        !lower.contains("href=\"javascript:"),
        "script link in {html}"
    );
    let _ = plain_text(&document);
    let _ = word_count(&document);
}
