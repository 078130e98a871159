//! The mail adapter of supplysite: the durable outbox, Brevo, the local mailbox, robot checks and the outbox worker.
//!
//! This is the adapter that speaks to the email-marketing provider (Brevo API v3) and keeps
//! what must reach it: every enquiry outside core lives here, from the durable outbox it is
//! written to, through the robot checks that guard it, to the worker that delivers it by Brevo
//! or to the local mailbox. Mail is one step of that life; the crate keeps the name the
//! project's design gives the adapter (`crates/mail-adapter`, see the README's architecture).
//!
//! Adapters only, for core's enquiry ports: [`SqliteOutbox`] ([`EnquiryOutbox`]),
//! [`BrevoClient`] and [`MailboxDelivery`] ([`EnquiryDelivery`]), [`RecaptchaVerifier`] and
//! [`SelfHostedCheck`] ([`RobotCheck`], and [`ChallengeIssuer`] for the self-hosted check),
//! [`SystemClock`] ([`Clock`]), [`TokioRuntime`] ([`Runtime`]) and [`WorkerWakeup`]
//! ([`WakeWorker`]); the [`Worker`] that drains the outbox; and [`build_enquiries`], which
//! reads [`MailSettings`], picks the adapters and returns core's [`Enquiries`] service with
//! its worker. The service itself (submit, budgets, challenges) lives in core. The
//! self-hosted check keeps used challenges in a [`ChallengeLedger`], which the SQLite outbox
//! implements.
//!
//! [`EnquiryOutbox`]: supplysite_core::ports::EnquiryOutbox
//! [`EnquiryDelivery`]: supplysite_core::ports::EnquiryDelivery
//! [`RobotCheck`]: supplysite_core::ports::RobotCheck
//! [`ChallengeIssuer`]: supplysite_core::ports::ChallengeIssuer
//! [`Clock`]: supplysite_core::ports::Clock
//! [`Runtime`]: supplysite_core::ports::Runtime
//! [`WakeWorker`]: supplysite_core::ports::WakeWorker
//! [`Enquiries`]: supplysite_core::enquiry::Enquiries

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
pub mod runtime;
pub mod secret;
pub mod selfhosted;
pub mod settings;
pub mod worker;

pub use address::MailAddress;
pub use brevo::{BrevoClient, BrevoConfig, LEAD_ATTRIBUTES, LEAD_ATTRIBUTES_REFUSED};
pub use clock::SystemClock;
pub use enquiries::{
    BuiltEnquiries, EnquiryStore, SetupError, build_enquiries, build_enquiries_in,
};
pub use mailbox::MailboxDelivery;
pub use outbox::SqliteOutbox;
pub use recaptcha::{RecaptchaConfig, RecaptchaVerifier};
pub use runtime::TokioRuntime;
pub use secret::Secret;
pub use selfhosted::{
    Challenge, ChallengeLedger, DifficultyCurve, MemoryLedger, SelfHostedCheck, SelfHostedConfig,
};
pub use settings::{DEFAULT_ANSWER_BUDGET, DEFAULT_ROBOT_BUDGET, MailSettings};
pub use worker::{DrainReport, Worker, WorkerWakeup, run_worker};
