//! [`TimedRobotCheck`]: any robot check held to a time budget. A verifier that does not
//! answer in time counts as unavailable, so the visitor is asked to try again (and nothing is
//! stored) instead of the request running into the server's own timeout.

use crate::ports::{RobotCheck, RobotCheckError, Runtime, within};
use async_trait::async_trait;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

/// A robot check that fails closed after `budget`, timed by a [`Runtime`].
pub struct TimedRobotCheck {
    inner: Arc<dyn RobotCheck>,
    budget: Duration,
    runtime: Arc<dyn Runtime>,
}

impl TimedRobotCheck {
    /// `inner`, held to `budget` on `runtime`'s timers.
    pub fn new(inner: Arc<dyn RobotCheck>, budget: Duration, runtime: Arc<dyn Runtime>) -> Self {
        TimedRobotCheck {
            inner,
            budget,
            runtime,
        }
    }
}

#[async_trait]
impl RobotCheck for TimedRobotCheck {
    async fn verify(&self, token: &str, remote_ip: Option<IpAddr>) -> Result<(), RobotCheckError> {
        let verdict = self.inner.verify(token, remote_ip);
        match within(&*self.runtime, self.budget, verdict).await {
            Some(outcome) => outcome,
            None => Err(RobotCheckError::Unavailable {
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
    use crate::ports::fakes::{FakeRobotCheck, FakeRuntime, ready};

    struct Never;

    #[async_trait]
    impl RobotCheck for Never {
        async fn verify(&self, _: &str, _: Option<IpAddr>) -> Result<(), RobotCheckError> {
            std::future::pending().await
        }
    }

    #[test]
    fn a_verifier_that_never_answers_is_unavailable_after_the_budget() {
        let runtime = Arc::new(FakeRuntime::timers_fire_at_once());
        let check = TimedRobotCheck::new(Arc::new(Never), Duration::from_millis(50), runtime);
        let err = ready(check.verify("token", None)).unwrap_err();
        assert_eq!(
            err,
            RobotCheckError::Unavailable {
                reason: "no verdict within the robot check's budget of 50 ms".into()
            }
        );
    }

    #[test]
    fn a_verdict_ready_when_the_budget_runs_out_counts() {
        let runtime = Arc::new(FakeRuntime::timers_fire_at_once());
        let robot = Arc::new(FakeRobotCheck::accepting(["good"]));
        let check = TimedRobotCheck::new(robot, Duration::ZERO, runtime);
        assert_eq!(ready(check.verify("good", None)), Ok(()));
        assert!(matches!(
            ready(check.verify("forged", None)),
            Err(RobotCheckError::Failed { .. })
        ));
    }
}
