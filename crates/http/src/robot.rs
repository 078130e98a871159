//! The robot check as the page sees it: `GET /api/robot-challenge` issues a self-hosted
//! challenge, and [`page_settings`] tells the page which check to show.

use crate::contact::{ContactDesk, answer, error};
use crate::pages::ApiErrorBody;
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use supplysite_core::ports::Challenge;
use supplysite_core::view::{PageSettings, Tracker};

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
pub async fn challenge(State(state): State<AppState>) -> Response {
    let challenge = state
        .contact()
        .and_then(|desk| desk.enquiries().robot_challenge());
    match challenge {
        Some(c) => answer(StatusCode::OK, &c),
        None => error(
            StatusCode::NOT_FOUND,
            "the self-hosted robot check is not in use here",
        ),
    }
}

/// The `settings` the page embeds beside `chrome` and `outcome`: the robot widget,
/// `{"kind":"recaptcha","siteKey":…}` or `{"kind":"selfHosted"}` (null when enquiries are not
/// taken), and the tracker, `{"clientKey":…}` (null without a key). Public values only: the
/// site key and the tracker's client key are meant for the browser; no secret is ever part of it.
pub fn page_settings(contact: Option<&ContactDesk>, tracker_key: Option<&str>) -> PageSettings {
    PageSettings {
        robot: contact.map(|desk| desk.enquiries().robot_widget().clone()),
        tracker: tracker_key.map(|key| Tracker {
            client_key: key.to_owned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_tracker_key_reaches_the_page_settings_only_when_configured() {
        let json = |settings| serde_json::to_value(settings).unwrap();
        assert_eq!(
            json(page_settings(None, Some("abc123"))),
            json!({"robot": null, "tracker": {"clientKey": "abc123"}})
        );
        assert_eq!(
            json(page_settings(None, None)),
            json!({"robot": null, "tracker": null})
        );
    }
}
