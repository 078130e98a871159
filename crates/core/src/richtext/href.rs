//! Which link targets rich text may carry, and how each kind opens.
//!
//! Editors paste links; a pasted `javascript:` or `data:` link would run in a visitor's browser.
//! So the check is an allow-list of schemes (http, https, mailto, tel, and no scheme at all for
//! relative paths and `#fragments`), applied to the link as a browser would read it: HTML
//! character references decoded, and the tabs, newlines and control characters browsers drop
//! from URLs removed, before the scheme is looked at.

/// How a link target may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Href {
    /// `http(s)://` or protocol-relative `//host`: leaves the site, opens in a new tab.
    External,
    /// `mailto:` or `tel:`: handed to the visitor's mail or phone app.
    App,
    /// A path, query or `#fragment` on this site.
    Internal,
}

/// Classifies a link target, or `None` when it must not be a link (a disallowed scheme, or
/// nothing to link to).
pub fn classify(uri: &str) -> Option<Href> {
    let normalised: String = decode_references(uri)
        .chars()
        .filter(|c| !(c.is_whitespace() || c.is_control()))
        .collect::<String>()
        .to_ascii_lowercase();
    if normalised.is_empty() {
        return None;
    }
    // A scheme is whatever precedes the first ':' that comes before any '/', '?' or '#'.
    let end = normalised
        .find(['/', '?', '#', ':'])
        .filter(|&i| normalised.as_bytes()[i] == b':');
    match end.map(|i| &normalised[..i]) {
        None if normalised.starts_with("//") => Some(Href::External),
        // A backslash after the first slash is a second slash to a browser.
        None if normalised.starts_with("/\\") || normalised.starts_with('\\') => None,
        None => Some(Href::Internal),
        Some("http" | "https") => Some(Href::External),
        Some("mailto" | "tel") => Some(Href::App),
        Some(_) => None,
    }
}

/// Decodes numeric (`&#106;`, `&#x6A;`) and the named character references an attacker can use
/// to hide a scheme (`&colon;`, `&Tab;`, `&NewLine;`, …). Unknown references stay as written.
fn decode_references(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        match decode_one(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Decodes the reference at the start of `s` (which starts with '&'): the character and how
/// many bytes it took. Browsers accept numeric references without the closing ';', so this
/// does too.
fn decode_one(s: &str) -> Option<(char, usize)> {
    let body = &s[1..];
    if let Some(num) = body.strip_prefix('#') {
        let (hex, digits) = match num.strip_prefix(['x', 'X']) {
            Some(h) => (true, h),
            None => (false, num),
        };
        let len = digits
            .find(|c: char| {
                !(if hex {
                    c.is_ascii_hexdigit()
                } else {
                    c.is_ascii_digit()
                })
            })
            .unwrap_or(digits.len());
        if len == 0 {
            return None;
        }
        // Too large or not a scalar value: browsers read U+FFFD, which is harmless here.
        let c = u32::from_str_radix(&digits[..len], if hex { 16 } else { 10 })
            .ok()
            .and_then(char::from_u32)
            .unwrap_or('\u{FFFD}');
        let prefix = 1 + 1 + usize::from(hex) + len;
        let semi = usize::from(digits[len..].starts_with(';'));
        return Some((c, prefix + semi));
    }
    const NAMED: [(&str, char); 8] = [
        ("colon;", ':'),
        ("Tab;", '\t'),
        ("NewLine;", '\n'),
        ("sol;", '/'),
        ("num;", '#'),
        ("quest;", '?'),
        ("amp;", '&'),
        ("bsol;", '\\'),
    ];
    NAMED
        .iter()
        .find(|(name, _)| body.starts_with(name))
        .map(|&(name, c)| (c, 1 + name.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classify_allows_web_mail_phone_and_site_links() {
        for (uri, expected) in [
            ("https://example.com/a?b=c#d", Href::External),
            ("http://example.com", Href::External),
            ("HTTPS://EXAMPLE.COM", Href::External),
            ("//images.ctfassets.net/x.png", Href::External),
            ("mailto:info@example.com", Href::App),
            ("tel:+61 2 9000 0000", Href::App),
            ("/contact-us", Href::Internal),
            ("insights/a-post", Href::Internal),
            ("#section-2", Href::Internal),
            ("?page=2", Href::Internal),
            ("./a:b", Href::Internal),
            ("  /etender  ", Href::Internal),
        ] {
            assert_eq!(classify(uri), Some(expected), "{uri}");
        }
    }

    #[test]
    fn classify_refuses_script_and_data_schemes_however_they_are_disguised() {
        for uri in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            " javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "\u{0}javascript:alert(1)",
            "javascript&colon;alert(1)",
            "&#106;avascript:alert(1)",
            "&#x6A;avascript:alert(1)",
            "&#0000106avascript:alert(1)",
            "jav&Tab;ascript:alert(1)",
            "data:text/html;base64,PHNjcmlwdD4=",
            "DATA:text/html,<script>",
            "vbscript:msgbox(1)",
            "VbScRiPt:msgbox(1)",
            "file:///etc/passwd",
            "ftp://example.com",
            "",
            "   ",
            "/\\evil.example",
        ] {
            assert_eq!(classify(uri), None, "{uri:?}");
        }
    }

    #[test]
    fn decode_references_leaves_unknown_and_bare_ampersands_alone() {
        assert_eq!(decode_references("a&b&unknown;c"), "a&b&unknown;c");
        assert_eq!(decode_references("&#;&#x;"), "&#;&#x;");
        assert_eq!(decode_references("&#99999999999;"), "\u{FFFD}");
        assert_eq!(decode_references("&#58&#x3a;"), "::");
    }
}
