//! Contentful's webhook request verification: HMAC-SHA256 over the canonical request.
//!
//! The canonical request is four lines joined by `\n`: the method; the path with its query
//! escaped and the whole encoded as JavaScript's `encodeURI` does; the signed headers
//! (lower-case names, trimmed values, sorted by name, `name:value` joined by `;`, always
//! including `x-contentful-signed-headers` and `x-contentful-timestamp`); the raw body. The
//! signature is the lower-case hex HMAC of that text keyed with the signing secret. This is the
//! algorithm of Contentful's `node-apps-toolkit` (`signRequest` / `verifyRequest`).

use crate::secret::Secret;
use crate::uri::percent_encode as encode;
use hmac::{Hmac, Mac};
use http::HeaderMap;
use sha2::Sha256;
use std::collections::BTreeMap;
use std::time::Duration;

/// The header carrying the request's HMAC-SHA256 signature, in hex.
pub const SIGNATURE: &str = "x-contentful-signature";
/// The header listing, comma-separated, which headers the signature covers.
pub const SIGNED_HEADERS: &str = "x-contentful-signed-headers";
/// The header carrying when the request was signed, in milliseconds since the epoch.
pub const TIMESTAMP: &str = "x-contentful-timestamp";

/// A request as it arrived.
pub struct Incoming<'a> {
    /// The HTTP method.
    pub method: &'a str,
    /// The path and query exactly as sent.
    pub path_and_query: &'a str,
    /// The request's headers.
    pub headers: &'a HeaderMap,
    /// The body exactly as received.
    pub body: &'a [u8],
}

/// A request that passed verification.
#[derive(Debug, PartialEq, Eq)]
pub struct Verified {
    /// The signature, lower-case hex; remembered to refuse a replay of the same request.
    pub signature: String,
    /// When the request was signed, in milliseconds since the epoch.
    pub timestamp_ms: u64,
}

/// Why a webhook was refused. The messages name what was wrong, never a secret.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum VerifyError {
    /// A header the signature needs is absent or not text; holds its name.
    #[error("missing header {0}")]
    MissingHeader(&'static str),
    /// The timestamp header is not a whole number of milliseconds; holds it as sent.
    #[error("malformed x-contentful-timestamp {0:?}")]
    MalformedTimestamp(String),
    /// Signed longer ago than the time to live.
    #[error("stale request signed {age_ms} ms ago (time to live {ttl_ms} ms)")]
    Stale {
        /// How long ago the request was signed, in milliseconds.
        age_ms: u64,
        /// The time to live, in milliseconds.
        ttl_ms: u64,
    },
    /// Signed further in the future than the time to live allows.
    #[error("request signed {ahead_ms} ms in the future")]
    FromTheFuture {
        /// How far ahead of the server's clock, in milliseconds.
        ahead_ms: u64,
    },
    /// The signature is not the one the secret gives for this request.
    #[error("signature does not match")]
    Mismatch,
}

/// The headers of a request that may be a webhook: what [`check_headers`] found.
#[derive(Debug, PartialEq, Eq)]
pub struct Headed<'a> {
    signature: &'a str,
    signed: &'a str,
    timestamp_ms: u64,
}

/// Checks what the headers alone can say, before any of the body is read: the signature,
/// signed-header list and timestamp are there, the signature is hex of an HMAC-SHA256's
/// length, and the timestamp is within `ttl` of `now_ms`. A request failing here is refused
/// without its body being read.
pub fn check_headers(
    headers: &HeaderMap,
    now_ms: u64,
    ttl: Duration,
) -> Result<Headed<'_>, VerifyError> {
    let header = |name: &'static str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .ok_or(VerifyError::MissingHeader(name))
    };
    let signature = header(SIGNATURE)?;
    let signed = header(SIGNED_HEADERS)?;
    let raw_timestamp = header(TIMESTAMP)?;
    let timestamp_ms: u64 = raw_timestamp
        .parse()
        .map_err(|_| VerifyError::MalformedTimestamp(raw_timestamp.to_string()))?;
    let ttl_ms = ttl.as_millis() as u64;
    if now_ms >= timestamp_ms && now_ms - timestamp_ms >= ttl_ms {
        return Err(VerifyError::Stale {
            age_ms: now_ms - timestamp_ms,
            ttl_ms,
        });
    }
    if timestamp_ms > now_ms + ttl_ms {
        return Err(VerifyError::FromTheFuture {
            ahead_ms: timestamp_ms - now_ms,
        });
    }
    // A SHA-256 MAC is 32 bytes: 64 hex digits.
    if signature.len() != 64 || !signature.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(VerifyError::Mismatch);
    }
    Ok(Headed {
        signature,
        signed,
        timestamp_ms,
    })
}

