//! The webhook's replay guard: each signed request is accepted once (see [`crate::webhook`]).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

/// Remembers the signatures of accepted requests for as long as they would pass the time
/// check, so the same signed request cannot be played twice.
pub struct ReplayGuard {
    ttl_ms: u64,
    seen: Mutex<HashMap<String, u64>>,
}

impl ReplayGuard {
    /// A guard that remembers each accepted signature for `ttl`.
    pub fn new(ttl: Duration) -> Self {
        ReplayGuard {
            ttl_ms: ttl.as_millis() as u64,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// True the first time a signature is presented.
    pub fn first_use(&self, signature: &str, timestamp_ms: u64, now_ms: u64) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.retain(|_, expires| *expires > now_ms);
        if seen.contains_key(signature) {
            return false;
        }
        seen.insert(signature.to_string(), timestamp_ms + self.ttl_ms);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_is_accepted_once_within_its_lifetime() {
        let guard = ReplayGuard::new(Duration::from_secs(30));
        assert!(guard.first_use("abc", 1_000, 1_000));
        assert!(!guard.first_use("abc", 1_000, 2_000));
        assert!(guard.first_use("def", 1_000, 2_000));
    }

    #[test]
    fn forgotten_signatures_have_expired_anyway() {
        let guard = ReplayGuard::new(Duration::from_secs(30));
        assert!(guard.first_use("abc", 1_000, 1_000));
        // 31 s later the entry is pruned; the time check refuses the request before this.
        assert!(guard.first_use("abc", 1_000, 32_000));
        assert_eq!(guard.seen.lock().unwrap().len(), 1);
    }
}
