//! The server's error answers: every JSON error is `{"message": …}` (with the fields to correct
//! beside it when there are any) and `Cache-Control: no-store`, and a failure inside the server
//! is an opaque 500 whose cause is logged once.
//!
//! Handlers that can refuse return `Result<Response, ApiError>` and refuse with `?`: every
//! refusal a handler makes, with its status, sentence, fields to correct and headers (such as
//! `Retry-After`), is one [`ApiError`] value.

use crate::metrics::Shed;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::borrow::Cow;

const JSON: &str = "application/json";

/// A failure inside the server; the visitor sees an opaque 500, the cause is logged once.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// The composed answer could not be written as JSON.
    #[error("page answer does not serialise: {0}")]
    Serialise(#[from] serde_json::Error),
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        tracing::error!(error = %self, "page could not be made");
        (
            StatusCode::INTERNAL_SERVER_ERROR,
            [(header::CACHE_CONTROL, "no-store")],
            "Internal Server Error",
        )
            .into_response()
    }
}

/// The body of every API error: a sentence for the visitor or the caller.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ApiErrorBody {
    /// What went wrong, in a sentence.
    pub message: String,
}

/// A JSON error answer: `status` with `{"message": …}` ([`ApiErrorBody`]), never cached, and
/// `"errors"` beside the message when a form has fields to correct. Every JSON error the
/// server sends is one of these, with the headers it needs more ([`ApiError::retry_after`],
/// [`ApiError::with_header`]).
#[derive(Debug, Clone)]
pub struct ApiError {
    status: StatusCode,
    message: Cow<'static, str>,
    /// The fields to correct, written once as a JSON object so they keep the form's order.
    errors: Option<Box<RawValue>>,
    /// Headers the answer carries besides its type and caching.
    headers: Vec<(HeaderName, HeaderValue)>,
    /// Why the request was shed, for the metrics (a 503 of load, not of a fault).
    shed: Option<Shed>,
}

/// The body as sent: [`ApiErrorBody`] and, for a form, its fields to correct.
#[derive(Serialize)]
struct Sent<'a> {
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a RawValue>,
}

impl ApiError {
    /// An error answer with `status` and a sentence for the visitor or the caller.
    pub fn new(status: StatusCode, message: impl Into<Cow<'static, str>>) -> Self {
        ApiError {
            status,
            message: message.into(),
            errors: None,
            headers: Vec::new(),
            shed: None,
        }
    }

    /// The answer to a path under `/api/` that names no endpoint, and to an endpoint that is
    /// off here (preview without its settings): the same 404 either way.
    pub fn no_such_endpoint() -> Self {
        ApiError::new(StatusCode::NOT_FOUND, "no such API endpoint")
    }

    /// The status the answer carries.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The same answer with `Retry-After: seconds`.
    pub fn retry_after(self, seconds: u64) -> Self {
        self.with_header(header::RETRY_AFTER, HeaderValue::from(seconds))
    }

    /// The same answer with one header more.
    pub fn with_header(mut self, name: HeaderName, value: HeaderValue) -> Self {
        self.headers.push((name, value));
        self
    }

    /// The same answer counted as a request shed for `why` (see [`Shed`]).
    pub fn shed(mut self, why: Shed) -> Self {
        self.shed = Some(why);
        self
    }

    /// The same answer with `errors` (a message per field, keyed by the form's keys) beside the
    /// message.
    ///
    /// Errors: the serialiser's error when `errors` does not serialise as JSON.
    pub fn with_fields(mut self, errors: &impl Serialize) -> Result<Self, serde_json::Error> {
        self.errors = Some(serde_json::value::to_raw_value(errors)?);
        Ok(self)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_string(&Sent {
            message: &self.message,
            errors: self.errors.as_deref(),
        })
        .expect("an error body serialises");
        let mut response = (
            self.status,
            [
                (header::CONTENT_TYPE, JSON),
                (header::CACHE_CONTROL, "no-store"),
            ],
            body,
        )
            .into_response();
        let headers = response.headers_mut();
        for (name, value) in self.headers {
            headers.insert(name, value);
        }
        if let Some(why) = self.shed {
            response.extensions_mut().insert(why);
        }
        response
    }
}

/// A failure inside the server, as the API answers it: an opaque 500 in JSON, its cause
/// logged once here.
impl From<PageError> for ApiError {
    fn from(error: PageError) -> Self {
        tracing::error!(%error, "answer could not be made");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "Internal Server Error")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    #[tokio::test]
    async fn an_api_error_is_a_message_in_json_never_cached() {
        let response = ApiError::new(StatusCode::NOT_FOUND, "no such API endpoint").into_response();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(&body[..], br#"{"message":"no such API endpoint"}"#);
    }

    #[tokio::test]
    async fn headers_and_the_shed_reason_reach_the_response() {
        let response = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy")
            .retry_after(7)
            .with_header(header::ALLOW, HeaderValue::from_static("GET"))
            .shed(Shed::ImageQueueFull)
            .into_response();
        assert_eq!(response.headers()[header::RETRY_AFTER], "7");
        assert_eq!(response.headers()[header::ALLOW], "GET");
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
        assert_eq!(
            response.extensions().get::<Shed>(),
            Some(&Shed::ImageQueueFull)
        );
    }

    #[tokio::test]
    async fn an_internal_failure_is_an_opaque_json_500() {
        let cause = serde_json::from_str::<u8>("not json").unwrap_err();
        let response = ApiError::from(PageError::from(cause)).into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(&body[..], br#"{"message":"Internal Server Error"}"#);
    }

    #[tokio::test]
    async fn a_form_error_carries_its_fields_in_their_order() {
        let fields = [
            ("name", "Please enter your name."),
            ("email", "Please enter an email."),
        ];
        let fields: serde_json::Map<_, _> = fields
            .iter()
            .map(|(k, v)| (k.to_string(), serde_json::Value::from(*v)))
            .collect();
        let response = ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Please correct the fields marked.",
        )
        .with_fields(&fields)
        .unwrap()
        .into_response();
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
        let body = response.into_body().collect().await.unwrap().to_bytes();
        let read: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(read["message"], "Please correct the fields marked.");
        assert_eq!(read["errors"]["email"], "Please enter an email.");
        assert_eq!(read["errors"]["name"], "Please enter your name.");
    }
}
