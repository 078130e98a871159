//! Pages and the page API for a browser holding a valid preview cookie: composed from the
//! preview content every time (the content itself is reused for seconds), never cached, sent
//! private and unindexed with a visible preview bar, and allowed to be framed by Contentful's
//! editor for Live Preview.

use crate::cache::PageEntry;
use crate::front::security::EditorFraming;
use crate::handlers::api_error::{ApiError, PageError};
use crate::preview::pool::Refused;
use crate::preview::{Preview, cookie};
use crate::state::AppState;
use axum::body::Body;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde_json::Value;
use std::sync::Arc;
use std::time::SystemTime;
use supplysite_core::content::ContentSet;
use supplysite_core::ports::ContentLoadError;
use supplysite_core::redirects::Redirects;
use supplysite_core::routes::{Resolution, Route};
use supplysite_core::view::{Embedded, Outcome, PageAnswer};

const NO_STORE: HeaderValue = HeaderValue::from_static("private, no-store");
const X_ROBOTS_TAG: HeaderName = HeaderName::from_static("x-robots-tag");
const NOINDEX: HeaderValue = HeaderValue::from_static("noindex");

/// What a path is in the preview content: a page's head tags and its answer, annotated for
/// Live Preview, with its status (503 for a search page the preview index could not answer).
pub(crate) enum Composed {
    Page {
        head: String,
        json: Value,
        status: StatusCode,
    },
    Redirect(String),
    NotFound,
}

impl AppState {
    /// The preview, when one is configured and `headers` carry a valid preview cookie.
    pub(crate) fn preview_for(&self, headers: &HeaderMap) -> Option<&Preview> {
        let preview = self.preview()?;
        let value = cookie::from_headers(headers)?;
        cookie::valid(
            preview.secret.expose().as_bytes(),
            preview.epoch,
            value,
            SystemTime::now(),
        )
        .then_some(preview)
    }
}

/// Why a preview answer could not be made.
pub(crate) enum Failed {
    /// A failure inside the server.
    Page(PageError),
    /// The preview's pool refused the work or cancelled it at its timeout.
    Refused(Refused),
}

impl From<PageError> for Failed {
    fn from(error: PageError) -> Self {
        Failed::Page(error)
    }
}

impl From<Failed> for ApiError {
    fn from(failed: Failed) -> Self {
        match failed {
            Failed::Page(error) => error.into(),
            Failed::Refused(why) => refused(why),
        }
    }
}

impl IntoResponse for Failed {
    fn into_response(self) -> Response {
        match self {
            Failed::Page(error) => error.into_response(),
            Failed::Refused(why) => refused(why).into_response(),
        }
    }
}

/// Composes `path` (with `query`) from the preview content `set`, in the preview's own pool,
/// with the inspector tags of Contentful's Live Preview for entries in `locale`.
pub(crate) async fn compose(
    state: &AppState,
    preview: &Preview,
    set: Arc<ContentSet>,
    locale: String,
    path: &str,
    query: Option<&str>,
) -> Result<Composed, Failed> {
    // The editors' redirects of the preview content, by the same rule as the public site's.
    match Redirects::with_targets(&set, &state.settings().redirect_targets).outcome(path, query) {
        Some(Outcome::Redirect { to, .. }) => return Ok(Composed::Redirect(to)),
        Some(_) => return Ok(Composed::NotFound),
        None => {}
    }
    let route = match Route::resolve(path, query) {
        Resolution::Route(route) => route,
        Resolution::Canonical(to) => return Ok(Composed::Redirect(to)),
        Resolution::NotFound => return Ok(Composed::NotFound),
    };
    let made = state.clone();
    let composed = preview
        .pool()
        .run(move |cancel| {
            // The search page searches the preview content, drafts included.
            let outcome = match &route {
                Route::Search(query) => crate::handlers::pages::search_outcome(
                    query,
                    made.preview().and_then(|p| p.snapshot(&set)).as_ref(),
                ),
                _ => made.inner().composer.compose(&route, &set),
            };
            let view = match outcome {
                Outcome::Page(view) => view,
                Outcome::Redirect { to, .. } => return Some(Ok(Composed::Redirect(to))),
                Outcome::NotFound => return Some(Ok(Composed::NotFound)),
            };
            // Serialising and tagging a listing is as much work again: not for nobody.
            if cancel.cancelled() {
                return None;
            }
            // A search the preview index could not answer says so with 503, as the public one.
            let status = if view.is_unavailable() {
                StatusCode::SERVICE_UNAVAILABLE
            } else {
                StatusCode::OK
            };
            let head = crate::render::head::render(view.head(), &made.settings().public_url);
            let mut json = match serde_json::to_value(PageAnswer::Page(view)) {
                Ok(json) => json,
                Err(e) => return Some(Err(PageError::from(e))),
            };
            let unplaced = supplysite_core::inspector::annotate(&route, &set, &locale, &mut json);
            if !unplaced.is_empty() {
                // The page is still right; some of its fields lack Live Preview's tags.
                tracing::error!(?unplaced, "inspector tags name fields the view lacks");
            }
            Some(Ok(Composed::Page { head, json, status }))
        })
        .await
        .map_err(Failed::Refused)?;
    Ok(composed?)
}

