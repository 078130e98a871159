//! The file an endpoint path names. The path arrives as the browser sent it (percent-encoded);
//! each segment is decoded on its own and refused if it could climb out of the folder or name
//! a file by another spelling: empty, `.` or `..` segments, an encoded slash, a backslash, a
//! NUL, or an escape that is not valid UTF-8.

use crate::error::ImageError;
use std::path::PathBuf;

/// The folder under the export's asset folder that holds the pictures the endpoint resizes.
pub const IMAGE_HOST: &str = "images.ctfassets.net";

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

fn decode_segment(segment: &str) -> Option<String> {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let high = hex(*bytes.get(i + 1)?)?;
            let low = hex(*bytes.get(i + 2)?)?;
            out.push(high << 4 | low);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The relative file path `raw` (percent-encoded, `/`-separated, without a leading slash)
/// names, or [`ImageError::Path`].
pub fn relative_file(raw: &str) -> Result<PathBuf, ImageError> {
    let refuse = || ImageError::Path(raw.to_owned());
    let mut path = PathBuf::new();
    for segment in raw.split('/') {
        let decoded = decode_segment(segment).ok_or_else(refuse)?;
        if decoded.is_empty()
            || decoded == "."
            || decoded == ".."
            || decoded.contains(['/', '\\', '\0'])
        {
            return Err(refuse());
        }
        path.push(decoded);
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_escaped_names_are_read() {
        assert_eq!(
            relative_file("space/abc/tok/hero%20shot.jpg").unwrap(),
            PathBuf::from("space/abc/tok/hero shot.jpg")
        );
    }

    #[test]
    fn climbing_and_odd_spellings_are_refused() {
        for raw in [
            "../etc/passwd",
            "a/../../b.jpg",
            "a/%2e%2e/b.jpg",
            "a%2f..%2fb.jpg",
            "a%5c..%5cb.jpg",
            "a\\b.jpg",
            "a//b.jpg",
            "a/./b.jpg",
            "",
            "a/b.jpg%00.png",
            "a/%zz.jpg",
            "a/%ff.jpg",
        ] {
            assert!(relative_file(raw).is_err(), "{raw}");
        }
    }
}
