//! `renderRichText(document)`: a Contentful rich-text document as safe HTML.
//!
//! Built only into the `full` module (the `full` feature): the renderer is the heaviest
//! part of the core and the contact page does not need it.

use crate::bridge;
use supplysite_core::richtext::{Document, NoLinks, to_html};
use wasm_bindgen::prelude::*;

/// The HTML of a rich-text document given as an object or as JSON text. Links to entries and
/// embedded entries and assets need the content set, which the browser does not hold: they
/// render as their text, or not at all, as `supplysite richtext` renders them.
#[wasm_bindgen(js_name = renderRichText)]
pub fn render_rich_text(
    #[wasm_bindgen(unchecked_param_type = "string | object")] document: &JsValue,
) -> Result<String, JsError> {
    let text = match document.as_string() {
        Some(text) => text,
        None => bridge::json_text(document, "rich-text document")?,
    };
    html(&text).map_err(|m| JsError::new(&m))
}

fn html(document_json: &str) -> Result<String, String> {
    let value = bridge::from_json_text(document_json, "rich-text document")?;
    let doc = Document::from_json(value).map_err(|e| e.to_string())?;
    Ok(to_html(&doc, &NoLinks))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paragraph_renders_and_a_non_document_is_refused() {
        let doc = r#"{"nodeType":"document","data":{},"content":[{"nodeType":"paragraph","data":{},
            "content":[{"nodeType":"text","value":"a < b","marks":[],"data":{}}]}]}"#;
        assert_eq!(html(doc).unwrap(), "<p>a &lt; b</p>");
        let err = html(r#"{"nodeType":"paragraph","data":{},"content":[]}"#).unwrap_err();
        assert!(err.contains("\"paragraph\""), "{err}");
        assert!(
            html("not json")
                .unwrap_err()
                .starts_with("invalid rich-text document: ")
        );
    }
}
