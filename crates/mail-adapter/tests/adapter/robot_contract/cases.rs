//! The cases of the robot check contract, each a function of a fresh [`Harness`].

use super::{Harness, Reuse};
use std::net::IpAddr;
use supplysite_core::ports::RobotCheckError;
use supplysite_core::ports::suite::Case;
use supplysite_core::suite_cases;

/// Every case, by name.
pub const ALL: &[Case<Harness>] = suite_cases![
    an_empty_or_blank_token_is_missing_and_asks_nobody,
    a_good_token_passes_with_or_without_the_visitors_address,
    a_wrong_token_fails_with_a_reason,
    a_token_that_passed_once_passes_again_only_where_the_check_allows_it,
    one_token_sent_twice_at_once_passes_once_where_reuse_is_refused,
    a_verifier_that_cannot_be_asked_is_unavailable,
];

fn visitor() -> Option<IpAddr> {
    Some("203.0.113.7".parse().unwrap())
}

fn questions(h: &Harness) -> Option<usize> {
    h.questions.as_ref().map(|count| count())
}

async fn an_empty_or_blank_token_is_missing_and_asks_nobody(h: Harness) {
    let before = questions(&h);
    for blank in ["", " ", "\t\r\n "] {
        assert_eq!(
            h.check.verify(blank, visitor()).await,
            Err(RobotCheckError::Missing),
            "{blank:?}"
        );
        // Asked, a verifier that cannot be asked would be unavailable.
        for (how, check) in &h.unavailable {
            assert_eq!(
                check.verify(blank, None).await,
                Err(RobotCheckError::Missing),
                "{blank:?} when {how}"
            );
        }
    }
    assert_eq!(questions(&h), before, "no verifier was asked");
}

async fn a_good_token_passes_with_or_without_the_visitors_address(h: Harness) {
    assert_eq!(h.check.verify(&(h.good_token)(), visitor()).await, Ok(()));
    assert_eq!(h.check.verify(&(h.good_token)(), None).await, Ok(()));
}

async fn a_wrong_token_fails_with_a_reason(h: Harness) {
    assert!(!h.wrong_token.trim().is_empty());
    match h.check.verify(&h.wrong_token, visitor()).await {
        Err(RobotCheckError::Failed { reason }) => assert!(!reason.is_empty()),
        other => panic!("a wrong token gave {other:?}"),
    }
    // Failing one token spoils nothing for the next visitor.
    assert_eq!(h.check.verify(&(h.good_token)(), visitor()).await, Ok(()));
}

async fn a_token_that_passed_once_passes_again_only_where_the_check_allows_it(h: Harness) {
    let token = (h.good_token)();
    assert_eq!(h.check.verify(&token, visitor()).await, Ok(()));
    let again = h.check.verify(&token, visitor()).await;
    match h.reuse {
        Reuse::Refused => assert!(
            matches!(again, Err(RobotCheckError::Failed { .. })),
            "a used token gave {again:?}"
        ),
        Reuse::Passes(why) => assert_eq!(again, Ok(()), "{why}"),
    }
    assert_eq!(h.check.verify(&(h.good_token)(), visitor()).await, Ok(()));
}

async fn one_token_sent_twice_at_once_passes_once_where_reuse_is_refused(h: Harness) {
    let allowed = match h.reuse {
        Reuse::Refused => 1,
        Reuse::Passes(_) => 2,
    };
    for _ in 0..5 {
        let token = (h.good_token)();
        let (a, b) = (h.check.clone(), h.check.clone());
        let (ta, tb) = (token.clone(), token);
        let (x, y) = tokio::join!(
            tokio::spawn(async move { a.verify(&ta, None).await }),
            tokio::spawn(async move { b.verify(&tb, None).await }),
        );
        let (x, y) = (x.unwrap(), y.unwrap());
        let passed = [&x, &y].iter().filter(|r| r.is_ok()).count();
        assert_eq!(passed, allowed, "{x:?} {y:?}");
    }
}

async fn a_verifier_that_cannot_be_asked_is_unavailable(h: Harness) {
    assert!(!h.unavailable.is_empty(), "the harness names a way down");
    for (how, check) in &h.unavailable {
        match check.verify(&(h.good_token)(), visitor()).await {
            Err(RobotCheckError::Unavailable { reason }) => assert!(!reason.is_empty(), "{how}"),
            other => panic!("when {how}, a good token gave {other:?}"),
        }
    }
}
