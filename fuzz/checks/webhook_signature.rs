//! Contentful's signed webhooks: a request made of any method, path, headers and body is
//! refused without a panic unless signed; signed with the secret it is accepted; and any change
//! to the body of a signed request is refused.
//!
//! The input is split on newlines: the method, the path and query, then `name: value` header
//! lines up to an empty line, then the body.

use http::{HeaderMap, HeaderName, HeaderValue};
use std::time::Duration;
use supplysite_core::secret::Secret;
use supplysite_core::webhook::{
    Incoming, SIGNATURE, SIGNED_HEADERS, TIMESTAMP, VerifyError, sign, verify,
};

const NOW_MS: u64 = 1_700_000_000_000;

/// Checks one input; panics on a finding.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let method = lines.next().unwrap_or("POST");
    let path = lines.next().unwrap_or("/");
    let mut sent = HeaderMap::new();
    for line in lines.by_ref() {
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && let (Ok(name), Ok(value)) = (
                HeaderName::from_bytes(name.trim().as_bytes()),
                HeaderValue::from_str(value.trim()),
            )
        {
            sent.append(name, value);
        }
    }
    let body: Vec<u8> = lines.collect::<Vec<_>>().join("\n").into_bytes();
    let secret = Secret::new("a-webhook-secret-of-the-fuzzer-0123456789");
    let ttl = Duration::from_secs(30);

    // As sent: read without a panic, whatever it carries.
    let as_sent = Incoming {
        method,
        path_and_query: path,
        headers: &sent,
        body: &body,
    };
    let _ = verify(&secret, &as_sent, NOW_MS, ttl);

    // The same request signed with the secret, one value per header name.
    let mut plain: Vec<(String, String)> = Vec::new();
    for (name, value) in &sent {
        let name = name.as_str();
        let taken = plain.iter().any(|(n, _)| n == name);
        if taken || [SIGNATURE, SIGNED_HEADERS, TIMESTAMP].contains(&name) {
            continue;
        }
        if let Ok(value) = value.to_str() {
            plain.push((name.to_string(), value.trim().to_string()));
        }
    }
    let pairs: Vec<(&str, &str)> = plain
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let (signature, signed_headers) = sign(&secret, method, path, &pairs, &body, NOW_MS);
    let mut headers = HeaderMap::new();
    for (name, value) in &pairs {
        headers.insert(
            HeaderName::from_bytes(name.as_bytes()).expect("a name read as a header name"),
            HeaderValue::from_str(value).expect("a value read as a header value"),
        );
    }
    let header = |v: &str| HeaderValue::from_str(v).expect("hex and names are header values");
    headers.insert(SIGNATURE, header(&signature));
    headers.insert(SIGNED_HEADERS, header(&signed_headers));
    headers.insert(TIMESTAMP, header(&NOW_MS.to_string()));
    let signed = Incoming {
        method,
        path_and_query: path,
        headers: &headers,
        body: &body,
    };
    assert!(
        verify(&secret, &signed, NOW_MS, ttl).is_ok(),
        "a request signed with the secret was refused: {method:?} {path:?} {pairs:?}"
    );

    let mut tampered = body.clone();
    tampered.push(b'!');
    let changed = Incoming {
        body: &tampered,
        ..signed
    };
    assert_eq!(
        verify(&secret, &changed, NOW_MS, ttl),
        Err(VerifyError::Mismatch),
        "a changed body passed as signed"
    );
}