/// Checks `request` against `secret` at `now_ms` (milliseconds since the epoch): its headers
/// ([`check_headers`]), then the signature over the request and its body.
pub fn verify(
    secret: &Secret,
    request: &Incoming<'_>,
    now_ms: u64,
    ttl: Duration,
) -> Result<Verified, VerifyError> {
    let Headed {
        signature,
        signed,
        timestamp_ms,
    } = check_headers(request.headers, now_ms, ttl)?;
    let mut picked: Vec<(String, String)> = Vec::new();
    for name in signed.split(',').map(|n| n.trim().to_ascii_lowercase()) {
        let values: Vec<&str> = request
            .headers
            .get_all(name.as_str())
            .iter()
            .filter_map(|v| v.to_str().ok())
            .map(str::trim)
            .collect();
        if !values.is_empty() {
            picked.push((name, values.join(", ")));
        }
    }
    let expected = compute(
        secret,
        request.method,
        request.path_and_query,
        &picked,
        request.body,
        timestamp_ms,
    )
    .0;
    let given = hex::decode(signature).map_err(|_| VerifyError::Mismatch)?;
    if constant_time_eq(&given, &expected) {
        Ok(Verified {
            signature: signature.to_ascii_lowercase(),
            timestamp_ms,
        })
    } else {
        Err(VerifyError::Mismatch)
    }
}

/// Signs a request the way Contentful does: returns the values of `x-contentful-signature`
/// and `x-contentful-signed-headers` (the timestamp header is `timestamp_ms`). `headers` are the
/// headers to sign besides the two Contentful adds. For tests and local fakes of Contentful.
pub fn sign(
    secret: &Secret,
    method: &str,
    path_and_query: &str,
    headers: &[(&str, &str)],
    body: &[u8],
    timestamp_ms: u64,
) -> (String, String) {
    let headers: Vec<(String, String)> = headers
        .iter()
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let (mac, signed) = compute(secret, method, path_and_query, &headers, body, timestamp_ms);
    (hex::encode(mac), signed)
}

fn keyed(secret: &Secret) -> Hmac<Sha256> {
    Hmac::<Sha256>::new_from_slice(secret.expose().as_bytes()).expect("HMAC takes any key length")
}

