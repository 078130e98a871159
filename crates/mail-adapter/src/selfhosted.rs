//! [`SelfHostedCheck`]: the robot check used when reCAPTCHA is not configured, so the embedded
//! default is protected too. Behind the page's "I'm not a robot" checkbox the browser fetches
//! a challenge (`GET /api/robot-challenge`), finds a proof of work for it and sends the
//! solution as the robot token.
//!
//! The protocol, for the page:
//!
//! 1. The server issues `{"challenge","salt","expires","difficulty","signature"}`:
//!    `challenge` and `salt` are random hex, `expires` is Unix milliseconds, `difficulty` a
//!    number of bits (it rises with the rate of issue, see [`DifficultyCurve`], so the page
//!    must read it from each challenge), `signature` the server's HMAC-SHA256 over the other
//!    four (hex).
//! 2. The browser finds the smallest whole number `n ≥ 0` such that SHA-256 of the UTF-8 text
//!    `salt + String(n)` starts with `difficulty` zero bits.
//! 3. The token is the base64 of the JSON of the challenge's five fields plus `"number": n`.
//!
//! The server checks the signature (so nothing was changed), the expiry, the work, and that
//! the challenge was not used before (in a [`ChallengeLedger`]: the outbox's database, so the
//! memory of used challenges survives a restart).

mod difficulty;
mod ledger;

pub use difficulty::{DifficultyCurve, IssueRate};
pub use ledger::MemoryLedger;
pub use supplysite_core::ports::{ChallengeLedger, LedgerError, Spent, UsedChallenge};

use crate::secret::Secret;
use async_trait::async_trait;
use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::ports::{ChallengeIssuer, Clock, RobotCheck, RobotCheckError, UnixMillis};

/// The challenge the page solves: a type of the robot check's contract, owned by core.
pub use supplysite_core::ports::Challenge;

type HmacSha256 = Hmac<Sha256>;

/// Settings of [`SelfHostedCheck`].
#[derive(Clone, Debug)]
pub struct SelfHostedConfig {
    /// The signing key; `None` draws a random one at start-up (challenges issued before a
    /// restart then fail, which costs a visitor one more tick).
    pub secret: Option<Secret>,
    /// How long a challenge may be solved and used.
    pub ttl: Duration,
    /// Leading zero bits of work by rate of issue. Each bit doubles the average work: 16 is
    /// about 65 000 hashes, a fraction of a second in a browser.
    pub difficulty: DifficultyCurve,
}

impl Default for SelfHostedConfig {
    fn default() -> Self {
        SelfHostedConfig {
            secret: None,
            ttl: Duration::from_secs(600),
            difficulty: DifficultyCurve::default(),
        }
    }
}

/// A solved challenge, as the token carries it.
#[derive(Debug, Serialize, Deserialize)]
struct Solution {
    #[serde(flatten)]
    challenge: Challenge,
    number: u64,
}

/// The self-hosted proof-of-work robot check.
pub struct SelfHostedCheck {
    key: Vec<u8>,
    ttl: Duration,
    difficulty: DifficultyCurve,
    issued: IssueRate,
    clock: Arc<dyn Clock>,
    /// Used challenges, until they expire.
    ledger: Arc<dyn ChallengeLedger>,
}

impl std::fmt::Debug for SelfHostedCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SelfHostedCheck")
            .field("key", &"[redacted]")
            .field("ttl", &self.ttl)
            .field("difficulty", &self.difficulty)
            .finish_non_exhaustive()
    }
}

impl SelfHostedCheck {
    /// A check by `config`, telling time by `clock`, remembering used challenges in `ledger`.
    pub fn new(
        config: SelfHostedConfig,
        clock: Arc<dyn Clock>,
        ledger: Arc<dyn ChallengeLedger>,
    ) -> Self {
        let key = match config.secret {
            Some(secret) => secret.expose().as_bytes().to_vec(),
            None => rand::random::<[u8; 32]>().to_vec(),
        };
        SelfHostedCheck {
            key,
            ttl: config.ttl,
            difficulty: config.difficulty,
            issued: IssueRate::default(),
            clock,
            ledger,
        }
    }

    /// A fresh challenge, valid for the configured time, as hard as the rate of issue calls
    /// for.
    pub fn issue_challenge(&self) -> Challenge {
        let challenge = hex::encode(rand::random::<[u8; 16]>());
        let salt = hex::encode(rand::random::<[u8; 16]>());
        let now = self.clock.now();
        let expires = now.after(self.ttl).0;
        let difficulty = self.difficulty.bits(self.issued.issue(now));
        let signature = hex::encode(self.sign(&challenge, &salt, expires, difficulty));
        Challenge {
            challenge,
            salt,
            expires,
            difficulty,
            signature,
        }
    }

