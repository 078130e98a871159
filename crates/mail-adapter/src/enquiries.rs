//! [`Enquiries`]: the composition the server mounts. One constructor from [`MailSettings`]
//! picks the adapters (Brevo or the local mailbox; reCAPTCHA or the self-hosted check, over
//! the SQLite outbox) and the value it returns answers everything the contact endpoints and
//! the worker task need.

use crate::brevo::{BrevoClient, BrevoConfig, BrevoSetupError};
use crate::mailbox::MailboxDelivery;
use crate::outbox::{OpenOutboxError, SqliteOutbox};
use crate::recaptcha::{RecaptchaConfig, RecaptchaSetupError, RecaptchaVerifier};
use crate::selfhosted::{Challenge, ChallengeLedger, SelfHostedCheck, SelfHostedConfig};
use crate::settings::MailSettings;
use crate::timed_robot::TimedRobotCheck;
use crate::worker::{Worker, WorkerWakeup};
use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::contact::{ContactForm, SubmissionId};
use supplysite_core::enquiry::{
    EnquiryPorts, Jitter, RetryPolicy, Submission, SubmitError, Submitted, Taken, deliver_now, take,
};
use supplysite_core::ports::{Clock, EnquiryDelivery, EnquiryOutbox, RobotCheck};

/// Which robot check the page shows: a type of the page contract, owned by core.
pub use supplysite_core::view::RobotWidget;

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

/// The ports the composition is made of, for tests that bring fakes.
pub struct EnquiryParts {
    /// Stores enquiries and their delivery jobs.
    pub outbox: Arc<dyn EnquiryOutbox>,
    /// Makes the deliveries.
    pub delivery: Arc<dyn EnquiryDelivery>,
    /// Checks the visitor is not a robot.
    pub robot: Arc<dyn RobotCheck>,
    /// Gives the time.
    pub clock: Arc<dyn Clock>,
    /// The self-hosted check when it is the robot check, to issue challenges.
    pub self_hosted: Option<Arc<SelfHostedCheck>>,
    /// Which robot check the contact form shows.
    pub widget: RobotWidget,
    /// How often and how long delivery jobs are retried.
    pub policy: RetryPolicy,
    /// How long [`Enquiries::submit`] waits for delivery once the enquiry is stored.
    pub answer_budget: Duration,
    /// How long the robot check may take before it counts as unavailable.
    pub robot_budget: Duration,
}

/// Everything the contact endpoint and the outbox worker use. Cheap to clone.
#[derive(Clone)]
pub struct Enquiries {
    outbox: Arc<dyn EnquiryOutbox>,
    delivery: Arc<dyn EnquiryDelivery>,
    robot: Arc<dyn RobotCheck>,
    clock: Arc<dyn Clock>,
    self_hosted: Option<Arc<SelfHostedCheck>>,
    widget: RobotWidget,
    policy: RetryPolicy,
    answer_budget: Duration,
    wakeup: WorkerWakeup,
    description: String,
}

impl Enquiries {
    /// Opens the outbox and builds the adapters `settings` call for: Brevo when a key is
    /// set, else the local mailbox; reCAPTCHA when both its keys are set, else the
    /// self-hosted check.
    ///
    /// Errors: [`SetupError`] when the outbox cannot be opened or an HTTP client built.
    pub fn from_settings(
        settings: &MailSettings,
        clock: Arc<dyn Clock>,
    ) -> Result<Enquiries, SetupError> {
        let sqlite = Arc::new(SqliteOutbox::open(&settings.outbox_path)?);
        let store = EnquiryStore {
            outbox: sqlite.clone(),
            ledger: sqlite,
            describe: settings.outbox_path.display().to_string(),
        };
        Enquiries::from_settings_in(settings, clock, store)
    }

