//! The enquiry settings of `supplysite serve` (Brevo, the contact inbox, reCAPTCHA, the
//! outbox or the shared database, the mailbox, the rate limit and how the client's address is found) and the contact
//! desk built from them.
//!
//! Each setting is a flag and an environment variable; the values are handed to the mail
//! adapter's `MailSettings::from_lookup` by variable name, so the flag and the variable are
//! checked by the same code and an error names both.

use anyhow::Context;
use std::num::NonZeroU32;
use std::sync::Arc;
use supplysite_http::PublicUrl;
use supplysite_http::contact::{ClientIpPolicy, ContactDesk, ContactSettings};
use supplysite_mail_adapter::{
    EnquiryStore, MailSettings, SystemClock, Worker, build_enquiries, build_enquiries_in,
};
use supplysite_store_postgres::{DatabaseUrl, PgStore};

/// Enquiry settings.
#[derive(clap::Args, Debug, Default)]
#[group(id = "enquiry_settings")]
#[command(next_help_heading = "Enquiries")]
pub struct Args {
    /// Brevo API v3 key; without it enquiries go to the local mailbox folder.
    #[arg(long, env = "BREVO_API_KEY", hide_env_values = true)]
    brevo_api_key: Option<String>,
    /// Brevo's API origin (tests point it at a fake) [default: https://api.brevo.com].
    #[arg(long, env = "BREVO_API_BASE")]
    brevo_api_base: Option<String>,
    /// `Name <address>` enquiry emails come from (a Brevo-verified sender; required with a key).
    #[arg(long, env = "CONTACT_SENDER")]
    contact_sender: Option<String>,
    /// `Name <address>` enquiries are sent to [default: Supplysite <info@supplysite.com.au>].
    #[arg(long, env = "CONTACT_INBOX")]
    contact_inbox: Option<String>,
    /// reCAPTCHA v2 site key, served to the page; with the secret, replaces the self-hosted check.
    #[arg(long, env = "RECAPTCHA_SITE_KEY")]
    recaptcha_site_key: Option<String>,
    /// reCAPTCHA v2 secret, for siteverify.
    #[arg(long, env = "RECAPTCHA_SECRET", hide_env_values = true)]
    recaptcha_secret: Option<String>,
    /// reCAPTCHA's siteverify URL [default: https://www.google.com/recaptcha/api/siteverify].
    #[arg(long, env = "RECAPTCHA_VERIFY_URL")]
    recaptcha_verify_url: Option<String>,
    /// The SQLite file of the enquiry outbox [default: var/outbox.sqlite3].
    #[arg(long, env = "SUPPLYSITE_OUTBOX")]
    outbox: Option<String>,
    /// The local mailbox folder used without a Brevo key [default: var/mailbox].
    #[arg(long, env = "SUPPLYSITE_MAILBOX")]
    mailbox: Option<String>,
    /// How many seconds a delivery job being attempted is held before another attempt may take
    /// it: a server killed mid-delivery has its jobs retried after this (6 to 900)
    /// [default: 60].
    #[arg(long, env = "SUPPLYSITE_OUTBOX_LEASE_SECONDS")]
    outbox_lease_seconds: Option<String>,
    /// Signing key of the self-hosted robot check, at least 32 bytes; set it when several
    /// servers share the load [default: random per start].
    #[arg(long, env = "SUPPLYSITE_ROBOT_SECRET", hide_env_values = true)]
    robot_secret: Option<String>,
    /// How many milliseconds a visitor's request waits for delivery after the enquiry is
    /// stored before it is answered "queued" (0 to 10000) [default: 2000].
    #[arg(long, env = "SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS")]
    contact_answer_budget_ms: Option<String>,
    /// How many milliseconds the robot check may take before the visitor is asked to try
    /// again (100 to 10000) [default: 4000].
    #[arg(long, env = "SUPPLYSITE_ROBOT_CHECK_BUDGET_MS")]
    robot_check_budget_ms: Option<String>,
    /// Enquiries one client may send per minute.
    #[arg(long, env = "SUPPLYSITE_CONTACT_RATE_PER_MINUTE", default_value = "5")]
    contact_rate_per_minute: String,
    /// How many reverse proxies in front of the server append to X-Forwarded-For; the client
    /// is the entry that many from the right. 0 trusts no header and counts the socket's peer.
    #[arg(long, env = "SUPPLYSITE_TRUST_FORWARDED_FOR", default_value = "0")]
    trust_forwarded_for: String,
    /// PostgreSQL shared by several servers (postgres://USER:PASSWORD@HOST:PORT/DATABASE): the
    /// outbox, used robot challenges and the contact rate limit are kept there, and content
    /// reloads are announced to the other servers [default: none: SQLite and memory].
    #[arg(long, env = "SUPPLYSITE_DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// A PEM file of the private certificate authority that signed the database server's
    /// certificate, trusted besides the public roots. (A database on another host is reached
    /// over TLS with its certificate verified unless the URL sets `sslmode`.)
    #[arg(long, env = "SUPPLYSITE_DATABASE_CA_FILE", value_name = "FILE")]
    database_ca_file: Option<std::path::PathBuf>,
}

