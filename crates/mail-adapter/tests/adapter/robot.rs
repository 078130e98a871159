//! What is particular to each robot check (what the port promises of all of them is in
//! `robot_contract`): reCAPTCHA's request, error codes and hostname, and the self-hosted
//! challenge's expiry, signature, work, ledger and difficulty.

use crate::support::T0;
use crate::support::fake_siteverify::{Answer, FakeSiteverify, HOSTNAME, SECRET};
use base64::Engine as _;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::ports::fakes::FakeClock;
use supplysite_core::ports::{RobotCheck, RobotCheckError};
use supplysite_mail_adapter::selfhosted::{solve, token};
use supplysite_mail_adapter::{
    ChallengeLedger, DifficultyCurve, MemoryLedger, RecaptchaConfig, RecaptchaVerifier, Secret,
    SelfHostedCheck, SelfHostedConfig, SqliteOutbox,
};

fn verifier(url: &str, timeout: Duration) -> RecaptchaVerifier {
    verifier_with(SECRET, url, timeout)
}

fn verifier_with(secret: &str, url: &str, timeout: Duration) -> RecaptchaVerifier {
    let mut config = RecaptchaConfig::new(Secret::new(secret), Some(HOSTNAME.into()));
    config.verify_url = url.to_owned();
    config.timeout = timeout;
    RecaptchaVerifier::new(config).unwrap()
}

#[tokio::test]
async fn recaptcha_sends_the_secret_the_token_and_the_visitors_address() {
    let google = FakeSiteverify::start().await;
    let token = google.issue();
    let ip = "203.0.113.7".parse().unwrap();
    verifier(&google.url, Duration::from_secs(5))
        .verify(&format!(" {token}\n"), Some(ip))
        .await
        .unwrap();
    let form = &google.forms()[0];
    assert_eq!(form["secret"], SECRET);
    assert_eq!(form["response"], token, "sent without the blanks around it");
    assert_eq!(form["remoteip"], "203.0.113.7");
}

#[tokio::test]
async fn recaptcha_fails_a_rejected_token_with_its_error_codes() {
    let google = FakeSiteverify::start().await;
    let err = verifier(&google.url, Duration::from_secs(5))
        .verify("never-issued", None)
        .await
        .unwrap_err();
    assert_eq!(
        err,
        RobotCheckError::Failed {
            reason: "invalid-input-response".into()
        }
    );
}

#[tokio::test]
async fn recaptcha_fails_a_token_solved_on_another_host() {
    let google = FakeSiteverify::start().await;
    google.answer(Answer::Json(
        json!({"success": true, "hostname": "evil.example.net"}),
    ));
    let err = verifier(&google.url, Duration::from_secs(5))
        .verify("tok", None)
        .await
        .unwrap_err();
    assert!(
        matches!(err, RobotCheckError::Failed { ref reason } if reason.contains("evil.example.net")),
        "{err}"
    );
}

#[tokio::test]
async fn recaptcha_says_why_it_is_unavailable_and_never_names_the_secret() {
    let google = FakeSiteverify::start().await;
    google.answer(Answer::Status(500));
    let err = verifier(&google.url, Duration::from_secs(5))
        .verify("tok", None)
        .await
        .unwrap_err();
    assert_eq!(err, unavailable("siteverify answered HTTP 500"));

    // Google refusing our secret is our fault, not the visitor's.
    let err = verifier_with("a-revoked-secret", &google.url, Duration::from_secs(5))
        .verify(&google.issue(), None)
        .await
        .unwrap_err();
    assert_eq!(
        err,
        unavailable("siteverify refused our request: invalid-input-secret")
    );

    let hanging = FakeSiteverify::start().await;
    hanging.hang();
    let err = verifier(&hanging.url, Duration::from_millis(200))
        .verify("tok", None)
        .await
        .unwrap_err();
    assert_eq!(err, unavailable("siteverify did not answer within 200 ms"));

    let err = verifier(
        &supplysite_mail_adapter::fake_brevo::refused_url().unwrap(),
        Duration::from_secs(5),
    )
    .verify("tok", None)
    .await
    .unwrap_err();
    assert!(
        matches!(err, RobotCheckError::Unavailable { ref reason } if !reason.contains(SECRET)),
        "{err}"
    );
}

fn self_hosted(clock: Arc<FakeClock>, secret: &str) -> SelfHostedCheck {
    self_hosted_over(clock, secret, Arc::new(MemoryLedger::new(3)))
}

fn self_hosted_over(
    clock: Arc<FakeClock>,
    secret: &str,
    ledger: Arc<dyn ChallengeLedger>,
) -> SelfHostedCheck {
    let config = SelfHostedConfig {
        secret: Some(Secret::new(secret)),
        difficulty: DifficultyCurve::fixed(8),
        ..SelfHostedConfig::default()
    };
    SelfHostedCheck::new(config, clock, ledger)
}

fn failed(result: Result<(), RobotCheckError>) -> String {
    match result {
        Err(RobotCheckError::Failed { reason }) => reason,
        other => panic!("expected a failed check, got {other:?}"),
    }
}

