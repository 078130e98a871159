//! The enquiry settings of `supplysite serve` (Brevo, the contact inbox, reCAPTCHA, the
//! outbox or the shared database, the mailbox, the rate limit and how the client's address is
//! found) and the contact desk built from them.
//!
//! Each setting is a typed flag and environment variable, checked as it is read; the settings
//! that only make sense together (a Brevo key and its sender, reCAPTCHA's two keys) are
//! checked together here, and the enquiry adapter takes the typed values.

use crate::settings::parse::{count, http_url, millis, seconds, secret_at_least, text, whole};
use anyhow::Context;
use clap::builder::TypedValueParser as _;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use supplysite_http::PublicUrl;
use supplysite_http::connections::proxies::TrustedProxies;
use supplysite_http::handlers::contact::{ClientIpPolicy, ContactDesk, ContactSettings};
use supplysite_mail_adapter::brevo::DEFAULT_BASE_URL;
use supplysite_mail_adapter::recaptcha::DEFAULT_VERIFY_URL;
use supplysite_mail_adapter::settings::{
    DEFAULT_INBOX, DEFAULT_SENDER, MAX_OUTBOX_LEASE, MIN_OUTBOX_LEASE, MIN_ROBOT_SECRET_BYTES,
};
use supplysite_mail_adapter::{
    EnquiryStore, MailAddress, MailSettings, Secret, SystemClock, Worker, build_enquiries,
    build_enquiries_in,
};
use supplysite_store_postgres::{DatabaseUrl, PgStore};

