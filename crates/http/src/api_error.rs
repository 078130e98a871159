//! The server's error answers: every JSON error is `{"message": …}` with `Cache-Control:
//! no-store`, and a failure inside the server is an opaque 500 whose cause is logged once.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
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

/// A JSON error answer: `status` with `{"message": …}` ([`ApiErrorBody`]), never cached. Every
/// JSON error the server sends is one of these; a handler that needs a header more (`Allow`,
/// `Retry-After`) adds it to the response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    status: StatusCode,
    message: Cow<'static, str>,
}

impl ApiError {
    /// An error answer with `status` and a sentence for the visitor or the caller.
    pub fn new(status: StatusCode, message: impl Into<Cow<'static, str>>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_string(&ApiErrorBody {
            message: self.message.into_owned(),
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
}