#[tokio::test]
async fn a_challenge_is_good_for_its_time_to_live_and_fails_once_expired() {
    let clock = Arc::new(FakeClock::at(T0));
    let check = self_hosted(Arc::clone(&clock), "k1");
    let challenge = check.issue_challenge();
    assert_eq!(
        (challenge.difficulty, challenge.expires),
        (8, T0.0 + 600_000)
    );
    let expiring = solve(&check.issue_challenge());
    clock.advance(Duration::from_millis(599_999));
    check.verify(&solve(&challenge), None).await.unwrap();
    clock.advance(Duration::from_millis(1));
    assert_eq!(
        failed(check.verify(&expiring, None).await),
        "challenge expired"
    );
}

#[tokio::test]
async fn a_changed_challenge_or_another_servers_challenge_fails_its_signature() {
    let clock = Arc::new(FakeClock::at(T0));
    let check = self_hosted(Arc::clone(&clock), "k1");
    let mut easier = check.issue_challenge();
    easier.difficulty = 0;
    assert!(
        failed(check.verify(&token(&easier, 0), None).await)
            .starts_with("signature does not match")
    );
    let mut longer = check.issue_challenge();
    longer.expires += 3_600_000;
    assert!(
        failed(check.verify(&solve(&longer), None).await).starts_with("signature does not match")
    );

    let other = self_hosted(clock, "k2").issue_challenge();
    assert!(
        failed(check.verify(&solve(&other), None).await).starts_with("signature does not match")
    );
}

#[tokio::test]
async fn wrong_work_and_garbage_fail_each_with_its_reason() {
    let check = self_hosted(Arc::new(FakeClock::at(T0)), "k1");
    // The solution is the smallest number that does the work, so the one below it does not;
    // draw challenges until the solution is not 0 (255 times in 256 at the first draw).
    let wrong = loop {
        let challenge = check.issue_challenge();
        let right = solve(&challenge);
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(right)
            .unwrap();
        let number = serde_json::from_slice::<serde_json::Value>(&decoded).unwrap()["number"]
            .as_u64()
            .unwrap();
        if number > 0 {
            break token(&challenge, number - 1);
        }
    };
    let outcome = check.verify(&wrong, None).await;
    assert_eq!(failed(outcome), "the work does not meet the difficulty");
    assert_eq!(
        failed(check.verify("not base64 at all!", None).await),
        "token is not base64"
    );
    assert_eq!(
        failed(check.verify("eyJhIjoxfQ==", None).await),
        "token is not a solved challenge"
    );
}

#[tokio::test]
async fn a_full_ledger_never_refuses_a_newcomer() {
    let clock = Arc::new(FakeClock::at(T0));
    let check = self_hosted(Arc::clone(&clock), "k1");
    // The ledger holds three; the fifth and sixth are taken all the same.
    for _ in 0..6 {
        check
            .verify(&solve(&check.issue_challenge()), None)
            .await
            .unwrap();
    }
}

const ROBOT_SECRET: &str = "a-robot-secret-of-at-least-32-bytes!";

#[tokio::test]
async fn a_challenge_used_before_a_restart_is_refused_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("outbox.sqlite3");
    let clock = Arc::new(FakeClock::at(T0));
    let before = self_hosted_over(
        Arc::clone(&clock),
        ROBOT_SECRET,
        Arc::new(SqliteOutbox::open(&path).unwrap()),
    );
    let solved = solve(&before.issue_challenge());
    before.verify(&solved, None).await.unwrap();
    drop(before);

    let after = self_hosted_over(
        clock,
        ROBOT_SECRET,
        Arc::new(SqliteOutbox::open(&path).unwrap()),
    );
    assert_eq!(
        failed(after.verify(&solved, None).await),
        "challenge already used"
    );
    after
        .verify(&solve(&after.issue_challenge()), None)
        .await
        .unwrap();
}

#[tokio::test]
async fn the_difficulty_rises_with_the_rate_of_issue_and_falls_back_when_it_calms() {
    let clock = Arc::new(FakeClock::at(T0));
    let check = SelfHostedCheck::new(
        SelfHostedConfig {
            secret: Some(Secret::new(ROBOT_SECRET)),
            ..SelfHostedConfig::default()
        },
        Arc::clone(&clock) as Arc<dyn supplysite_core::ports::Clock>,
        Arc::new(MemoryLedger::new(10)),
    );
    let bits: Vec<u8> = (0..2000)
        .map(|_| check.issue_challenge().difficulty)
        .collect();
    assert_eq!(bits[0], 16);
    assert_eq!(bits[59], 16);
    assert_eq!(bits[60], 17);
    assert_eq!(bits[1999], 22);
    assert!(bits.windows(2).all(|w| w[0] <= w[1]));
    clock.advance(Duration::from_secs(61));
    assert_eq!(check.issue_challenge().difficulty, 16);
}

/// The error of a check that could not be made, for `reason`.
fn unavailable(reason: &str) -> RobotCheckError {
    RobotCheckError::Unavailable {
        reason: reason.into(),
    }
}