    /// As [`Enquiries::from_settings`], with enquiries and used challenges kept in `store`
    /// (a database several servers share) instead of the SQLite file the settings name.
    ///
    /// Errors: [`SetupError`] when an HTTP client cannot be built.
    pub fn from_settings_in(
        settings: &MailSettings,
        clock: Arc<dyn Clock>,
        store: EnquiryStore,
    ) -> Result<Enquiries, SetupError> {
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
        let (robot, self_hosted, widget): (Arc<dyn RobotCheck>, _, _) = match &settings.recaptcha {
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
        let mut enquiries = Enquiries::from_parts(EnquiryParts {
            outbox,
            delivery,
            robot,
            clock,
            self_hosted,
            widget,
            policy: RetryPolicy {
                lease: settings.outbox_lease,
                ..RetryPolicy::default()
            },
            answer_budget: settings.answer_budget,
            robot_budget: settings.robot_budget,
        });
        enquiries.description = format!(
            "enquiries stored in {stored_in} (lease {} s) and delivered to {to}, robot check {}",
            settings.outbox_lease.as_secs(),
            match enquiries.widget {
                RobotWidget::Recaptcha { .. } => "reCAPTCHA v2",
                RobotWidget::SelfHosted => "self-hosted proof of work",
            }
        );
        Ok(enquiries)
    }

    /// The composition of `parts`.
    pub fn from_parts(parts: EnquiryParts) -> Enquiries {
        Enquiries {
            outbox: parts.outbox,
            delivery: parts.delivery,
            robot: Arc::new(TimedRobotCheck::new(parts.robot, parts.robot_budget)),
            clock: parts.clock,
            self_hosted: parts.self_hosted,
            widget: parts.widget,
            policy: parts.policy,
            answer_budget: parts.answer_budget,
            wakeup: WorkerWakeup::new(),
            description: "enquiries from given parts".to_owned(),
        }
    }

    /// One line for the start-up log saying where enquiries go (no secrets).
    pub fn describe(&self) -> &str {
        &self.description
    }

    /// Takes an enquiry from the contact endpoint (see [`supplysite_core::enquiry::take`]),
    /// then waits for its deliveries at most the answer budget: what is not done by then is
    /// finished on a task of its own (its outcome recorded as the worker would record it) and
    /// the answer is "queued". The worker is woken when a delivery is still pending. A
    /// resubmission gets the first answer as it stands.
    ///
    /// Errors: those of [`supplysite_core::enquiry::take`], the robot check's included when it
    /// takes longer than its budget ([`SubmitError::RobotCheckUnavailable`]).
    pub async fn submit(
        &self,
        form: ContactForm,
        robot_token: &str,
        client_ip: Option<IpAddr>,
        submission_id: Option<SubmissionId>,
    ) -> Result<Submitted, SubmitError> {
        let jitter = || Jitter::new(rand::random::<f64>());
        let ports = EnquiryPorts {
            outbox: &*self.outbox,
            delivery: &*self.delivery,
            robot: &*self.robot,
            clock: &*self.clock,
            jitter: &jitter,
        };
        let submission = Submission {
            form,
            robot_token,
            client_ip,
            submission_id,
        };
        let submitted = match take(submission, &ports).await {
            Ok(Taken::Repeat(answer)) => {
                tracing::info!(enquiry = %answer.id(), status = answer.status(), "resubmission answered as first taken");
                return Ok(answer);
            }
            Ok(Taken::Stored(id)) => Ok(self.deliver_within_budget(id).await),
            Err(e) => Err(e),
        };
        match &submitted {
            Ok(Submitted::Sent { id }) => tracing::info!(enquiry = %id, "enquiry stored and sent"),
            Ok(Submitted::Queued { id, problems }) => {
                tracing::warn!(enquiry = %id, ?problems, "enquiry stored; delivery queued");
                self.wakeup.wake();
            }
            Err(
                e @ (SubmitError::Unavailable { .. } | SubmitError::RobotCheckUnavailable { .. }),
            ) => {
                tracing::error!(error = %e, "enquiry not taken");
            }
            Err(e) => tracing::info!(error = %e, "enquiry refused"),
        }
        submitted
    }

    /// Attempts the deliveries of `id`, just stored, on a task of their own, and waits for
    /// them at most the answer budget. The task goes on after the visitor is answered, or
    /// after the visitor went away, so an attempt is never cut off halfway.
    async fn deliver_within_budget(&self, id: supplysite_core::contact::EnquiryId) -> Submitted {
        let this = self.clone();
        let task_id = id.clone();
        let mut task = tokio::spawn(async move {
            let jitter = || Jitter::new(rand::random::<f64>());
            let ports = EnquiryPorts {
                outbox: &*this.outbox,
                delivery: &*this.delivery,
                robot: &*this.robot,
                clock: &*this.clock,
                jitter: &jitter,
            };
            let submitted = deliver_now(task_id, &ports, &this.policy).await;
            if let Submitted::Queued { .. } = submitted {
                this.wakeup.wake();
            }
            submitted
        });
        match tokio::time::timeout(self.answer_budget, &mut task).await {
            Ok(Ok(submitted)) => submitted,
            Ok(Err(e)) => Submitted::Queued {
                id,
                problems: vec![format!("delivery attempt did not finish: {e}")],
            },
            Err(_) => Submitted::Queued {
                id,
                problems: vec![format!(
                    "still delivering after the answer budget of {} ms; finishing in the background",
                    self.answer_budget.as_millis()
                )],
            },
        }
    }

    /// A new challenge for `GET /api/robot-challenge`; `None` when reCAPTCHA is the check
    /// (the endpoint then answers 404).
    pub fn robot_challenge(&self) -> Option<Challenge> {
        self.self_hosted.as_ref().map(|c| c.issue_challenge())
    }

    /// Which robot check the page must show.
    pub fn robot_widget(&self) -> &RobotWidget {
        &self.widget
    }

    /// How failed deliveries are retried and how long a claimed job is held.
    pub fn policy(&self) -> &RetryPolicy {
        &self.policy
    }

    /// The outbox, for operators' views.
    pub fn outbox(&self) -> Arc<dyn EnquiryOutbox> {
        Arc::clone(&self.outbox)
    }

    /// A worker over the same outbox, delivery, clock and policy, woken by [`Self::submit`].
    pub fn worker(&self) -> Worker {
        Worker::new(
            Arc::clone(&self.outbox),
            Arc::clone(&self.delivery),
            Arc::clone(&self.clock),
        )
        .with_policy(self.policy)
        .with_wakeup(self.wakeup.clone())
    }

    /// Runs [`Self::worker`] on a tokio task until `shutdown` completes.
    pub fn spawn_worker(
        &self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> tokio::task::JoinHandle<()> {
        tokio::spawn(self.worker().run(shutdown))
    }
}
