//! [`ChallengeIssuer`]: the half of the self-hosted robot check the page asks before it
//! shows the form: a fresh [`Challenge`] to solve. The other half, checking the solution, is
//! a [`RobotCheck`](super::RobotCheck).

use serde::{Deserialize, Serialize};

/// A challenge for the page, exactly as `GET /api/robot-challenge` answers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Challenge {
    /// A random hex string naming the challenge.
    pub challenge: String,
    /// Random hex the proof of work hashes with its number.
    pub salt: String,
    /// When the challenge stops being accepted, in Unix milliseconds.
    pub expires: i64,
    /// How many leading zero bits the proof of work's hash needs.
    pub difficulty: u8,
    /// The server's HMAC-SHA256 over the other four fields, in hex.
    pub signature: String,
}

/// Issues challenges for a robot check the site runs itself.
pub trait ChallengeIssuer: Send + Sync {
    /// A fresh challenge, valid for the issuer's time and as hard as it decides. Infallible.
    fn issue_challenge(&self) -> Challenge;
}
