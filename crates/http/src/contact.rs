//! `POST /api/contact`: the contact page's enquiry, taken through the mail adapter's
//! [`Enquiries`] (validate, verify the robot check, store durably, try delivery).
//!
//! Answers, all JSON and `Cache-Control: no-store`; every error body has a `message`:
//! - 200 `{"status":"sent"}` (stored and delivered) or `{"status":"queued"}` (stored, delivery
//!   retried in the background);
//! - 422 `{"message":…,"errors":{"<field>":"<message>"}}` with the exact SPEC §5 messages, the
//!   robot check's under `robot`;
//! - 400 malformed JSON or a body that is not the form; 413 over 32 KB; 415 not
//!   `application/json`; 405 another method;
//! - 429 with `Retry-After` (seconds) past the per-client allowance (see [`client_ip`] for how
//!   the client is found);
//! - 503 when the enquiry could not be stored, or the robot check could not be asked.

mod body;
pub mod client_ip;
pub mod rate_limit;

pub use body::{BODY_LIMIT, ContactRequest, ReadBodyError, parse as parse_body};
pub use client_ip::ClientIpPolicy;
pub use rate_limit::RateLimiter;

use crate::state::AppState;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, post};
use serde::Serialize;
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::time::Instant;
use supplysite_core::contact::FieldErrors;
use supplysite_core::enquiry::SubmitError;
use supplysite_mail_adapter::{Enquiries, RobotWidget};

/// The default allowance of enquiries per client and minute.
pub const DEFAULT_RATE_PER_MINUTE: u32 = 5;

/// How the contact endpoint limits and identifies clients.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContactSettings {
    /// Enquiries per client per minute (`SUPPLYSITE_CONTACT_RATE_PER_MINUTE`).
    pub rate_per_minute: NonZeroU32,
    /// How the client's address is found (`SUPPLYSITE_TRUST_FORWARDED_FOR`).
    pub client_ip: ClientIpPolicy,
}

impl Default for ContactSettings {
    fn default() -> Self {
        ContactSettings {
            rate_per_minute: NonZeroU32::new(DEFAULT_RATE_PER_MINUTE).expect("not zero"),
            client_ip: ClientIpPolicy::default(),
        }
    }
}

/// Everything the contact endpoints use: the enquiry composition, the rate limit and the
/// client address policy.
pub struct ContactDesk {
    enquiries: Enquiries,
    limiter: RateLimiter,
    client_ip: ClientIpPolicy,
}

impl ContactDesk {
    pub fn new(enquiries: Enquiries, settings: ContactSettings) -> Self {
        ContactDesk {
            enquiries,
            limiter: RateLimiter::per_minute(settings.rate_per_minute),
            client_ip: settings.client_ip,
        }
    }

    pub fn enquiries(&self) -> &Enquiries {
        &self.enquiries
    }

    /// Whether the page loads Google's reCAPTCHA (and the CSP must allow its origins).
    pub fn uses_recaptcha(&self) -> bool {
        matches!(self.enquiries.robot_widget(), RobotWidget::Recaptcha { .. })
    }
}

/// The route: `POST` takes an enquiry; any other method is 405 in the same JSON shape.
pub fn route() -> MethodRouter<AppState> {
    post(submit).fallback(|| async {
        let mut response = error(
            StatusCode::METHOD_NOT_ALLOWED,
            "use POST to send an enquiry",
        );
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("POST"));
        response
    })
}

async fn submit(State(state): State<AppState>, request: Request) -> Response {
    let Some(desk) = state.contact() else {
        return error(StatusCode::NOT_FOUND, "enquiries are not taken here");
    };
    let (parts, body) = request.into_parts();
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let client = desk.client_ip.client_ip(peer, &parts.headers);
    // Without any address all such requests share one allowance, which errs on the safe side.
    let key = client.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    if let Err(wait) = desk.limiter.check(key, Instant::now()) {
        let seconds = wait.as_secs();
        tracing::info!(retry_after = seconds, "enquiry refused: rate limit");
        let mut response = error(
            StatusCode::TOO_MANY_REQUESTS,
            &format!(
                "Too many enquiries from your address. Please try again in {seconds} seconds."
            ),
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        return response;
    }
    let request = match body::read(&parts.headers, body).await {
        Ok(r) => r,
        Err(e) => return refused(e),
    };
    match desk
        .enquiries
        .submit(request.form, &request.robot_token, client)
        .await
    {
        Ok(submitted) => answer(StatusCode::OK, &json!({ "status": submitted.status() })),
        Err(e) => submit_error(&e),
    }
}

fn refused(e: ReadBodyError) -> Response {
    let status = match e {
        ReadBodyError::UnsupportedType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ReadBodyError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ReadBodyError::Unreadable(_) | ReadBodyError::Malformed(_) => StatusCode::BAD_REQUEST,
    };
    error(status, &e.to_string())
}

fn submit_error(e: &SubmitError) -> Response {
    match e {
        SubmitError::Invalid(validation) | SubmitError::RobotRejected { validation, .. } => answer(
            StatusCode::UNPROCESSABLE_ENTITY,
            // Serialised straight from the validation, so the fields keep the form's order.
            &Invalid {
                message: "Please correct the fields marked.",
                errors: validation.field_errors(),
            },
        ),
        SubmitError::RobotCheckUnavailable { .. } => error(
            StatusCode::SERVICE_UNAVAILABLE,
            "The robot check could not be verified just now. Please try again in a few minutes.",
        ),
        SubmitError::Unavailable { .. } => error(
            StatusCode::SERVICE_UNAVAILABLE,
            "Your enquiry could not be saved just now, so it has not been sent. Please try again in a few minutes.",
        ),
    }
}

/// `{"message": message}` with `status`.
pub(crate) fn error(status: StatusCode, message: &str) -> Response {
    answer(status, &json!({ "message": message }))
}

/// The 422 body: `{"message":…,"errors":{…}}`.
#[derive(Serialize)]
struct Invalid<'a> {
    message: &'a str,
    errors: FieldErrors<'a>,
}

/// `body` as JSON with `status`, never cached.
pub(crate) fn answer(status: StatusCode, body: &impl Serialize) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        serde_json::to_string(body).expect("a JSON answer serialises"),
    )
        .into_response()
}
