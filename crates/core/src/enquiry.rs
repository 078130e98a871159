//! Taking an enquiry from the contact page: check it, check the robot token, store it durably
//! ([`take`]), then try to deliver it while the visitor waits ([`deliver_now`]). The visitor is
//! thanked once the enquiry is stored; what the deliveries did only decides whether the answer
//! is "sent" or "queued". [`submit`] is the two in a row; [`Enquiries`], the service a server
//! mounts, instead runs the whole request within one answer budget on a [`Runtime`]'s timers
//! ([`AnswerDeadline`]): the robot check has until a share of it is spent, and deliveries not
//! done by its end go on in the background with the answer "queued".
//!
//! A submission is taken once: the page sends a [`SubmissionId`] made when the form was first
//! shown, and a resubmission (a lost answer, a double click, a browser re-sending the request)
//! gets the first one's answer as it stands, with nothing stored and no robot token spent. The
//! outbox also folds an identical form sent again shortly after into the first enquiry.
//!
//! The same attempt path ([`attempt_job`]) serves this use case and the background worker
//! that drains the outbox, and both attempt only jobs they have claimed, so a job is never
//! attempted twice at once and every delivery is at least once.
//!
//! [`Runtime`]: crate::ports::Runtime

mod attempt;
mod deadline;
mod deliver;
pub mod identity;
pub mod mail_date;
pub mod notification;
mod retry;
mod service;

pub use attempt::{Attempted, attempt_job};
pub use deadline::{AnswerDeadline, DELIVERY_WAIT, NETWORK_MARGIN, STORE_RESERVE};
pub use deliver::deliver_now;
pub use retry::{Jitter, RetryPolicy};
pub use service::{Enquiries, EnquiryParts};

use crate::contact::{
    Attribution, ContactForm, Enquiry, EnquiryId, SubmissionId, Validation, validate,
};
use crate::ports::{
    Clock, EnquiryDelivery, EnquiryOutbox, EnquiryStatus, JobState, RobotCheck, RobotCheckError,
    Stored,
};
use std::net::IpAddr;

/// The ports [`submit`] works through, borrowed for one call.
pub struct EnquiryPorts<'a, O: ?Sized, D: ?Sized, R: ?Sized, C: ?Sized, J> {
    /// Stores the enquiry and its jobs.
    pub outbox: &'a O,
    /// Makes the two deliveries.
    pub delivery: &'a D,
    /// Checks the visitor is not a robot.
    pub robot: &'a R,
    /// Gives the time of receipt and of each attempt.
    pub clock: &'a C,
    /// Draws a fresh [`Jitter`] for each retry that is scheduled.
    pub jitter: &'a J,
}

/// What the contact page sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission<'a> {
    /// The form. Its `robot_checked` is ignored: whether the box was ticked is decided by
    /// `robot_token` alone, since a browser can claim anything.
    pub form: ContactForm,
    /// The robot check's token (a reCAPTCHA response or the self-hosted check's solution);
    /// empty when the box was not ticked.
    pub robot_token: &'a str,
    /// The visitor's address, passed on to the robot check's verifier.
    pub client_ip: Option<IpAddr>,
    /// The page's id for this submission, the same on every attempt to send it.
    pub submission_id: Option<SubmissionId>,
    /// Where the visit came from, already cleaned (see
    /// [`clean_attribution`](crate::contact::clean_attribution)); stored with the enquiry.
    pub attribution: Option<Attribution>,
}

/// A stored enquiry, and whether it has gone out yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Submitted {
    /// Stored, and both deliveries made.
    Sent {
        /// The enquiry's id.
        id: EnquiryId,
    },
    /// Stored; at least one delivery is still pending and will be retried in the background.
    /// `problems` says why, one line per failed or skipped delivery, for the server's log.
    Queued {
        /// The enquiry's id.
        id: EnquiryId,
        /// Why each failed or skipped delivery did not go out, one line each.
        problems: Vec<String>,
    },
}

impl Submitted {
    /// The stored enquiry's id.
    pub fn id(&self) -> &EnquiryId {
        match self {
            Submitted::Sent { id } | Submitted::Queued { id, .. } => id,
        }
    }

