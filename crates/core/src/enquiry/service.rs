//! [`Enquiries`]: the enquiry application service a server mounts. It takes an enquiry from
//! the contact endpoint ([`take`](super::take)) and waits for its deliveries, all within one
//! answer budget ([`AnswerDeadline`]): the robot check has until a share of it is spent, storing
//! and the wait for delivery share the rest, and the wait for delivery is at most
//! [`DELIVERY_WAIT`] of it. It also issues self-hosted challenges and wakes the
//! outbox worker when a delivery is left pending. It is made of ports only ([`EnquiryParts`]);
//! the adapters that fill them are chosen outside core.

use super::deadline::{AnswerDeadline, DELIVERY_WAIT, NETWORK_MARGIN, STORE_RESERVE};
use super::{
    EnquiryPorts, Jitter, RetryPolicy, Submission, SubmitError, Submitted, Taken, deliver_now, take,
};
use crate::contact::{ContactForm, EnquiryId, SubmissionId};
use crate::ports::{
    Challenge, ChallengeIssuer, Clock, EnquiryDelivery, EnquiryOutbox, RobotCheck, Runtime,
    WakeWorker,
};
use crate::view::RobotWidget;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The ports and settings [`Enquiries`] is made of.
pub struct EnquiryParts {
    /// Stores enquiries and their delivery jobs.
    pub outbox: Arc<dyn EnquiryOutbox>,
    /// Makes the deliveries.
    pub delivery: Arc<dyn EnquiryDelivery>,
    /// Checks the visitor is not a robot.
    pub robot: Arc<dyn RobotCheck>,
    /// Gives the time.
    pub clock: Arc<dyn Clock>,
    /// Runs deliveries on tasks of their own, times the budgets and draws retry jitter.
    pub runtime: Arc<dyn Runtime>,
    /// Wakes the worker that drains the outbox.
    pub wakeup: Arc<dyn WakeWorker>,
    /// Issues challenges when the robot check is the site's own; `None` otherwise.
    pub challenges: Option<Arc<dyn ChallengeIssuer>>,
    /// Which robot check the contact form shows.
    pub widget: RobotWidget,
    /// How often and how long delivery jobs are retried.
    pub policy: RetryPolicy,
    /// The most a request to take an enquiry takes, from its arrival to its answer: the robot
    /// check, storing and the wait for delivery share it ([`AnswerDeadline`]).
    pub answer_budget: Duration,
    /// How long the robot check may take before it counts as unavailable; at most the answer
    /// budget less [`STORE_RESERVE`], which is kept for storing.
    pub robot_budget: Duration,
}

/// Everything the contact endpoint uses, and what the outbox worker is built from. Cheap to
/// clone.
#[derive(Clone)]
pub struct Enquiries {
    outbox: Arc<dyn EnquiryOutbox>,
    delivery: Arc<dyn EnquiryDelivery>,
    robot: Arc<dyn RobotCheck>,
    clock: Arc<dyn Clock>,
    runtime: Arc<dyn Runtime>,
    wakeup: Arc<dyn WakeWorker>,
    challenges: Option<Arc<dyn ChallengeIssuer>>,
    widget: RobotWidget,
    policy: RetryPolicy,
    answer_budget: Duration,
    robot_budget: Duration,
    description: String,
}

impl Enquiries {
    /// The service made of `parts`.
    pub fn from_parts(parts: EnquiryParts) -> Enquiries {
        Enquiries {
            outbox: parts.outbox,
            delivery: parts.delivery,
            robot: parts.robot,
            clock: parts.clock,
            runtime: parts.runtime,
            wakeup: parts.wakeup,
            challenges: parts.challenges,
            widget: parts.widget,
            policy: parts.policy,
            answer_budget: parts.answer_budget,
            robot_budget: parts.robot_budget,
            description: "enquiries from given parts".to_owned(),
        }
    }

    /// The same service, described for the start-up log by `line` (no secrets).
    pub fn described_as(mut self, line: String) -> Enquiries {
        self.description = line;
        self
    }

    /// One line for the start-up log saying where enquiries go (no secrets).
    pub fn describe(&self) -> &str {
        &self.description
    }

    /// The answer budget of a request that starts now: hand it to [`Enquiries::submit_by`]
    /// after the request's own steps (reading, counting) have run within it.
    pub fn deadline(&self) -> AnswerDeadline {
        let robot_limit = self
            .robot_budget
            .min(self.answer_budget.saturating_sub(STORE_RESERVE));
        AnswerDeadline::start(&*self.runtime, self.answer_budget, robot_limit)
    }

    /// How long the contact page waits for the answer to an enquiry before it sends it again:
    /// the answer budget and [`NETWORK_MARGIN`].
    pub fn page_wait(&self) -> Duration {
        self.answer_budget + NETWORK_MARGIN
    }

    /// [`Enquiries::submit_by`] within a budget that starts now.
    pub async fn submit(
        &self,
        form: ContactForm,
        robot_token: &str,
        client_ip: Option<IpAddr>,
        submission_id: Option<SubmissionId>,
    ) -> Result<Submitted, SubmitError> {
        let mut deadline = self.deadline();
        let submission = Submission {
            form,
            robot_token,
            client_ip,
            submission_id,
            attribution: None,
        };
        self.submit_by(&mut deadline, submission).await
    }

