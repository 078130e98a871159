use super::*;
use crate::enquiry::tests::filled;
use crate::ports::fakes::{
    FakeClock, FakeDelivery, FakeOutbox, FakeRobotCheck, FakeRuntime, FakeWakeup, ready,
};
use crate::ports::{
    DeliveryError, EnquiryStatus, JobKind, JobState, RobotCheckError, StoredEnquiry, UnixMillis,
};
use async_trait::async_trait;

const T0: UnixMillis = UnixMillis(1_700_000_000_000);

/// The service over fakes, with the fakes kept to look at.
struct World {
    outbox: Arc<FakeOutbox>,
    delivery: Arc<dyn EnquiryDelivery>,
    robot: Arc<dyn RobotCheck>,
    runtime: FakeRuntime,
    wakeup: Arc<FakeWakeup>,
    challenges: Option<Arc<dyn ChallengeIssuer>>,
}

impl World {
    fn new(delivery: Arc<dyn EnquiryDelivery>) -> World {
        World {
            outbox: Arc::new(FakeOutbox::new()),
            delivery,
            robot: Arc::new(FakeRobotCheck::accepting(["good"])),
            runtime: FakeRuntime::timers_never_fire(),
            wakeup: Arc::new(FakeWakeup::new()),
            challenges: None,
        }
    }

    fn parts(self) -> EnquiryParts {
        EnquiryParts {
            outbox: self.outbox,
            delivery: self.delivery,
            robot: self.robot,
            clock: Arc::new(FakeClock::at(T0)),
            runtime: Arc::new(self.runtime),
            wakeup: self.wakeup,
            challenges: self.challenges,
            widget: RobotWidget::SelfHosted,
            policy: RetryPolicy::default(),
            answer_budget: Duration::from_millis(1_500),
            robot_budget: Duration::from_millis(250),
        }
    }

    fn enquiries(self) -> (Enquiries, Arc<FakeOutbox>, Arc<FakeWakeup>) {
        let (outbox, wakeup) = (self.outbox.clone(), self.wakeup.clone());
        (Enquiries::from_parts(self.parts()), outbox, wakeup)
    }
}

fn submit(enquiries: &Enquiries, token: &str) -> Result<Submitted, SubmitError> {
    ready(enquiries.submit(filled(), token, None, None))
}

fn status(outbox: &FakeOutbox, id: &EnquiryId) -> EnquiryStatus {
    ready(outbox.inspect(id)).unwrap()
}

/// A delivery that never answers, as a provider holding the connection open.
struct Hanging;

#[async_trait]
impl EnquiryDelivery for Hanging {
    async fn notify_inbox(&self, _: &StoredEnquiry) -> Result<(), DeliveryError> {
        std::future::pending().await
    }

    async fn upsert_contact(&self, _: &StoredEnquiry) -> Result<(), DeliveryError> {
        std::future::pending().await
    }
}

/// A robot check that never answers.
struct Silent;

#[async_trait]
impl RobotCheck for Silent {
    async fn verify(&self, _: &str, _: Option<IpAddr>) -> Result<(), RobotCheckError> {
        std::future::pending().await
    }
}

#[test]
fn a_delivered_enquiry_is_sent_and_the_worker_is_left_asleep() {
    let (enquiries, outbox, wakeup) = World::new(Arc::new(FakeDelivery::new())).enquiries();
    let submitted = submit(&enquiries, "good").unwrap();
    assert_eq!(submitted.status(), "sent");
    let jobs = status(&outbox, submitted.id()).jobs;
    assert!(jobs.iter().all(|j| j.state == JobState::Delivered));
    assert_eq!(wakeup.wakes(), 0);
}

#[test]
fn a_failed_delivery_is_queued_with_fresh_jitter_and_wakes_the_worker() {
    let delivery = FakeDelivery::new();
    delivery.push(
        JobKind::NotifyInbox,
        Err(DeliveryError::Transient {
            reason: "HTTP 503".into(),
            retry_after: None,
        }),
    );
    let mut world = World::new(Arc::new(delivery));
    world.runtime = FakeRuntime::timers_never_fire().drawing(0.5);
    let (enquiries, outbox, wakeup) = world.enquiries();
    let submitted = submit(&enquiries, "good").unwrap();
    let Submitted::Queued { problems, .. } = &submitted else {
        panic!("expected queued, got {submitted:?}");
    };
    assert_eq!(
        problems,
        &["notify-inbox pending: delivery failed for now: HTTP 503".to_owned()]
    );
    let notify = &status(&outbox, submitted.id()).jobs[0];
    // The default back-off of 30 s, half as long again by the jitter the runtime drew.
    assert_eq!(
        notify.next_attempt_at,
        Some(T0.after(Duration::from_secs(45)))
    );
    assert!(wakeup.wakes() >= 1);
}

