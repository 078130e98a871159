//! `build_enquiries`: the embedded default end to end (SQLite outbox, local
//! mailbox, self-hosted check), and reCAPTCHA chosen when its keys are set.

use crate::support::form;
use std::sync::Arc;
use supplysite_core::enquiry::{SubmitError, Submitted};
use supplysite_core::view::RobotWidget;
use supplysite_mail_adapter::selfhosted::solve;
use supplysite_mail_adapter::{MailSettings, Secret, SystemClock, build_enquiries};

/// The embedded default with its files under `dir`.
fn settings(dir: &std::path::Path) -> MailSettings {
    MailSettings {
        outbox_path: dir.join("outbox.sqlite3"),
        mailbox_dir: dir.join("mailbox"),
        ..MailSettings::default()
    }
}

#[tokio::test]
async fn the_embedded_default_takes_a_solved_enquiry_into_the_mailbox() {
    let dir = tempfile::tempdir().unwrap();
    let enquiries = build_enquiries(&settings(dir.path()), Arc::new(SystemClock))
        .unwrap()
        .enquiries;
    assert_eq!(enquiries.robot_widget(), &RobotWidget::SelfHosted);
    assert!(
        enquiries.describe().contains("self-hosted"),
        "{}",
        enquiries.describe()
    );

    let unticked = enquiries
        .submit(form("ada@example.com"), "", None, None)
        .await
        .unwrap_err();
    assert!(matches!(unticked, SubmitError::Invalid(_)));

    let token = solve(
        &enquiries
            .robot_challenge()
            .expect("the self-hosted check issues challenges"),
    );
    let submitted = enquiries
        .submit(form("ada@example.com"), &token, None, None)
        .await
        .unwrap();
    let Submitted::Sent { id } = &submitted else {
        panic!("expected sent, got {submitted:?}")
    };
    assert!(dir.path().join(format!("mailbox/{id}.eml")).is_file());
    assert!(
        dir.path()
            .join("mailbox/contacts/ada@example.com.json")
            .is_file()
    );

    let replayed = enquiries
        .submit(form("ada@example.com"), &token, None, None)
        .await
        .unwrap_err();
    assert!(
        matches!(replayed, SubmitError::RobotRejected { .. }),
        "{replayed:?}"
    );
}

#[tokio::test]
async fn recaptcha_keys_choose_recaptcha_and_no_challenges_are_issued() {
    let dir = tempfile::tempdir().unwrap();
    let s = MailSettings {
        recaptcha: Some(("site-key".into(), Secret::new("secret"))),
        ..settings(dir.path())
    };
    let enquiries = build_enquiries(&s, Arc::new(SystemClock))
        .unwrap()
        .enquiries;
    assert_eq!(
        enquiries.robot_widget(),
        &RobotWidget::Recaptcha {
            site_key: "site-key".into()
        }
    );
    assert_eq!(
        serde_json::to_value(enquiries.robot_widget()).unwrap(),
        serde_json::json!({"kind": "recaptcha", "siteKey": "site-key"})
    );
    assert!(enquiries.robot_challenge().is_none());
}

#[tokio::test]
async fn a_header_injection_attempt_is_refused_before_anything_is_stored_or_sent() {
    let dir = tempfile::tempdir().unwrap();
    let enquiries = build_enquiries(&settings(dir.path()), Arc::new(SystemClock))
        .unwrap()
        .enquiries;
    let token = solve(&enquiries.robot_challenge().unwrap());
    let mut evil = form("ada@example.com");
    evil.lastname = "Lovelace\r\nBcc: everyone@example.com".into();
    let err = enquiries
        .submit(evil, &token, None, None)
        .await
        .unwrap_err();
    let validation = err.validation().unwrap();
    assert_eq!(
        serde_json::to_value(validation.field_errors()).unwrap(),
        serde_json::json!({"lastname": "Last name must not contain line breaks or control characters."})
    );
    assert!(!dir.path().join("mailbox").exists());
}

#[tokio::test]
async fn the_outbox_lease_setting_is_the_lease_every_attempt_claims_jobs_for() {
    let dir = tempfile::tempdir().unwrap();
    let settings = MailSettings {
        outbox_lease: std::time::Duration::from_secs(20),
        ..settings(dir.path())
    };
    let enquiries = build_enquiries(&settings, Arc::new(SystemClock))
        .unwrap()
        .enquiries;
    assert_eq!(enquiries.policy().lease, std::time::Duration::from_secs(20));
    assert!(
        enquiries.describe().contains("(lease 20 s)"),
        "{}",
        enquiries.describe()
    );
}
