//! [`BrevoClient`]: delivers enquiries through Brevo's API v3: the transactional email to the
//! company's inbox (`POST /v3/smtp/email`, with the enquiry id as idempotency key) and the
//! contact upsert (`POST /v3/contacts` with `updateEnabled`).
//!
//! What Brevo gets is what Brevo takes: the visitor's braces never reach its template engine
//! (see [`notification`]), the visitor becomes the `replyTo` only when Brevo accepts the address
//! (see [`brevo_accepts`]), and a 400 that names `replyTo` anyway is sent again without it. A 401 or
//! 403 is [`DeliveryError::Blocked`]: our key is refused, not the enquiry.
//!
//! Where the visit came from goes with the contact as the attributes of [`LEAD_ATTRIBUTES`].
//! Brevo takes only attributes the account has (they are made once in Brevo, see
//! docs/behaviour.md §9); when it refuses the upsert over one of them, the contact is upserted
//! again without them, so the lead is never lost for want of an attribute, and the refusal is
//! kept: on the job in the outbox (its `last_error`) and on `/readyz` (see
//! [`EnquiryDelivery::degraded`]) until a contact goes through with them.

mod reply_to;
mod response;

pub use reply_to::brevo_accepts;

use crate::address::MailAddress;
use crate::notification;
use crate::secret::Secret;
use async_trait::async_trait;
use response::Verdict;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use supplysite_core::ports::{Degraded, DeliveryError, EnquiryDelivery, JobKind, StoredEnquiry};

/// The Brevo contact attributes an enquiry's attribution fills (all of type text), beside the
/// attribution's keys: `LEAD_SOURCE` is `utm_source`, and so on.
pub const LEAD_ATTRIBUTES: [(&str, &str); 8] = [
    ("LEAD_SOURCE", "source"),
    ("LEAD_MEDIUM", "medium"),
    ("LEAD_CAMPAIGN", "campaign"),
    ("LEAD_TERM", "term"),
    ("LEAD_CONTENT", "content"),
    ("LANDING_PAGE", "landingPage"),
    ("REFERRER", "referrer"),
    ("CONVERSION_PAGE", "conversionPage"),
];

/// What `/readyz` names a refusal of the lead attributes.
pub const LEAD_ATTRIBUTES_REFUSED: &str = "lead-attributes-refused";

/// Brevo's API origin.
pub const DEFAULT_BASE_URL: &str = "https://api.brevo.com";
/// The time limit of each call (docs/behaviour.md §9).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_millis(5000);

/// Where and as whom [`BrevoClient`] sends.
#[derive(Clone, Debug)]
pub struct BrevoConfig {
    /// The Brevo API key, sent as the `api-key` header.
    pub api_key: Secret,
    /// The API origin without a trailing slash; tests point it at a local fake.
    pub base_url: String,
    /// The verified sender the email comes from.
    pub sender: MailAddress,
    /// The company's information inbox the email goes to.
    pub inbox: MailAddress,
    /// The most one call may take, connection included.
    pub timeout: Duration,
}

impl BrevoConfig {
    /// A configuration with Brevo's own origin and the documented timeout.
    pub fn new(api_key: Secret, sender: MailAddress, inbox: MailAddress) -> Self {
        BrevoConfig {
            api_key,
            base_url: DEFAULT_BASE_URL.to_owned(),
            sender,
            inbox,
            timeout: DEFAULT_TIMEOUT,
        }
    }
}

/// Why a [`BrevoClient`] could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BrevoSetupError {
    /// The base URL is not `http://` or `https://`; holds it as given.
    #[error("invalid Brevo base URL {0:?} (expected http:// or https://)")]
    BaseUrl(String),
    /// The HTTP client could not be built; holds the reason.
    #[error("cannot build the HTTP client for Brevo: {0}")]
    Client(String),
}

/// Brevo's API v3 as an [`EnquiryDelivery`].
#[derive(Clone, Debug)]
pub struct BrevoClient {
    http: reqwest::Client,
    config: BrevoConfig,
    /// Brevo's last refusal of the lead attributes, until a contact goes through with them.
    refused: Arc<Mutex<Option<Degraded>>>,
}

