//! The preview cookie and the secret check. The cookie is `expires.mac`: the expiry in Unix
//! seconds and an HMAC-SHA256 of it under a key derived from the preview secret, so it cannot
//! be forged or extended, and changing the secret ends every preview.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use subtle::ConstantTimeEq;

/// The name of the preview cookie.
pub const COOKIE_NAME: &str = "supplysite_preview";
/// `SameSite=None; Secure` so the cookie goes with the preview framed by Contentful's editor on
/// another site; `Partitioned` (CHIPS) so browsers that block third-party cookies still keep it,
/// in a jar of the editor's site only. Browsers without CHIPS ignore the attribute.
const ATTRIBUTES: &str = "Path=/; HttpOnly; Secure; SameSite=None; Partitioned";

type HmacSha256 = Hmac<Sha256>;

/// Whether `given` equals `secret`. Both are hashed first and the digests compared with
/// `subtle`, so the time taken depends on neither the secret's length nor how much of it
/// `given` gets right.
pub(crate) fn secret_matches(secret: &[u8], given: &[u8]) -> bool {
    let (a, b) = (Sha256::digest(secret), Sha256::digest(given));
    a.ct_eq(&b).into()
}

fn mac(secret: &[u8], expires: u64) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(&Sha256::digest(
        [b"supplysite preview cookie\0".as_slice(), secret].concat(),
    ))
    .expect("an HMAC takes a key of any length");
    mac.update(expires.to_string().as_bytes());
    mac
}

fn now_unix(now: SystemTime) -> u64 {
    now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The `Set-Cookie` value of a preview lasting `ttl` from `now`.
pub(crate) fn issue(secret: &[u8], now: SystemTime, ttl: Duration) -> String {
    let expires = now_unix(now) + ttl.as_secs();
    let tag = hex::encode(mac(secret, expires).finalize().into_bytes());
    format!(
        "{COOKIE_NAME}={expires}.{tag}; Max-Age={}; {ATTRIBUTES}",
        ttl.as_secs()
    )
}

/// The `Set-Cookie` value that ends a preview.
pub(crate) fn clear() -> String {
    format!("{COOKIE_NAME}=; Max-Age=0; {ATTRIBUTES}")
}

/// Whether `value` (the cookie's value) was issued under `secret` and has not expired.
pub(crate) fn valid(secret: &[u8], value: &str, now: SystemTime) -> bool {
    let Some((expires, tag)) = value.split_once('.') else {
        return false;
    };
    let (Ok(expires), Ok(tag)) = (expires.parse::<u64>(), hex::decode(tag)) else {
        return false;
    };
    // The MAC is checked in constant time by `verify_slice`.
    mac(secret, expires).verify_slice(&tag).is_ok() && now_unix(now) < expires
}

/// The preview cookie's value among the request's `Cookie` headers.
pub(crate) fn from_headers(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| {
            let (name, value) = pair.trim().split_once('=')?;
            (name == COOKIE_NAME).then_some(value)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef";

    fn value(set_cookie: &str) -> &str {
        let pair = set_cookie.split(';').next().unwrap();
        pair.split_once('=').unwrap().1
    }

    #[test]
    fn a_cookie_is_valid_until_it_expires_and_only_under_its_secret() {
        let now = SystemTime::now();
        let issued = issue(SECRET, now, Duration::from_secs(60));
        let v = value(&issued);
        assert!(valid(SECRET, v, now));
        assert!(valid(SECRET, v, now + Duration::from_secs(59)));
        assert!(!valid(SECRET, v, now + Duration::from_secs(61)));
        assert!(!valid(b"another secret of thirty-two chars!", v, now));
    }

    #[test]
    fn a_cookie_with_a_later_expiry_or_a_changed_mac_is_refused() {
        let now = SystemTime::now();
        let v = value(&issue(SECRET, now, Duration::from_secs(60))).to_string();
        let (expires, tag) = v.split_once('.').unwrap();
        let later = format!("{}.{tag}", expires.parse::<u64>().unwrap() + 3600);
        assert!(!valid(SECRET, &later, now));
        let mut flipped = tag.to_string();
        flipped.replace_range(0..1, if tag.starts_with('0') { "1" } else { "0" });
        assert!(!valid(SECRET, &format!("{expires}.{flipped}"), now));
        for junk in ["", ".", "x.y", "1.zz", "99999999999"] {
            assert!(!valid(SECRET, junk, now), "{junk:?}");
        }
    }

    #[test]
    fn the_cookie_is_http_only_secure_same_site_none_for_the_whole_site() {
        let issued = issue(SECRET, SystemTime::now(), Duration::from_secs(3600));
        assert!(issued.starts_with("supplysite_preview="), "{issued}");
        for attribute in [
            "Max-Age=3600",
            "Path=/",
            "HttpOnly",
            "Secure",
            "SameSite=None",
        ] {
            assert!(issued.split("; ").any(|a| a == attribute), "{issued}");
        }
        assert_eq!(
            clear(),
            "supplysite_preview=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=None; Partitioned"
        );
    }

    #[test]
    fn the_secret_check_accepts_only_the_exact_secret() {
        assert!(secret_matches(SECRET, SECRET));
        assert!(!secret_matches(SECRET, b"0123456789abcdef0123456789abcdeF"));
        assert!(!secret_matches(SECRET, b"0123456789abcdef"));
        assert!(!secret_matches(SECRET, b""));
    }

    #[test]
    fn the_cookie_is_found_among_others() {
        let mut headers = axum::http::HeaderMap::new();
        headers.append("cookie", "a=1; supplysite_preview=5.ab".parse().unwrap());
        assert_eq!(from_headers(&headers), Some("5.ab"));
        headers.clear();
        headers.append("cookie", "xsupplysite_preview=5.ab".parse().unwrap());
        assert_eq!(from_headers(&headers), None);
    }
}
