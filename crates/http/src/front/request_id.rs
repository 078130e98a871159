//! Request ids made without a system call: a random prefix drawn once per process and a
//! counter. Unique within a process, and across processes with overwhelming probability,
//! which is all a log correlation id needs; it is not a secret and not a capability.

use axum::http::HeaderValue;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

static PREFIX: OnceLock<[u8; 12]> = OnceLock::new();
static COUNTER: AtomicU64 = AtomicU64::new(0);

const HEX: &[u8; 16] = b"0123456789abcdef";

/// A fresh id: 12 hex digits of process prefix, `-`, 12 hex digits of counter
/// (`3f9c0a12b7e4-00000000002a`).
pub fn next() -> HeaderValue {
    let prefix = PREFIX.get_or_init(|| {
        let mut raw = [0u8; 6];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut raw);
        let mut hex = [0u8; 12];
        for (i, b) in raw.iter().enumerate() {
            hex[2 * i] = HEX[usize::from(b >> 4)];
            hex[2 * i + 1] = HEX[usize::from(b & 15)];
        }
        hex
    });
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut id = [0u8; 25];
    id[..12].copy_from_slice(prefix);
    id[12] = b'-';
    for i in 0..12 {
        id[24 - i] = HEX[((n >> (4 * i)) & 15) as usize];
    }
    HeaderValue::from_bytes(&id).expect("hex digits and a dash are a valid header value")
}

/// Whether a client's own `X-Request-Id` is kept (so a proxy's id follows the request through
/// our logs): up to 128 visible ASCII characters. Anything else is replaced rather than logged.
pub fn from_client(value: &HeaderValue) -> bool {
    let bytes = value.as_bytes();
    !bytes.is_empty() && bytes.len() <= 128 && bytes.iter().all(|b| b.is_ascii_graphic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_share_the_process_prefix_and_never_repeat() {
        let a = next();
        let b = next();
        assert_ne!(a, b);
        let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
        assert_eq!(a.len(), 25);
        assert_eq!(a[..13], b[..13]);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit() || c == b'-'));
    }

    #[test]
    fn a_client_id_is_kept_only_when_it_is_a_short_token() {
        assert!(from_client(&HeaderValue::from_static("abc-123")));
        assert!(from_client(&HeaderValue::from_static(
            "Root=1-67891233-abcdef012345678912345678"
        )));
        assert!(!from_client(&HeaderValue::from_static("")));
        assert!(!from_client(
            &HeaderValue::from_str(&"a".repeat(129)).unwrap()
        ));
        assert!(!from_client(&HeaderValue::from_static("a b")));
    }
}