/// The 503 for preview work the pool refused ([`Refused::Busy`]) or cancelled at its timeout,
/// with `Retry-After`.
pub(crate) fn refused(why: Refused) -> ApiError {
    tracing::warn!(%why, "preview work refused");
    let message = match why {
        Refused::Busy => "the preview is busy with other requests; please try again in a moment",
        Refused::TimedOut => "the preview took too long and was cancelled; please try again",
    };
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message).retry_after(1)
}

/// 503 for preview content that cannot be read now; the cause is logged, not sent.
pub(crate) fn unavailable(error: &ContentLoadError) -> Response {
    tracing::error!(%error, "preview content could not be read");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::CACHE_CONTROL, NO_STORE)],
        "the preview content could not be read; please try again",
    )
        .into_response()
}

/// What a preview request for `path` resolves to, or `None` to answer it publicly (no valid
/// cookie, or no page there: the not-found page and the web build's files are the same for
/// everyone).
///
/// A request with `Cache-Control: no-cache` (the page asking again after an editor saved)
/// reads the preview content afresh. The locale of the content comes with the answer.
async fn resolve(
    state: &AppState,
    headers: &HeaderMap,
    path: &str,
    query: Option<&str>,
) -> Option<Result<(Composed, String), Response>> {
    let preview = state.preview_for(headers)?;
    let fresh = headers
        .get_all(header::CACHE_CONTROL)
        .iter()
        .any(|v| v.to_str().is_ok_and(|v| v.contains("no-cache")));
    let (set, locale) = match preview.read(fresh).await {
        Ok(read) => read,
        Err(e) => return Some(Err(unavailable(&e))),
    };
    match compose(state, preview, set, locale.clone(), path, query).await {
        Ok(Composed::NotFound) => None,
        Ok(composed) => Some(Ok((composed, locale))),
        Err(e) => Some(Err(e.into_response())),
    }
}

/// The preview page at `path`, or `None` to serve it publicly.
pub(crate) async fn page(
    state: &AppState,
    headers: &HeaderMap,
    path: &str,
    query: Option<&str>,
) -> Option<Response> {
    let (head, json, status, locale) = match resolve(state, headers, path, query).await? {
        Err(response) => return Some(response),
        Ok((Composed::Redirect(to), _)) => return Some(redirect(&to)),
        Ok((Composed::Page { head, json, status }, locale)) => (head, json, status, locale),
        Ok((Composed::NotFound, _)) => return None,
    };
    let inner = state.inner();
    let outcome = json.to_string();
    // The preview bar carries the content's locale for Live Preview; the data is the public
    // page's, with the inspector tags in the answer.
    let data = match serde_json::to_string(&Embedded {
        chrome: &*inner.chrome_json,
        settings: &*inner.settings_json,
        outcome: &json,
    }) {
        Ok(data) => data,
        Err(e) => return Some(PageError::from(e).into_response()),
    };
    let html = inner.shell.render(
        &head,
        &data,
        crate::metrics::route_template(path).template(),
    );
    // Never cached: the entry lives for this response only.
    let tag = HeaderValue::from_static("\"preview\"");
    let entry = Arc::new(PageEntry::new(
        status,
        html,
        Bytes::from(outcome),
        tag.clone(),
        tag,
    ));
    // Its markup is put in the page by the preview's own threads, as it was composed.
    let ssr = state.ssr().map(|ssr| crate::render::ssr::Ssr {
        heavy: state.preview().map_or(ssr.heavy, |p| p.pool().threads()),
        ..ssr
    });
    let sent = crate::render::ssr::page(ssr, &entry, path).await;
    let here = match query {
        Some(q) => format!("{path}?{q}"),
        None => path.to_string(),
    };
    let body = with_bar(&String::from_utf8_lossy(&sent.html), &here, &locale);
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    private(h);
    renew(state, headers, h);
    response.extensions_mut().insert(EditorFraming);
    Some(response)
}

