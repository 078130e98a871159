//! [`AnswerDeadline`]: the one answer budget of a request to take an enquiry. Every step of the
//! request (reading it, counting it against the client's allowance, the robot check, storing,
//! waiting for delivery) runs against the same timers, started when the request arrived, so
//! the visitor is answered within the budget whatever hangs behind it. The page waits the
//! budget and a margin ([`NETWORK_MARGIN`]) before it sends the enquiry again.

use crate::ports::{BoxFuture, RobotCheck, RobotCheckError, Runtime};
use async_trait::async_trait;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::task::Poll;
use std::time::Duration;

/// The part of the answer budget kept for storing the enquiry: the robot check must give its
/// verdict this long before the budget ends.
pub const STORE_RESERVE: Duration = Duration::from_millis(500);

/// The longest a visitor waits for an enquiry's deliveries once it is stored (and never past
/// the end of the answer budget). A stored enquiry is safe: the email only decides whether the
/// answer says "sent" or "queued", so waiting for a Brevo that hangs must not cost the visitor
/// the rest of the budget, which is there for a slow robot check. With a quick robot check the
/// answer comes about this long after the request, well inside the page's wait.
pub const DELIVERY_WAIT: Duration = Duration::from_secs(2);

/// What the page adds to the server's answer budget before it stops waiting for an answer:
/// the time the request and its answer spend on the network.
pub const NETWORK_MARGIN: Duration = Duration::from_millis(500);

/// One timer of a deadline: pending until it fires, then passed for good.
struct Timer(Option<BoxFuture<'static, ()>>);

impl Timer {
    /// `future`'s output, or `None` when the timer fires first (the future is then dropped).
    /// When both are ready at once the future wins.
    async fn race<F: Future>(&mut self, future: F) -> Option<F::Output> {
        let mut future = std::pin::pin!(future);
        std::future::poll_fn(|cx| {
            if let Poll::Ready(output) = future.as_mut().poll(cx) {
                return Poll::Ready(Some(output));
            }
            match &mut self.0 {
                None => Poll::Ready(None),
                Some(timer) => match timer.as_mut().poll(cx) {
                    Poll::Ready(()) => {
                        self.0 = None;
                        Poll::Ready(None)
                    }
                    Poll::Pending => Poll::Pending,
                },
            }
        })
        .await
    }
}

/// The answer budget of one request, its timers started when it was made (see
/// [`Enquiries::deadline`](super::Enquiries::deadline)).
pub struct AnswerDeadline {
    budget: Duration,
    robot_limit: Duration,
    end: Timer,
    robot_by: Mutex<Timer>,
}

impl AnswerDeadline {
    /// A deadline `budget` from now on `runtime`'s timers, the robot check's verdict due
    /// `robot_limit` from now.
    pub(super) fn start(runtime: &dyn Runtime, budget: Duration, robot_limit: Duration) -> Self {
        AnswerDeadline {
            budget,
            robot_limit,
            end: Timer(Some(runtime.sleep(budget))),
            robot_by: Mutex::new(Timer(Some(runtime.sleep(robot_limit)))),
        }
    }

    /// The whole budget.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// `future`'s output, or `None` when the budget runs out first (the future is then
    /// dropped, and so is every later step's).
    pub async fn within<F: Future>(&mut self, future: F) -> Option<F::Output> {
        self.end.race(future).await
    }

    /// `future`'s output, or `None` when `wait` (a timer started now) or the budget runs out
    /// first, whichever comes sooner.
    pub(super) async fn within_or<F: Future>(
        &mut self,
        wait: BoxFuture<'static, ()>,
        future: F,
    ) -> Option<F::Output> {
        let mut wait = Timer(Some(wait));
        self.end.race(wait.race(future)).await.flatten()
    }

    /// The deadline's end and `robot` held to the robot check's share of the budget, borrowed
    /// together for a step that asks the robot check: a verdict not given by then counts as
    /// unavailable.
    pub(super) fn with_robot<'a>(
        &'a mut self,
        robot: &'a dyn RobotCheck,
    ) -> (Cutoff<'a>, RobotBy<'a>) {
        (
            Cutoff(&mut self.end),
            RobotBy {
                inner: robot,
                timer: &self.robot_by,
                limit: self.robot_limit,
                budget: self.budget,
            },
        )
    }
}

/// The end of an [`AnswerDeadline`], borrowed.
pub(super) struct Cutoff<'a>(&'a mut Timer);

impl Cutoff<'_> {
    /// `future`'s output, or `None` when the budget runs out first.
    pub(super) async fn within<F: Future>(&mut self, future: F) -> Option<F::Output> {
        self.0.race(future).await
    }
}

