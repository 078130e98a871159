//! [`MailSettings`]: what the enquiry adapters need to know, read from the environment
//! variables the server documents (each also a `serve` flag, which the server fills in).
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `BREVO_API_KEY` | Brevo API v3 key; unset means the local mailbox | unset |
//! | `BREVO_API_BASE` | Brevo's API origin | `https://api.brevo.com` |
//! | `CONTACT_SENDER` | `Name <address>` the email comes from (a Brevo-verified sender) | required with a key; `Supplysite Website <website@supplysite.com.au>` for the mailbox |
//! | `CONTACT_INBOX` | `Name <address>` enquiries go to | `Supplysite <info@supplysite.com.au>` |
//! | `RECAPTCHA_SITE_KEY` | reCAPTCHA v2 site key, served to the page | unset |
//! | `RECAPTCHA_SECRET` | reCAPTCHA v2 secret; with the site key, replaces the self-hosted check | unset |
//! | `RECAPTCHA_VERIFY_URL` | siteverify URL | Google's |
//! | `SUPPLYSITE_OUTBOX` | SQLite file of the outbox | `var/outbox.sqlite3` (`supplysite serve` passes `outbox.sqlite3` in its state folder) |
//! | `SUPPLYSITE_MAILBOX` | folder of the local mailbox | `var/mailbox` (`supplysite serve` passes `mailbox` in its state folder) |
//! | `SUPPLYSITE_OUTBOX_LEASE_SECONDS` | how long a claimed delivery job is held before another attempt may take it (a server killed mid-attempt is retried after this) | 60 |
//! | `SUPPLYSITE_ROBOT_SECRET` | signing key of the self-hosted check (set it when several servers share the load); at least 32 bytes | random per start |
//! | `SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS` | the most a visitor's enquiry request takes from its arrival to its answer: the robot check, storing and the wait for delivery share it, and a delivery not done by then is answered "queued" (1000 to 10000) | 4500 |
//! | `SUPPLYSITE_ROBOT_CHECK_BUDGET_MS` | how long the robot check may take before the visitor is asked to try again, at most the answer budget less 500 ms kept for storing (100 to 10000) | 4000 |

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
const DEFAULT_SENDER: &str = "Supplysite Website <website@supplysite.com.au>";
const DEFAULT_INBOX: &str = "Supplysite <info@supplysite.com.au>";
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

/// The enquiry settings, parsed and consistent.
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
    /// The site's public hostname, which reCAPTCHA tokens must have been solved on; the
    /// server sets it from its public URL.
    pub site_hostname: Option<String>,
}

/// A setting that is missing or malformed, by name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name}: {reason}")]
pub struct SettingsError {
    /// The setting's name, e.g. `CONTACT_SENDER`.
    pub name: &'static str,
    /// What is wrong with its value (never the value of a secret).
    pub reason: String,
}

