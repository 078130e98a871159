//! Which paths a preview link may send the browser to: paths of this site only, so the
//! preview cannot be used to redirect anyone elsewhere.

/// The longest path accepted.
const MAX_LEN: usize = 2048;

/// `path` when it is a path of this site: it starts with exactly one `/`, holds no backslash,
/// no scheme or host, no fragment, no blank or control character, and is at most 2048 bytes.
/// A query (such as a listing's `?page=2`) is allowed.
pub fn site_path(path: &str) -> Option<&str> {
    let mut bytes = path.bytes();
    let ok = path.len() <= MAX_LEN
        && bytes.next() == Some(b'/')
        && !matches!(bytes.next(), Some(b'/'))
        && !path
            .bytes()
            .any(|b| b == b'\\' || b == b'#' || b.is_ascii_whitespace() || b.is_ascii_control())
        && !path.bytes().any(|b| b >= 0x80)
        // Percent-encoded slashes and backslashes some servers and browsers decode.
        && !path.to_ascii_lowercase().contains("%5c")
        && !path.to_ascii_lowercase().starts_with("/%2f");
    ok.then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_of_this_site_are_accepted() {
        for path in ["/", "/insights/some-slug", "/insights?page=2", "/about-us"] {
            assert_eq!(site_path(path), Some(path));
        }
    }

    #[test]
    fn other_sites_and_odd_spellings_are_refused() {
        for path in [
            "",
            "insights",
            "https://evil.example/",
            "//evil.example/",
            "/\\evil.example",
            "\\\\evil.example",
            "/%5Cevil.example",
            "/%2F%2Fevil.example",
            "/insights#x",
            "/in sights",
            "/insights\r\nSet-Cookie: x=1",
            "javascript:alert(1)",
            "/caf\u{e9}",
        ] {
            assert_eq!(site_path(path), None, "{path:?}");
        }
        assert_eq!(site_path(&format!("/{}", "a".repeat(MAX_LEN))), None);
    }
}