impl BrevoClient {
    /// A client for `config`: rustls, no redirects followed (a redirect means a wrong base
    /// URL, and following one would resend the key elsewhere), `config.timeout` per call.
    ///
    /// Errors: [`BrevoSetupError`] for a base URL that is not http(s) or a TLS setup failure.
    pub fn new(mut config: BrevoConfig) -> Result<BrevoClient, BrevoSetupError> {
        let base = config.base_url.trim().trim_end_matches('/').to_owned();
        if !(base.starts_with("https://") || base.starts_with("http://")) {
            return Err(BrevoSetupError::BaseUrl(config.base_url));
        }
        config.base_url = base;
        let http = reqwest::Client::builder()
            .use_rustls_tls()
            .timeout(config.timeout)
            .connect_timeout(config.timeout)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("supplysite/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| BrevoSetupError::Client(e.to_string()))?;
        Ok(BrevoClient {
            http,
            config,
            refused: Arc::default(),
        })
    }

    /// The request body of the transactional email for `stored`, with the visitor as
    /// `replyTo` when `reply_to` is set and Brevo accepts their address.
    pub fn email_body(&self, stored: &StoredEnquiry, reply_to: bool) -> Value {
        let e = &stored.enquiry;
        let mut body = json!({
            "sender": named(&self.config.sender),
            "to": [named(&self.config.inbox)],
            "subject": notification::subject(stored),
            "htmlContent": notification::html(stored),
            "headers": { "idempotencyKey": stored.id.as_str() },
        });
        if reply_to && brevo_accepts(e.email()) {
            body["replyTo"] = json!({
                "email": e.email(),
                "name": notification::without_braces(&e.full_name()),
            });
        }
        body
    }

    /// The request body of the contact upsert for `stored`, with the [`LEAD_ATTRIBUTES`] of
    /// its attribution when `leads` is set (only the values captured: an empty one would
    /// overwrite what an earlier enquiry of the same visitor said).
    pub fn contact_body(stored: &StoredEnquiry, leads: bool) -> Value {
        let e = &stored.enquiry;
        let mut body = json!({
            "email": e.email(),
            "attributes": {
                "FIRSTNAME": e.firstname(),
                "LASTNAME": e.lastname(),
                "ORGANISATION": e.org_name(),
                "PHONE": e.phone(),
            },
            "updateEnabled": true,
        });
        if let (true, Some(a)) = (leads, e.attribution()) {
            for ((attribute, _), (_, value)) in LEAD_ATTRIBUTES.iter().zip(a.values()) {
                if let Some(value) = value {
                    body["attributes"][*attribute] = json!(value);
                }
            }
        }
        body
    }

    /// Whether the body carries any of the [`LEAD_ATTRIBUTES`].
    fn has_lead_attributes(body: &Value) -> bool {
        LEAD_ATTRIBUTES
            .iter()
            .any(|(attribute, _)| body["attributes"].get(attribute).is_some())
    }

    /// The contact upsert, and the note for the outbox when Brevo refused its lead attributes
    /// and the contact went without them.
    async fn upsert_noting(
        &self,
        enquiry: &StoredEnquiry,
    ) -> Result<Option<String>, DeliveryError> {
        let what = "contact upsert";
        let body = Self::contact_body(enquiry, true);
        match self.post(what, "/v3/contacts", enquiry, &body).await {
            Ok(()) => {
                if Self::has_lead_attributes(&body) {
                    *self.refused.lock().unwrap_or_else(PoisonError::into_inner) = None;
                }
                Ok(None)
            }
            Err(DeliveryError::Permanent { reason })
                if Self::has_lead_attributes(&body) && names_lead_attribute(&reason) =>
            {
                let note = format!(
                    "contact upserted without its lead attributes: Brevo refused them ({reason}); create them in Brevo (Contacts, Settings, Contact attributes: {}, all text)",
                    LEAD_ATTRIBUTES.map(|(a, _)| a).join(", ")
                );
                tracing::error!(enquiry = %enquiry.id, %reason, "brevo refused the lead attributes; upserting the contact without them");
                let body = Self::contact_body(enquiry, false);
                self.post(what, "/v3/contacts", enquiry, &body).await?;
                let since = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
                let mut refused = self.refused.lock().unwrap_or_else(PoisonError::into_inner);
                let since = refused.as_ref().map_or(since, |r| r.since);
                *refused = Some(Degraded {
                    what: LEAD_ATTRIBUTES_REFUSED,
                    reason: note.clone(),
                    since,
                });
                Ok(Some(note))
            }
            Err(e) => Err(e),
        }
    }

    async fn post(
        &self,
        what: &str,
        path: &str,
        stored: &StoredEnquiry,
        body: &Value,
    ) -> Result<(), DeliveryError> {
        let url = format!("{}{path}", self.config.base_url);
        let sent = self
            .http
            .post(&url)
            .header("api-key", self.config.api_key.expose())
            .header("accept", "application/json")
            .json(body)
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(e) => {
                let reason = self.config.api_key.redact_from(&transport_reason(
                    what,
                    &url,
                    &e,
                    self.config.timeout,
                ));
                tracing::warn!(enquiry = %stored.id, %reason, "brevo call failed; will retry");
                return Err(DeliveryError::Transient {
                    reason,
                    retry_after: None,
                });
            }
        };
        let status = response.status();
        let headers = response.headers().clone();
        // A body that cannot be read in time still leaves the status to judge by.
        let bytes = response.bytes().await.unwrap_or_default();
        match response::judge(what, status, &headers, &bytes) {
            Verdict::Delivered => {
                tracing::info!(enquiry = %stored.id, status = status.as_u16(), "brevo {what} accepted");
                Ok(())
            }
            Verdict::Failed(DeliveryError::Blocked { reason }) => {
                let reason = self.config.api_key.redact_from(&reason);
                tracing::error!(
                    enquiry = %stored.id,
                    %reason,
                    "brevo refused the API key; deliveries wait and are retried until a working key is configured"
                );
                Err(DeliveryError::Blocked { reason })
            }
            Verdict::Failed(DeliveryError::Permanent { reason }) => {
                let reason = self.config.api_key.redact_from(&reason);
                tracing::error!(
                    enquiry = %stored.id,
                    %reason,
                    "brevo refused the {what} for good; the job is dead-lettered until an operator requeues it"
                );
                Err(DeliveryError::Permanent { reason })
            }
            Verdict::Failed(DeliveryError::Transient {
                reason,
                retry_after,
            }) => {
                let reason = self.config.api_key.redact_from(&reason);
                tracing::warn!(enquiry = %stored.id, %reason, ?retry_after, "brevo {what} failed; will retry");
                Err(DeliveryError::Transient {
                    reason,
                    retry_after,
                })
            }
        }
    }
}

