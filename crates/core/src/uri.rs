//! Percent-encoding and decoding of URL parts: the one rule the webhook signature's canonical
//! path, the server's links, pasted video links and the reading of a request's query share.
//!
//! Hand-written rather than taken from a library: the rules are a few lines each, core builds for
//! the browser, and the exact sets (such as JavaScript's `encodeURIComponent`, which the web UI
//! uses to build the page API's address) are part of what the site and its cache agree on.

/// The bytes JavaScript's `encodeURIComponent` leaves as they are besides ASCII letters and
/// digits: the web UI writes the page API's `path` this way, so it is that parameter's one
/// canonical spelling.
pub const COMPONENT_SAFE: &[u8] = b"-_.!~*'()";

/// `input` with every byte but ASCII letters, digits and the bytes of `safe` written as
/// `%XX` (upper-case hex), as a URL part.
pub fn percent_encode(input: &str, safe: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(input.len());
    for b in input.bytes() {
        if b.is_ascii_alphanumeric() || safe.contains(&b) {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 0xF)] as char);
        }
    }
    out
}

/// `input` as JavaScript's `encodeURIComponent` writes it.
pub fn encode_component(input: &str) -> String {
    percent_encode(input, COMPONENT_SAFE)
}

/// Decodes `%XX` sequences, failing on a malformed sequence or invalid UTF-8.
pub fn percent_decode(s: &str) -> Option<String> {
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

/// Decodes an `application/x-www-form-urlencoded` value: `+` is a space, malformed `%`
/// sequences stay as written, invalid UTF-8 becomes U+FFFD.
pub fn form_decode(s: &str) -> String {
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

/// The byte two hexadecimal digits at the start of `b` spell.
fn hex_pair(b: &[u8]) -> Option<u8> {
    let hi = (*b.first()? as char).to_digit(16)?;
    let lo = (*b.get(1)? as char).to_digit(16)?;
    Some((hi * 16 + lo) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_decode_reads_plus_as_space_and_keeps_malformed_escapes() {
        assert_eq!(form_decode("a+b%20c%zz%"), "a b c%zz%");
        assert_eq!(percent_decode("%2Fok"), Some("/ok".into()));
        assert_eq!(percent_decode("%zz"), None);
        assert_eq!(percent_decode("%C3"), None);
    }

    #[test]
    fn components_are_encoded_as_the_browser_encodes_them() {
        // encodeURIComponent("/insights?page=2 a+b&c=ü'(x)!*~") in any browser.
        assert_eq!(
            encode_component("/insights?page=2 a+b&c=ü'(x)!*~"),
            "%2Finsights%3Fpage%3D2%20a%2Bb%26c%3D%C3%BC'(x)!*~"
        );
        let text = "/case-study/a-b_c.d~e%f";
        assert_eq!(percent_decode(&encode_component(text)).unwrap(), text);
    }
}
