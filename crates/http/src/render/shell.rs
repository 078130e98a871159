//! The web build's `index.html`, read once at start-up and split where the server inserts the
//! page's head tags and data, so filling it per page is a few string copies.
//!
//! The shell's inline scripts (the web build's entry loader) are allowed by the
//! Content-Security-Policy by their SHA-256 (see [`crate::front::security`]): their text is the
//! same in every page and every response, so the policy is fixed for the process and a page kept
//! by a shared cache is exactly as strict as a fresh one.

use base64::Engine;
use sha2::{Digest, Sha256};

/// The id of the `<script type="application/json">` element holding the page data.
pub const DATA_ELEMENT_ID: &str = "__SUPPLYSITE__";

/// The HTML shell of the web build.
#[derive(Clone, Debug)]
pub struct Shell {
    /// Up to `</head>`, without the shell's title and description.
    head: String,
    /// From `</head>` up to `</body>`.
    body: String,
    /// From `</body>` to the end.
    tail: String,
    build_id: String,
    /// A CSP hash source (`'sha256-…'`) for each distinct inline script, in the shell's order.
    script_hashes: Vec<String>,
}

/// Why an `index.html` cannot serve as the shell.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShellError {
    /// The page has no such tag (or not in the right order); holds which.
    #[error("the web build's index.html has no {0} tag")]
    MissingTag(&'static str),
    /// A `<script>` loads a file (holds its tag): the policy allows the shell's inline scripts
    /// by hash and nothing else, so it would never run. The web build loads its entry from an
    /// inline loader instead (`web/vite.config.ts`, `entryAfterFirstPaint`).
    #[error(
        "the web build's index.html loads a script from a file ({0}); only inline scripts, allowed by their hash, run under the site's policy"
    )]
    ScriptFromFile(String),
    /// A `<script>` that is never closed.
    #[error("the web build's index.html has a <script> without </script>")]
    UnclosedScript,
}

impl Shell {
    /// Splits `html`. The shell's own `<title>` and meta description are dropped: every page
    /// brings its own. Every inline `<script>` is hashed for the policy; a script loaded from a
    /// file is refused ([`ShellError::ScriptFromFile`]).
    pub fn parse(html: &str) -> Result<Self, ShellError> {
        let head_end = find_ci(html, "</head>").ok_or(ShellError::MissingTag("</head>"))?;
        let body_end = rfind_ci(html, "</body>").ok_or(ShellError::MissingTag("</body>"))?;
        if body_end < head_end {
            return Err(ShellError::MissingTag("</body> after </head>"));
        }
        let script_hashes = inline_script_hashes(html)?;
        let head = strip_meta_description(&strip_title(&html[..head_end]));
        let mut hash = Sha256::new();
        hash.update(html.as_bytes());
        Ok(Shell {
            head,
            body: html[head_end..body_end].to_string(),
            tail: html[body_end..].to_string(),
            build_id: hex::encode(&hash.finalize()[..8]),
            script_hashes,
        })
    }

    /// Identifies this build of the web UI (its `index.html` names every hashed file), for
    /// ETags; the server's own build is in [`crate::cache::stamp::BUILD_STAMP`].
    pub fn build_id(&self) -> &str {
        &self.build_id
    }

    /// The CSP hash sources (`'sha256-…'`) of the shell's inline scripts: the only scripts of a
    /// page that run without being added by another that runs.
    pub fn script_hashes(&self) -> &[String] {
        &self.script_hashes
    }

