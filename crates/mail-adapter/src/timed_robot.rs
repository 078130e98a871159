//! [`TimedRobotCheck`]: any robot check held to a time budget. A verifier that does not
//! answer in time counts as unavailable, so the visitor is asked to try again (and nothing is
//! stored) instead of the request running into the server's own timeout.

use async_trait::async_trait;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::ports::{RobotCheck, RobotCheckError};

/// A robot check that fails closed after `budget`.
pub struct TimedRobotCheck {
    inner: Arc<dyn RobotCheck>,
    budget: Duration,
}

impl TimedRobotCheck {
    /// `inner`, held to `budget`.
    pub fn new(inner: Arc<dyn RobotCheck>, budget: Duration) -> Self {
        TimedRobotCheck { inner, budget }
    }
}

#[async_trait]
impl RobotCheck for TimedRobotCheck {
    async fn verify(&self, token: &str, remote_ip: Option<IpAddr>) -> Result<(), RobotCheckError> {
        match tokio::time::timeout(self.budget, self.inner.verify(token, remote_ip)).await {
            Ok(outcome) => outcome,
            Err(_) => Err(RobotCheckError::Unavailable {
                reason: format!(
                    "no verdict within the robot check's budget of {} ms",
                    self.budget.as_millis()
                ),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Never;

    #[async_trait]
    impl RobotCheck for Never {
        async fn verify(&self, _: &str, _: Option<IpAddr>) -> Result<(), RobotCheckError> {
            std::future::pending().await
        }
    }

    #[tokio::test]
    async fn a_verifier_that_never_answers_is_unavailable_after_the_budget() {
        let check = TimedRobotCheck::new(Arc::new(Never), Duration::from_millis(50));
        let err = check.verify("token", None).await.unwrap_err();
        assert_eq!(
            err,
            RobotCheckError::Unavailable {
                reason: "no verdict within the robot check's budget of 50 ms".into()
            }
        );
    }
}