/// Enquiry settings.
#[derive(clap::Args, Clone)]
#[group(id = "enquiry_settings")]
#[command(next_help_heading = "Enquiries")]
pub struct Args {
    /// Brevo API v3 key. Unset: enquiries are written to the local mailbox folder as .eml
    /// files.
    #[arg(
        long,
        env = "BREVO_API_KEY",
        hide_env_values = true,
        value_parser = secret_at_least(1)
    )]
    brevo_api_key: Option<Secret>,
    /// Brevo's API origin (tests point it at a fake).
    #[arg(
        long,
        env = "BREVO_API_BASE",
        default_value = DEFAULT_BASE_URL,
        value_parser = http_url
    )]
    brevo_api_base: String,
    /// `Name <address>` enquiry emails come from: a Brevo-verified sender, required with a
    /// Brevo key. Unset, the local mailbox uses "Supplysite Website
    /// <website@supplysite.com.au>".
    #[arg(long, env = "CONTACT_SENDER", value_parser = address)]
    contact_sender: Option<MailAddress>,
    /// `Name <address>` enquiries are sent to, the company's information inbox.
    #[arg(
        long,
        env = "CONTACT_INBOX",
        default_value = DEFAULT_INBOX,
        value_parser = address
    )]
    contact_inbox: MailAddress,
    /// Google reCAPTCHA v2 ("I'm not a robot" checkbox) site key, sent to the browser. Set both
    /// keys or neither; with both, the page shows reCAPTCHA, the server verifies each token
    /// with siteverify and the CSP allows reCAPTCHA's script and frame origins. Without them
    /// the self-hosted check (a signed, expiring, single-use challenge from
    /// GET /api/robot-challenge) protects the form.
    #[arg(long, env = "RECAPTCHA_SITE_KEY", value_parser = text)]
    recaptcha_site_key: Option<String>,
    /// reCAPTCHA v2 secret, for siteverify; set with the site key.
    #[arg(
        long,
        env = "RECAPTCHA_SECRET",
        hide_env_values = true,
        value_parser = secret_at_least(1)
    )]
    recaptcha_secret: Option<Secret>,
    /// reCAPTCHA's siteverify URL (tests point it at a fake).
    #[arg(
        long,
        env = "RECAPTCHA_VERIFY_URL",
        default_value = DEFAULT_VERIFY_URL,
        value_parser = http_url
    )]
    recaptcha_verify_url: String,
    /// The SQLite file of the durable outbox; `supplysite outbox …` reads the same file.
    /// Ignored, with a warning, when SUPPLYSITE_DATABASE_URL is set. Unset: outbox.sqlite3 in
    /// the state folder (STATE_DIRECTORY, $XDG_STATE_HOME/supplysite or
    /// ~/.local/state/supplysite).
    #[arg(long, env = "SUPPLYSITE_OUTBOX")]
    outbox: Option<PathBuf>,
    /// The local mailbox folder, used without a Brevo key. Unset: mailbox in the state folder.
    #[arg(long, env = "SUPPLYSITE_MAILBOX")]
    mailbox: Option<PathBuf>,
    /// How many seconds a delivery job being attempted is held before another attempt may take
    /// it: a server killed mid-delivery has its jobs retried once this runs out (the enquiry
    /// id as Brevo's idempotency key stops a second email). From 6 (longer than one Brevo call
    /// may take) to 900 (inside Brevo's idempotency window).
    #[arg(
        long,
        env = "SUPPLYSITE_OUTBOX_LEASE_SECONDS",
        default_value = "60",
        value_parser = seconds(MIN_OUTBOX_LEASE.as_secs(), MAX_OUTBOX_LEASE.as_secs())
    )]
    outbox_lease_seconds: std::time::Duration,
    /// Signing key of the self-hosted robot check, at least 32 bytes (for example
    /// `openssl rand -hex 32`). Unset: a random key per start, so set it when several servers
    /// share the load.
    #[arg(
        long,
        env = "SUPPLYSITE_ROBOT_SECRET",
        hide_env_values = true,
        value_parser = robot_secret
    )]
    robot_secret: Option<Secret>,
    /// The most milliseconds a visitor's enquiry request takes from its arrival to its answer,
    /// whatever hangs behind it: the robot check, storing and the wait for delivery share it,
    /// and a delivery not done by then is answered "queued". The contact page waits this and
    /// 500 ms more before it sends the enquiry once more.
    #[arg(
        long,
        env = "SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS",
        default_value = "4500",
        value_parser = millis(1_000, 10_000)
    )]
    contact_answer_budget_ms: std::time::Duration,
    /// How many days the leads report's record of each enquiry is kept (its date, where the
    /// visit came from and its delivery outcome; nothing the visitor typed), from 1 to 3660.
    /// Older records are removed by the outbox worker within the hour.
    #[arg(
        long,
        env = "SUPPLYSITE_LEAD_RETENTION_DAYS",
        default_value = "400",
        value_parser = count(1, 3660, "number of days")
    )]
    lead_retention_days: usize,
    /// How many milliseconds the robot check may take before the visitor is asked to try
    /// again (503 with Retry-After, nothing stored); at most the answer budget less 500 ms kept
    /// for storing.
    #[arg(
        long,
        env = "SUPPLYSITE_ROBOT_CHECK_BUDGET_MS",
        default_value = "4000",
        value_parser = millis(100, 10_000)
    )]
    robot_check_budget_ms: std::time::Duration,
    /// Enquiries one client may send per minute before getting 429 with Retry-After. Only
    /// well-formed submissions count.
    #[arg(
        long,
        env = "SUPPLYSITE_CONTACT_RATE_PER_MINUTE",
        default_value = "5",
        value_parser = whole(1, u64::from(u32::MAX), "number of enquiries")
            .map(|n| NonZeroU32::new(u32::try_from(n).unwrap_or(u32::MAX)).unwrap_or(NonZeroU32::MIN))
    )]
    contact_rate_per_minute: NonZeroU32,
    /// The reverse proxies in front of the server (load balancer, CDN): addresses and CIDR
    /// ranges, separated by commas, such as `127.0.0.1` for nginx on the same host. Only from
    /// them is X-Forwarded-For read, the client being its rightmost address that is not a
    /// trusted proxy; they are exempt from the per-client connection cap (not the total).
    /// Unset, the header is ignored and every request counts by the socket's peer.
    #[arg(long, env = "SUPPLYSITE_TRUSTED_PROXIES", value_parser = TrustedProxies::from_str)]
    trusted_proxies: Option<TrustedProxies>,
    /// Replaced by SUPPLYSITE_TRUSTED_PROXIES: a count of proxies let any client that reached
    /// the server directly choose its own address. Any value but 0 stops start-up.
    #[arg(long, env = "SUPPLYSITE_TRUST_FORWARDED_FOR", hide = true)]
    trust_forwarded_for: Option<String>,
    /// PostgreSQL shared by several replicas: postgres://USER:PASSWORD@HOST:PORT/DATABASE (add
    /// ?sslmode=require for TLS). Set, the outbox, the used robot challenges and the contact
    /// rate limit live there (SUPPLYSITE_OUTBOX is then ignored), content reloads are
    /// announced to the other replicas, and live content shares its last snapshot there, so a
    /// replica starting with an empty cache folder starts from it. Unset: one server with
    /// SQLite and memory.
    #[arg(
        long,
        env = "SUPPLYSITE_DATABASE_URL",
        hide_env_values = true,
        value_parser = |v: &str| DatabaseUrl::parse(v)
    )]
    database_url: Option<DatabaseUrl>,
    /// A PEM file of the private certificate authority that signed the database server's
    /// certificate, trusted besides the public roots. (A database on another host is reached
    /// over TLS with its certificate verified unless the URL sets `sslmode`.)
    #[arg(long, env = "SUPPLYSITE_DATABASE_CA_FILE", value_name = "FILE")]
    database_ca_file: Option<std::path::PathBuf>,
}

