//! Which content codings a request accepts (`Accept-Encoding`, RFC 9110 §12.5.3), for the
//! responses that carry precompressed bodies.

use axum::http::{HeaderMap, HeaderValue, header};

/// The `Vary` value of every answer whose bytes depend on the codings the client takes.
pub const VARY_ENCODING: HeaderValue = HeaderValue::from_static("accept-encoding");

/// A content coding the server has precompressed bodies in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    /// `br`.
    Brotli,
    /// `gzip`.
    Gzip,
}

impl Coding {
    fn token(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// The coding's name as `Content-Encoding` writes it.
    pub fn header_value(self) -> &'static str {
        self.token()
    }
}

/// Whether `coding` is acceptable: named with a non-zero weight, or covered by `*` with a
/// non-zero weight when not named. No header means only the identity coding is wanted here
/// (the standard allows any coding then, but a client that sends nothing is usually a tool).
pub fn accepts(headers: &HeaderMap, coding: Coding) -> bool {
    let mut star = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut params = item.split(';');
            let name = params.next().unwrap_or_default().trim();
            let weight = params
                .filter_map(|p| p.trim().strip_prefix("q=").or(p.trim().strip_prefix("Q=")))
                .map(|q| q.trim().parse::<f32>().unwrap_or(0.0))
                .next()
                .unwrap_or(1.0);
            if name.eq_ignore_ascii_case(coding.token()) {
                return weight > 0.0;
            }
            if name == "*" {
                star = Some(weight > 0.0);
            }
        }
    }
    star.unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accept(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        h
    }

    #[test]
    fn named_codings_with_a_weight_above_zero_are_accepted() {
        let browser = accept("gzip, deflate, br, zstd");
        assert!(accepts(&browser, Coding::Gzip));
        assert!(accepts(&browser, Coding::Brotli));
        assert!(accepts(&accept("GZIP;q=0.5"), Coding::Gzip));
        assert!(!accepts(&accept("gzip;q=0"), Coding::Gzip));
        assert!(!accepts(&accept("br"), Coding::Gzip));
        assert!(!accepts(&HeaderMap::new(), Coding::Gzip));
    }

    #[test]
    fn a_star_covers_codings_not_named() {
        assert!(accepts(&accept("*"), Coding::Brotli));
        assert!(!accepts(&accept("*;q=0"), Coding::Brotli));
        assert!(!accepts(&accept("br;q=0, *"), Coding::Brotli));
        assert!(accepts(&accept("br;q=0, *"), Coding::Gzip));
    }
}
