//! `POST /api/contact`: the contact page's enquiry, taken through core's
//! [`Enquiries`](supplysite_core::enquiry::Enquiries) (validate, verify the robot check, store durably, try delivery).
//!
//! Answers, all JSON and `Cache-Control: no-store`; every error body has a `message`:
//! - 200 `{"status":"sent"}` (stored and delivered) or `{"status":"queued"}` (stored, delivery
//!   retried in the background);
//! - 422 `{"message":…,"errors":{"<field>":"<message>"}}` with the exact docs/behaviour.md §5 messages, the
//!   robot check's under `robot`;
//! - 400 malformed JSON or a body that is not the form; 413 over 32 KB; 415 not
//!   `application/json`; 405 another method;
//! - 429 with `Retry-After` (seconds) past the per-client allowance (see [`client_ip`] for how
//!   the client is found); only well-formed submissions count against it, so a cross-site
//!   `text/plain` post or garbage spends nobody's allowance;
//! - 503 with `Retry-After` when the enquiry could not be stored in time, the robot check could
//!   not be asked or gave no verdict by its share of the budget, or the body did not arrive in
//!   time.
//!
//! The whole request runs within one answer budget from its arrival
//! ([`AnswerDeadline`](supplysite_core::enquiry::AnswerDeadline), `SUPPLYSITE_CONTACT_ANSWER_BUDGET_MS`),
//! which the page is told so that it waits longer before it sends again. Once the enquiry is
//! stored the answer is 200, always: the request waits for delivery until the budget ends and
//! then says "queued" (see [`Enquiries::submit_by`](supplysite_core::enquiry::Enquiries::submit_by)). The site's request
//! timeout does not apply to this route (see [`crate::front`]), since cutting it off after the
//! store would tell a visitor whose enquiry was taken that it failed; the answer budget is
//! shorter anyway. A resubmission (same `submissionId`) gets the first answer and stores
//! nothing.

mod body;

pub use crate::contact_desk::{
    ClientIpPolicy, ContactDesk, ContactSettings, DEFAULT_RATE_PER_MINUTE, RateLimiter, client_ip,
    rate_limit,
};
pub use body::{BODY_LIMIT, ContactRequest, ReadBodyError};

use crate::handlers::api_error::{ApiError, ApiErrorBody, PageError};
use crate::state::AppState;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, post};
use serde::Serialize;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use supplysite_core::contact::FieldErrors;
use supplysite_core::contact::{Attribution, ContactForm};
use supplysite_core::enquiry::{Submission, SubmitError, Submitted};

/// The route: `POST` takes an enquiry; any other method is 405 in the same JSON shape.
pub fn route() -> MethodRouter<AppState> {
    post(submit).fallback(|| async {
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "use POST to send an enquiry",
        )
        .with_header(header::ALLOW, HeaderValue::from_static("POST"))
    })
}

// The OpenAPI description is made from this type; the body reader parses the same shape with
// messages of its own, and a test below holds the two together.
/// The body of `POST /api/contact`: the form's fields beside the robot check's token and the
/// page's submission id.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactBody {
    /// The form's fields, at the top level of the body.
    #[serde(flatten)]
    pub form: ContactForm,
    /// The robot check's token; missing, null or empty when the box was not ticked.
    pub robot_token: Option<String>,
    /// The page's id for this submission, the same on every attempt to send it: 16 to 64
    /// ASCII letters, digits, `-` or `_`.
    #[schema(pattern = "^[A-Za-z0-9_-]{16,64}$")]
    pub submission_id: Option<String>,
    /// Where the visit came from, as the page captured it (docs/behaviour.md §5). Each value
    /// at most 200 characters, printable and on one line; one that breaks the rule drops the
    /// whole attribution and the enquiry is taken without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attribution: Option<Attribution>,
}

/// The answer to an enquiry that was taken.
#[derive(Debug, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Accepted {
    /// `sent` or `queued`.
    pub status: AcceptedStatus,
}

/// Whether a taken enquiry has reached the mail provider yet.
#[derive(Debug, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AcceptedStatus {
    /// Stored and delivered.
    Sent,
    /// Stored; delivery goes on in the background.
    Queued,
}

impl From<&Submitted> for Accepted {
    fn from(submitted: &Submitted) -> Self {
        let status = match submitted {
            Submitted::Sent { .. } => AcceptedStatus::Sent,
            Submitted::Queued { .. } => AcceptedStatus::Queued,
        };
        Accepted { status }
    }
}

