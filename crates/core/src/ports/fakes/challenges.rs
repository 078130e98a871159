//! [`FakeChallenges`]: a challenge issuer that numbers its challenges.

use crate::ports::{Challenge, ChallengeIssuer};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Issues challenge 1, 2, 3… (each with its number as name, salt and signature), valid until
/// `expires`, at a fixed difficulty; counts what it issued.
#[derive(Debug)]
pub struct FakeChallenges {
    issued: AtomicUsize,
    expires: i64,
}

impl FakeChallenges {
    /// Challenges valid until `expires` (Unix milliseconds).
    pub fn until(expires: i64) -> Self {
        FakeChallenges {
            issued: AtomicUsize::new(0),
            expires,
        }
    }

    /// How many challenges were issued.
    pub fn issued(&self) -> usize {
        self.issued.load(Ordering::SeqCst)
    }
}

impl ChallengeIssuer for FakeChallenges {
    fn issue_challenge(&self) -> Challenge {
        let n = self.issued.fetch_add(1, Ordering::SeqCst) + 1;
        Challenge {
            challenge: format!("{n:032x}"),
            salt: format!("{:032x}", n + 1000),
            expires: self.expires,
            difficulty: 16,
            signature: format!("{n:064x}"),
        }
    }
}
