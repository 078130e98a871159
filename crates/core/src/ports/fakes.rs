//! In-memory fakes of every port, for tests in any crate (feature `test-support`).
//!
//! Each fake does what a real adapter promises, in memory and at once (no future ever waits),
//! and can be told to fail the way a real one fails, so front doors and workers can be
//! tested for every error without a network, a disk or a clock.

mod challenges;
mod outbox;
mod runtime;

pub use challenges::FakeChallenges;
pub use outbox::FakeOutbox;
pub use runtime::{FakeRuntime, FakeWakeup};

use super::{
    Clock, ContentLoadError, ContentSource, DeliveryError, EnquiryDelivery, JobKind, RobotCheck,
    RobotCheckError, StoredEnquiry, UnixMillis,
};
use crate::content::ContentSet;
use async_trait::async_trait;
use std::collections::{HashMap, HashSet, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// Locks `m`, carrying on past a panic in another test thread: the data is test data.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A clock that stands still until told to move.
#[derive(Debug)]
pub struct FakeClock(AtomicI64);

impl FakeClock {
    /// A clock showing `now`.
    pub fn at(now: UnixMillis) -> Self {
        FakeClock(AtomicI64::new(now.0))
    }

    /// Sets the time.
    pub fn set(&self, now: UnixMillis) {
        self.0.store(now.0, Ordering::SeqCst);
    }

    /// Moves the time `by` later.
    pub fn advance(&self, by: Duration) {
        self.set(self.now().after(by));
    }
}

impl Clock for FakeClock {
    fn now(&self) -> UnixMillis {
        UnixMillis(self.0.load(Ordering::SeqCst))
    }
}

/// A content source that returns whatever it was given, and counts its loads.
#[derive(Debug)]
pub struct FakeContentSource {
    next: Mutex<Result<ContentSet, ContentLoadError>>,
    loads: AtomicUsize,
}

impl FakeContentSource {
    /// A source whose every load returns `set`.
    pub fn new(set: ContentSet) -> Self {
        FakeContentSource {
            next: Mutex::new(Ok(set)),
            loads: AtomicUsize::new(0),
        }
    }

    /// A source whose every load fails with `error`.
    pub fn failing(error: ContentLoadError) -> Self {
        FakeContentSource {
            next: Mutex::new(Err(error)),
            loads: AtomicUsize::new(0),
        }
    }

    /// Makes every later load return `result` (new content, or a failure).
    pub fn set(&self, result: Result<ContentSet, ContentLoadError>) {
        *lock(&self.next) = result;
    }

    /// How many times [`ContentSource::load`] was called.
    pub fn loads(&self) -> usize {
        self.loads.load(Ordering::SeqCst)
    }
}

#[async_trait]
impl ContentSource for FakeContentSource {
    async fn load(&self) -> Result<ContentSet, ContentLoadError> {
        self.loads.fetch_add(1, Ordering::SeqCst);
        lock(&self.next).clone()
    }
}

/// How a [`FakeRobotCheck`] answers a non-empty token.
#[derive(Clone, Debug, PartialEq, Eq)]
enum RobotVerdict {
    AcceptAll,
    Accept(HashSet<String>),
    Unavailable(String),
}

/// A robot check that accepts the tokens it is told to, and records every call.
///
/// An empty or whitespace-only token is always [`RobotCheckError::Missing`], as a real
/// adapter's is; a token it does not accept is [`RobotCheckError::Failed`].
#[derive(Debug)]
pub struct FakeRobotCheck {
    verdict: Mutex<RobotVerdict>,
    calls: Mutex<Vec<(String, Option<IpAddr>)>>,
}

impl FakeRobotCheck {
    fn with(verdict: RobotVerdict) -> Self {
        FakeRobotCheck {
            verdict: Mutex::new(verdict),
            calls: Mutex::new(Vec::new()),
        }
    }

    /// Accepts every non-empty token.
    pub fn accept_all() -> Self {
        Self::with(RobotVerdict::AcceptAll)
    }

    /// Accepts only these tokens.
    pub fn accepting<I, S>(tokens: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self::with(RobotVerdict::Accept(
            tokens.into_iter().map(Into::into).collect(),
        ))
    }

    /// Answers every non-empty token with [`RobotCheckError::Unavailable`].
    pub fn unavailable(reason: impl Into<String>) -> Self {
        Self::with(RobotVerdict::Unavailable(reason.into()))
    }

    /// Every `(token, remote_ip)` it was asked to verify, in order.
    pub fn calls(&self) -> Vec<(String, Option<IpAddr>)> {
        lock(&self.calls).clone()
    }
}

#[async_trait]
impl RobotCheck for FakeRobotCheck {
    async fn verify(&self, token: &str, remote_ip: Option<IpAddr>) -> Result<(), RobotCheckError> {
        lock(&self.calls).push((token.to_owned(), remote_ip));
        if token.trim().is_empty() {
            return Err(RobotCheckError::Missing);
        }
        match &*lock(&self.verdict) {
            RobotVerdict::AcceptAll => Ok(()),
            RobotVerdict::Accept(tokens) if tokens.contains(token) => Ok(()),
            RobotVerdict::Accept(_) => Err(RobotCheckError::Failed {
                reason: format!("token {token:?} was not issued"),
            }),
            RobotVerdict::Unavailable(reason) => Err(RobotCheckError::Unavailable {
                reason: reason.clone(),
            }),
        }
    }
}

/// A delivery that succeeds unless told otherwise, and records every attempt.
///
/// Outcomes pushed with [`FakeDelivery::push`] are used one per attempt of that kind, in
/// order; once they run out, attempts succeed. Like a real provider keyed by idempotency, a
/// repeat of a delivered `(kind, enquiry)` succeeds without being delivered twice.
#[derive(Debug, Default)]
pub struct FakeDelivery {
    script: Mutex<HashMap<JobKind, VecDeque<Result<(), DeliveryError>>>>,
    attempts: Mutex<Vec<(JobKind, StoredEnquiry)>>,
    delivered: Mutex<Vec<(JobKind, StoredEnquiry)>>,
}

impl FakeDelivery {
    /// A delivery where everything succeeds.
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues the outcome of the next unscripted attempt of `kind`.
    pub fn push(&self, kind: JobKind, outcome: Result<(), DeliveryError>) {
        lock(&self.script)
            .entry(kind)
            .or_default()
            .push_back(outcome);
    }

    /// Every attempt, in order, whatever its outcome.
    pub fn attempts(&self) -> Vec<(JobKind, StoredEnquiry)> {
        lock(&self.attempts).clone()
    }

    /// The enquiries delivered by `kind`, once each, in the order they were delivered.
    pub fn delivered(&self, kind: JobKind) -> Vec<StoredEnquiry> {
        lock(&self.delivered)
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, e)| e.clone())
            .collect()
    }

    fn attempt(&self, kind: JobKind, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        lock(&self.attempts).push((kind, enquiry.clone()));
        let outcome = lock(&self.script)
            .get_mut(&kind)
            .and_then(VecDeque::pop_front)
            .unwrap_or(Ok(()));
        if outcome.is_ok() {
            let mut delivered = lock(&self.delivered);
            if !delivered
                .iter()
                .any(|(k, e)| *k == kind && e.id == enquiry.id)
            {
                delivered.push((kind, enquiry.clone()));
            }
        }
        outcome
    }
}