    /// The whole page: `head_tags` before `</head>`, and `data_json` (already serialised; it is
    /// escaped here) in the data element before `</body>`, which names the page's `route`
    /// template in its `data-route` attribute (what the page's Web Vitals reports are counted
    /// under, `crate::metrics::route_template`: the server's rule, so the browser keeps no copy
    /// of the route table).
    pub fn render(&self, head_tags: &str, data_json: &str, route: &str) -> String {
        let data = crate::render::escape::json_for_script(data_json);
        let mut page = String::with_capacity(
            self.head.len() + head_tags.len() + self.body.len() + data.len() + self.tail.len() + 96,
        );
        page.push_str(&self.head);
        page.push_str(head_tags);
        page.push_str(&self.body);
        page.push_str("<script id=\"");
        page.push_str(DATA_ELEMENT_ID);
        page.push_str("\" data-route=\"");
        supplysite_core::html::escape_into(&mut page, route);
        // Data, never run: the policy does not govern it (see `head::render`).
        page.push_str("\" type=\"application/json\">");
        page.push_str(&data);
        page.push_str("</script>\n");
        page.push_str(&self.tail);
        page
    }
}

/// The CSP hash source of an inline script whose text is `text`: `'sha256-` and the base64 of
/// its SHA-256. The browser hashes the text as it parsed it, and HTML parsing turns every CR LF
/// and lone CR into LF, so the same is done here first.
pub fn script_hash(text: &str) -> String {
    let digest = if text.contains('\r') {
        Sha256::digest(text.replace("\r\n", "\n").replace('\r', "\n").as_bytes())
    } else {
        Sha256::digest(text.as_bytes())
    };
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The hash source of every distinct inline script of `html`, in order. Every inline script is
/// hashed, a data block too (harmless: its text is data to the browser whatever the policy
/// says). Hand-written rather than an HTML parser: the shell is the web build's own small,
/// well-formed file, and a script element's text is raw text that ends at the first `</script`,
/// which is all the browser does with it too.
fn inline_script_hashes(html: &str) -> Result<Vec<String>, ShellError> {
    let lower = html.to_ascii_lowercase();
    let mut hashes: Vec<String> = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<script").map(|i| i + from) {
        let after = at + "<script".len();
        // `<scripts>` or similar is not a script tag.
        if !lower[after..].starts_with([' ', '>', '\n', '\t', '\r', '/']) {
            from = after;
            continue;
        }
        let tag_end = lower[after..]
            .find('>')
            .map(|i| i + after)
            .ok_or(ShellError::UnclosedScript)?;
        if has_attribute(&lower[after..tag_end], "src") {
            return Err(ShellError::ScriptFromFile(html[at..=tag_end].to_string()));
        }
        let close = lower[tag_end..]
            .find("</script")
            .map(|i| i + tag_end)
            .ok_or(ShellError::UnclosedScript)?;
        let hash = script_hash(&html[tag_end + 1..close]);
        if !hashes.contains(&hash) {
            hashes.push(hash);
        }
        from = close + "</script".len();
    }
    Ok(hashes)
}

