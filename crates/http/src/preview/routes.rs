//! `GET /api/preview?secret=…&path=…` opens a preview and `GET /api/preview/exit?path=…` ends
//! it. Both answer 404, like any unknown API path, when no preview is configured.
//!
//! Statuses of `/api/preview`: 307 to the path with the preview cookie; 401 without the right
//! secret (no cookie); 400 for a path that is not a path of this site or has no page in the
//! preview content; 503 when the preview content cannot be read.

use super::page::{Composed, compose};
use super::{cookie, site_path};
use crate::pages::api_error;
use crate::state::AppState;
use axum::extract::{Query, State, rejection::QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::time::SystemTime;

/// The query of `GET /api/preview`.
#[derive(Deserialize)]
pub struct EnterQuery {
    secret: Option<String>,
    path: Option<String>,
}

/// The query of `GET /api/preview/exit`.
#[derive(Deserialize)]
pub struct ExitQuery {
    path: Option<String>,
}

/// `GET /api/preview`: checks the secret in constant time, then that the path has a page in
/// the preview content, and sends the browser there with a preview cookie.
pub async fn enter(
    State(state): State<AppState>,
    query: Result<Query<EnterQuery>, QueryRejection>,
) -> Response {
    let Some(preview) = state.preview() else {
        return api_error(StatusCode::NOT_FOUND, "no such API endpoint");
    };
    let Ok(Query(query)) = query else {
        return api_error(StatusCode::BAD_REQUEST, "malformed query string");
    };
    let secret_ok = query
        .secret
        .as_deref()
        .is_some_and(|s| preview.secret_matches(s));
    if !secret_ok {
        return api_error(StatusCode::UNAUTHORIZED, "wrong or missing preview secret");
    }
    let Some(path) = query.path.as_deref().and_then(site_path) else {
        return api_error(
            StatusCode::BAD_REQUEST,
            "path must be a path of this site, such as /insights/some-slug",
        );
    };
    let (set, locale) = match preview.read(false).await {
        Ok(read) => read,
        Err(e) => return super::page::unavailable(&e),
    };
    let (bare, q) = match path.split_once('?') {
        Some((bare, q)) => (bare, Some(q)),
        None => (path, None),
    };
    match compose(&state, set, locale, bare, q).await {
        Ok(Composed::Page { .. }) => {}
        Ok(_) => {
            return api_error(
                StatusCode::BAD_REQUEST,
                "no page at that path in the preview content",
            );
        }
        Err(e) => return e.into_response(),
    }
    let cookie = cookie::issue(
        preview.secret.expose().as_bytes(),
        SystemTime::now(),
        preview.cookie_ttl,
    );
    redirect(path, &cookie)
}

/// `GET /api/preview/exit`: ends the preview and sends the browser to the path (the home page
/// when it is not a path of this site).
pub async fn exit(
    State(state): State<AppState>,
    query: Result<Query<ExitQuery>, QueryRejection>,
) -> Response {
    if state.preview().is_none() {
        return api_error(StatusCode::NOT_FOUND, "no such API endpoint");
    }
    let path = query
        .ok()
        .and_then(|Query(q)| q.path)
        .filter(|p| site_path(p).is_some())
        .unwrap_or_else(|| "/".to_string());
    redirect(&path, &cookie::clear())
}

fn redirect(to: &str, set_cookie: &str) -> Response {
    match (HeaderValue::from_str(to), HeaderValue::from_str(set_cookie)) {
        (Ok(location), Ok(cookie)) => (
            StatusCode::TEMPORARY_REDIRECT,
            [
                (header::LOCATION, location),
                (header::SET_COOKIE, cookie),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            ],
        )
            .into_response(),
        _ => api_error(StatusCode::BAD_REQUEST, "path is not a valid location"),
    }
}
