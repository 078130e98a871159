//! Sending a stored enquiry on: the two deliveries each enquiry needs.

use super::{JobKind, StoredEnquiry};
use async_trait::async_trait;
use std::time::Duration;

/// Delivers enquiries: Brevo in production, a local mailbox folder by default.
///
/// Each operation is one job of the outbox, retried on its own, so both must be safe to
/// repeat: the enquiry id is the idempotency key.
#[async_trait]
pub trait EnquiryDelivery: Send + Sync {
    /// Emails the company's information inbox with the enquiry (name, organisation, phone,
    /// email and message, every value escaped), with the visitor as Reply-To. A repeat for
    /// the same enquiry id must not send a second email.
    ///
    /// Errors: [`DeliveryError::Permanent`] when the provider refuses the message for good;
    /// [`DeliveryError::Blocked`] when it refuses our credentials;
    /// [`DeliveryError::Transient`] when trying again later may work.
    async fn notify_inbox(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError>;

    /// Creates the visitor as a marketing contact (email; first name, last name,
    /// organisation and phone as attributes), or updates the contact with that email.
    ///
    /// Errors: [`DeliveryError::Permanent`] when the provider refuses the contact for good;
    /// [`DeliveryError::Blocked`] when it refuses our credentials;
    /// [`DeliveryError::Transient`] when trying again later may work.
    async fn upsert_contact(&self, enquiry: &StoredEnquiry) -> Result<(), DeliveryError>;

    /// Runs the operation that does a job of `kind`.
    ///
    /// Errors: those of [`EnquiryDelivery::notify_inbox`] or
    /// [`EnquiryDelivery::upsert_contact`].
    async fn deliver(&self, kind: JobKind, enquiry: &StoredEnquiry) -> Result<(), DeliveryError> {
        match kind {
            JobKind::NotifyInbox => self.notify_inbox(enquiry).await,
            JobKind::UpsertContact => self.upsert_contact(enquiry).await,
        }
    }

    /// [`EnquiryDelivery::deliver`], and what an operator should know about a delivery that
    /// went out short of something (the provider refused the contact's lead attributes, say,
    /// and the contact was made without them): the outbox keeps it with the job.
    ///
    /// The default implementation notes nothing.
    ///
    /// Errors: those of [`EnquiryDelivery::deliver`].
    async fn deliver_noting(
        &self,
        kind: JobKind,
        enquiry: &StoredEnquiry,
    ) -> Result<Option<String>, DeliveryError> {
        self.deliver(kind, enquiry).await.map(|()| None)
    }

    /// What is wrong with deliveries that still go out, for `/readyz`: `None` when nothing
    /// is (the default).
    fn degraded(&self) -> Option<Degraded> {
        None
    }
}

/// Deliveries go out, short of something an operator should fix (see
/// [`EnquiryDelivery::degraded`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Degraded {
    /// A short name of what is missing, for `/readyz` (such as `lead-attributes-refused`).
    pub what: &'static str,
    /// What the provider said and what to do, for operators and the log.
    pub reason: String,
    /// When it was first seen, Unix seconds.
    pub since: i64,
}

/// Why a delivery did not happen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeliveryError {
    /// Refused for good: a request the provider rejects (HTTP 400). Retrying the same request
    /// cannot succeed; the job is dead-lettered and an operator must look.
    #[error("delivery refused: {reason}")]
    Permanent {
        /// What the provider said, for the log.
        reason: String,
    },
    /// The provider refused our credentials (HTTP 401, 403): nothing is wrong with the
    /// enquiry, so the job is kept and retried with back-off, never dead-lettered, and the
    /// outbox as a whole is marked blocked until a delivery goes through again.
    #[error("delivery blocked: {reason}")]
    Blocked {
        /// What the provider said, for the log.
        reason: String,
    },
    /// Not now: rate limited (429), a server error (5xx), a timeout or a refused connection.
    /// `retry_after` is the provider's own hint (a rate-limit reset) when it gave one.
    #[error("delivery failed for now: {reason}")]
    Transient {
        /// What went wrong, for the log.
        reason: String,
        /// How long the provider asked us to wait, when it said.
        retry_after: Option<Duration>,
    },
}

impl DeliveryError {
    /// Whether a later attempt may succeed (a blocked delivery may, once the credentials are
    /// fixed).
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            DeliveryError::Transient { .. } | DeliveryError::Blocked { .. }
        )
    }
}