/// The MAC bytes and the signed-headers list for a canonical request.
fn compute(
    secret: &Secret,
    method: &str,
    path_and_query: &str,
    headers: &[(String, String)],
    body: &[u8],
    timestamp_ms: u64,
) -> (Vec<u8>, String) {
    let mut map: BTreeMap<String, String> = headers.iter().cloned().collect();
    map.insert(TIMESTAMP.to_string(), timestamp_ms.to_string());
    map.insert(SIGNED_HEADERS.to_string(), String::new());
    let signed = map.keys().cloned().collect::<Vec<_>>().join(",");
    map.insert(SIGNED_HEADERS.to_string(), signed.clone());
    let header_line = map
        .iter()
        .map(|(k, v)| format!("{k}:{v}"))
        .collect::<Vec<_>>()
        .join(";");
    let mut mac = keyed(secret);
    mac.update(method.as_bytes());
    mac.update(b"\n");
    mac.update(canonical_path(path_and_query).as_bytes());
    mac.update(b"\n");
    mac.update(header_line.as_bytes());
    mac.update(b"\n");
    mac.update(body);
    (mac.finalize().into_bytes().to_vec(), signed)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// `encodeURI(pathname + '?' + querystring.escape(search))`, as the toolkit normalises paths.
fn canonical_path(path_and_query: &str) -> String {
    let mut pieces = path_and_query.split('?');
    let path = pieces.next().unwrap_or_default();
    match pieces.next().filter(|s| !s.is_empty()) {
        Some(search) => encode(
            &format!("{path}?{}", encode(search, COMPONENT_SAFE)),
            URI_SAFE,
        ),
        None => encode(path, URI_SAFE),
    }
}

/// Characters `encodeURI` leaves alone besides ASCII letters and digits.
const URI_SAFE: &[u8] = b";,/?:@&=+$-_.!~*'()#";
/// Characters `encodeURIComponent` (and `querystring.escape`) leave alone.
const COMPONENT_SAFE: &[u8] = b"-_.!~*'()";

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;

    fn secret() -> Secret {
        Secret::webhook(&"s".repeat(64)).unwrap()
    }

    const NOW: u64 = 1_700_000_000_000;
    const TTL: Duration = Duration::from_secs(30);

    fn signed_headers(ts: u64, topic: &str) -> HeaderMap {
        let (sig, list) = sign(
            &secret(),
            "POST",
            "/api/webhooks/contentful",
            &[("X-Contentful-Topic", topic)],
            b"{}",
            ts,
        );
        let mut h = HeaderMap::new();
        h.insert("x-contentful-topic", HeaderValue::from_str(topic).unwrap());
        h.insert(SIGNATURE, HeaderValue::from_str(&sig).unwrap());
        h.insert(SIGNED_HEADERS, HeaderValue::from_str(&list).unwrap());
        h.insert(TIMESTAMP, HeaderValue::from_str(&ts.to_string()).unwrap());
        h
    }

    fn incoming<'a>(headers: &'a HeaderMap, body: &'a [u8]) -> Incoming<'a> {
        Incoming {
            method: "POST",
            path_and_query: "/api/webhooks/contentful",
            headers,
            body,
        }
    }

    // Reference values printed by Contentful's own `@contentful/node-apps-toolkit` `signRequest`
    // for the same inputs.
    #[test]
    fn signatures_match_contentfuls_toolkit() {
        let (sig, list) = sign(
            &secret(),
            "POST",
            "/a?b=c",
            &[("X-Y", " z ")],
            b"body",
            1_700_000_000_000,
        );
        assert_eq!(
            list,
            "x-contentful-signed-headers,x-contentful-timestamp,x-y"
        );
        assert_eq!(
            sig,
            "e4b7afb399f2cdb6df49d9a41b7882c98afffd2680a73c0837c35d388f4671c5"
        );
        let other =
            Secret::webhook("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
                .unwrap();
        let (sig, list) = sign(
            &other,
            "POST",
            "/api/webhooks/contentful",
            &[
                ("x-contentful-topic", "ContentManagement.Entry.publish"),
                ("Content-Type", "application/json"),
            ],
            br#"{"a":1}"#,
            1_700_000_000_000,
        );
        assert_eq!(
            list,
            "content-type,x-contentful-signed-headers,x-contentful-timestamp,x-contentful-topic"
        );
        assert_eq!(
            sig,
            "fa9a22a37d7ba458c0c7996c06bba3f2009c81a3f4695a7441373a44aa2c5ded"
        );
    }

    #[test]
    fn a_request_signed_by_contentfuls_toolkit_verifies() {
        let mut h = HeaderMap::new();
        h.insert("x-y", HeaderValue::from_static("z"));
        h.insert("x-unsigned", HeaderValue::from_static("ignored"));
        h.insert(
            SIGNATURE,
            HeaderValue::from_static(
                "e4b7afb399f2cdb6df49d9a41b7882c98afffd2680a73c0837c35d388f4671c5",
            ),
        );
        h.insert(
            SIGNED_HEADERS,
            HeaderValue::from_static("x-contentful-signed-headers,x-contentful-timestamp,x-y"),
        );
        h.insert(TIMESTAMP, HeaderValue::from_static("1700000000000"));
        let request = Incoming {
            method: "POST",
            path_and_query: "/a?b=c",
            headers: &h,
            body: b"body",
        };
        assert!(verify(&secret(), &request, 1_700_000_005_000, TTL).is_ok());
    }

    #[test]
    fn a_correctly_signed_fresh_request_is_accepted() {
        let h = signed_headers(NOW - 1_000, "ContentManagement.Entry.publish");
        let v = verify(&secret(), &incoming(&h, b"{}"), NOW, TTL).unwrap();
        assert_eq!(v.timestamp_ms, NOW - 1_000);
    }

    #[test]
    fn a_changed_body_header_or_secret_is_refused() {
        let h = signed_headers(NOW, "ContentManagement.Entry.publish");
        assert_eq!(
            verify(&secret(), &incoming(&h, b"{\"x\":1}"), NOW, TTL),
            Err(VerifyError::Mismatch)
        );
        let mut changed = h.clone();
        changed.insert(
            "x-contentful-topic",
            HeaderValue::from_static("ContentManagement.Entry.delete"),
        );
        assert_eq!(
            verify(&secret(), &incoming(&changed, b"{}"), NOW, TTL),
            Err(VerifyError::Mismatch)
        );
        let other = Secret::webhook(&"t".repeat(64)).unwrap();
        assert_eq!(
            verify(&other, &incoming(&h, b"{}"), NOW, TTL),
            Err(VerifyError::Mismatch)
        );
    }

    #[test]
    fn old_and_future_timestamps_are_refused() {
        let h = signed_headers(NOW - 30_000, "t");
        assert_eq!(
            verify(&secret(), &incoming(&h, b"{}"), NOW, TTL),
            Err(VerifyError::Stale {
                age_ms: 30_000,
                ttl_ms: 30_000
            })
        );
        let h = signed_headers(NOW + 60_000, "t");
        assert_eq!(
            verify(&secret(), &incoming(&h, b"{}"), NOW, TTL),
            Err(VerifyError::FromTheFuture { ahead_ms: 60_000 })
        );
    }

    #[test]
    fn missing_and_malformed_headers_are_named() {
        let mut h = signed_headers(NOW, "t");
        h.insert(TIMESTAMP, HeaderValue::from_static("yesterday"));
        assert_eq!(
            verify(&secret(), &incoming(&h, b"{}"), NOW, TTL),
            Err(VerifyError::MalformedTimestamp("yesterday".into()))
        );
        h.remove(SIGNATURE);
        assert_eq!(
            verify(&secret(), &incoming(&h, b"{}"), NOW, TTL),
            Err(VerifyError::MissingHeader(SIGNATURE))
        );
    }

    #[test]
    fn paths_are_encoded_like_encode_uri_with_an_escaped_query() {
        assert_eq!(
            canonical_path("/api/webhooks/contentful"),
            "/api/webhooks/contentful"
        );
        // As Node prints `encodeURI(p + '?' + querystring.escape(s))`.
        assert_eq!(
            canonical_path("/a b?x=1&y=ä"),
            "/a%20b?x%253D1%2526y%253D%25C3%25A4"
        );
    }
}
