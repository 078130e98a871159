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
        (form_decode(name) == "url").then(|| form_decode(value))
    });
    // The parameter is decoded once as a form value and once more as a URI component (the
    // library did both, and real redirect links are encoded to suit).
    match target.filter(|t| !t.is_empty()) {
        Some(t) => percent_decode_strict(&t).unwrap_or_else(|| link.to_string()),
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

/// Decodes an `application/x-www-form-urlencoded` value: `+` is a space, malformed `%`
/// sequences stay as written, invalid UTF-8 becomes U+FFFD.
fn form_decode(s: &str) -> String {
    let bytes = s.replace('+', " ");
    let bytes = bytes.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], hex_pair(&bytes[i + 1..])) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Decodes `%XX` sequences, failing on a malformed sequence or invalid UTF-8.
fn percent_decode_strict(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(hex_pair(&bytes[i + 1..])?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
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

fn hex_pair(b: &[u8]) -> Option<u8> {
    let hi = (*b.first()? as char).to_digit(16)?;
    let lo = (*b.get(1)? as char).to_digit(16)?;
    Some((hi * 16 + lo) as u8)
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

    #[test]
    fn form_decode_reads_plus_as_space_and_keeps_malformed_escapes() {
        assert_eq!(form_decode("a+b%20c%zz%"), "a b c%zz%");
        assert_eq!(percent_decode_strict("%2Fok"), Some("/ok".into()));
        assert_eq!(percent_decode_strict("%zz"), None);
        assert_eq!(percent_decode_strict("%C3"), None);
    }
}
