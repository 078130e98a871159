//! [`ChallengeLedger`]: where the self-hosted robot check keeps the challenges already used,
//! until they expire. An outbox's database keeps them beside the enquiries, so a solved
//! challenge cannot be used again after a restart; a database shared by several servers
//! implements the same port so it cannot be used again on another server either.

use super::UnixMillis;
use async_trait::async_trait;

/// The most used challenges a ledger keeps at once by default. With the default ten-minute
/// lifetime, filling it takes over 1 600 solved challenges a second, each at the difficulty
/// such a rate calls for.
pub const DEFAULT_LEDGER_CAPACITY: u64 = 1_000_000;

/// What [`ChallengeLedger::spend`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spent {
    /// Not used before; now recorded as used.
    Fresh,
    /// Used before.
    AlreadyUsed,
}

/// A challenge being spent: its name and when it expires (the ledger keeps it until then).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UsedChallenge<'a> {
    /// The challenge's random name.
    pub challenge: &'a str,
    /// When it stops being accepted.
    pub expires: UnixMillis,
}

impl<'a> UsedChallenge<'a> {
    /// `challenge`, accepted until `expires`.
    pub fn new(challenge: &'a str, expires: UnixMillis) -> UsedChallenge<'a> {
        UsedChallenge { challenge, expires }
    }
}

/// The ledger could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("used challenges cannot be checked: {reason}")]
pub struct LedgerError {
    /// Why, for the log.
    pub reason: String,
}

/// The challenges used so far, each kept until it expires.
///
/// A ledger holds a bounded number of challenges. Expired ones are worth nothing (an expired
/// challenge fails on its own) and go first; should the ledger fill with unexpired ones, those
/// expiring soonest go, so a newcomer is never refused for want of room. That is the one way a
/// challenge could be used twice, and only by filling the ledger within one challenge lifetime,
/// which the rate limit and the rising difficulty make costly.
#[async_trait]
pub trait ChallengeLedger: Send + Sync {
    /// Records `used` (kept until it expires) as used at `now`, in one step, so two requests
    /// carrying the same challenge cannot both find it fresh.
    ///
    /// Errors: [`LedgerError`] when the ledger cannot be read or written.
    async fn spend(&self, used: UsedChallenge<'_>, now: UnixMillis) -> Result<Spent, LedgerError>;
}