/// Each variable the mail adapter reads, with its flag, for error messages.
const FLAGS: [(&str, &str); 13] = [
    ("BREVO_API_KEY", "--brevo-api-key"),
    ("BREVO_API_BASE", "--brevo-api-base"),
    ("CONTACT_SENDER", "--contact-sender"),
    ("CONTACT_INBOX", "--contact-inbox"),
    ("RECAPTCHA_SITE_KEY", "--recaptcha-site-key"),
    ("RECAPTCHA_SECRET", "--recaptcha-secret"),
    ("RECAPTCHA_VERIFY_URL", "--recaptcha-verify-url"),
    ("SUPPLYSITE_OUTBOX", "--outbox"),
    ("SUPPLYSITE_MAILBOX", "--mailbox"),
    ("SUPPLYSITE_OUTBOX_LEASE_SECONDS", "--outbox-lease-seconds"),
    ("SUPPLYSITE_ROBOT_SECRET", "--robot-secret"),
    (
        "SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS",
        "--contact-answer-budget-ms",
    ),
    (
        "SUPPLYSITE_ROBOT_CHECK_BUDGET_MS",
        "--robot-check-budget-ms",
    ),
];

impl Args {
    /// The value given for the variable `name`, by flag or environment.
    fn lookup(&self, name: &str) -> Option<String> {
        let value = match name {
            "BREVO_API_KEY" => &self.brevo_api_key,
            "BREVO_API_BASE" => &self.brevo_api_base,
            "CONTACT_SENDER" => &self.contact_sender,
            "CONTACT_INBOX" => &self.contact_inbox,
            "RECAPTCHA_SITE_KEY" => &self.recaptcha_site_key,
            "RECAPTCHA_SECRET" => &self.recaptcha_secret,
            "RECAPTCHA_VERIFY_URL" => &self.recaptcha_verify_url,
            "SUPPLYSITE_OUTBOX" => &self.outbox,
            "SUPPLYSITE_MAILBOX" => &self.mailbox,
            "SUPPLYSITE_OUTBOX_LEASE_SECONDS" => &self.outbox_lease_seconds,
            "SUPPLYSITE_ROBOT_SECRET" => &self.robot_secret,
            "SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS" => &self.contact_answer_budget_ms,
            "SUPPLYSITE_ROBOT_CHECK_BUDGET_MS" => &self.robot_check_budget_ms,
            _ => return None,
        };
        value.clone()
    }

    /// The mail adapter's settings; reCAPTCHA tokens must have been solved on the host of
    /// `public_url`.
    pub fn mail_settings(&self, public_url: &PublicUrl) -> anyhow::Result<MailSettings> {
        let mut settings = MailSettings::from_lookup(|name| self.lookup(name)).map_err(|e| {
            let flag = FLAGS
                .iter()
                .find(|(var, _)| *var == e.name)
                .map_or("", |(_, f)| f);
            anyhow::anyhow!("{} / {flag}: {}", e.name, e.reason)
        })?;
        settings.site_hostname = Some(hostname(public_url));
        Ok(settings)
    }