#[async_trait]
impl EnquiryDelivery for FakeDelivery {
    async fn notify_inbox(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        self.attempt(JobKind::NotifyInbox, enquiry)
    }

    async fn upsert_contact(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        self.attempt(JobKind::UpsertContact, enquiry)
    }
}

/// A valid enquiry from `email`, for the core's own tests.
#[cfg(test)]
pub(crate) fn enquiry_from(email: &str) -> crate::contact::Enquiry {
    crate::contact::Enquiry::parse(crate::contact::ContactForm {
        firstname: "Ada".into(),
        lastname: "Lovelace".into(),
        org_name: "Engines".into(),
        phone: "0400000000".into(),
        email: email.into(),
        message: "Hello".into(),
        robot_checked: true,
    })
    .unwrap()
}

/// Runs a future of a fake to its end. The fakes never wait, so one poll finishes it.
#[cfg(test)]
pub(crate) fn ready<F: std::future::Future>(future: F) -> F::Output {
    use std::task::{Context, Poll, Waker};
    let mut future = std::pin::pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(output) => output,
        Poll::Pending => panic!("a fake port waited, which fakes never do"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::EnquiryId;

    fn stored(id: &str) -> StoredEnquiry {
        StoredEnquiry {
            id: EnquiryId::parse(id).unwrap(),
            received_at: UnixMillis(1_700_000_000_000),
            enquiry: enquiry_from("ada@example.com"),
        }
    }

    #[test]
    fn the_fake_clock_stands_still_until_moved() {
        let clock = FakeClock::at(UnixMillis(1_000));
        assert_eq!(clock.now(), UnixMillis(1_000));
        clock.advance(Duration::from_secs(2));
        assert_eq!(clock.now(), UnixMillis(3_000));
        clock.set(UnixMillis(5));
        assert_eq!(clock.now(), UnixMillis(5));
    }

    // What every content source promises, the fake included, is the contract suite in the
    // content adapter's tests; this is what only the fake does.
    #[test]
    fn the_fake_content_source_counts_its_loads_failed_or_not() {
        let fake = FakeContentSource::failing(ContentLoadError::NotFound {
            location: "x.json".into(),
        });
        assert!(ready(fake.load()).is_err());
        fake.set(Ok(ContentSet::empty()));
        assert_eq!(ready(fake.load()).unwrap().version(), "empty");
        assert_eq!(fake.loads(), 2);
    }

    // What every robot check promises, the fake included, is the contract suite in the mail
    // adapter's tests; this is what only the fake does.
    #[test]
    fn the_fake_robot_check_records_every_call_and_accept_all_takes_any_token() {
        let ip: IpAddr = "203.0.113.9".parse().unwrap();
        let check = FakeRobotCheck::accepting(["good"]);
        let _ = ready(check.verify("good", Some(ip)));
        let _ = ready(check.verify("  ", None));
        let _ = ready(check.verify("bad", None));
        assert_eq!(
            check.calls(),
            [
                ("good".to_owned(), Some(ip)),
                ("  ".to_owned(), None),
                ("bad".to_owned(), None)
            ]
        );
        assert_eq!(
            ready(FakeRobotCheck::accept_all().verify("anything", None)),
            Ok(())
        );
    }

    #[test]
    fn the_fake_delivery_plays_its_script_then_succeeds_and_delivers_each_job_once() {
        let delivery = FakeDelivery::new();
        let transient = DeliveryError::Transient {
            reason: "HTTP 429".into(),
            retry_after: Some(Duration::from_secs(30)),
        };
        delivery.push(JobKind::NotifyInbox, Err(transient.clone()));
        let e = stored("enquiry-1");

        assert_eq!(
            ready(delivery.deliver(JobKind::NotifyInbox, &e)),
            Err(transient)
        );
        assert_eq!(ready(delivery.deliver(JobKind::NotifyInbox, &e)), Ok(()));
        assert_eq!(ready(delivery.deliver(JobKind::NotifyInbox, &e)), Ok(()));
        assert_eq!(ready(delivery.deliver(JobKind::UpsertContact, &e)), Ok(()));

        assert_eq!(delivery.attempts().len(), 4);
        assert_eq!(
            delivery.delivered(JobKind::NotifyInbox),
            std::slice::from_ref(&e)
        );
        assert_eq!(delivery.delivered(JobKind::UpsertContact), [e]);
    }

    #[test]
    fn a_permanent_error_is_not_transient() {
        let delivery = FakeDelivery::new();
        delivery.push(
            JobKind::UpsertContact,
            Err(DeliveryError::Permanent {
                reason: "HTTP 400 invalid_parameter".into(),
            }),
        );
        let err = ready(delivery.upsert_contact(&stored("enquiry-2"))).unwrap_err();
        assert!(!err.is_transient());
        assert_eq!(
            err.to_string(),
            "delivery refused: HTTP 400 invalid_parameter"
        );
        assert!(delivery.delivered(JobKind::UpsertContact).is_empty());
    }
}

/// [`super::SharedSnapshots`] in memory: the newest snapshot offered under each key, and the
/// number of offers taken. Can be told to fail every call.
#[derive(Debug, Default)]
pub struct FakeSnapshots {
    kept: Mutex<HashMap<String, (UnixMillis, Vec<u8>)>>,
    offers: AtomicUsize,
    down: std::sync::atomic::AtomicBool,
}

impl FakeSnapshots {
    /// How many offers were made so far, taken or not.
    pub fn offers(&self) -> usize {
        self.offers.load(Ordering::SeqCst)
    }

    /// Makes every call fail (`true`) or work again.
    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    fn up(&self) -> Result<(), super::SnapshotError> {
        if self.down.load(Ordering::SeqCst) {
            return Err(super::SnapshotError {
                reason: "the fake store is down".into(),
            });
        }
        Ok(())
    }
}

#[async_trait]
impl super::SharedSnapshots for FakeSnapshots {
    async fn latest(&self, key: &str) -> Result<Option<Vec<u8>>, super::SnapshotError> {
        self.up()?;
        Ok(lock(&self.kept).get(key).map(|(_, bytes)| bytes.clone()))
    }

    async fn offer(
        &self,
        key: &str,
        synced_at: UnixMillis,
        bytes: &[u8],
    ) -> Result<(), super::SnapshotError> {
        self.up()?;
        self.offers.fetch_add(1, Ordering::SeqCst);
        let mut kept = lock(&self.kept);
        if kept.get(key).is_none_or(|(at, _)| *at < synced_at) {
            kept.insert(key.to_string(), (synced_at, bytes.to_vec()));
        }
        Ok(())
    }
}