/// Whether a refusal is a 400 that names one of the [`LEAD_ATTRIBUTES`] or speaks of an
/// attribute (Brevo takes only attributes the account has).
fn names_lead_attribute(reason: &str) -> bool {
    reason.contains("HTTP 400")
        && (reason.to_ascii_lowercase().contains("attribute")
            || LEAD_ATTRIBUTES.iter().any(|(a, _)| reason.contains(a)))
}

/// Whether a refusal is a 400 that is about the `replyTo` field.
fn names_reply_to(reason: &str) -> bool {
    reason.contains("HTTP 400") && reason.to_ascii_lowercase().contains("replyto")
}

fn named(address: &MailAddress) -> Value {
    if address.name.is_empty() {
        json!({ "email": address.email })
    } else {
        json!({ "email": address.email, "name": address.name })
    }
}

/// Says what went wrong on the wire, without reqwest's full error chain (which can be long)
/// but with enough to act on.
fn transport_reason(what: &str, url: &str, e: &reqwest::Error, timeout: Duration) -> String {
    if e.is_timeout() {
        format!(
            "brevo {what}: no answer from {url} within {} ms",
            timeout.as_millis()
        )
    } else if e.is_connect() {
        format!("brevo {what}: cannot connect to {url}: {}", root_cause(e))
    } else {
        format!("brevo {what}: request to {url} failed: {}", root_cause(e))
    }
}

fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = e;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}

#[async_trait]
impl EnquiryDelivery for BrevoClient {
    async fn notify_inbox(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        let what = "transactional email";
        let body = self.email_body(enquiry, true);
        let first = self.post(what, "/v3/smtp/email", enquiry, &body).await;
        match first {
            // Brevo's checks of an address are its own; when it still refuses the visitor's
            // address, the email goes without it (the address is in the body).
            Err(DeliveryError::Permanent { reason })
                if body.get("replyTo").is_some() && names_reply_to(&reason) =>
            {
                tracing::warn!(enquiry = %enquiry.id, %reason, "brevo refused the replyTo; sending without it");
                let body = self.email_body(enquiry, false);
                self.post(what, "/v3/smtp/email", enquiry, &body).await
            }
            other => other,
        }
    }

    async fn upsert_contact(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        self.upsert_noting(enquiry).await.map(|_| ())
    }

    async fn deliver_noting(
        &self,
        kind: JobKind,
        enquiry: &StoredEnquiry,
    ) -> Result<Option<String>, DeliveryError> {
        match kind {
            JobKind::NotifyInbox => self.notify_inbox(enquiry).await.map(|()| None),
            JobKind::UpsertContact => self.upsert_noting(enquiry).await,
        }
    }

    fn degraded(&self) -> Option<Degraded> {
        self.refused
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}
