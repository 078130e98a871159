//! Percent-encoding of URL parts: the one rule the webhook signature's canonical path and the
//! server's links share.

/// `input` with every byte but ASCII letters, digits and the bytes of `safe` written as
/// `%XX` (upper-case hex), as a URL part.
pub fn percent_encode(input: &str, safe: &[u8]) -> String {
    let mut out = String::with_capacity(input.len());
    for b in input.bytes() {
        if b.is_ascii_alphanumeric() || safe.contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