    /// The MAC over the challenge's fields, each on its own line so no two field values can
    /// be shifted into each other.
    fn mac(&self, challenge: &str, salt: &str, expires: i64, difficulty: u8) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(
            format!("supplysite-robot-v1\n{challenge}\n{salt}\n{expires}\n{difficulty}").as_bytes(),
        );
        mac
    }

    fn sign(&self, challenge: &str, salt: &str, expires: i64, difficulty: u8) -> Vec<u8> {
        self.mac(challenge, salt, expires, difficulty)
            .finalize()
            .into_bytes()
            .to_vec()
    }

    async fn check(&self, token: &str) -> Result<(), RobotCheckError> {
        let failed = |reason: &str| RobotCheckError::Failed {
            reason: reason.to_owned(),
        };
        let bytes = STANDARD
            .decode(token)
            .or_else(|_| URL_SAFE_NO_PAD.decode(token.trim_end_matches('=')))
            .map_err(|_| failed("token is not base64"))?;
        let Solution {
            challenge: c,
            number,
        } = serde_json::from_slice(&bytes)
            .map_err(|_| failed("token is not a solved challenge"))?;
        let signature = hex::decode(&c.signature).map_err(|_| failed("signature is not hex"))?;
        self.mac(&c.challenge, &c.salt, c.expires, c.difficulty)
            .verify_slice(&signature)
            .map_err(|_| {
                failed("signature does not match; the challenge was not issued here or was changed")
            })?;
        let now = self.clock.now();
        if now >= UnixMillis(c.expires) {
            return Err(failed("challenge expired"));
        }
        if leading_zero_bits(&work_hash(&c.salt, number)) < u32::from(c.difficulty) {
            return Err(failed("the work does not meet the difficulty"));
        }
        // A challenge is spent only once it passed every other check, so a garbage token
        // cannot use up the ledger's room.
        match self
            .ledger
            .spend(UsedChallenge::new(&c.challenge, UnixMillis(c.expires)), now)
            .await
        {
            Ok(Spent::Fresh) => Ok(()),
            Ok(Spent::AlreadyUsed) => Err(failed("challenge already used")),
            Err(e) => Err(RobotCheckError::Unavailable {
                reason: e.to_string(),
            }),
        }
    }
}

/// SHA-256 of `salt` followed by `number` in decimal.
fn work_hash(salt: &str, number: u64) -> [u8; 32] {
    Sha256::digest(format!("{salt}{number}").as_bytes()).into()
}

fn leading_zero_bits(hash: &[u8]) -> u32 {
    let mut bits = 0;
    for byte in hash {
        if *byte == 0 {
            bits += 8;
        } else {
            return bits + byte.leading_zeros();
        }
    }
    bits
}

/// Finds the proof of work for `challenge` the way the page does, and returns the token the
/// page would send. For tests, tools and documentation; the server never needs it.
pub fn solve(challenge: &Challenge) -> String {
    let number = (0..)
        .find(|n| {
            leading_zero_bits(&work_hash(&challenge.salt, *n)) >= u32::from(challenge.difficulty)
        })
        .expect("some number meets any difficulty up to 256 bits");
    token(challenge, number)
}

/// The token for `challenge` with `number` as the solution, right or wrong.
pub fn token(challenge: &Challenge, number: u64) -> String {
    let solution = Solution {
        challenge: challenge.clone(),
        number,
    };
    STANDARD.encode(serde_json::to_vec(&solution).expect("a solution serialises"))
}

impl ChallengeIssuer for SelfHostedCheck {
    fn issue_challenge(&self) -> Challenge {
        SelfHostedCheck::issue_challenge(self)
    }
}

#[async_trait]
impl RobotCheck for SelfHostedCheck {
    async fn verify(&self, token: &str, _remote_ip: Option<IpAddr>) -> Result<(), RobotCheckError> {
        let token = token.trim();
        if token.is_empty() {
            return Err(RobotCheckError::Missing);
        }
        let outcome = self.check(token).await;
        if let Err(e) = &outcome {
            tracing::info!(error = %e, "self-hosted robot check did not pass");
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leading_zero_bits_count_across_bytes() {
        assert_eq!(leading_zero_bits(&[0, 0, 0x0f, 0xff]), 20);
        assert_eq!(leading_zero_bits(&[0x80]), 0);
        assert_eq!(leading_zero_bits(&[0, 0]), 16);
    }

    #[test]
    fn the_signature_covers_every_field_one_per_line() {
        let check = SelfHostedCheck::new(
            SelfHostedConfig {
                secret: Some(Secret::new("k")),
                ..SelfHostedConfig::default()
            },
            Arc::new(crate::SystemClock),
            Arc::new(MemoryLedger::new(10)),
        );
        assert_ne!(check.sign("ab", "c", 1, 2), check.sign("a", "bc", 1, 2));
        assert_ne!(check.sign("a", "b", 1, 2), check.sign("a", "b", 1, 3));
    }
}