impl MailSettings {
    /// Reads the process environment.
    ///
    /// Errors: [`SettingsError`] naming the variable.
    pub fn from_env() -> Result<MailSettings, SettingsError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads settings through `get` (the environment, a `.env` file, flags). Empty values
    /// count as unset.
    ///
    /// Errors: [`SettingsError`] naming the variable: an address that does not parse, a
    /// Brevo key without `CONTACT_SENDER`, one reCAPTCHA key without the other, a lease that
    /// is not a whole number of seconds from [`MIN_OUTBOX_LEASE`] to [`MAX_OUTBOX_LEASE`].
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<MailSettings, SettingsError> {
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let address = |name: &'static str, fallback: &str| {
            MailAddress::parse(&get(name).unwrap_or_else(|| fallback.to_owned())).map_err(|e| {
                SettingsError {
                    name,
                    reason: e.to_string(),
                }
            })
        };
        let brevo_api_key = get("BREVO_API_KEY").map(Secret::new);
        if brevo_api_key.is_some() && get("CONTACT_SENDER").is_none() {
            return Err(SettingsError {
                name: "CONTACT_SENDER",
                reason: "required with BREVO_API_KEY: the Brevo-verified sender, as Name <address>"
                    .into(),
            });
        }
        let recaptcha = match (get("RECAPTCHA_SITE_KEY"), get("RECAPTCHA_SECRET")) {
            (Some(site), Some(secret)) => Some((site, Secret::new(secret))),
            (None, None) => None,
            (Some(_), None) => {
                return Err(SettingsError {
                    name: "RECAPTCHA_SECRET",
                    reason: "required with RECAPTCHA_SITE_KEY".into(),
                });
            }
            (None, Some(_)) => {
                return Err(SettingsError {
                    name: "RECAPTCHA_SITE_KEY",
                    reason: "required with RECAPTCHA_SECRET".into(),
                });
            }
        };
        let url = |name: &'static str, fallback: &str| {
            let value = get(name).unwrap_or_else(|| fallback.to_owned());
            if value.starts_with("https://") || value.starts_with("http://") {
                Ok(value)
            } else {
                Err(SettingsError {
                    name,
                    reason: format!("{value:?} is not an http:// or https:// URL"),
                })
            }
        };
        Ok(MailSettings {
            brevo_api_key,
            brevo_api_base: url("BREVO_API_BASE", DEFAULT_BASE_URL)?,
            contact_sender: address("CONTACT_SENDER", DEFAULT_SENDER)?,
            contact_inbox: address("CONTACT_INBOX", DEFAULT_INBOX)?,
            recaptcha,
            recaptcha_verify_url: url("RECAPTCHA_VERIFY_URL", DEFAULT_VERIFY_URL)?,
            outbox_path: get("SUPPLYSITE_OUTBOX")
                .unwrap_or_else(|| DEFAULT_OUTBOX.into())
                .into(),
            mailbox_dir: get("SUPPLYSITE_MAILBOX")
                .unwrap_or_else(|| DEFAULT_MAILBOX.into())
                .into(),
            outbox_lease: match get("SUPPLYSITE_OUTBOX_LEASE_SECONDS") {
                None => RetryPolicy::default().lease,
                Some(value) => lease(&value)?,
            },
            robot_secret: get("SUPPLYSITE_ROBOT_SECRET")
                .map(robot_secret)
                .transpose()?,
            answer_budget: match get("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS") {
                None => DEFAULT_ANSWER_BUDGET,
                Some(v) => millis("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS", &v, 1_000, 10_000)?,
            },
            robot_budget: match get("SUPPLYSITE_ROBOT_CHECK_BUDGET_MS") {
                None => DEFAULT_ROBOT_BUDGET,
                Some(v) => millis("SUPPLYSITE_ROBOT_CHECK_BUDGET_MS", &v, 100, 10_000)?,
            },
            site_hostname: None,
        })
    }
}

/// The self-hosted check's key; a short one could be guessed from signed challenges.
fn robot_secret(value: String) -> Result<Secret, SettingsError> {
    if value.len() < MIN_ROBOT_SECRET_BYTES {
        return Err(SettingsError {
            name: "SUPPLYSITE_ROBOT_SECRET",
            reason: format!(
                "too short: {} bytes, at least {MIN_ROBOT_SECRET_BYTES} needed (for example the output of `openssl rand -hex 32`)",
                value.len()
            ),
        });
    }
    Ok(Secret::new(value))
}

/// A whole number of milliseconds from `min` to `max`.
fn millis(name: &'static str, value: &str, min: u64, max: u64) -> Result<Duration, SettingsError> {
    match value.parse::<u64>() {
        Ok(ms) if (min..=max).contains(&ms) => Ok(Duration::from_millis(ms)),
        _ => Err(SettingsError {
            name,
            reason: format!(
                "invalid number of milliseconds {value:?} (expected a whole number from {min} to {max})"
            ),
        }),
    }
}

