//! `GET /api/preview?secret=…&path=…` opens a preview and `GET /api/preview/exit?path=…` ends
//! it. Both answer 404, like any unknown API path, when no preview is configured.
//!
//! Statuses of `/api/preview`: 307 to the path with the preview cookie; 401 without the right
//! secret (no cookie); 400 for a path that is not a path of this site or has no page in the
//! preview content; 503 with `Retry-After` when the preview content cannot be read.

use crate::handlers::api_error::{ApiError, ApiErrorBody};
use crate::handlers::preview::pages::{Composed, compose};
use crate::handlers::preview::unreadable;
use crate::preview::{cookie, site_path};
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
#[utoipa::path(
    get,
    path = "/api/preview",
    tag = "preview",
    params(
        ("secret" = String, Query, description = "The preview secret (`SUPPLYSITE_PREVIEW_SECRET`), as pasted in Contentful's content preview settings"),
        ("path" = String, Query, description = "The page to preview: a path of this site starting with one `/`, such as `/insights/some-slug`"),
    ),
    responses(
        (status = 307, description = "To the path, with the signed preview cookie (`HttpOnly; Secure; SameSite=None; Partitioned; Path=/`)",
            headers(
                ("location" = String, description = "The path asked for"),
                ("set-cookie" = String, description = "The preview cookie"),
                ("cache-control" = String, description = "`no-store`"),
            )),
        (status = 400, description = "A malformed query, a path that is not one of this site's, or one with no page in the preview content", body = ApiErrorBody),
        (status = 401, description = "A wrong or missing secret; no cookie is set", body = ApiErrorBody),
        (status = 404, description = "Preview is not configured", body = ApiErrorBody),
        (status = 503, description = "The preview content cannot be read now, or the preview is busy", body = ApiErrorBody,
            headers(("retry-after" = String, description = "Seconds to wait"))),
    )
)]
pub async fn enter(
    State(state): State<AppState>,
    query: Result<Query<EnterQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let preview = state.preview().ok_or_else(ApiError::no_such_endpoint)?;
    let Ok(Query(query)) = query else {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "malformed query string",
        ));
    };
    let secret_ok = query
        .secret
        .as_deref()
        .is_some_and(|s| preview.secret_matches(s));
    if !secret_ok {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "wrong or missing preview secret",
        ));
    }
    let path = query.path.as_deref().and_then(site_path).ok_or_else(|| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "path must be a path of this site, such as /insights/some-slug",
        )
    })?;
    let (set, locale) = preview.read(false).await.map_err(|e| unreadable(&e))?;
    let (bare, q) = match path.split_once('?') {
        Some((bare, q)) => (bare, Some(q)),
        None => (path, None),
    };
    let Composed::Page { .. } = compose(&state, preview, set, locale, bare, q).await? else {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "no page at that path in the preview content",
        ));
    };
    let cookie = cookie::issue(
        preview.secret.expose().as_bytes(),
        preview.epoch,
        SystemTime::now(),
        preview.cookie_ttl,
    );
    redirect(path, &cookie)
}

/// `GET /api/preview/exit`: ends the preview and sends the browser to the path (the home page
/// when it is not a path of this site).
#[utoipa::path(
    get,
    path = "/api/preview/exit",
    tag = "preview",
    params(
        ("path" = Option<String>, Query, description = "Where to go after: a path of this site; anything else goes to `/`"),
    ),
    responses(
        (status = 307, description = "To the path, with the preview cookie cleared",
            headers(
                ("location" = String, description = "The path, or `/`"),
                ("set-cookie" = String, description = "The preview cookie, expired"),
                ("cache-control" = String, description = "`no-store`"),
            )),
        (status = 404, description = "Preview is not configured", body = ApiErrorBody),
    )
)]
pub async fn exit(
    State(state): State<AppState>,
    query: Result<Query<ExitQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    state.preview().ok_or_else(ApiError::no_such_endpoint)?;
    let path = query
        .ok()
        .and_then(|Query(q)| q.path)
        .filter(|p| site_path(p).is_some())
        .unwrap_or_else(|| "/".to_string());
    redirect(&path, &cookie::clear())
}

fn redirect(to: &str, set_cookie: &str) -> Result<Response, ApiError> {
    match (HeaderValue::from_str(to), HeaderValue::from_str(set_cookie)) {
        (Ok(location), Ok(cookie)) => Ok((
            StatusCode::TEMPORARY_REDIRECT,
            [
                (header::LOCATION, location),
                (header::SET_COOKIE, cookie),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            ],
        )
            .into_response()),
        _ => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "path is not a valid location",
        )),
    }
}