/// A `Name <address>`.
fn address(value: &str) -> Result<MailAddress, String> {
    MailAddress::parse(value.trim()).map_err(|e| e.to_string())
}

/// The self-hosted check's key; a short one could be guessed from signed challenges.
fn robot_secret(value: &str) -> Result<Secret, String> {
    let value = value.trim();
    if value.len() < MIN_ROBOT_SECRET_BYTES {
        return Err(format!(
            "too short: {} bytes, at least {MIN_ROBOT_SECRET_BYTES} needed (for example the output of `openssl rand -hex 32`)",
            value.len()
        ));
    }
    Ok(Secret::new(value))
}

impl Args {
    /// The enquiry adapter's settings; reCAPTCHA tokens must have been solved on the host of
    /// `public_url`.
    ///
    /// Errors: a Brevo key without its sender, one reCAPTCHA key without the other.
    pub fn mail_settings(&self, public_url: &PublicUrl) -> anyhow::Result<MailSettings> {
        if self.brevo_api_key.is_some() && self.contact_sender.is_none() {
            anyhow::bail!(
                "CONTACT_SENDER / --contact-sender: required with BREVO_API_KEY: the Brevo-verified sender, as Name <address>"
            );
        }
        let recaptcha = match (&self.recaptcha_site_key, &self.recaptcha_secret) {
            (Some(site), Some(secret)) => Some((site.clone(), secret.clone())),
            (None, None) => None,
            (Some(_), None) => anyhow::bail!(
                "RECAPTCHA_SECRET / --recaptcha-secret: required with RECAPTCHA_SITE_KEY"
            ),
            (None, Some(_)) => anyhow::bail!(
                "RECAPTCHA_SITE_KEY / --recaptcha-site-key: required with RECAPTCHA_SECRET"
            ),
        };
        // Unset, the outbox and the mailbox are kept in the state folder, which must then be
        // known: the outbox unless the shared database keeps it, the mailbox unless Brevo
        // delivers.
        let state = crate::install::state_dir();
        let sender = match &self.contact_sender {
            Some(sender) => sender.clone(),
            None => MailAddress::parse(DEFAULT_SENDER).context("the default sender")?,
        };
        Ok(MailSettings {
            brevo_api_key: self.brevo_api_key.clone(),
            brevo_api_base: self.brevo_api_base.clone(),
            contact_sender: sender,
            contact_inbox: self.contact_inbox.clone(),
            recaptcha,
            recaptcha_verify_url: self.recaptcha_verify_url.clone(),
            outbox_path: match &self.outbox {
                Some(path) => path.clone(),
                None => match &state {
                    Ok(dir) => dir.join(crate::install::OUTBOX_FILE),
                    Err(e) if self.database_url.is_none() => {
                        anyhow::bail!("SUPPLYSITE_OUTBOX / --outbox: {e}")
                    }
                    // The shared database keeps the outbox; this path is never opened.
                    Err(_) => PathBuf::from(crate::install::OUTBOX_FILE),
                },
            },
            mailbox_dir: match &self.mailbox {
                Some(path) => path.clone(),
                None => match &state {
                    Ok(dir) => dir.join(crate::install::MAILBOX_DIR),
                    Err(e) if self.brevo_api_key.is_none() => {
                        anyhow::bail!("SUPPLYSITE_MAILBOX / --mailbox: {e}")
                    }
                    // Brevo delivers; the mailbox is never written.
                    Err(_) => PathBuf::from(crate::install::MAILBOX_DIR),
                },
            },
            outbox_lease: self.outbox_lease_seconds,
            robot_secret: self.robot_secret.clone(),
            answer_budget: self.contact_answer_budget_ms,
            robot_budget: self.robot_check_budget_ms,
            lead_retention: std::time::Duration::from_secs(
                u64::try_from(self.lead_retention_days).unwrap_or(u64::MAX) * 86_400,
            ),
            site_hostname: Some(hostname(public_url)),
        })
    }

