//! The webhook's replay guard: each signed request is accepted once (see [`crate::handlers::webhook`]).
//! One server keeps the signatures in memory ([`ReplayGuard`]); several replicas share a
//! [`SeenSignatures`] store instead (PostgreSQL), mounted by the composition root.

use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::Mutex;
use supplysite_core::ports::{SeenError, SeenSignatures, UnixMillis};

/// Remembers the signatures of accepted requests in this process, each until it would no
/// longer pass the time check, so the same signed request cannot be played twice here.
#[derive(Default)]
pub struct ReplayGuard {
    seen: Mutex<HashMap<String, i64>>,
}

#[async_trait]
impl SeenSignatures for ReplayGuard {
    async fn first_use(
        &self,
        signature: &str,
        expires: UnixMillis,
        now: UnixMillis,
    ) -> Result<bool, SeenError> {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.retain(|_, until| *until > now.0);
        if seen.contains_key(signature) {
            return Ok(false);
        }
        seen.insert(signature.to_string(), expires.0);
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn first(guard: &ReplayGuard, signature: &str, expires: i64, now: i64) -> bool {
        guard
            .first_use(signature, UnixMillis(expires), UnixMillis(now))
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_signature_is_accepted_once_within_its_lifetime() {
        let guard = ReplayGuard::default();
        assert!(first(&guard, "abc", 31_000, 1_000).await);
        assert!(!first(&guard, "abc", 31_000, 2_000).await);
        assert!(first(&guard, "def", 31_000, 2_000).await);
    }

    #[tokio::test]
    async fn forgotten_signatures_have_expired_anyway() {
        let guard = ReplayGuard::default();
        assert!(first(&guard, "abc", 31_000, 1_000).await);
        // 31 s later the entry is pruned; the time check refuses the request before this.
        assert!(first(&guard, "abc", 63_000, 32_000).await);
        assert_eq!(guard.seen.lock().unwrap().len(), 1);
    }
}
