//! The web build's `index.html`, read once at start-up and split where the server inserts the
//! page's head tags and data, so filling it per page is a few string copies.

use crate::cache::template::NonceTemplate;
use sha2::{Digest, Sha256};

/// The id of the `<script type="application/json">` element holding the page data.
pub const DATA_ELEMENT_ID: &str = "__SUPPLYSITE__";

/// The HTML shell of the web build.
#[derive(Clone, Debug)]
pub struct Shell {
    /// Up to `</head>`, with nonce holes in every `<script>` and module preload tag.
    head: NonceTemplate,
    /// From `</head>` up to `</body>`.
    body: NonceTemplate,
    /// From `</body>` to the end.
    tail: String,
    build_id: String,
}

/// Why an `index.html` cannot serve as the shell.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShellError {
    /// The page has no such tag (or not in the right order); holds which.
    #[error("the web build's index.html has no {0} tag")]
    MissingTag(&'static str),
}

impl Shell {
    /// Splits `html`. The shell's own `<title>` and meta description are dropped: every page
    /// brings its own. Every `<script` tag and module preload gets the response's nonce.
    pub fn parse(html: &str) -> Result<Self, ShellError> {
        let head_end = find_ci(html, "</head>").ok_or(ShellError::MissingTag("</head>"))?;
        let body_end = rfind_ci(html, "</body>").ok_or(ShellError::MissingTag("</body>"))?;
        if body_end < head_end {
            return Err(ShellError::MissingTag("</body> after </head>"));
        }
        let head = strip_meta_description(&strip_title(&html[..head_end]));
        let mut hash = Sha256::new();
        hash.update(html.as_bytes());
        Ok(Shell {
            head: with_script_nonces(&head),
            body: with_script_nonces(&html[head_end..body_end]),
            tail: html[body_end..].to_string(),
            build_id: hex::encode(&hash.finalize()[..8]),
        })
    }

    /// Identifies this build of the web UI (its `index.html` names every hashed file), for
    /// ETags; the server's own build is in [`crate::cache::stamp::BUILD_STAMP`].
    pub fn build_id(&self) -> &str {
        &self.build_id
    }

    /// The whole page: `head_tags` before `</head>`, and `data_json` (already serialised; it is
    /// escaped here) in the data element before `</body>`.
    pub fn render(&self, head_tags: &NonceTemplate, data_json: &str) -> NonceTemplate {
        let mut page = NonceTemplate::default();
        page.append(&self.head);
        page.append(head_tags);
        page.append(&self.body);
        page.push_str("<script id=\"");
        page.push_str(DATA_ELEMENT_ID);
        // Data, never run: no nonce (see `Head::render`).
        page.push_str("\" type=\"application/json\">");
        page.push_str(&crate::render::escape::json_for_script(data_json));
        page.push_str("</script>\n");
        page.push_str(&self.tail);
        page
    }
}

fn find_ci(haystack: &str, needle: &str) -> Option<usize> {
    haystack.to_ascii_lowercase().find(needle)
}

fn rfind_ci(haystack: &str, needle: &str) -> Option<usize> {
    haystack.to_ascii_lowercase().rfind(needle)
}

fn strip_title(head: &str) -> String {
    let lower = head.to_ascii_lowercase();
    match (lower.find("<title"), lower.find("</title>")) {
        (Some(start), Some(end)) if start < end => cut(head, start, end + "</title>".len()),
        _ => head.to_string(),
    }
}

fn strip_meta_description(head: &str) -> String {
    let lower = head.to_ascii_lowercase();
    let mut from = 0;
    while let Some(start) = lower[from..].find("<meta").map(|i| i + from) {
        let Some(end) = lower[start..].find('>').map(|i| i + start + 1) else {
            break;
        };
        let tag = &lower[start..end];
        if tag.contains("name=\"description\"") || tag.contains("name=description") {
            return cut(head, start, end);
        }
        from = end;
    }
    head.to_string()
}