    /// The rate limit and client address policy.
    pub fn contact_settings(&self) -> anyhow::Result<ContactSettings> {
        let rate_per_minute = self
            .contact_rate_per_minute
            .trim()
            .parse::<NonZeroU32>()
            .ok()
            .with_context(|| {
                format!(
                    "SUPPLYSITE_CONTACT_RATE_PER_MINUTE / --contact-rate-per-minute: invalid number {:?} (expected a whole number above 0)",
                    self.contact_rate_per_minute
                )
            })?;
        let trusted_proxies = self
            .trust_forwarded_for
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| *n <= 16)
            .with_context(|| {
                format!(
                    "SUPPLYSITE_TRUST_FORWARDED_FOR / --trust-forwarded-for: invalid number {:?} (expected how many reverse proxies stand in front, 0 to 16)",
                    self.trust_forwarded_for
                )
            })?;
        Ok(ContactSettings {
            rate_per_minute,
            client_ip: ClientIpPolicy { trusted_proxies },
            ..ContactSettings::default()
        })
    }

    /// Checks every enquiry setting, opens the outbox (connecting to the shared database on
    /// `runtime` when one is set) and builds the contact desk and the outbox worker its
    /// submissions wake.
    pub fn desk(
        &self,
        public_url: &PublicUrl,
        runtime: &tokio::runtime::Runtime,
    ) -> anyhow::Result<(ContactDesk, Worker, Option<PgStore>)> {
        let mail = self.mail_settings(public_url)?;
        let contact = self.contact_settings()?;
        // Empty, as `.env.example` leaves it, is unset.
        let url = self
            .database_url
            .as_deref()
            .filter(|u| !u.trim().is_empty());
        let Some(url) = url else {
            let built = build_enquiries(&mail, Arc::new(SystemClock))
                .context("cannot set up enquiries (SUPPLYSITE_OUTBOX / --outbox)")?;
            return Ok((
                ContactDesk::new(built.enquiries, contact),
                built.worker,
                None,
            ));
        };
        const NAMED: &str = "SUPPLYSITE_DATABASE_URL / --database-url";
        let mut url = DatabaseUrl::parse(url).map_err(|e| anyhow::anyhow!("{NAMED}: {e}"))?;
        if let Some(file) = self
            .database_ca_file
            .as_ref()
            .filter(|f| !f.as_os_str().is_empty())
        {
            url = url.with_ca_file(file).map_err(|e| {
                anyhow::anyhow!("SUPPLYSITE_DATABASE_CA_FILE / --database-ca-file: {e}")
            })?;
        }
        if let Some(outbox) = &self.outbox {
            tracing::warn!(
                ignored = %outbox,
                "SUPPLYSITE_OUTBOX / --outbox is ignored: SUPPLYSITE_DATABASE_URL keeps the outbox"
            );
        }
        let store = runtime
            .block_on(PgStore::connect(&url))
            .map_err(|e| anyhow::anyhow!("{NAMED}: {e}"))?;
        let shared = EnquiryStore {
            outbox: Arc::new(store.clone()),
            ledger: Arc::new(store.clone()),
            describe: store.describe(),
        };
        let built = build_enquiries_in(&mail, Arc::new(SystemClock), shared)
            .context("cannot set up enquiries")?;
        let desk = ContactDesk::new(built.enquiries, contact)
            .with_shared_allowance(Arc::new(store.clone()));
        Ok((desk, built.worker, Some(store)))
    }
}

