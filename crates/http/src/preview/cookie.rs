//! The preview cookie and the secret check. The cookie is `epoch.expires.mac`: the preview
//! epoch it was issued in, the expiry in Unix seconds and an HMAC-SHA256 of both under a key
//! derived from the preview secret, so it cannot be forged, extended or moved to another
//! epoch. Changing the epoch (`SUPPLYSITE_PREVIEW_EPOCH`) ends every preview handed out
//! before, a copied cookie included, without changing the secret editors' preview URLs carry;
//! changing the secret ends them too.

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

fn mac(secret: &[u8], epoch: u64, expires: u64) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(&Sha256::digest(
        [b"supplysite preview cookie\0".as_slice(), secret].concat(),
    ))
    .expect("an HMAC takes a key of any length");
    mac.update(format!("{epoch}.{expires}").as_bytes());
    mac
}

fn now_unix(now: SystemTime) -> u64 {
    now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The `Set-Cookie` value of a preview in `epoch` lasting `ttl` from `now`.
pub(crate) fn issue(secret: &[u8], epoch: u64, now: SystemTime, ttl: Duration) -> String {
    let expires = now_unix(now) + ttl.as_secs();
    let tag = hex::encode(mac(secret, epoch, expires).finalize().into_bytes());
    format!(
        "{COOKIE_NAME}={epoch}.{expires}.{tag}; Max-Age={}; {ATTRIBUTES}",
        ttl.as_secs()
    )
}

/// The `Set-Cookie` value that ends a preview.
pub(crate) fn clear() -> String {
    format!("{COOKIE_NAME}=; Max-Age=0; {ATTRIBUTES}")
}

/// How long a valid cookie (`value`) has left: `Some` when it was issued under `secret` in
/// `epoch` and has not expired.
pub(crate) fn remaining(
    secret: &[u8],
    epoch: u64,
    value: &str,
    now: SystemTime,
) -> Option<Duration> {
    let mut parts = value.splitn(3, '.');
    let (Some(given_epoch), Some(expires), Some(tag)) = (parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let (Ok(given_epoch), Ok(expires), Ok(tag)) = (
        given_epoch.parse::<u64>(),
        expires.parse::<u64>(),
        hex::decode(tag),
    ) else {
        return None;
    };
    // The MAC is checked in constant time by `verify_slice`.
    let genuine = mac(secret, given_epoch, expires).verify_slice(&tag).is_ok();
    let now = now_unix(now);
    (genuine && given_epoch == epoch && now < expires).then(|| Duration::from_secs(expires - now))
}

/// Whether `value` (the cookie's value) was issued under `secret` in `epoch` and has not
/// expired.
pub(crate) fn valid(secret: &[u8], epoch: u64, value: &str, now: SystemTime) -> bool {
    remaining(secret, epoch, value, now).is_some()
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
        let issued = issue(SECRET, 0, now, Duration::from_secs(60));
        let v = value(&issued);
        assert!(valid(SECRET, 0, v, now));
        assert!(valid(SECRET, 0, v, now + Duration::from_secs(59)));
        assert!(!valid(SECRET, 0, v, now + Duration::from_secs(61)));
        assert!(!valid(b"another secret of thirty-two chars!", 0, v, now));
    }

    #[test]
    fn a_new_epoch_ends_every_cookie_of_the_old_one() {
        let now = SystemTime::now();
        let v = value(&issue(SECRET, 7, now, Duration::from_secs(60))).to_string();
        assert!(valid(SECRET, 7, &v, now));
        assert!(!valid(SECRET, 8, &v, now));
        // Rewriting the epoch in the cookie breaks its MAC.
        let moved = v.replacen("7.", "8.", 1);
        assert!(!valid(SECRET, 8, &moved, now));
    }

    #[test]
    fn a_cookie_with_a_later_expiry_or_a_changed_mac_is_refused() {
        let now = SystemTime::now();
        let v = value(&issue(SECRET, 0, now, Duration::from_secs(60))).to_string();
        let (epoch, rest) = v.split_once('.').unwrap();
        let (expires, tag) = rest.split_once('.').unwrap();
        let later = format!("{epoch}.{}.{tag}", expires.parse::<u64>().unwrap() + 3600);
        assert!(!valid(SECRET, 0, &later, now));
        let mut flipped = tag.to_string();
        flipped.replace_range(0..1, if tag.starts_with('0') { "1" } else { "0" });
        assert!(!valid(
            SECRET,
            0,
            &format!("{epoch}.{expires}.{flipped}"),
            now
        ));
        for junk in [
            "",
            ".",
            "x.y",
            "1.zz",
            "99999999999",
            "0.1.zz",
            &format!("{expires}.{tag}"),
        ] {
            assert!(!valid(SECRET, 0, junk, now), "{junk:?}");
        }
    }

    #[test]
    fn the_cookie_is_http_only_secure_same_site_none_for_the_whole_site() {
        let issued = issue(SECRET, 0, SystemTime::now(), Duration::from_secs(3600));
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
        headers.append("cookie", "a=1; supplysite_preview=0.5.ab".parse().unwrap());
        assert_eq!(from_headers(&headers), Some("0.5.ab"));
        headers.clear();
        headers.append("cookie", "xsupplysite_preview=5.ab".parse().unwrap());
        assert_eq!(from_headers(&headers), None);
    }
}