    /// The rate limit and client address policy.
    pub fn contact_settings(&self) -> anyhow::Result<ContactSettings> {
        Ok(ContactSettings {
            rate_per_minute: self.contact_rate_per_minute,
            client_ip: ClientIpPolicy {
                trusted_proxies: self.trusted_proxies()?,
            },
            ..ContactSettings::default()
        })
    }

    /// The reverse proxies whose `X-Forwarded-For` is read and who are exempt from the
    /// per-client connection cap. The hop count it replaces is refused with a message naming
    /// the new setting, so no deployment silently loses its clients' addresses.
    pub fn trusted_proxies(&self) -> anyhow::Result<TrustedProxies> {
        match self.trust_forwarded_for.as_deref().map(str::trim) {
            None | Some("" | "0") => {}
            Some(_) => anyhow::bail!(
                "SUPPLYSITE_TRUST_FORWARDED_FOR / --trust-forwarded-for is no longer read: list the proxies' addresses or CIDR ranges in SUPPLYSITE_TRUSTED_PROXIES / --trusted-proxies instead (such as 127.0.0.1 for nginx on this host); X-Forwarded-For is then read only from them"
            ),
        }
        Ok(self.trusted_proxies.clone().unwrap_or_default())
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
        let Some(url) = &self.database_url else {
            let built = build_enquiries(&mail, Arc::new(SystemClock))
                .context("cannot set up enquiries (SUPPLYSITE_OUTBOX / --outbox)")?;
            return Ok((
                ContactDesk::new(built.enquiries, contact),
                built.worker,
                None,
            ));
        };
        const NAMED: &str = "SUPPLYSITE_DATABASE_URL / --database-url";
        let mut url = url.clone();
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
                ignored = %outbox.display(),
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

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        enquiries: Args,
    }

    fn url(s: &str) -> PublicUrl {
        PublicUrl::parse(s).unwrap()
    }

    fn args(flags: &[&str]) -> Result<Args, String> {
        crate::settings::try_parse::<Cli>(flags).map(|cli| cli.enquiries)
    }

    fn mail(flags: &[&str]) -> Result<MailSettings, String> {
        args(flags)?
            .mail_settings(&url("https://x.test"))
            .map_err(|e| e.to_string())
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
        let cli: Cli = crate::settings::try_parse(&[
            "--contact-rate-per-minute=9",
            "--trusted-proxies=127.0.0.1,10.0.0.0/8",
            "--outbox=/tmp/o.sqlite3",
        ])
        .unwrap();
        let args = &cli.serve.enquiries;
        assert_eq!(args.contact_settings().unwrap().rate_per_minute.get(), 9);
        assert_eq!(
            args.trusted_proxies().unwrap().to_string(),
            "127.0.0.1/32, 10.0.0.0/8"
        );
        let mail = args.mail_settings(&url("https://x.test")).unwrap();
        assert_eq!(mail.outbox_path, PathBuf::from("/tmp/o.sqlite3"));
        assert_eq!(mail.site_hostname.as_deref(), Some("x.test"));
    }

    #[test]
    fn the_hostname_drops_scheme_port_and_path() {
        assert_eq!(hostname(&url("https://www.example.com")), "www.example.com");
        assert_eq!(hostname(&url("http://127.0.0.1:8080/site")), "127.0.0.1");
        assert_eq!(hostname(&url("http://[::1]:8080")), "::1");
    }

    #[test]
    fn a_malformed_setting_is_named_by_variable_and_flag() {
        let e = mail(&["--contact-inbox=not an address"]).unwrap_err();
        assert!(e.starts_with("CONTACT_INBOX / --contact-inbox: "), "{e}");
        let e = mail(&["--brevo-api-base=api.brevo.com"]).unwrap_err();
        assert!(e.starts_with("BREVO_API_BASE / --brevo-api-base: "), "{e}");
    }

    #[test]
    fn a_secret_is_never_part_of_an_error() {
        let e = mail(&["--brevo-api-key=xkeysib-very-secret"]).unwrap_err();
        assert!(
            e.starts_with("CONTACT_SENDER / --contact-sender: required"),
            "{e}"
        );
        assert!(!e.contains("very-secret"), "{e}");
        let e = mail(&["--recaptcha-secret=recaptcha-very-secret"]).unwrap_err();
        assert!(
            e.starts_with("RECAPTCHA_SITE_KEY / --recaptcha-site-key"),
            "{e}"
        );
        assert!(!e.contains("very-secret"), "{e}");
        let e = mail(&["--recaptcha-site-key=site"]).unwrap_err();
        assert!(
            e.starts_with("RECAPTCHA_SECRET / --recaptcha-secret"),
            "{e}"
        );
        let s = mail(&[
            "--brevo-api-key=xkeysib-1",
            "--contact-sender=Web <web@example.com>",
        ])
        .unwrap();
        assert!(!format!("{s:?}").contains("xkeysib-1"));
    }

