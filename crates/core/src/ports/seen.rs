//! [`SeenSignatures`]: the signed webhook requests already accepted, kept where every server
//! looks, so a request replayed to another replica within its lifetime is refused there too.

use super::UnixMillis;
use async_trait::async_trait;

/// Signatures of accepted signed requests, each remembered until it could no longer pass the
/// time check on its own.
#[async_trait]
pub trait SeenSignatures: Send + Sync {
    /// Records `signature` as used until `expires`, in one step, so of two requests carrying
    /// it only one is told it is new: `Ok(true)` the first time, `Ok(false)` after. Entries
    /// expired at `now` may be forgotten.
    ///
    /// Errors: [`SeenError`] when the store cannot be read or written (the request is then
    /// refused: a replay must never pass for want of a check).
    async fn first_use(
        &self,
        signature: &str,
        expires: UnixMillis,
        now: UnixMillis,
    ) -> Result<bool, SeenError>;
}

/// The seen signatures could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the seen webhook signatures are unavailable: {reason}")]
pub struct SeenError {
    /// Why, for the log.
    pub reason: String,
}