/// The host of `url`, without port or path: what reCAPTCHA reports a token was solved on.
fn hostname(url: &PublicUrl) -> String {
    let rest = url
        .as_str()
        .split_once("://")
        .map_or(url.as_str(), |(_, r)| r);
    let authority = rest.split('/').next().unwrap_or(rest);
    if let Some(v6) = authority.strip_prefix('[') {
        return v6.split(']').next().unwrap_or(v6).to_string();
    }
    authority.split(':').next().unwrap_or(authority).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> PublicUrl {
        PublicUrl::parse(s).unwrap()
    }

    #[test]
    fn serve_parses_its_flags_and_every_enquiry_setting() {
        use clap::{CommandFactory, Parser};
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            serve: super::super::Args,
        }
        Cli::command().debug_assert();
        let cli = Cli::try_parse_from([
            "serve",
            "--contact-rate-per-minute=9",
            "--trust-forwarded-for=1",
            "--outbox=/tmp/o.sqlite3",
        ])
        .unwrap();
        let args = &cli.serve.enquiries;
        assert_eq!(args.contact_settings().unwrap().rate_per_minute.get(), 9);
        assert_eq!(
            args.lookup("SUPPLYSITE_OUTBOX").as_deref(),
            Some("/tmp/o.sqlite3")
        );
    }

    #[test]
    fn the_hostname_drops_scheme_port_and_path() {
        assert_eq!(hostname(&url("https://www.example.com")), "www.example.com");
        assert_eq!(hostname(&url("http://127.0.0.1:8080/site")), "127.0.0.1");
        assert_eq!(hostname(&url("http://[::1]:8080")), "::1");
    }

    #[test]
    fn a_malformed_setting_is_named_by_variable_and_flag() {
        let args = Args {
            contact_inbox: Some("not an address".into()),
            contact_rate_per_minute: "5".into(),
            trust_forwarded_for: "0".into(),
            ..Args::default()
        };
        let e = args
            .mail_settings(&url("https://x.test"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("CONTACT_INBOX / --contact-inbox: "), "{e}");
    }

    #[test]
    fn a_secret_is_never_part_of_an_error() {
        let args = Args {
            brevo_api_key: Some("xkeysib-very-secret".into()),
            ..Args::default()
        };
        let e = args
            .mail_settings(&url("https://x.test"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("CONTACT_SENDER / --contact-sender: required"),
            "{e}"
        );
        assert!(!e.contains("very-secret"), "{e}");
        let args = Args {
            recaptcha_secret: Some("recaptcha-very-secret".into()),
            ..Args::default()
        };
        let e = args
            .mail_settings(&url("https://x.test"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("RECAPTCHA_SITE_KEY / --recaptcha-site-key"),
            "{e}"
        );
        assert!(!e.contains("very-secret"), "{e}");
    }

    #[test]
    fn the_outbox_lease_is_a_flag_and_a_bad_one_is_named() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            enquiries: Args,
        }
        let parse = |lease: &str| {
            Cli::try_parse_from(["serve", &format!("--outbox-lease-seconds={lease}")])
                .unwrap()
                .enquiries
                .mail_settings(&url("https://x.test"))
        };
        assert_eq!(
            parse("20").unwrap().outbox_lease,
            std::time::Duration::from_secs(20)
        );
        let e = parse("forever").unwrap_err().to_string();
        assert!(
            e.starts_with(
                "SUPPLYSITE_OUTBOX_LEASE_SECONDS / --outbox-lease-seconds: invalid number of seconds \"forever\" (expected a whole number from 6 to 900"
            ),
            "{e}"
        );
    }

    #[test]
    fn the_budgets_and_the_robot_secret_are_flags_and_bad_ones_are_named() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            enquiries: Args,
        }
        let parse = |flags: &[&str]| {
            let mut argv = vec!["serve"];
            argv.extend_from_slice(flags);
            Cli::try_parse_from(argv)
                .unwrap()
                .enquiries
                .mail_settings(&url("https://x.test"))
        };
        let s = parse(&[
            "--contact-answer-budget-ms=500",
            "--robot-check-budget-ms=3000",
        ])
        .unwrap();
        assert_eq!(s.answer_budget, std::time::Duration::from_millis(500));
        assert_eq!(s.robot_budget, std::time::Duration::from_millis(3000));
        let e = parse(&["--contact-answer-budget-ms=soon"])
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS / --contact-answer-budget-ms: "),
            "{e}"
        );
        let e = parse(&["--robot-secret=short-secret"])
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("SUPPLYSITE_ROBOT_SECRET / --robot-secret: too short"),
            "{e}"
        );
        assert!(!e.contains("short-secret"), "{e}");
    }

    #[test]
    fn rate_and_proxies_must_be_whole_numbers() {
        let with = |rate: &str, proxies: &str| Args {
            contact_rate_per_minute: rate.into(),
            trust_forwarded_for: proxies.into(),
            ..Args::default()
        };
        let settings = with("12", "1").contact_settings().unwrap();
        assert_eq!(settings.rate_per_minute.get(), 12);
        assert_eq!(settings.client_ip.trusted_proxies, 1);
        for (rate, proxies, named) in [
            ("0", "0", "SUPPLYSITE_CONTACT_RATE_PER_MINUTE"),
            ("five", "0", "SUPPLYSITE_CONTACT_RATE_PER_MINUTE"),
            ("5", "yes", "SUPPLYSITE_TRUST_FORWARDED_FOR"),
            ("5", "-1", "SUPPLYSITE_TRUST_FORWARDED_FOR"),
        ] {
            let e = with(rate, proxies)
                .contact_settings()
                .unwrap_err()
                .to_string();
            assert!(e.starts_with(named), "{e}");
        }
    }
}
