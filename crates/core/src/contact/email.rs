//! The HTML standard's "valid e-mail address", matched by hand so core needs no regex engine
//! (it ships to the browser as WebAssembly, where every kilobyte counts).

/// Whether `s` is a valid e-mail address as the WHATWG HTML standard defines it for
/// `<input type="email">`, that is, the whole of `s` matches
///
/// ```text
/// ^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$
/// ```
///
/// In words: a non-empty local part of ASCII letters, digits and ``.!#$%&'*+/=?^_`{|}~-``
/// (dots anywhere, as the standard allows), one `@`, then one or more dot-separated domain
/// labels, each 1 to 63 ASCII letters, digits or hyphens that neither starts nor ends with a
/// hyphen. A single label (`a@b`) is valid, as in browsers. Nothing is trimmed here, and
/// non-ASCII addresses are not valid (the standard's pattern has no internationalised form).
pub fn is_valid_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty() && local.bytes().all(is_local_byte) && domain.split('.').all(is_label)
}

fn is_local_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b".!#$%&'*+/=?^_`{|}~-".contains(&b)
}

fn is_label(label: &str) -> bool {
    let bytes = label.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last)) => {
            bytes.len() <= 63
                && first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && bytes
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_what_browsers_accept() {
        let label_63 = "a".repeat(63);
        for s in [
            "a@b",
            "first.last+tag@sub.example.com.au",
            "o'brien@example.co.nz",
            "x_y-z@a-b.c0",
            ".leading.and..double.dots.@example.com",
            "!#$%&'*+/=?^_`{|}~-@example.com",
            "UPPER@EXAMPLE.COM",
            "1@2.3",
            &format!("a@{label_63}.com"),
        ] {
            assert!(is_valid_email(s), "{s:?} should be valid");
        }
    }

    #[test]
    fn refuses_what_browsers_refuse() {
        let label_64 = "a".repeat(64);
        for s in [
            "",
            "a",
            "a@",
            "@b",
            "a@b..c",
            "a@.b",
            "a@b.",
            "a b@c.d",
            "a@b c.d",
            "a@-b.com",
            "a@b-.com",
            "a@b@c",
            "a(b)@c",
            "a\"b@c",
            "zoë@example.com",
            "a@exämple.com",
            "a@b_c.com",
            " a@b",
            "a@b ",
            "a@b.com\r\nBcc: x@y",
            &format!("a@{label_64}.com"),
        ] {
            assert!(!is_valid_email(s), "{s:?} should be invalid");
        }
    }
}
