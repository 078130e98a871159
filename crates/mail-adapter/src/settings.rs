//! [`MailSettings`]: what the enquiry adapters need to know, as typed values. The server
//! declares the settings they come from (each an environment variable and a `serve` flag,
//! documented in docs/settings.md) and checks each value once as it is read; the defaults and
//! limits those declarations use are here.

use crate::address::MailAddress;
use crate::brevo::{DEFAULT_BASE_URL, DEFAULT_TIMEOUT};
use crate::recaptcha::DEFAULT_VERIFY_URL;
use crate::secret::Secret;
use std::path::PathBuf;
use std::time::Duration;
use supplysite_core::enquiry::RetryPolicy;

/// Default outbox file, relative to the working directory (the server passes its own).
pub const DEFAULT_OUTBOX: &str = "var/outbox.sqlite3";
/// Default mailbox folder, relative to the working directory (the server passes its own).
pub const DEFAULT_MAILBOX: &str = "var/mailbox";
/// The sender of the local mailbox's emails when none is set.
pub const DEFAULT_SENDER: &str = "Supplysite Website <website@supplysite.com.au>";
/// The company inbox enquiries go to when none is set.
pub const DEFAULT_INBOX: &str = "Supplysite <info@supplysite.com.au>";
/// The shortest outbox lease: longer than one Brevo call may take, so an attempt has ended,
/// delivered or timed out, before another may take its job.
pub const MIN_OUTBOX_LEASE: Duration = Duration::from_secs(DEFAULT_TIMEOUT.as_secs() + 1);
/// The longest outbox lease: the short end of Brevo's idempotency window (15 to 30 minutes). A
/// job cut short by a crash is retried after its lease, and the retry must still carry a key
/// Brevo remembers, or the email could go out twice.
pub const MAX_OUTBOX_LEASE: Duration = Duration::from_secs(15 * 60);

/// The default answer budget of an enquiry's request: below the page's own wait (this and
/// 500 ms for the network, about 5 s: people leave) with room for a slow network.
pub const DEFAULT_ANSWER_BUDGET: Duration = Duration::from_millis(4500);
/// The default time the robot check may take: the default answer budget less the 500 ms kept
/// for storing.
pub const DEFAULT_ROBOT_BUDGET: Duration = Duration::from_millis(4000);
/// The shortest signing key of the self-hosted check: as long as the HMAC-SHA256 output, so
/// the key is not the weak point.
pub const MIN_ROBOT_SECRET_BYTES: usize = 32;

/// The enquiry settings, parsed and consistent. [`Default`] is the embedded default: the
/// local mailbox, the self-hosted check, the default outbox and mailbox paths.
#[derive(Clone, Debug)]
pub struct MailSettings {
    /// `BREVO_API_KEY`: when set, enquiries go out through Brevo; otherwise into the local mailbox.
    pub brevo_api_key: Option<Secret>,
    /// `BREVO_API_BASE`: the Brevo API origin (tests point it at a local fake).
    pub brevo_api_base: String,
    /// `CONTACT_SENDER`: the verified sender notifications come from; required with a Brevo key.
    pub contact_sender: MailAddress,
    /// `CONTACT_INBOX`: the company inbox enquiries are sent to.
    pub contact_inbox: MailAddress,
    /// reCAPTCHA's site key and secret, both or neither.
    pub recaptcha: Option<(String, Secret)>,
    /// `RECAPTCHA_VERIFY_URL`: reCAPTCHA's siteverify address (tests point it at a local fake).
    pub recaptcha_verify_url: String,
    /// `SUPPLYSITE_OUTBOX`: the SQLite file of the enquiry outbox.
    pub outbox_path: PathBuf,
    /// `SUPPLYSITE_MAILBOX`: the folder enquiries are written to when there is no Brevo key.
    pub mailbox_dir: PathBuf,
    /// How long a claimed delivery job is held before another attempt may take it.
    pub outbox_lease: Duration,
    /// The self-hosted check's signing key, at least [`MIN_ROBOT_SECRET_BYTES`] long.
    pub robot_secret: Option<Secret>,
    /// The most a visitor's enquiry request takes, the robot check, storing and the wait for
    /// delivery together.
    pub answer_budget: Duration,
    /// How long the robot check may take.
    pub robot_budget: Duration,
    /// How long the leads report's record of each enquiry is kept
    /// (`SUPPLYSITE_LEAD_RETENTION_DAYS`).
    pub lead_retention: Duration,
    /// The site's public hostname, which reCAPTCHA tokens must have been solved on; the
    /// server sets it from its public URL.
    pub site_hostname: Option<String>,
}

impl Default for MailSettings {
    fn default() -> Self {
        MailSettings {
            brevo_api_key: None,
            brevo_api_base: DEFAULT_BASE_URL.to_owned(),
            contact_sender: MailAddress::parse(DEFAULT_SENDER).expect("a valid address"),
            contact_inbox: MailAddress::parse(DEFAULT_INBOX).expect("a valid address"),
            recaptcha: None,
            recaptcha_verify_url: DEFAULT_VERIFY_URL.to_owned(),
            outbox_path: DEFAULT_OUTBOX.into(),
            mailbox_dir: DEFAULT_MAILBOX.into(),
            outbox_lease: RetryPolicy::default().lease,
            robot_secret: None,
            answer_budget: DEFAULT_ANSWER_BUDGET,
            robot_budget: DEFAULT_ROBOT_BUDGET,
            lead_retention: Duration::from_secs(
                u64::from(supplysite_core::leads::DEFAULT_LEAD_RETENTION_DAYS) * 86_400,
            ),
            site_hostname: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_default_uses_the_mailbox_and_the_self_hosted_check() {
        let s = MailSettings::default();
        assert!(s.brevo_api_key.is_none());
        assert!(s.recaptcha.is_none());
        assert_eq!(s.outbox_path, PathBuf::from("var/outbox.sqlite3"));
        assert_eq!(s.mailbox_dir, PathBuf::from("var/mailbox"));
        assert_eq!(s.contact_inbox.email, "info@supplysite.com.au");
        assert_eq!(s.brevo_api_base, "https://api.brevo.com");
        assert_eq!(s.outbox_lease, Duration::from_secs(60));
        assert_eq!(s.answer_budget, Duration::from_millis(4500));
        assert_eq!(s.robot_budget, Duration::from_secs(4));
        assert_eq!(s.lead_retention, Duration::from_secs(400 * 86_400));
        assert!(s.robot_secret.is_none());
    }

    #[test]
    fn the_lease_limits_bracket_a_brevo_call_and_brevos_idempotency_window() {
        assert_eq!(MIN_OUTBOX_LEASE, Duration::from_secs(6));
        assert_eq!(MAX_OUTBOX_LEASE, Duration::from_secs(900));
    }
}
