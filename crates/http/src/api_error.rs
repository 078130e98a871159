//! The server's error answers: every JSON error is `{"message": …}` with `Cache-Control:
//! no-store`, and a failure inside the server is an opaque 500 whose cause is logged once.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

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
    pub message: String,
}

/// A JSON error for API callers: `{"message": message}`, the shape every API error has
/// (`/api/contact` answers its refusals the same way).
pub fn api_error(status: StatusCode, message: &str) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, JSON),
            (header::CACHE_CONTROL, "no-store"),
        ],
        serde_json::to_string(&ApiErrorBody {
            message: message.to_owned(),
        })
        .expect("an error body serialises"),
    )
        .into_response()
}