/// A robot check held to an [`AnswerDeadline`].
pub(super) struct RobotBy<'a> {
    inner: &'a dyn RobotCheck,
    timer: &'a Mutex<Timer>,
    limit: Duration,
    budget: Duration,
}

#[async_trait]
impl RobotCheck for RobotBy<'_> {
    async fn verify(&self, token: &str, remote_ip: Option<IpAddr>) -> Result<(), RobotCheckError> {
        // Taken out while it is raced, so no lock is held across the wait; a second verify in
        // the same request (there is none) would find it gone and wait on the verifier alone,
        // still within the deadline's end.
        let mut timer = std::mem::replace(
            &mut *self.timer.lock().unwrap_or_else(PoisonError::into_inner),
            Timer(None),
        );
        let passed = timer.0.is_none();
        let verdict = self.inner.verify(token, remote_ip);
        let outcome = if passed {
            Some(verdict.await)
        } else {
            timer.race(verdict).await
        };
        *self.timer.lock().unwrap_or_else(PoisonError::into_inner) = timer;
        outcome.unwrap_or_else(|| {
            Err(RobotCheckError::Unavailable {
                reason: format!(
                    "no verdict within the robot check's share of the answer budget ({} of {} ms)",
                    self.limit.as_millis(),
                    self.budget.as_millis()
                ),
            })
        })
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
    fn a_step_that_never_ends_is_cut_off_and_so_is_every_later_one() {
        let runtime = FakeRuntime::timers_fire_at_once();
        let mut deadline =
            AnswerDeadline::start(&runtime, Duration::from_secs(4), Duration::from_secs(3));
        assert_eq!(ready(deadline.within(std::future::pending::<()>())), None);
        // Passed for good: a later step gives its output only when it is ready at once.
        assert_eq!(ready(deadline.within(async { 7 })), Some(7));
        assert_eq!(ready(deadline.within(std::future::pending::<()>())), None);
    }

    #[test]
    fn steps_that_finish_in_time_give_their_output() {
        let runtime = FakeRuntime::timers_never_fire();
        let mut deadline =
            AnswerDeadline::start(&runtime, Duration::from_secs(4), Duration::from_secs(3));
        assert_eq!(ready(deadline.within(async { 1 })), Some(1));
        assert_eq!(ready(deadline.within(async { 2 })), Some(2));
        assert_eq!(deadline.budget(), Duration::from_secs(4));
    }

    #[test]
    fn a_step_given_its_own_wait_ends_at_that_wait_or_the_budget_whichever_is_first() {
        let fires = FakeRuntime::timers_fire_at_once();
        let never = FakeRuntime::timers_never_fire();
        // The budget has time left, the step's own wait fires: cut off.
        let mut deadline =
            AnswerDeadline::start(&never, Duration::from_secs(4), Duration::from_secs(3));
        let wait = fires.sleep(DELIVERY_WAIT);
        assert_eq!(
            ready(deadline.within_or(wait, std::future::pending::<()>())),
            None
        );
        // The step's wait has time left, the budget ends: cut off.
        let mut deadline =
            AnswerDeadline::start(&fires, Duration::from_secs(4), Duration::from_secs(3));
        let wait = never.sleep(DELIVERY_WAIT);
        assert_eq!(
            ready(deadline.within_or(wait, std::future::pending::<()>())),
            None
        );
        // Both have time left: the step's output.
        let mut deadline =
            AnswerDeadline::start(&never, Duration::from_secs(4), Duration::from_secs(3));
        let wait = never.sleep(DELIVERY_WAIT);
        assert_eq!(ready(deadline.within_or(wait, async { 5 })), Some(5));
    }

    #[test]
    fn a_robot_check_with_no_verdict_by_its_share_is_unavailable() {
        let runtime = FakeRuntime::timers_fire_at_once();
        let mut deadline = AnswerDeadline::start(
            &runtime,
            Duration::from_millis(4500),
            Duration::from_secs(4),
        );
        let (_, robot) = deadline.with_robot(&Never);
        let err = ready(robot.verify("token", None)).unwrap_err();
        assert_eq!(
            err,
            RobotCheckError::Unavailable {
                reason: "no verdict within the robot check's share of the answer budget (4000 of 4500 ms)".into()
            }
        );
    }

    #[test]
    fn a_verdict_ready_in_time_counts() {
        let runtime = FakeRuntime::timers_fire_at_once();
        let mut deadline = AnswerDeadline::start(&runtime, Duration::ZERO, Duration::ZERO);
        let fake = FakeRobotCheck::accepting(["good"]);
        let (_, robot) = deadline.with_robot(&fake);
        assert_eq!(ready(robot.verify("good", None)), Ok(()));
        assert!(matches!(
            ready(robot.verify("forged", None)),
            Err(RobotCheckError::Failed { .. })
        ));
    }
}
