//! Escaping text for HTML: the one rule every writer of markup uses (rich text, the server's
//! `<head>` and shell, the enquiry email).

/// Escapes `&`, `<`, `>`, `"` and `'`, so `input` is inert in element content and in single-
/// or double-quoted attribute values alike.
pub fn escape(input: &str) -> String {
    let mut out = String::with_capacity(input.len() + 8);
    escape_into(&mut out, input);
    out
}

/// [`escape`], appending to `out`.
pub fn escape_into(out: &mut String, input: &str) {
    for c in input.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_that_could_open_markup_or_end_an_attribute_is_escaped() {
        assert_eq!(
            escape(r#"<a href="x" title='y'>&amp;</a>"#),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;"
        );
        assert_eq!(escape("Plain text, é and 💡"), "Plain text, é and 💡");
        let mut out = String::from("x");
        escape_into(&mut out, "<");
        assert_eq!(out, "x&lt;");
    }
}