/// Removes `html[start..end]`, and the whole line when the tag stood alone on it.
fn cut(html: &str, start: usize, end: usize) -> String {
    let line_start = html[..start].rfind('\n').map_or(0, |i| i + 1);
    let alone_before = html[line_start..start].trim().is_empty();
    let alone_after = html[end..].starts_with('\n');
    if alone_before && alone_after {
        format!("{}{}", &html[..line_start], &html[end + 1..])
    } else {
        format!("{}{}", &html[..start], &html[end..])
    }
}

/// `html` with a nonce hole in every `<script` tag and every `<link rel="modulepreload">`:
/// under the policy's `'strict-dynamic'` only what carries the nonce (or is added by a script
/// that ran) may load as a script, and a preload must not be refused for want of it.
fn with_script_nonces(html: &str) -> NonceTemplate {
    let lower = html.to_ascii_lowercase();
    let mut t = NonceTemplate::default();
    let mut from = 0;
    loop {
        let script = lower[from..].find("<script").map(|i| (i + from, "<script"));
        let link = lower[from..].find("<link").map(|i| (i + from, "<link"));
        let Some((at, tag)) = [script, link].into_iter().flatten().min() else {
            break;
        };
        let after = at + tag.len();
        let tag_end = lower[after..].find('>').map_or(lower.len(), |i| i + after);
        // `<scripts>` or similar is not a script tag; a link is only a module preload.
        let wanted = lower[after..].starts_with([' ', '>', '\n', '\t', '/'])
            && (tag == "<script" || is_module_preload(&lower[after..tag_end]));
        t.push_str(&html[from..after]);
        if wanted {
            t.push_str(" nonce=\"");
            t.push_nonce();
            t.push_str("\"");
        }
        from = after;
    }
    t.push_str(&html[from..]);
    t
}

/// Whether a `<link` tag's attributes (lower-case) make it a module preload.
fn is_module_preload(attributes: &str) -> bool {
    [
        "rel=\"modulepreload\"",
        "rel='modulepreload'",
        "rel=modulepreload",
    ]
    .iter()
    .any(|rel| attributes.contains(rel))
}

#[cfg(test)]
mod tests {
    use super::*;

    const VITE_INDEX: &str = r#"<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Shell description" />
    <title>Shell title</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-def456.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
"#;

    #[test]
    fn a_page_gets_its_head_tags_data_and_nonces_and_loses_the_shell_title() {
        let shell = Shell::parse(VITE_INDEX).unwrap();
        let mut head = NonceTemplate::default();
        head.push_str("<title>Page</title>\n");
        let page = shell.render(&head, r#"{"chrome":{},"outcome":{"t":"</script>"}}"#);
        let html = page.fill("NONCE");
        insta::assert_snapshot!(std::str::from_utf8(&html).unwrap());
    }

    #[test]
    fn module_preloads_carry_the_nonce_and_other_links_do_not() {
        let shell = Shell::parse(&VITE_INDEX.replace(
            "</head>",
            "<link rel=\"modulepreload\" crossorigin href=\"/assets/vendor-x.js\">\n</head>",
        ))
        .unwrap();
        let html = shell.render(&NonceTemplate::default(), "{}").fill("NONCE");
        let html = std::str::from_utf8(&html).unwrap();
        assert!(
            html.contains("<link nonce=\"NONCE\" rel=\"modulepreload\""),
            "{html}"
        );
        assert!(html.contains("<link rel=\"stylesheet\""), "{html}");
        assert!(
            html.contains("<script nonce=\"NONCE\" type=\"module\""),
            "{html}"
        );
    }

    #[test]
    fn a_shell_without_head_or_body_end_is_refused() {
        assert_eq!(
            Shell::parse("<html><body></body></html>").unwrap_err(),
            ShellError::MissingTag("</head>")
        );
        assert_eq!(
            Shell::parse("<html><head></head>").unwrap_err(),
            ShellError::MissingTag("</body>")
        );
    }

    #[test]
    fn the_build_id_changes_with_the_web_build() {
        let a = Shell::parse(VITE_INDEX).unwrap();
        let b = Shell::parse(&VITE_INDEX.replace("abc123", "abc124")).unwrap();
        assert_ne!(a.build_id(), b.build_id());
        assert_eq!(a.build_id().len(), 16);
    }
}