/// The preview outcome JSON for `GET /api/page`, or `None` to answer it publicly.
pub(crate) async fn api(
    state: &AppState,
    headers: &HeaderMap,
    path: &str,
    query: Option<&str>,
) -> Option<Response> {
    let (body, status) = match resolve(state, headers, path, query).await? {
        Err(response) => return Some(response),
        Ok((Composed::Redirect(to), _)) => {
            match serde_json::to_value(PageAnswer::Redirect { to }) {
                Ok(json) => (json, StatusCode::OK),
                Err(e) => return Some(PageError::from(e).into_response()),
            }
        }
        Ok((Composed::Page { json, status, .. }, _)) => (json, status),
        Ok((Composed::NotFound, _)) => return None,
    };
    let mut response = Response::new(Body::from(body.to_string()));
    *response.status_mut() = status;
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    private(h);
    renew(state, headers, h);
    Some(response)
}

/// A fresh preview cookie on the answer when the one the request carries is in the second
/// half of its life: an editor at work keeps previewing, a cookie left alone (or copied and
/// not used) runs out. Only answers that are never stored carry it.
fn renew(state: &AppState, request: &HeaderMap, answer: &mut HeaderMap) {
    let Some(preview) = state.preview() else {
        return;
    };
    let Some(value) = cookie::from_headers(request) else {
        return;
    };
    let secret = preview.secret.expose().as_bytes();
    let now = SystemTime::now();
    let Some(left) = cookie::remaining(secret, preview.epoch, value, now) else {
        return;
    };
    if left < preview.cookie_ttl / 2
        && let Ok(fresh) = HeaderValue::from_str(&cookie::issue(
            secret,
            preview.epoch,
            now,
            preview.cookie_ttl,
        ))
    {
        answer.insert(header::SET_COOKIE, fresh);
    }
}

pub(crate) fn private(headers: &mut HeaderMap) {
    headers.insert(header::CACHE_CONTROL, NO_STORE);
    headers.insert(X_ROBOTS_TAG, NOINDEX);
}

fn redirect(to: &str) -> Response {
    let Ok(location) = HeaderValue::from_str(to) else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let mut response = (StatusCode::FOUND, [(header::LOCATION, location)]).into_response();
    private(response.headers_mut());
    response
}

/// The id of the preview bar, for styles and tests.
pub const BAR_ID: &str = "supplysite-preview-bar";

/// `html` with the preview bar first in its body: a labelled region saying drafts are shown,
/// with a link (reachable by keyboard) that ends the preview and comes back to `here`. Its
/// `data-locale` (the content's locale) tells the web UI to start Live Preview.
pub(crate) fn with_bar(html: &str, here: &str, locale: &str) -> String {
    let exit = format!("/api/preview/exit?path={}", percent_encode(here));
    let locale = crate::render::escape::html(locale);
    let bar = format!(
        "<div id=\"{BAR_ID}\" data-locale=\"{locale}\" role=\"region\" aria-label=\"Preview\" style=\"position:sticky;top:0;z-index:2147483647;display:flex;flex-wrap:wrap;gap:0.75rem 1.5rem;align-items:center;justify-content:center;padding:0.5rem 1rem;background:#1d1d1b;color:#fff;font:600 0.9375rem/1.4 system-ui,sans-serif\">\
<span>Preview: you are seeing drafts and unpublished changes</span>\
<a href=\"{exit}\" style=\"color:#fff;text-decoration:underline;outline-offset:2px\">Exit preview</a></div>"
    );
    let lower = html.to_ascii_lowercase();
    let at = lower
        .find("<body")
        .and_then(|start| html[start..].find('>').map(|end| start + end + 1));
    match at {
        Some(at) => format!("{}{bar}{}", &html[..at], &html[at..]),
        None => format!("{bar}{html}"),
    }
}

/// `s` with every byte but unreserved characters and `/` percent-encoded, for a query value
/// that is also safe inside an HTML attribute.
fn percent_encode(s: &str) -> String {
    crate::render::escape::percent_encode(s, b"-._~/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_opens_the_body_and_its_exit_link_comes_back_here() {
        let html = with_bar(
            "<html><head></head><body class=\"x\"><div id=\"root\"></div></body></html>",
            "/insights?page=2",
            "en-AU",
        );
        assert!(
            html.contains("<body class=\"x\"><div id=\"supplysite-preview-bar\" data-locale=\"en-AU\" role=\"region\" aria-label=\"Preview\""),
            "{html}"
        );
        assert!(html.contains("<a href=\"/api/preview/exit?path=/insights%3Fpage%3D2\""));
        assert!(html.ends_with("Exit preview</a></div><div id=\"root\"></div></body></html>"));
    }
}