    /// Takes an enquiry from the contact endpoint (see [`take`](super::take)), then waits for
    /// its deliveries, all before `deadline`: the robot check gives its verdict by its share of
    /// the budget, and what is not delivered by the end is finished on a task of its own (its
    /// outcome recorded as the worker would record it) with the answer "queued". The worker is
    /// woken when a delivery is still pending. A resubmission gets the first answer as it
    /// stands.
    ///
    /// Errors: those of [`take`](super::take); [`SubmitError::RobotCheckUnavailable`] when the
    /// robot check gives no verdict by its share of the budget, and
    /// [`SubmitError::Unavailable`] when the enquiry is not stored by the end.
    pub async fn submit_by(
        &self,
        deadline: &mut AnswerDeadline,
        submission: Submission<'_>,
    ) -> Result<Submitted, SubmitError> {
        let budget = deadline.budget();
        let jitter = || Jitter::new(self.runtime.random_unit());
        let taken = {
            let (mut cutoff, robot) = deadline.with_robot(&*self.robot);
            let ports = EnquiryPorts {
                outbox: &*self.outbox,
                delivery: &*self.delivery,
                robot: &robot,
                clock: &*self.clock,
                jitter: &jitter,
            };
            cutoff.within(take(submission, &ports)).await
        };
        let submitted = match taken {
            Some(Ok(Taken::Repeat(answer))) => {
                tracing::info!(enquiry = %answer.id(), status = answer.status(), "resubmission answered as first taken");
                return Ok(answer);
            }
            Some(Ok(Taken::Stored(id))) => Ok(self.deliver_within(deadline, id).await),
            Some(Err(e)) => Err(e),
            None => Err(SubmitError::Unavailable {
                reason: format!(
                    "not stored within the answer budget of {} ms",
                    budget.as_millis()
                ),
            }),
        };
        match &submitted {
            Ok(Submitted::Sent { id }) => tracing::info!(enquiry = %id, "enquiry stored and sent"),
            Ok(Submitted::Queued { id, problems }) => {
                tracing::warn!(enquiry = %id, ?problems, "enquiry stored; delivery queued");
                self.wakeup.wake();
            }
            Err(
                e @ (SubmitError::Unavailable { .. } | SubmitError::RobotCheckUnavailable { .. }),
            ) => {
                tracing::error!(error = %e, "enquiry not taken");
            }
            Err(e) => tracing::info!(error = %e, "enquiry refused"),
        }
        submitted
    }

    /// The service's ports as the enquiry use case takes them, drawing retry jitter from
    /// `jitter`.
    fn ports<'a, J>(
        &'a self,
        jitter: &'a J,
    ) -> EnquiryPorts<'a, dyn EnquiryOutbox, dyn EnquiryDelivery, dyn RobotCheck, dyn Clock, J>
    {
        EnquiryPorts {
            outbox: &*self.outbox,
            delivery: &*self.delivery,
            robot: &*self.robot,
            clock: &*self.clock,
            jitter,
        }
    }

    /// Attempts the deliveries of `id`, just stored, on a task of their own, and waits for
    /// them at most [`DELIVERY_WAIT`] and never past `deadline`. The task goes on after the visitor is answered, or after the
    /// visitor went away, so an attempt is never cut off halfway.
    async fn deliver_within(&self, deadline: &mut AnswerDeadline, id: EnquiryId) -> Submitted {
        let this = self.clone();
        let task_id = id.clone();
        let answer = Arc::new(Mutex::new(None));
        let answered = Arc::clone(&answer);
        let task = self.runtime.spawn(Box::pin(async move {
            let jitter = || Jitter::new(this.runtime.random_unit());
            let ports = this.ports(&jitter);
            let submitted = deliver_now(task_id, &ports, &this.policy).await;
            if let Submitted::Queued { .. } = submitted {
                this.wakeup.wake();
            }
            *answered.lock().unwrap_or_else(PoisonError::into_inner) = Some(submitted);
        }));
        let ended = deadline
            .within_or(self.runtime.sleep(DELIVERY_WAIT), task)
            .await;
        let problem = match ended {
            Some(Ok(())) => match answer.lock().unwrap_or_else(PoisonError::into_inner).take() {
                Some(submitted) => return submitted,
                None => "delivery attempt did not finish: it ended without an outcome".to_owned(),
            },
            Some(Err(e)) => format!("delivery attempt did not finish: {e}"),
            None => format!(
                "still delivering after the wait for delivery ({} ms, within the answer budget of {} ms); finishing in the background",
                DELIVERY_WAIT.as_millis(),
                deadline.budget().as_millis()
            ),
        };
        Submitted::Queued {
            id,
            problems: vec![problem],
        }
    }

    /// A new challenge for `GET /api/robot-challenge`; `None` when the robot check is not the
    /// site's own (the endpoint then answers 404).
    pub fn robot_challenge(&self) -> Option<Challenge> {
        self.challenges.as_ref().map(|c| c.issue_challenge())
    }

    /// Which robot check the page must show.
    pub fn robot_widget(&self) -> &RobotWidget {
        &self.widget
    }

    /// How failed deliveries are retried and how long a claimed job is held.
    pub fn policy(&self) -> &RetryPolicy {
        &self.policy
    }

    /// The outbox, for operators' views and the worker.
    pub fn outbox(&self) -> Arc<dyn EnquiryOutbox> {
        Arc::clone(&self.outbox)
    }

    /// The deliveries, for the worker.
    pub fn delivery(&self) -> Arc<dyn EnquiryDelivery> {
        Arc::clone(&self.delivery)
    }

    /// The clock the service tells time by.
    pub fn clock(&self) -> Arc<dyn Clock> {
        Arc::clone(&self.clock)
    }
}

#[cfg(test)]
mod tests;
