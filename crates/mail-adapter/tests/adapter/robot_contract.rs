//! The robot check port's contract, one suite run against every implementation: core's
//! in-memory fake, reCAPTCHA against the local fake siteverify, and the self-hosted proof of
//! work. Each implementation brings a [`Harness`]: the check, how to get a token that passes
//! and one that does not, checks of the same kind whose verifier cannot be asked, and what it
//! promises about a token used twice.

mod cases;

use crate::support::T0;
use crate::support::fake_siteverify::{FakeSiteverify, HOSTNAME, SECRET};
use async_trait::async_trait;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use supplysite_core::ports::fakes::{FakeClock, FakeRobotCheck};
use supplysite_core::ports::suite::run_suite;
use supplysite_core::ports::{Clock, RobotCheck, UnixMillis, UsedChallenge};
use supplysite_mail_adapter::selfhosted::{LedgerError, Spent, solve};
use supplysite_mail_adapter::{
    ChallengeLedger, DifficultyCurve, MemoryLedger, RecaptchaConfig, RecaptchaVerifier, Secret,
    SelfHostedCheck, SelfHostedConfig,
};

/// One implementation, as the cases see it.
pub struct Harness {
    /// The check, its verifier up.
    pub check: Arc<dyn RobotCheck>,
    /// A token that passes the check, fresh on each call.
    pub good_token: Box<dyn Fn() -> String + Send + Sync>,
    /// A token (not empty) the verifier rejects.
    pub wrong_token: String,
    /// Checks of the same kind whose verifier cannot be asked, each with how it cannot.
    pub unavailable: Vec<(&'static str, Arc<dyn RobotCheck>)>,
    /// How many questions reached the verifier behind the check so far, where that shows.
    pub questions: Option<Box<dyn Fn() -> usize + Send + Sync>>,
    /// What the implementation promises about a token that passed once.
    pub reuse: Reuse,
}

/// What becomes of a token that passed once, when it comes again.
#[derive(Clone, Copy, Debug)]
pub enum Reuse {
    /// It fails: a token is good for one enquiry.
    Refused,
    /// It passes again: the implementation promises no more, for the reason given.
    Passes(&'static str),
}

#[tokio::test]
async fn the_fake_robot_check_keeps_the_contract() {
    run_suite("the fake robot check", cases::ALL, |_| async { fake() }).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recaptcha_keeps_the_contract() {
    run_suite("reCAPTCHA", cases::ALL, |_| recaptcha()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_self_hosted_check_keeps_the_contract() {
    run_suite("the self-hosted check", cases::ALL, |_| async {
        self_hosted()
    })
    .await;
}

const GOOD: &str = "solved-robot-check";

fn fake() -> Harness {
    Harness {
        check: Arc::new(FakeRobotCheck::accepting([GOOD])),
        good_token: Box::new(|| GOOD.to_owned()),
        wrong_token: "forged-robot-check".into(),
        unavailable: vec![(
            "told to be unavailable",
            Arc::new(FakeRobotCheck::unavailable("siteverify timed out")) as Arc<dyn RobotCheck>,
        )],
        // The fake is its own verifier: that a missing token asks nobody shows in an
        // unavailable fake answering it as missing.
        questions: None,
        reuse: Reuse::Passes(
            "the fake accepts the tokens it was given every time, so front doors' tests can \
             send one token many times",
        ),
    }
}

fn verifier(url: &str, timeout: Duration) -> Arc<dyn RobotCheck> {
    let mut config = RecaptchaConfig::new(Secret::new(SECRET), Some(HOSTNAME.into()));
    config.verify_url = url.to_owned();
    config.timeout = timeout;
    Arc::new(RecaptchaVerifier::new(config).unwrap())
}

/// How long the reCAPTCHA cases wait on a siteverify that hangs.
const HANG_BUDGET: Duration = Duration::from_millis(200);

async fn recaptcha() -> Harness {
    let google = FakeSiteverify::start().await;
    let hanging = FakeSiteverify::start().await;
    hanging.hang();
    let down = supplysite_mail_adapter::fake_brevo::refused_url().unwrap();
    let issuer = google.clone();
    let asked = [google.clone(), hanging.clone()];
    Harness {
        check: verifier(&google.url, Duration::from_secs(5)),
        good_token: Box::new(move || issuer.issue()),
        wrong_token: "never-issued-by-the-widget".into(),
        unavailable: vec![
            (
                "siteverify is down",
                verifier(&down, Duration::from_secs(5)),
            ),
            (
                "siteverify hangs past the verifier's timeout",
                verifier(&hanging.url, HANG_BUDGET),
            ),
        ],
        questions: Some(Box::new(move || {
            asked.iter().map(|g| g.forms().len()).sum::<usize>()
        })),
        // Google verifies a token once and answers `timeout-or-duplicate` after; the fake
        // siteverify does as Google documents, so this holds the adapter to failing it.
        reuse: Reuse::Refused,
    }
}

/// A ledger that counts the challenges it is asked to spend, or cannot be written at all.
struct Ledger {
    inner: Option<MemoryLedger>,
    spends: Arc<AtomicUsize>,
}

#[async_trait]
impl ChallengeLedger for Ledger {
    async fn spend(&self, used: UsedChallenge<'_>, now: UnixMillis) -> Result<Spent, LedgerError> {
        self.spends.fetch_add(1, Ordering::SeqCst);
        match &self.inner {
            Some(ledger) => ledger.spend(used, now).await,
            None => Err(LedgerError {
                reason: "database is locked".into(),
            }),
        }
    }
}

fn self_hosted() -> Harness {
    let spends = Arc::new(AtomicUsize::new(0));
    let clock = Arc::new(FakeClock::at(T0));
    let config = SelfHostedConfig {
        secret: Some(Secret::new("a-robot-secret-of-at-least-32-bytes!")),
        difficulty: DifficultyCurve::fixed(8),
        ..SelfHostedConfig::default()
    };
    let over = |inner: Option<MemoryLedger>| {
        let ledger = Ledger {
            inner,
            spends: Arc::clone(&spends),
        };
        Arc::new(SelfHostedCheck::new(
            config.clone(),
            Arc::clone(&clock) as Arc<dyn Clock>,
            Arc::new(ledger),
        ))
    };
    let check = over(Some(MemoryLedger::new(100)));
    let broken = over(None);
    let issuer = Arc::clone(&check);
    let asked = Arc::clone(&spends);
    Harness {
        check,
        good_token: Box::new(move || solve(&issuer.issue_challenge())),
        wrong_token: "eyJhIjoxfQ==".into(),
        unavailable: vec![(
            "its ledger of used challenges cannot be written",
            broken as Arc<dyn RobotCheck>,
        )],
        questions: Some(Box::new(move || asked.load(Ordering::SeqCst))),
        reuse: Reuse::Refused,
    }
}
