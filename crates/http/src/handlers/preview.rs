//! The preview routes: opening and ending a preview, pages and the page API for a browser
//! holding a preview cookie, and Live Preview's unsaved edits. The cookie and the preview
//! settings are [`crate::preview`]'s.

pub(crate) mod compose;
pub(crate) mod pages;
pub(crate) mod routes;

use crate::handlers::api_error::ApiError;
use axum::http::StatusCode;
use supplysite_core::ports::ContentLoadError;

/// Seconds an editor's browser is asked to wait when the preview content cannot be read.
const RETRY_AFTER_SECONDS: u64 = 5;

/// The API's 503 for preview content that cannot be read now, with `Retry-After`; the cause is
/// logged, not sent.
pub(crate) fn unreadable(error: &ContentLoadError) -> ApiError {
    tracing::error!(%error, "preview content could not be read");
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "the preview content could not be read; please try again",
    )
    .retry_after(RETRY_AFTER_SECONDS)
}
