//! Escaping for the places the server writes untrusted text: HTML element text, attribute
//! values, JSON inside `<script>` elements, and percent-encoded URL parts.

/// Text for an HTML element body or an attribute value: core's one escaping rule.
pub use supplysite_core::html::{escape as html, escape_into as html_into};

/// A URL part with the bytes outside `safe` percent-encoded: core's one rule.
pub use supplysite_core::uri::percent_encode;

/// Makes serialised JSON safe to place inside a `<script>` element.
///
/// `<` and `>` could close the element or open a comment, `&` could start an entity in
/// parsers that treat the content as HTML, and U+2028/U+2029 end a line in older JavaScript
/// parsers. Each becomes its `\uXXXX` escape, which JSON reads back as the same character, so
/// the text stays valid JSON with the same value. The characters only ever occur inside JSON
/// strings, where the escapes are legal.
pub fn json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Text for an XML element (the sitemap): core's HTML escaping, whose `&#39;` is a character
/// reference XML reads as well.
pub use supplysite_core::html::escape as xml;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escapes_markup_and_both_quote_kinds() {
        assert_eq!(
            html(r#"<a href="x">Tom & 'Jerry'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn json_for_script_cannot_close_the_script_and_reads_back_unchanged() {
        let value = serde_json::json!({
            "t": "</script><!-- & \u{2028}\u{2029} <script>alert(1)</script>"
        });
        let escaped = json_for_script(&value.to_string());
        for bad in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!escaped.contains(bad), "{bad:?} left in {escaped}");
        }
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back, value);
    }

    #[test]
    fn xml_escapes_ampersands_in_urls() {
        assert_eq!(
            xml("https://x.test/a?b=1&c=<2>"),
            "https://x.test/a?b=1&amp;c=&lt;2&gt;"
        );
    }
}