    /// `"sent"` or `"queued"`, as the contact endpoint answers.
    pub fn status(&self) -> &'static str {
        match self {
            Submitted::Sent { .. } => "sent",
            Submitted::Queued { .. } => "queued",
        }
    }
}

/// Why an enquiry was not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SubmitError {
    /// Fields break the rules of docs/behaviour.md §5, or no robot token was sent; the validation holds
    /// every message, the robot check's under the key `robot`. Nothing was stored.
    #[error("{0}")]
    Invalid(Validation),
    /// The robot check's verifier rejected the token. `validation` holds the one message the
    /// page shows ("Please select 'I'm not a robot' checkbox." under `robot`); `reason` is
    /// the verifier's, for the log. Nothing was stored.
    #[error("robot check rejected the token: {reason}")]
    RobotRejected {
        /// The verifier's reason, for the log.
        reason: String,
        /// The message the page shows under the robot check.
        validation: Validation,
    },
    /// The robot check's verifier could not be asked. Nothing was stored.
    #[error("robot check verifier is unavailable: {reason}")]
    RobotCheckUnavailable {
        /// Why the verifier could not be asked, for the log.
        reason: String,
    },
    /// The outbox could not store the enquiry. Nothing was stored.
    #[error("enquiry could not be stored: {reason}")]
    Unavailable {
        /// Why the outbox could not store it, for the log.
        reason: String,
    },
}

impl SubmitError {
    /// The messages the visitor should see beside the form, when the error is theirs to fix.
    pub fn validation(&self) -> Option<&Validation> {
        match self {
            SubmitError::Invalid(v) | SubmitError::RobotRejected { validation: v, .. } => Some(v),
            SubmitError::RobotCheckUnavailable { .. } | SubmitError::Unavailable { .. } => None,
        }
    }
}

/// What [`take`] did with a submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// Stored now, its deliveries due: [`deliver_now`] may attempt them.
    Stored(EnquiryId),
    /// Taken before (same submission id, or an identical form shortly before): nothing was
    /// stored, and this is the first enquiry's answer as it stands now.
    Repeat(Submitted),
}

/// Takes one enquiry from the contact page, without delivering it:
///
/// 1. a submission id already stored is a repeat, answered at once (before the robot check,
///    whose token the first attempt used up);
/// 2. validates every field (docs/behaviour.md §5, all messages at once), with the robot box counted as
///    ticked only when a token was sent;
/// 3. verifies the robot token (only for a form that passed, so a visitor who must fix a
///    field does not use up their token);
/// 4. stores the enquiry and its two delivery jobs in the outbox, durably, unless the outbox
///    finds it repeats one (see [`EnquiryOutbox::store_once`]).
///
/// Errors: [`SubmitError::Invalid`], [`SubmitError::RobotRejected`] and
/// [`SubmitError::RobotCheckUnavailable`] before anything is stored;
/// [`SubmitError::Unavailable`] when the store fails.
pub async fn take<O, D, R, C, J>(
    submission: Submission<'_>,
    ports: &EnquiryPorts<'_, O, D, R, C, J>,
) -> Result<Taken, SubmitError>
where
    O: EnquiryOutbox + ?Sized,
    D: EnquiryDelivery + ?Sized,
    R: RobotCheck + ?Sized,
    C: Clock + ?Sized,
{
    let Submission {
        mut form,
        robot_token,
        client_ip,
        submission_id,
        attribution,
    } = submission;
    if let Some(repeat) = repeat_of(ports.outbox, submission_id.as_ref()).await? {
        return Ok(Taken::Repeat(repeat));
    }
    form.robot_checked = !robot_token.trim().is_empty();
    let validation = validate(&form);
    if !validation.is_valid() {
        return Err(SubmitError::Invalid(validation));
    }
    // A form that passed with the box unticked fails on the robot check alone, so this is
    // exactly the message the page shows for a rejected token.
    let robot_only = validate(&ContactForm {
        robot_checked: false,
        ..form.clone()
    });
    let enquiry = Enquiry::parse(form)
        .map_err(SubmitError::Invalid)?
        .with_attribution(attribution);

    match ports.robot.verify(robot_token, client_ip).await {
        Ok(()) => {}
        Err(RobotCheckError::Missing) => return Err(SubmitError::Invalid(robot_only)),
        Err(RobotCheckError::Failed { reason }) => {
            // Two copies sent at once carry one token: the one that lost the race finds the
            // other's enquiry stored by now.
            if let Some(repeat) = repeat_of(ports.outbox, submission_id.as_ref()).await? {
                return Ok(Taken::Repeat(repeat));
            }
            return Err(SubmitError::RobotRejected {
                reason,
                validation: robot_only,
            });
        }
        Err(RobotCheckError::Unavailable { reason }) => {
            return Err(SubmitError::RobotCheckUnavailable { reason });
        }
    }

    let stored = ports
        .outbox
        .store_once(&enquiry, ports.clock.now(), submission_id.as_ref())
        .await
        .map_err(|e| SubmitError::Unavailable {
            reason: e.to_string(),
        })?;
    match stored {
        Stored::New(id) => Ok(Taken::Stored(id)),
        Stored::Repeat(id) => {
            let status = ports
                .outbox
                .inspect(&id)
                .await
                .map_err(|e| SubmitError::Unavailable {
                    reason: e.to_string(),
                })?;
            Ok(Taken::Repeat(answer_as_it_stands(&status)))
        }
    }
}