#[test]
fn a_delivery_still_running_after_the_wait_for_delivery_is_queued_and_the_enquiry_kept() {
    let mut world = World::new(Arc::new(Hanging));
    world.runtime = FakeRuntime::timers_fire_at_once();
    let (enquiries, outbox, wakeup) = world.enquiries();
    let submitted = submit(&enquiries, "good").unwrap();
    assert_eq!(
        submitted,
        Submitted::Queued {
            id: submitted.id().clone(),
            problems: vec![
                "still delivering after the wait for delivery (2000 ms, within the answer budget of 1500 ms); finishing in the background"
                    .to_owned()
            ],
        }
    );
    assert_eq!(outbox.enquiries().len(), 1);
    assert_eq!(wakeup.wakes(), 1);
}

#[test]
fn a_delivery_task_that_ends_without_finishing_is_queued_with_what_ended_it() {
    let mut world = World::new(Arc::new(FakeDelivery::new()));
    world.runtime = FakeRuntime::timers_never_fire().failing_tasks("task 7 panicked");
    let (enquiries, outbox, _) = world.enquiries();
    let submitted = submit(&enquiries, "good").unwrap();
    let Submitted::Queued { problems, .. } = &submitted else {
        panic!("expected queued, got {submitted:?}");
    };
    assert_eq!(
        problems,
        &["delivery attempt did not finish: task 7 panicked".to_owned()]
    );
    assert_eq!(outbox.enquiries().len(), 1);
}

#[test]
fn a_robot_check_slower_than_its_budget_is_unavailable_and_nothing_is_stored() {
    let mut world = World::new(Arc::new(FakeDelivery::new()));
    world.robot = Arc::new(Silent);
    world.runtime = FakeRuntime::timers_fire_at_once();
    let (enquiries, outbox, _) = world.enquiries();
    assert_eq!(
        submit(&enquiries, "good").unwrap_err(),
        SubmitError::RobotCheckUnavailable {
            reason:
                "no verdict within the robot check's share of the answer budget (250 of 1500 ms)"
                    .into()
        }
    );
    assert!(outbox.enquiries().is_empty());
}

#[test]
fn the_robot_check_leaves_part_of_the_answer_budget_for_storing() {
    let mut world = World::new(Arc::new(FakeDelivery::new()));
    world.robot = Arc::new(Silent);
    world.runtime = FakeRuntime::timers_fire_at_once();
    let enquiries = Enquiries::from_parts(EnquiryParts {
        robot_budget: Duration::from_secs(4),
        ..world.parts()
    });
    assert_eq!(
        submit(&enquiries, "good").unwrap_err(),
        SubmitError::RobotCheckUnavailable {
            reason:
                "no verdict within the robot check's share of the answer budget (1000 of 1500 ms)"
                    .into()
        }
    );
    // The page waits the budget and a margin for the network before it sends again.
    assert_eq!(enquiries.page_wait(), Duration::from_millis(2_000));
}

#[test]
fn a_resubmission_gets_the_first_answer_without_a_second_delivery() {
    let delivery = Arc::new(FakeDelivery::new());
    let (enquiries, outbox, _) = World::new(delivery.clone()).enquiries();
    let id = SubmissionId::parse("0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d").unwrap();
    let first = ready(enquiries.submit(filled(), "good", None, Some(id.clone()))).unwrap();
    let again = ready(enquiries.submit(filled(), "good", None, Some(id))).unwrap();
    assert_eq!(again, first);
    assert_eq!(outbox.enquiries().len(), 1);
    assert_eq!(delivery.delivered(JobKind::NotifyInbox).len(), 1);
}

struct OneChallenge;

impl ChallengeIssuer for OneChallenge {
    fn issue_challenge(&self) -> Challenge {
        Challenge {
            challenge: "c0ffee".into(),
            salt: "5a17".into(),
            expires: T0.0,
            difficulty: 16,
            signature: "516e".into(),
        }
    }
}

#[test]
fn challenges_are_issued_only_by_a_check_of_the_sites_own() {
    let (without, _, _) = World::new(Arc::new(FakeDelivery::new())).enquiries();
    assert_eq!(without.robot_challenge(), None);
    let mut world = World::new(Arc::new(FakeDelivery::new()));
    world.challenges = Some(Arc::new(OneChallenge));
    let (with, _, _) = world.enquiries();
    assert_eq!(with.robot_challenge().unwrap().salt, "5a17");
    assert_eq!(with.robot_widget(), &RobotWidget::SelfHosted);
    assert_eq!(with.describe(), "enquiries from given parts");
    assert_eq!(
        with.described_as("to the mailbox".into()).describe(),
        "to the mailbox"
    );
}