/// An outbox lease from a number of seconds.
fn lease(value: &str) -> Result<Duration, SettingsError> {
    let (min, max) = (MIN_OUTBOX_LEASE.as_secs(), MAX_OUTBOX_LEASE.as_secs());
    match value.parse::<u64>() {
        Ok(secs) if (min..=max).contains(&secs) => Ok(Duration::from_secs(secs)),
        _ => Err(SettingsError {
            name: "SUPPLYSITE_OUTBOX_LEASE_SECONDS",
            reason: format!(
                "invalid number of seconds {value:?} (expected a whole number from {min} to {max}: \
                 longer than one Brevo call may take, shorter than Brevo's idempotency window)"
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(pairs: &[(&str, &str)]) -> Result<MailSettings, SettingsError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        MailSettings::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn nothing_set_means_the_embedded_default() {
        let s = read(&[("BREVO_API_KEY", "  ")]).unwrap();
        assert!(s.brevo_api_key.is_none());
        assert!(s.recaptcha.is_none());
        assert_eq!(s.outbox_path, PathBuf::from("var/outbox.sqlite3"));
        assert_eq!(s.mailbox_dir, PathBuf::from("var/mailbox"));
        assert_eq!(s.contact_inbox.email, "info@supplysite.com.au");
        assert_eq!(s.brevo_api_base, "https://api.brevo.com");
        assert_eq!(s.outbox_lease, Duration::from_secs(60));
        assert_eq!(s.answer_budget, Duration::from_millis(4500));
        assert_eq!(s.robot_budget, Duration::from_secs(4));
        assert!(s.robot_secret.is_none());
    }

    #[test]
    fn budgets_are_whole_milliseconds_in_range_and_errors_name_the_variable() {
        let s = read(&[
            ("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS", "1000"),
            ("SUPPLYSITE_ROBOT_CHECK_BUDGET_MS", "250"),
        ])
        .unwrap();
        assert_eq!(s.answer_budget, Duration::from_secs(1));
        assert_eq!(s.robot_budget, Duration::from_millis(250));
        for (name, bad) in [
            ("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS", "10001"),
            ("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS", "999"),
            ("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS", "2s"),
            ("SUPPLYSITE_ROBOT_CHECK_BUDGET_MS", "99"),
        ] {
            let err = read(&[(name, bad)]).unwrap_err();
            assert_eq!(err.name, name);
            assert!(err.reason.contains(&format!("{bad:?}")), "{err}");
        }
    }

    #[test]
    fn a_robot_secret_shorter_than_32_bytes_stops_start_up_by_name_without_showing_it() {
        let err = read(&[("SUPPLYSITE_ROBOT_SECRET", "hunter2")]).unwrap_err();
        assert_eq!(err.name, "SUPPLYSITE_ROBOT_SECRET");
        assert!(err.reason.contains("7 bytes"), "{err}");
        assert!(!err.to_string().contains("hunter2"));
        let long = "k".repeat(32);
        assert!(
            read(&[("SUPPLYSITE_ROBOT_SECRET", &long)])
                .unwrap()
                .robot_secret
                .is_some()
        );
    }

    #[test]
    fn the_outbox_lease_outlasts_a_brevo_call_and_ends_inside_brevos_idempotency_window() {
        let lease = |value: &str| read(&[("SUPPLYSITE_OUTBOX_LEASE_SECONDS", value)]);
        assert_eq!(lease(" 6 ").unwrap().outbox_lease, Duration::from_secs(6));
        assert_eq!(lease("900").unwrap().outbox_lease, Duration::from_secs(900));
        for bad in ["0", "5", "901", "-1", "7.5", "60s", "a minute"] {
            let err = lease(bad).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "SUPPLYSITE_OUTBOX_LEASE_SECONDS: invalid number of seconds {bad:?} (expected a whole number from 6 to 900: longer than one Brevo call may take, shorter than Brevo's idempotency window)"
                )
            );
        }
    }

    #[test]
    fn a_brevo_key_needs_a_sender_and_never_prints() {
        let err = read(&[("BREVO_API_KEY", "xkeysib-1")]).unwrap_err();
        assert_eq!(err.name, "CONTACT_SENDER");
        let s = read(&[
            ("BREVO_API_KEY", "xkeysib-1"),
            ("CONTACT_SENDER", "Web <web@example.com>"),
        ])
        .unwrap();
        assert!(!format!("{s:?}").contains("xkeysib-1"));
    }

    #[test]
    fn recaptcha_needs_both_keys_and_bad_values_name_their_variable() {
        assert_eq!(
            read(&[("RECAPTCHA_SITE_KEY", "site")]).unwrap_err().name,
            "RECAPTCHA_SECRET"
        );
        assert_eq!(
            read(&[("RECAPTCHA_SECRET", "s")]).unwrap_err().name,
            "RECAPTCHA_SITE_KEY"
        );
        assert_eq!(
            read(&[("CONTACT_INBOX", "nobody")]).unwrap_err().name,
            "CONTACT_INBOX"
        );
        assert_eq!(
            read(&[("BREVO_API_BASE", "api.brevo.com")])
                .unwrap_err()
                .name,
            "BREVO_API_BASE"
        );
        let s = read(&[
            ("RECAPTCHA_SITE_KEY", "site"),
            ("RECAPTCHA_SECRET", "s3cret"),
        ])
        .unwrap();
        assert_eq!(s.recaptcha.as_ref().map(|(k, _)| k.as_str()), Some("site"));
    }
}