/// The first enquiry's answer when `submission` was stored before.
async fn repeat_of<O: EnquiryOutbox + ?Sized>(
    outbox: &O,
    submission: Option<&SubmissionId>,
) -> Result<Option<Submitted>, SubmitError> {
    let Some(submission) = submission else {
        return Ok(None);
    };
    let found = outbox
        .find_submission(submission)
        .await
        .map_err(|e| SubmitError::Unavailable {
            reason: e.to_string(),
        })?;
    Ok(found.as_ref().map(answer_as_it_stands))
}

/// "sent" once every job is delivered, else "queued".
fn answer_as_it_stands(status: &EnquiryStatus) -> Submitted {
    let id = status.stored.id.clone();
    if !status.jobs.is_empty() && status.jobs.iter().all(|j| j.state == JobState::Delivered) {
        Submitted::Sent { id }
    } else {
        Submitted::Queued {
            id,
            problems: vec!["a repeat of an enquiry whose delivery is still pending".to_owned()],
        }
    }
}

/// Takes one enquiry ([`take`]) and, when it was stored now, attempts its deliveries while
/// the caller waits ([`deliver_now`]).
///
/// Errors: those of [`take`]. Once stored, the answer is [`Submitted`] whatever the
/// deliveries did.
pub async fn submit<O, D, R, C, J>(
    submission: Submission<'_>,
    ports: EnquiryPorts<'_, O, D, R, C, J>,
    policy: &RetryPolicy,
) -> Result<Submitted, SubmitError>
where
    O: EnquiryOutbox + ?Sized,
    D: EnquiryDelivery + ?Sized,
    R: RobotCheck + ?Sized,
    C: Clock + ?Sized,
    J: Fn() -> Jitter + Sync,
{
    match take(submission, &ports).await? {
        Taken::Repeat(answer) => Ok(answer),
        Taken::Stored(id) => Ok(deliver_now(id, &ports, policy).await),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::Field;
    use crate::ports::JobKind;
    use crate::ports::fakes::{FakeClock, FakeDelivery, FakeOutbox, FakeRobotCheck, ready};
    use crate::ports::{DeliveryError, JobFilter, UnixMillis};
    use std::future::Future;
    use std::time::Duration;

    const T0: UnixMillis = UnixMillis(1_700_000_000_000);
    const ROBOT: &str = "Please select 'I'm not a robot' checkbox.";

    struct World {
        outbox: FakeOutbox,
        delivery: FakeDelivery,
        robot: FakeRobotCheck,
        clock: FakeClock,
    }

    impl World {
        fn new() -> Self {
            World {
                outbox: FakeOutbox::new(),
                delivery: FakeDelivery::new(),
                robot: FakeRobotCheck::accepting(["good"]),
                clock: FakeClock::at(T0),
            }
        }

        fn submit(&self, form: ContactForm, token: &str) -> Result<Submitted, SubmitError> {
            self.submit_as(form, token, None)
        }

        fn submit_as(
            &self,
            form: ContactForm,
            token: &str,
            submission_id: Option<&str>,
        ) -> Result<Submitted, SubmitError> {
            let jitter = || Jitter::NONE;
            let ports = EnquiryPorts {
                outbox: &self.outbox,
                delivery: &self.delivery,
                robot: &self.robot,
                clock: &self.clock,
                jitter: &jitter,
            };
            let submission = Submission {
                form,
                robot_token: token,
                client_ip: Some("203.0.113.7".parse().unwrap()),
                submission_id: submission_id.map(|s| SubmissionId::parse(s).unwrap()),
                attribution: None,
            };
            ready(submit(submission, ports, &RetryPolicy::default()))
        }
    }

    /// A form that passes every rule (the service's tests use it too).
    pub(super) fn filled() -> ContactForm {
        ContactForm {
            firstname: "Ada".into(),
            lastname: "Lovelace".into(),
            org_name: "Engines Pty Ltd".into(),
            phone: "0400 000 000".into(),
            email: "ada@example.com".into(),
            message: "Please call about eRFx.".into(),
            robot_checked: false,
        }
    }

    /// [`filled`] with the token the fake robot check accepts, from no known address.
    /// Brevo answering 503 without a Retry-After.
    fn unavailable() -> DeliveryError {
        DeliveryError::Transient {
            reason: "HTTP 503".into(),
            retry_after: None,
        }
    }

    fn good_submission() -> Submission<'static> {
        Submission {
            form: filled(),
            robot_token: "good",
            client_ip: None,
            submission_id: None,
            attribution: None,
        }
    }

    fn messages(v: &Validation) -> Vec<(&'static str, String)> {
        v.errors()
            .iter()
            .map(|e| (e.field().key(), e.message().to_owned()))
            .collect()
    }

    /// The server holds its ports as `Arc<dyn Port>` and runs handlers on a multi-threaded
    /// runtime, so the use case's future must be `Send` with trait objects as ports.
    #[allow(dead_code)]
    fn submit_over_trait_objects_is_send(
        outbox: &dyn EnquiryOutbox,
        delivery: &dyn EnquiryDelivery,
        robot: &dyn RobotCheck,
        clock: &dyn Clock,
    ) -> impl Future<Output = Result<Submitted, SubmitError>> + Send {
        let jitter = || Jitter::NONE;
        async move {
            let ports = EnquiryPorts {
                outbox,
                delivery,
                robot,
                clock,
                jitter: &jitter,
            };
            let submission = good_submission();
            submit(submission, ports, &RetryPolicy::default()).await
        }
    }

    #[test]
    fn an_empty_form_without_a_token_gets_every_message_and_nothing_is_asked_or_stored() {
        let world = World::new();
        let err = world.submit(ContactForm::default(), "").unwrap_err();
        let SubmitError::Invalid(validation) = &err else {
            panic!("expected field errors, got {err:?}");
        };
        assert_eq!(
            messages(validation),
            [
                ("firstname", "First name is required.".to_owned()),
                ("lastname", "Last name is required.".to_owned()),
                ("orgName", "Organisation name is required.".to_owned()),
                ("phone", "Phone number is required".to_owned()),
                ("email", "Email is required.".to_owned()),
                ("robot", ROBOT.to_owned()),
            ]
        );
        assert!(world.robot.calls().is_empty());
        assert!(world.outbox.enquiries().is_empty());
    }

    #[test]
    fn a_form_claiming_to_be_ticked_without_a_token_gets_the_robot_message_alone() {
        let world = World::new();
        let form = ContactForm {
            robot_checked: true,
            ..filled()
        };
        let err = world.submit(form, "  ").unwrap_err();
        assert_eq!(
            messages(err.validation().unwrap()),
            [("robot", ROBOT.to_owned())]
        );
        assert!(world.outbox.enquiries().is_empty());
    }

    #[test]
    fn a_field_error_does_not_use_up_the_robot_token() {
        let world = World::new();
        let form = ContactForm {
            phone: "123".into(),
            ..filled()
        };
        let err = world.submit(form, "good").unwrap_err();
        assert_eq!(
            err.validation().unwrap().message(Field::Phone),
            Some("Enter a valid phone number")
        );
        assert_eq!(err.validation().unwrap().errors().len(), 1);
        assert!(world.robot.calls().is_empty());
    }

    #[test]
    fn a_rejected_token_shows_the_robot_message_and_keeps_the_reason_for_the_log() {
        let world = World::new();
        let err = world.submit(filled(), "forged").unwrap_err();
        let SubmitError::RobotRejected { reason, validation } = &err else {
            panic!("expected a rejected token, got {err:?}");
        };
        assert!(reason.contains("forged"), "{reason}");
        assert_eq!(messages(validation), [("robot", ROBOT.to_owned())]);
        assert_eq!(
            world.robot.calls(),
            [("forged".to_owned(), Some("203.0.113.7".parse().unwrap()))]
        );
        assert!(world.outbox.enquiries().is_empty());
    }

    #[test]
    fn an_unreachable_verifier_stores_nothing_and_is_not_the_visitors_fault() {
        let world = World {
            robot: FakeRobotCheck::unavailable("siteverify timed out"),
            ..World::new()
        };
        let err = world.submit(filled(), "good").unwrap_err();
        assert_eq!(
            err,
            SubmitError::RobotCheckUnavailable {
                reason: "siteverify timed out".into()
            }
        );
        assert_eq!(err.validation(), None);
        assert!(world.outbox.enquiries().is_empty());
    }

    #[test]
    fn a_broken_outbox_is_unavailable_and_nothing_is_delivered() {
        let world = World::new();
        world.outbox.set_unavailable(Some("disk full"));
        let err = world.submit(filled(), "good").unwrap_err();
        assert_eq!(
            err.to_string(),
            "enquiry could not be stored: enquiry outbox is unavailable: disk full"
        );
        assert!(world.delivery.attempts().is_empty());
    }

    #[test]
    fn a_good_enquiry_is_stored_then_sent_by_both_deliveries() {
        let world = World::new();
        let submitted = world.submit(filled(), "good").unwrap();
        assert_eq!(
            submitted,
            Submitted::Sent {
                id: EnquiryId::parse("enquiry-1").unwrap()
            }
        );
        assert_eq!(submitted.status(), "sent");
        let stored = &world.outbox.enquiries()[0];
        assert_eq!(stored.received_at, T0);
        assert_eq!(stored.enquiry.message(), Some("Please call about eRFx."));
        assert_eq!(
            world.delivery.delivered(JobKind::NotifyInbox),
            std::slice::from_ref(stored)
        );
        assert_eq!(
            world.delivery.delivered(JobKind::UpsertContact),
            std::slice::from_ref(stored)
        );
        let jobs = ready(world.outbox.jobs(JobFilter::default())).unwrap();
        assert!(
            jobs.iter()
                .all(|j| j.state == JobState::Delivered && j.attempts == 1)
        );
    }

    #[test]
    fn a_failed_delivery_queues_the_enquiry_for_a_retry_after_the_back_off() {
        let world = World::new();
        world
            .delivery
            .push(JobKind::NotifyInbox, Err(unavailable()));
        let submitted = world.submit(filled(), "good").unwrap();
        let Submitted::Queued { id, problems } = &submitted else {
            panic!("expected queued, got {submitted:?}");
        };
        assert_eq!(
            problems,
            &["notify-inbox pending: delivery failed for now: HTTP 503".to_owned()]
        );
        let status = ready(world.outbox.inspect(id)).unwrap();
        let notify = &status.jobs[0];
        assert_eq!(
            (notify.state, notify.attempts, notify.next_attempt_at),
            (
                JobState::Pending,
                1,
                Some(T0.after(Duration::from_secs(30)))
            )
        );
        assert_eq!(status.jobs[1].state, JobState::Delivered);
    }

    #[test]
    fn a_refused_delivery_is_dead_lettered_at_once_and_the_enquiry_is_still_taken() {
        let world = World::new();
        world.delivery.push(
            JobKind::UpsertContact,
            Err(DeliveryError::Permanent {
                reason: "HTTP 400 invalid_parameter".into(),
            }),
        );
        let submitted = world.submit(filled(), "good").unwrap();
        assert_eq!(submitted.status(), "queued");
        let dead = ready(world.outbox.jobs(JobFilter::in_state(JobState::Dead))).unwrap();
        assert_eq!(dead.len(), 1);
        assert_eq!(dead[0].kind, JobKind::UpsertContact);
        assert_eq!(
            dead[0].last_error.as_deref(),
            Some("HTTP 400 invalid_parameter")
        );
    }

    #[test]
    fn the_outcome_is_recorded_when_the_delivery_ends_with_fresh_jitter() {
        let world = World::new();
        world.delivery.push(
            JobKind::NotifyInbox,
            Err(DeliveryError::Transient {
                reason: "HTTP 500".into(),
                retry_after: None,
            }),
        );
        let jitter = || Jitter::new(0.5);
        let ports = EnquiryPorts {
            outbox: &world.outbox,
            delivery: &world.delivery,
            robot: &world.robot,
            clock: &world.clock,
            jitter: &jitter,
        };
        let submission = good_submission();
        let submitted = ready(submit(submission, ports, &RetryPolicy::default())).unwrap();
        let status = ready(world.outbox.inspect(submitted.id())).unwrap();
        assert_eq!(
            status.jobs[0].next_attempt_at,
            Some(T0.after(Duration::from_secs(45)))
        );
    }

    const SUBMISSION: &str = "0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d";

    #[test]
    fn a_resubmission_with_the_same_id_gets_the_first_answer_without_the_robot_or_a_store() {
        let world = World::new();
        let first = world.submit_as(filled(), "good", Some(SUBMISSION)).unwrap();
        assert_eq!(first.status(), "sent");
        // The browser re-sends the same request: same token, already used.
        let again = world
            .submit_as(
                ContactForm {
                    message: "edited after sending".into(),
                    ..filled()
                },
                "good",
                Some(SUBMISSION),
            )
            .unwrap();
        assert_eq!(again, first);
        assert_eq!(world.outbox.enquiries().len(), 1);
        assert_eq!(world.robot.calls().len(), 1);
        assert_eq!(world.delivery.delivered(JobKind::NotifyInbox).len(), 1);
    }

    #[test]
    fn a_repeat_of_a_queued_enquiry_is_queued_and_attempts_nothing_more() {
        let world = World::new();
        world
            .delivery
            .push(JobKind::NotifyInbox, Err(unavailable()));
        let first = world.submit_as(filled(), "good", Some(SUBMISSION)).unwrap();
        assert_eq!(first.status(), "queued");
        let again = world.submit_as(filled(), "good", Some(SUBMISSION)).unwrap();
        assert_eq!(again.status(), "queued");
        assert_eq!(again.id(), first.id());
        assert_eq!(world.delivery.attempts().len(), 2);
    }

    #[test]
    fn an_identical_form_sent_again_shortly_after_is_folded_into_the_first_and_later_is_not() {
        let world = World::new();
        let first = world.submit_as(filled(), "good", Some(SUBMISSION)).unwrap();
        world.clock.advance(Duration::from_secs(60));
        let form = ContactForm {
            email: "ADA@example.com".into(),
            ..filled()
        };
        let again = world
            .submit_as(form, "good", Some("another-submission-id-0001"))
            .unwrap();
        assert_eq!(again.id(), first.id());
        assert_eq!(world.outbox.enquiries().len(), 1);

        world.clock.advance(crate::ports::FOLD_IDENTICAL_WITHIN);
        let later = world
            .submit_as(filled(), "good", Some("a-third-submission-id-0002"))
            .unwrap();
        assert_ne!(later.id(), first.id());
        assert_eq!(world.outbox.enquiries().len(), 2);
    }
}
