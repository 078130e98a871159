//! Building core's [`Enquiries`] from [`MailSettings`]: one call picks the adapters (Brevo or
//! the local mailbox; reCAPTCHA or the self-hosted check, over the SQLite outbox or a shared
//! store) and returns the service together with the [`Worker`] its submissions wake.

use crate::brevo::{BrevoClient, BrevoConfig, BrevoSetupError};
use crate::mailbox::MailboxDelivery;
use crate::outbox::{OpenOutboxError, SqliteOutbox};
use crate::recaptcha::{RecaptchaConfig, RecaptchaSetupError, RecaptchaVerifier};
use crate::runtime::TokioRuntime;
use crate::selfhosted::{ChallengeLedger, SelfHostedCheck, SelfHostedConfig};
use crate::settings::MailSettings;
use crate::worker::{Worker, WorkerWakeup};
use std::sync::Arc;
use supplysite_core::enquiry::{Enquiries, EnquiryParts, RetryPolicy};
use supplysite_core::ports::{ChallengeIssuer, Clock, EnquiryDelivery, EnquiryOutbox, RobotCheck};
use supplysite_core::view::RobotWidget;

/// Why the enquiry adapters could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// The outbox could not be opened.
    #[error(transparent)]
    Outbox(#[from] OpenOutboxError),
    /// The Brevo client could not be built.
    #[error(transparent)]
    Brevo(#[from] BrevoSetupError),
    /// The reCAPTCHA verifier could not be built.
    #[error(transparent)]
    Recaptcha(#[from] RecaptchaSetupError),
}

/// Where enquiries and the robot check's used challenges are kept: the SQLite outbox of one
/// server, or a database several servers share.
pub struct EnquiryStore {
    /// The durable outbox of enquiries and their delivery jobs.
    pub outbox: Arc<dyn EnquiryOutbox>,
    /// Where used robot-check challenges are remembered.
    pub ledger: Arc<dyn ChallengeLedger>,
    /// Where that is, for the start-up log (no secrets).
    pub describe: String,
}

/// Core's enquiry service over the adapters the settings call for, and the worker that drains
/// its outbox, woken by its submissions. Run the worker with [`Worker::spawn`].
pub struct BuiltEnquiries {
    /// The service the contact endpoint submits to.
    pub enquiries: Enquiries,
    /// The worker over the same outbox, deliveries, clock and retry policy.
    pub worker: Worker,
}

/// Opens the SQLite outbox the settings name and builds the adapters `settings` call for:
/// Brevo when a key is set, else the local mailbox; reCAPTCHA when both its keys are set, else
/// the self-hosted check.
///
/// Errors: [`SetupError`] when the outbox cannot be opened or an HTTP client built.
pub fn build_enquiries(
    settings: &MailSettings,
    clock: Arc<dyn Clock>,
) -> Result<BuiltEnquiries, SetupError> {
    let sqlite = Arc::new(SqliteOutbox::open(&settings.outbox_path)?);
    let store = EnquiryStore {
        outbox: sqlite.clone(),
        ledger: sqlite,
        describe: settings.outbox_path.display().to_string(),
    };
    build_enquiries_in(settings, clock, store)
}

/// As [`build_enquiries`], with enquiries and used challenges kept in `store` (a database
/// several servers share) instead of the SQLite file the settings name.
///
/// Errors: [`SetupError`] when an HTTP client cannot be built.
pub fn build_enquiries_in(
    settings: &MailSettings,
    clock: Arc<dyn Clock>,
    store: EnquiryStore,
) -> Result<BuiltEnquiries, SetupError> {
    let EnquiryStore {
        outbox,
        ledger,
        describe: stored_in,
    } = store;
    let (delivery, to): (Arc<dyn EnquiryDelivery>, String) = match &settings.brevo_api_key {
        Some(key) => {
            let mut config = BrevoConfig::new(
                key.clone(),
                settings.contact_sender.clone(),
                settings.contact_inbox.clone(),
            );
            config.base_url = settings.brevo_api_base.clone();
            let to = format!("Brevo at {}", settings.brevo_api_base);
            (Arc::new(BrevoClient::new(config)?), to)
        }
        None => (
            Arc::new(MailboxDelivery::new(
                &settings.mailbox_dir,
                settings.contact_sender.clone(),
                settings.contact_inbox.clone(),
            )),
            format!("the local mailbox {}", settings.mailbox_dir.display()),
        ),
    };
    let (robot, challenges, widget): (Arc<dyn RobotCheck>, Option<Arc<dyn ChallengeIssuer>>, _) =
        match &settings.recaptcha {
            Some((site_key, secret)) => {
                let mut config =
                    RecaptchaConfig::new(secret.clone(), settings.site_hostname.clone());
                config.verify_url = settings.recaptcha_verify_url.clone();
                let widget = RobotWidget::Recaptcha {
                    site_key: site_key.clone(),
                };
                (Arc::new(RecaptchaVerifier::new(config)?), None, widget)
            }
            None => {
                let config = SelfHostedConfig {
                    secret: settings.robot_secret.clone(),
                    ..SelfHostedConfig::default()
                };
                // Used challenges are kept with the enquiries, so a restart forgets none.
                let check = Arc::new(SelfHostedCheck::new(config, Arc::clone(&clock), ledger));
                (check.clone(), Some(check), RobotWidget::SelfHosted)
            }
        };
    let check = match widget {
        RobotWidget::Recaptcha { .. } => "reCAPTCHA v2",
        RobotWidget::SelfHosted => "self-hosted proof of work",
    };
    let description = format!(
        "enquiries stored in {stored_in} (lease {} s) and delivered to {to}, robot check {check}",
        settings.outbox_lease.as_secs(),
    );
    let wakeup = WorkerWakeup::new();
    let enquiries = Enquiries::from_parts(EnquiryParts {
        outbox,
        delivery,
        robot,
        clock,
        runtime: Arc::new(TokioRuntime),
        wakeup: Arc::new(wakeup.clone()),
        challenges,
        widget,
        policy: RetryPolicy {
            lease: settings.outbox_lease,
            ..RetryPolicy::default()
        },
        answer_budget: settings.answer_budget,
        robot_budget: settings.robot_budget,
    })
    .described_as(description);
    let worker = Worker::serving(&enquiries, wakeup).with_lead_retention(settings.lead_retention);
    Ok(BuiltEnquiries { enquiries, worker })
}
