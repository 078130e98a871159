//! The server's error answers: every JSON error is `{"message": …}` (with the fields to correct
//! beside it when there are any) and `Cache-Control: no-store`, and a failure inside the server
//! is an opaque 500 whose cause is logged once.

use axum::http::{StatusCode, header};
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
/// server sends is one of these; a handler that needs a header more (`Allow`, `Retry-After`)
/// adds it to the response.
#[derive(Debug, Clone)]
pub struct ApiError {
    status: StatusCode,
    message: Cow<'static, str>,
    /// The fields to correct, written once as a JSON object so they keep the form's order.
    errors: Option<Box<RawValue>>,
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
        }
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
        (
            self.status,
            [
                (header::CONTENT_TYPE, JSON),
                (header::CACHE_CONTROL, "no-store"),
            ],
            body,
        )
            .into_response()
    }
}

/// [`ApiError`] as a response: `{"message": message}` with `status`.
pub fn api_error(status: StatusCode, message: &str) -> Response {
    ApiError::new(status, message.to_owned()).into_response()
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
