//! The server-side half of the "I'm not a robot" check.

use async_trait::async_trait;
use std::net::IpAddr;

/// Verifies the token the contact page sends with an enquiry: a Google reCAPTCHA v2 response,
/// or the solution of the site's own challenge when reCAPTCHA is not configured.
#[async_trait]
pub trait RobotCheck: Send + Sync {
    /// Verifies `token`, passing the visitor's `remote_ip` to the verifier when known.
    ///
    /// Errors:
    /// - [`RobotCheckError::Missing`] when `token` is empty or only whitespace (checked
    ///   before any call is made);
    /// - [`RobotCheckError::Failed`] when the verifier says the token is not good: wrong,
    ///   expired, already used, or issued for another site;
    /// - [`RobotCheckError::Unavailable`] when the verifier cannot be asked now.
    async fn verify(&self, token: &str, remote_ip: Option<IpAddr>) -> Result<(), RobotCheckError>;
}

/// Why a robot check did not pass. `Missing` and `Failed` are the visitor's to fix (the page
/// shows "Please select 'I'm not a robot' checkbox."); `Unavailable` is ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RobotCheckError {
    /// No token was sent: the box was not ticked.
    #[error("robot check token is missing")]
    Missing,
    /// The verifier rejected the token; `reason` says why (for example its error codes).
    #[error("robot check failed: {reason}")]
    Failed {
        /// The verifier's reason, e.g. its error codes.
        reason: String,
    },
    /// The verifier did not answer, or not in time, or answered with something unreadable.
    #[error("robot check verifier is unavailable: {reason}")]
    Unavailable {
        /// What went wrong asking the verifier, for the log.
        reason: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_lowercase_and_carry_the_reason() {
        assert_eq!(
            RobotCheckError::Missing.to_string(),
            "robot check token is missing"
        );
        assert_eq!(
            RobotCheckError::Failed {
                reason: "timeout-or-duplicate".into()
            }
            .to_string(),
            "robot check failed: timeout-or-duplicate"
        );
    }
}
