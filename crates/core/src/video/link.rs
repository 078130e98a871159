//! Cleaning a pasted link before its service is recognised: embed snippets reduced to their
//! `src`, surrounding whitespace and one `www.` removed, Google redirect links followed.

/// Reduces an embed snippet to its `src`, trims it and drops the first `/www.` to `/`.
pub fn sanitize(input: &str) -> String {
    let link = if input.to_ascii_lowercase().contains("<iframe") {
        iframe_src(input).unwrap_or("")
    } else {
        input
    };
    link.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
        .replacen("/www.", "/", 1)
}

/// The first double-quoted `src` value that stays on one line.
fn iframe_src(snippet: &str) -> Option<&str> {
    snippet.match_indices("src=\"").find_map(|(i, m)| {
        let rest = &snippet[i + m.len()..];
        let end = rest.find(|c: char| c == '"' || is_line_end(c))?;
        rest[end..].starts_with('"').then(|| &rest[..end])
    })
}

/// The target of a Google redirect link (`https://google.com/url?…&url=<encoded link>`), or the
/// link unchanged when it is not one or its target cannot be read.
pub fn follow_google_redirect(link: &str) -> String {
    if !(link.contains("//google") || link.contains("www.google")) || !has_scheme(link) {
        return link.to_string();
    }
    let query = link
        .split_once('?')
        .map(|(_, q)| q.split('#').next().unwrap_or(""))
        .unwrap_or("");
    let target = query.split('&').find_map(|pair| {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        (crate::uri::form_decode(name) == "url").then(|| crate::uri::form_decode(value))
    });
    // The parameter is decoded once as a form value and once more as a URI component (the
    // library did both, and real redirect links are encoded to suit).
    match target.filter(|t| !t.is_empty()) {
        Some(t) => crate::uri::percent_decode(&t).unwrap_or_else(|| link.to_string()),
        None => link.to_string(),
    }
}

/// Whether the link starts with a URL scheme (`https:`), as an absolute URL must.
fn has_scheme(link: &str) -> bool {
    match link.split_once(':') {
        Some((scheme, _)) => {
            let mut chars = scheme.chars();
            chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}

/// The text up to the first line break: where a pattern's "any character" stops.
pub fn first_line(s: &str) -> &str {
    s.split(is_line_end).next().unwrap_or(s)
}

/// The characters JavaScript's `.` does not match.
pub fn is_line_end(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

/// The longest prefix of `s` whose characters all satisfy `keep`.
pub fn run(s: &str, keep: impl Fn(char) -> bool) -> &str {
    &s[..s.find(|c: char| !keep(c)).unwrap_or(s.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitize_takes_the_src_of_an_embed_snippet_trims_and_drops_one_www() {
        assert_eq!(
            sanitize("  <IFRAME width=\"5\" src=\"https://www.youtube.com/embed/x\"></iframe> "),
            "https://youtube.com/embed/x"
        );
        assert_eq!(sanitize("<iframe src='x'>"), "");
        assert_eq!(
            sanitize("\u{feff} https://www.a/www.b \n"),
            "https://a/www.b"
        );
    }

    #[test]
    fn follow_google_redirect_decodes_the_url_parameter_and_otherwise_keeps_the_link() {
        assert_eq!(
            follow_google_redirect(
                "https://google.cz/url?sa=t&url=https%3A%2F%2Fvimeo.com%2F35652044&usg=x"
            ),
            "https://vimeo.com/35652044"
        );
        for unchanged in [
            "https://google.cz/url?sa=t&usg=x",
            "https://google.cz/url?url=",
            "https://google.cz/url?url=%E0%A4%A",
            "google.com/url?url=https%3A%2F%2Fvimeo.com%2F1",
            "https://example.com/?url=https%3A%2F%2Fvimeo.com%2F1",
        ] {
            assert_eq!(follow_google_redirect(unchanged), unchanged);
        }
    }
}