/// Whether a tag's attributes (lower-case, after the tag name) include `name`, reading names and
/// values as the HTML tokenizer does: a value may be quoted, and `data-src` is not `src`.
fn has_attribute(attributes: &str, name: &str) -> bool {
    let mut rest = attributes;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
        if rest.is_empty() {
            return false;
        }
        let end = rest
            .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/')
            .unwrap_or(rest.len());
        if &rest[..end] == name {
            return true;
        }
        rest = rest[end..].trim_start();
        if let Some(value) = rest.strip_prefix('=') {
            let value = value.trim_start();
            rest = match value.chars().next() {
                Some(q @ ('"' | '\'')) => value[1..].find(q).map_or("", |i| &value[i + 2..]),
                _ => value
                    .find(|c: char| c.is_ascii_whitespace())
                    .map_or("", |i| &value[i..]),
            };
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What the web build writes: the entry's module script replaced by an inline loader at the
    /// end of the body, module preloads and the stylesheet in the head.
    const VITE_INDEX: &str = r#"<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Shell description" />
    <title>Shell title</title>
    <link rel="modulepreload" crossorigin href="/assets/vendor-x.js">
    <link rel="stylesheet" crossorigin href="/assets/index-def456.css">
  </head>
  <body>
    <div id="root"></div>
    <script>(()=>{document.title="x"})()</script>
  </body>
</html>
"#;

    /// `base64(sha256("(()=>{document.title=\"x\"})()"))`, computed apart (Python's hashlib).
    const LOADER_HASH: &str = "'sha256-OFgWIzBNGbR9J4PpO9XyoavIsFEH11oi4B1gERjHcLo='";

    #[test]
    fn a_page_gets_its_head_tags_and_data_and_loses_the_shell_title() {
        let shell = Shell::parse(VITE_INDEX).unwrap();
        let html = shell.render(
            "<title>Page</title>\n",
            r#"{"chrome":{},"outcome":{"t":"</script>"}}"#,
            "/insights/:slug",
        );
        insta::assert_snapshot!(html);
    }

    #[test]
    fn the_inline_loader_is_hashed_as_the_browser_hashes_it_and_left_as_it_is() {
        let shell = Shell::parse(VITE_INDEX).unwrap();
        assert_eq!(shell.script_hashes(), [LOADER_HASH]);
        let html = shell.render("", "{}", "/");
        // Nothing is added to the scripts or the preloads: the page is the same for everyone.
        assert!(html.contains("<script>(()=>{document.title=\"x\"})()</script>"));
        assert!(
            html.contains("<link rel=\"modulepreload\" crossorigin href=\"/assets/vendor-x.js\">")
        );
        assert!(!html.contains("nonce"), "{html}");
    }

    #[test]
    fn line_breaks_are_hashed_as_the_html_parser_leaves_them() {
        // Python: base64(sha256("\nlet a = 1;\nlet b = 2;\n")).
        let lf = "'sha256-BD6/Geakp0a4NaD3YYTotWuzz4jnAvDSJU3aqCUMRFI='";
        assert_eq!(script_hash("\nlet a = 1;\nlet b = 2;\n"), lf);
        assert_eq!(script_hash("\r\nlet a = 1;\rlet b = 2;\r\n"), lf);
    }

    #[test]
    fn every_distinct_inline_script_is_hashed_once_in_order() {
        let html = VITE_INDEX.replace(
            "</head>",
            "<SCRIPT type=\"importmap\">{}</SCRIPT><scripts></scripts><script>(()=>{document.title=\"x\"})()</script></head>",
        );
        let shell = Shell::parse(&html).unwrap();
        assert_eq!(
            shell.script_hashes(),
            [script_hash("{}"), LOADER_HASH.to_string()]
        );
    }

    #[test]
    fn a_script_loaded_from_a_file_is_refused_and_data_src_is_not_src() {
        let file = VITE_INDEX.replace(
            "</head>",
            "<script type=\"module\" crossorigin src=\"/assets/index-abc123.js\"></script></head>",
        );
        assert_eq!(
            Shell::parse(&file).unwrap_err(),
            ShellError::ScriptFromFile(
                "<script type=\"module\" crossorigin src=\"/assets/index-abc123.js\">".into()
            )
        );
        for tag in [
            "<script src=x>",
            "<script defer\nSRC='x'>",
            "<script/src=x>",
        ] {
            let html = VITE_INDEX.replace("</head>", &format!("{tag}</script></head>"));
            assert!(
                matches!(Shell::parse(&html), Err(ShellError::ScriptFromFile(_))),
                "{tag}"
            );
        }
        let data = VITE_INDEX.replace(
            "</head>",
            "<script data-src=\"x\" title='a src=b'>1</script></head>",
        );
        assert_eq!(Shell::parse(&data).unwrap().script_hashes().len(), 2);
        assert_eq!(
            Shell::parse(&VITE_INDEX.replace("</script>", "")).unwrap_err(),
            ShellError::UnclosedScript
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
        let b = Shell::parse(&VITE_INDEX.replace("def456", "def457")).unwrap();
        assert_ne!(a.build_id(), b.build_id());
        assert_eq!(a.build_id().len(), 16);
    }
}
