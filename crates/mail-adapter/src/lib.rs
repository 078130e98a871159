//! Enquiry delivery for supplysite: the durable outbox, Brevo, the local mailbox and robot checks.
//!
//! Adapters for core's enquiry ports: [`SqliteOutbox`] ([`EnquiryOutbox`]), [`BrevoClient`]
//! and [`MailboxDelivery`] ([`EnquiryDelivery`]), [`RecaptchaVerifier`] and
//! [`SelfHostedCheck`] ([`RobotCheck`]), [`SystemClock`]; the [`Worker`] that drains the
//! outbox; and [`Enquiries`], built from [`MailSettings`] in one call, which is all a server
//! mounts. The self-hosted check keeps used challenges in a [`ChallengeLedger`], which the
//! SQLite outbox implements; [`timed_robot`] holds any robot check to a time budget.
//!
//! [`EnquiryOutbox`]: supplysite_core::ports::EnquiryOutbox
//! [`EnquiryDelivery`]: supplysite_core::ports::EnquiryDelivery
//! [`RobotCheck`]: supplysite_core::ports::RobotCheck

// Every public item is documented; clippy runs with `-D warnings`, so this is enforced.
#![warn(missing_docs)]

pub mod address;
pub mod brevo;
pub mod clock;
pub use supplysite_core::enquiry::mail_date as date;
pub mod enquiries;
#[cfg(feature = "fake")]
pub mod fake_brevo;
pub mod mailbox;
pub use supplysite_core::enquiry::notification;
pub mod outbox;
pub mod recaptcha;
pub mod secret;
pub mod selfhosted;
pub mod settings;
pub mod timed_robot;
pub mod worker;

pub use address::MailAddress;
pub use brevo::{BrevoClient, BrevoConfig};
pub use clock::SystemClock;
pub use enquiries::{Enquiries, EnquiryParts, EnquiryStore, RobotWidget, SetupError};
pub use mailbox::MailboxDelivery;
pub use outbox::SqliteOutbox;
pub use recaptcha::{RecaptchaConfig, RecaptchaVerifier};
pub use secret::Secret;
pub use selfhosted::{
    Challenge, ChallengeLedger, DifficultyCurve, MemoryLedger, SelfHostedCheck, SelfHostedConfig,
};
pub use settings::{DEFAULT_ANSWER_BUDGET, DEFAULT_ROBOT_BUDGET, MailSettings, SettingsError};
pub use worker::{DrainReport, Worker, WorkerWakeup, run_worker};
