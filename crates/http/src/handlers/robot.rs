//! The robot check as the page sees it: `GET /api/robot-challenge` issues a self-hosted
//! challenge; [`crate::contact_desk::page_settings`] tells the page which check to show.

use crate::handlers::api_error::{ApiError, ApiErrorBody};
use crate::handlers::contact::answer;
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use supplysite_core::ports::Challenge;

/// `GET /api/robot-challenge`: a fresh signed challenge for the self-hosted check; 404 when
/// reCAPTCHA is the check or enquiries are not taken.
#[utoipa::path(
    get,
    path = "/api/robot-challenge",
    tag = "contact",
    responses(
        (status = 200, description = "A signed challenge: find a number whose hash with the salt meets the difficulty", body = Challenge,
            headers(("cache-control" = String, description = "`no-store`"))),
        (status = 404, description = "The self-hosted check is not in use here", body = ApiErrorBody),
        (status = 503, description = "The server took too long to answer (the site's request timeout)", body = String, content_type = "text/plain",
            headers(("retry-after" = u64, description = "Seconds to wait"))),
    )
)]
pub async fn challenge(State(state): State<AppState>) -> Result<Response, ApiError> {
    let challenge = state
        .contact()
        .and_then(|desk| desk.enquiries().robot_challenge())
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "the self-hosted robot check is not in use here",
            )
        })?;
    Ok(answer(StatusCode::OK, &challenge))
}
