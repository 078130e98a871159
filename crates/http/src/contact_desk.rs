//! The contact desk: the enquiry service with the rate limit and the client address rules the
//! contact endpoints apply (see [`crate::handlers::contact`]), and the page settings it decides.
//!
//! Layer: may use [`crate::connections`] (the trusted proxies) alone; the route that uses the
//! desk is `handlers::contact`.

pub mod client_ip;
pub mod rate_limit;

pub use client_ip::ClientIpPolicy;
pub use rate_limit::RateLimiter;

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::{Duration, Instant};
use supplysite_core::enquiry::Enquiries;
use supplysite_core::ports::SharedAllowance;
use supplysite_core::view::RobotWidget;
use supplysite_core::view::{PageSettings, Tracker};

/// The default allowance of enquiries per client and minute.
pub const DEFAULT_RATE_PER_MINUTE: u32 = 5;

/// How the contact endpoint limits and identifies clients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContactSettings {
    /// Enquiries per client per minute (`SUPPLYSITE_CONTACT_RATE_PER_MINUTE`).
    pub rate_per_minute: NonZeroU32,
    /// How the client's address is found (`SUPPLYSITE_TRUSTED_PROXIES`).
    pub client_ip: ClientIpPolicy,
    /// How many clients the rate limit remembers at most.
    pub limiter_capacity: usize,
}

impl Default for ContactSettings {
    fn default() -> Self {
        ContactSettings {
            rate_per_minute: NonZeroU32::new(DEFAULT_RATE_PER_MINUTE).expect("not zero"),
            client_ip: ClientIpPolicy::default(),
            limiter_capacity: rate_limit::MAX_CLIENTS,
        }
    }
}

/// Everything the contact endpoints use: the enquiry composition, the rate limit and the
/// client address policy.
pub struct ContactDesk {
    pub(crate) enquiries: Enquiries,
    limiter: RateLimiter,
    /// The allowance shared by several servers, counted before the in-memory limiter, which
    /// takes over while it cannot be reached.
    shared: Option<Arc<dyn SharedAllowance>>,
    pub(crate) client_ip: ClientIpPolicy,
    /// The outbox's last answer on whether deliveries are blocked, and when it was asked.
    blocked: tokio::sync::Mutex<Option<(tokio::time::Instant, BlockedRead)>>,
}

/// What the outbox said when asked whether deliveries are blocked: `Err` when it could not be
/// asked (the cause is logged where it was asked).
pub type BlockedRead = Result<Option<supplysite_core::ports::Blocked>, ()>;

/// How long the outbox's answer on blocked deliveries is reused: `/readyz` is public, and a
/// caller asking it in a loop must not cost a database query per request.
pub const BLOCKED_FRESH_FOR: Duration = Duration::from_secs(1);

impl ContactDesk {
    /// A desk that takes enquiries through `enquiries`, with the rate limit and client address rules of `settings`.
    pub fn new(enquiries: Enquiries, settings: ContactSettings) -> Self {
        ContactDesk {
            enquiries,
            limiter: RateLimiter::bounded(settings.rate_per_minute, settings.limiter_capacity),
            shared: None,
            client_ip: settings.client_ip,
            blocked: tokio::sync::Mutex::new(None),
        }
    }

    /// Whether the outbox's deliveries are blocked (see
    /// [`supplysite_core::ports::EnquiryOutbox::blocked`]), asked of the outbox at most once
    /// per [`BLOCKED_FRESH_FOR`]: callers in between get the last answer, and callers arriving
    /// while it is asked wait for that one answer.
    pub async fn deliveries_blocked(&self) -> BlockedRead {
        let mut last = self.blocked.lock().await;
        if let Some((at, read)) = last.as_ref()
            && at.elapsed() < BLOCKED_FRESH_FOR
        {
            return read.clone();
        }
        let read = self.enquiries.outbox().blocked().await.map_err(
            |error| tracing::warn!(%error, "cannot ask the outbox whether deliveries are blocked"),
        );
        *last = Some((tokio::time::Instant::now(), read.clone()));
        read
    }

    /// Counts enquiries in `shared`, so every server behind the load balancer allows a client
    /// what one would; while it cannot be reached, each server counts in memory.
    pub fn with_shared_allowance(mut self, shared: Arc<dyn SharedAllowance>) -> Self {
        self.shared = Some(shared);
        self
    }

    /// Counts one enquiry from `client`: `Err(wait)` when it must wait.
    pub(crate) async fn count(&self, client: IpAddr) -> Result<(), Duration> {
        if let Some(shared) = &self.shared {
            let key = rate_limit::client_key(client, false).to_string();
            let now = self.enquiries.clock().now();
            match shared.take(&key, self.limiter.allowance(), now).await {
                Ok(None) => return Ok(()),
                Ok(Some(wait)) => return Err(wait),
                Err(e) => tracing::warn!(error = %e, "counting this enquiry in memory"),
            }
        }
        self.limiter.check(client, Instant::now())
    }

    /// The enquiry service the desk submits to.
    pub fn enquiries(&self) -> &Enquiries {
        &self.enquiries
    }

    /// Whether the page loads Google's reCAPTCHA (and the CSP must allow its origins).
    pub fn uses_recaptcha(&self) -> bool {
        matches!(self.enquiries.robot_widget(), RobotWidget::Recaptcha { .. })
    }
}

/// The `settings` the page embeds beside `chrome` and `outcome`: the robot widget,
/// `{"kind":"recaptcha","siteKey":…}` or `{"kind":"selfHosted"}`, and how long the contact form
/// waits for an answer before it sends again (both null when enquiries are not taken), and the
/// tracker, `{"clientKey":…}` (null without a key). Public values only: the site key and the
/// tracker's client key are meant for the browser; no secret is ever part of it. `leadCapture`
/// is true when enquiries are taken and `lead_capture` is set.
pub fn page_settings(
    contact: Option<&ContactDesk>,
    tracker_key: Option<&str>,
    lead_capture: bool,
) -> PageSettings {
    PageSettings {
        robot: contact.map(|desk| desk.enquiries().robot_widget().clone()),
        tracker: tracker_key.map(|key| Tracker {
            client_key: key.to_owned(),
        }),
        contact_wait_ms: contact.map(|desk| {
            u32::try_from(desk.enquiries().page_wait().as_millis()).unwrap_or(u32::MAX)
        }),
        lead_capture: lead_capture && contact.is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_tracker_key_reaches_the_page_settings_only_when_configured() {
        let json = |settings| serde_json::to_value(settings).unwrap();
        assert_eq!(
            json(page_settings(None, Some("abc123"), true)),
            json!({"robot": null, "tracker": {"clientKey": "abc123"}, "contactWaitMs": null, "leadCapture": false})
        );
        assert_eq!(
            json(page_settings(None, None, true)),
            json!({"robot": null, "tracker": null, "contactWaitMs": null, "leadCapture": false})
        );
    }
}