/// `POST /api/contact`: takes an enquiry.
#[utoipa::path(
    post,
    path = "/api/contact",
    tag = "contact",
    request_body(content = ContactBody, content_type = "application/json"),
    responses(
        (status = 200, description = "The enquiry is stored (a resubmission gets the first answer)", body = Accepted),
        (status = 400, description = "The body is not JSON or not the form", body = ApiErrorBody),
        (status = 404, description = "Enquiries are not taken here", body = ApiErrorBody),
        (status = 413, description = "The body is over 32 KB (over 1 MiB the server refuses it before reading, in plain text)",
            content((ApiErrorBody = "application/json"), (String = "text/plain"))),
        (status = 415, description = "The body is not `application/json`", body = ApiErrorBody),
        (status = 422, description = "Fields to correct, with a message for each; the robot check's under `robot`", body = Invalid),
        (status = 429, description = "Too many enquiries from this client", body = ApiErrorBody,
            headers(("retry-after" = u64, description = "Seconds to wait"))),
        (status = 503, description = "Nothing was stored: the store or the robot check could not be reached in time, or the body did not arrive in time", body = ApiErrorBody,
            headers(("retry-after" = u64, description = "Seconds to wait"))),
    )
)]
async fn submit(State(state): State<AppState>, request: Request) -> Result<Response, ApiError> {
    let desk = state
        .contact()
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "enquiries are not taken here"))?;
    let (parts, body) = request.into_parts();
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let client = desk.client_ip.client_ip(peer, &parts.headers);
    // Without any address all such requests share one allowance, which errs on the safe side.
    let key = client.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    // One answer budget from here to the answer, whatever hangs behind it: reading the body,
    // counting it, the robot check, storing and the wait for delivery all run within it.
    let mut deadline = desk.enquiries.deadline();
    // The site's request timeout does not cover this route, so the body gets it here too: a
    // client trickling its body in holds nothing for longer than any other request may.
    let read = tokio::time::timeout(
        state.settings().request_timeout,
        body::read(&parts.headers, body),
    );
    let request = match deadline.within(read).await {
        Some(Ok(read)) => read.map_err(refused)?,
        Some(Err(_)) | None => {
            return Err(unavailable(
                "Your enquiry did not arrive in time, so it has not been sent. Please try again.",
            ));
        }
    };
    match deadline.within(desk.count(key)).await {
        Some(Ok(())) => {}
        Some(Err(wait)) => {
            let seconds = wait.as_secs();
            tracing::info!(retry_after = seconds, "enquiry refused: rate limit");
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "Too many enquiries from your address. Please try again in {seconds} seconds."
                ),
            )
            .retry_after(seconds));
        }
        None => {
            tracing::error!("enquiry not taken: counting it took the whole answer budget");
            return Err(submit_error(&SubmitError::Unavailable {
                reason: "counting took the whole answer budget".to_owned(),
            }));
        }
    }
    let attribution = request.attribution.unwrap_or_else(|dropped| {
        // The reason names the value and the rule, never the value.
        tracing::warn!(reason = %dropped, "enquiry's attribution dropped; the enquiry is taken without it");
        None
    });
    let submission = Submission {
        form: request.form,
        robot_token: &request.robot_token,
        client_ip: client,
        submission_id: request.submission_id,
        attribution,
    };
    let submitted = desk
        .enquiries
        .submit_by(&mut deadline, submission)
        .await
        .map_err(|e| submit_error(&e))?;
    Ok(answer(StatusCode::OK, &Accepted::from(&submitted)))
}

fn refused(e: ReadBodyError) -> ApiError {
    let status = match e {
        ReadBodyError::UnsupportedType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ReadBodyError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ReadBodyError::Unreadable(_) | ReadBodyError::Malformed(_) => StatusCode::BAD_REQUEST,
    };
    ApiError::new(status, e.to_string())
}

fn submit_error(e: &SubmitError) -> ApiError {
    match e {
        SubmitError::Invalid(validation) | SubmitError::RobotRejected { validation, .. } => {
            // Serialised straight from the validation, so the fields keep the form's order.
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, INVALID)
                .with_fields(&validation.field_errors())
                .unwrap_or_else(|e| PageError::from(e).into())
        }
        SubmitError::RobotCheckUnavailable { .. } => unavailable(
            "The robot check could not be verified just now, so your enquiry has not been sent. Please try again.",
        ),
        SubmitError::Unavailable { .. } => unavailable(
            "Your enquiry could not be saved just now, so it has not been sent. Please try again in a few minutes.",
        ),
    }
}

/// Seconds a visitor is asked to wait before trying again after a 503.
const RETRY_AFTER_SECONDS: u64 = 5;

/// 503 with `message` and `Retry-After`: nothing was stored, and trying again may work.
fn unavailable(message: &'static str) -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message).retry_after(RETRY_AFTER_SECONDS)
}

/// The message of a 422: the form has fields to correct.
const INVALID: &str = "Please correct the fields marked.";

/// The 422 body as the API description shows it: `{"message":…,"errors":{…}}`, an
/// [`ApiError`] with fields.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Invalid<'a> {
    /// What went wrong, in a sentence.
    message: &'a str,
    /// A message per field to correct, keyed by the form's key (`robot` for the robot check).
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_described_body_is_what_the_reader_takes() {
        let described = ContactBody {
            form: ContactForm {
                firstname: "Ada".into(),
                lastname: "Lovelace".into(),
                org_name: "Engines".into(),
                phone: "0400 000 000".into(),
                email: "ada@example.com".into(),
                message: "Hello".into(),
                robot_checked: true,
            },
            robot_token: Some("token".into()),
            submission_id: Some("0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d".into()),
            attribution: Some(Attribution {
                source: Some("newsletter".into()),
                landing_page: Some("/insights".into()),
                ad_click: true,
                ..Attribution::default()
            }),
        };
        let read =
            supplysite_core::contact::parse_request(&serde_json::to_vec(&described).unwrap())
                .unwrap();
        assert_eq!(read.form, described.form);
        assert_eq!(read.robot_token, "token");
        assert_eq!(
            read.submission_id.map(String::from),
            described.submission_id
        );
        assert_eq!(read.attribution, Ok(described.attribution));
    }

    #[test]
    fn the_described_submission_id_pattern_follows_the_id_rules() {
        use supplysite_core::contact::{SUBMISSION_ID_MAX_CHARS, SUBMISSION_ID_MIN_CHARS};
        use utoipa::PartialSchema;
        let schema = serde_json::to_value(ContactBody::schema()).unwrap();
        let pattern = &schema["allOf"][1]["properties"]["submissionId"]["pattern"];
        assert_eq!(
            pattern,
            &format!("^[A-Za-z0-9_-]{{{SUBMISSION_ID_MIN_CHARS},{SUBMISSION_ID_MAX_CHARS}}}$")
        );
    }
}