    #[test]
    fn the_outbox_lease_is_a_flag_and_a_bad_one_is_named() {
        let lease = |value: &str| mail(&[&format!("--outbox-lease-seconds={value}")]);
        assert_eq!(
            lease("20").unwrap().outbox_lease,
            std::time::Duration::from_secs(20)
        );
        assert_eq!(
            lease(" 6 ").unwrap().outbox_lease,
            std::time::Duration::from_secs(6)
        );
        for bad in ["0", "5", "901", "-1", "7.5", "60s", "forever"] {
            let e = lease(bad).unwrap_err();
            assert!(
                e.starts_with(&format!(
                    "SUPPLYSITE_OUTBOX_LEASE_SECONDS / --outbox-lease-seconds: invalid number of seconds {bad:?} (expected a whole number from 6 to 900)"
                )),
                "{e}"
            );
        }
    }

    #[test]
    fn the_budgets_and_the_robot_secret_are_flags_and_bad_ones_are_named() {
        let s = mail(&[
            "--contact-answer-budget-ms=1500",
            "--robot-check-budget-ms=3000",
        ])
        .unwrap();
        assert_eq!(s.answer_budget, std::time::Duration::from_millis(1500));
        assert_eq!(s.robot_budget, std::time::Duration::from_millis(3000));
        let defaults = mail(&[]).unwrap();
        assert_eq!(
            defaults.answer_budget,
            std::time::Duration::from_millis(4500)
        );
        assert_eq!(defaults.robot_budget, std::time::Duration::from_secs(4));
        assert_eq!(defaults.outbox_lease, std::time::Duration::from_secs(60));
        for bad in [
            "--contact-answer-budget-ms=soon",
            "--contact-answer-budget-ms=10001",
        ] {
            let e = mail(&[bad]).unwrap_err();
            assert!(
                e.starts_with("SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS / --contact-answer-budget-ms: invalid number of milliseconds"),
                "{e}"
            );
        }
        let e = mail(&["--robot-check-budget-ms=99"]).unwrap_err();
        assert!(
            e.contains("(expected a whole number from 100 to 10000)"),
            "{e}"
        );
        let e = mail(&["--robot-secret=short-secret"]).unwrap_err();
        assert!(
            e.starts_with("SUPPLYSITE_ROBOT_SECRET / --robot-secret: too short: 12 bytes"),
            "{e}"
        );
        assert!(!e.contains("short-secret"), "{e}");
        let long = "k".repeat(32);
        assert!(
            mail(&[&format!("--robot-secret={long}")])
                .unwrap()
                .robot_secret
                .is_some()
        );
    }

    #[test]
    fn the_rate_must_be_a_whole_number_and_the_proxy_count_is_refused_for_the_list() {
        let settings = args(&["--contact-rate-per-minute=12", "--trust-forwarded-for=0"])
            .unwrap()
            .contact_settings()
            .unwrap();
        assert_eq!(settings.rate_per_minute.get(), 12);
        assert!(settings.client_ip.trusted_proxies.is_empty());
        for rate in ["0", "five"] {
            let e = args(&[&format!("--contact-rate-per-minute={rate}")])
                .err()
                .unwrap();
            assert!(e.starts_with("SUPPLYSITE_CONTACT_RATE_PER_MINUTE"), "{e}");
        }
        for hops in ["1", "yes"] {
            let e = args(&[&format!("--trust-forwarded-for={hops}")])
                .unwrap()
                .contact_settings()
                .unwrap_err()
                .to_string();
            assert!(e.starts_with("SUPPLYSITE_TRUST_FORWARDED_FOR"), "{e}");
            assert!(e.contains("SUPPLYSITE_TRUSTED_PROXIES"), "{e}");
        }
    }

    #[test]
    fn a_malformed_proxy_list_is_refused_by_name() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            enquiries: Args,
        }
        let e = Cli::try_parse_from(["serve", "--trusted-proxies=nginx"])
            .err()
            .expect("refused")
            .to_string();
        assert!(e.contains("SUPPLYSITE_TRUSTED_PROXIES"), "{e}");
    }
}
