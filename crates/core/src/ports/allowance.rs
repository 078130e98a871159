//! [`SharedAllowance`]: the contact rate limit counted in a store several servers share, so
//! that N servers behind one load balancer allow a client what one server would.

use super::UnixMillis;
use async_trait::async_trait;
use std::num::NonZeroU32;
use std::time::Duration;

/// Per-client allowances kept where every server counts against the same figures.
///
/// The rule is the one each server applies in memory on its own: `per_minute` requests a
/// minute, all at once after a quiet minute, refilled evenly (a token bucket kept as the
/// instant the client's allowance would be used up at the average rate).
#[async_trait]
pub trait SharedAllowance: Send + Sync {
    /// Counts one request from `client` (an address, already reduced to what is counted) at
    /// `now`: `Ok(None)` when it may go ahead, `Ok(Some(wait))` when the client must wait
    /// `wait` (whole seconds, at least one) before the next request would be allowed.
    ///
    /// Errors: [`AllowanceError`] when the store cannot be reached; the caller counts in
    /// memory instead.
    async fn take(
        &self,
        client: &str,
        per_minute: NonZeroU32,
        now: UnixMillis,
    ) -> Result<Option<Duration>, AllowanceError>;
}

/// The shared allowance could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("shared rate limit is unavailable: {reason}")]
pub struct AllowanceError {
    /// Why the allowance could not be read or written, for the log.
    pub reason: String,
}
