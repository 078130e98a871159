//! Page requests and the page API: a path becomes a page (from the cache or composed once per
//! content generation), a redirect, or the not-found page.
//!
//! Requests reach these handlers in their canonical form or differing from it only by what
//! the server and a shared cache both ignore (see [`crate::handlers::canonical`]). Status codes:
//! - a page: 200 (HTML or the outcome JSON), or 304 when `If-None-Match` matches its ETag;
//! - a path with a trailing slash whose route exists: HTML 308 to the canonical path, API 200
//!   `{"outcome":"redirect","to":…}`;
//! - an editor's redirect (content type `redirect`) from a path that is not a page: HTML 308
//!   when permanent, 307 when not, to the end of its chain with the query kept, cached for a
//!   minute (by the browser alone when it carries a query); a loop answers 404 (see
//!   `supplysite_core::redirects`);
//! - an unknown case study or article: HTML 301 to `/case-study-index` or `/insights`, with a
//!   one-minute cache lifetime because the entry may be published later;
//! - for either redirect the API answers 200 with the redirect outcome, so in-app navigation
//!   follows it like the browser would, kept by the browser alone (any path may ask for one,
//!   and a shared cache keeps pages only);
//! - the search page while the search index cannot answer: 503 with the page saying so (and
//!   the API 503 with that page's outcome), `no-store`, and never kept in the page cache, so
//!   the next request asks the index again;
//! - anything else: 404 with the not-found page in the site's layout; the API answers 404 with
//!   `{"outcome":"not_found","screen":"notFound","view":…}`.

use crate::cache::encoding::{Coding, VARY_ENCODING, accepts};
use crate::cache::{PageEntry, digest, etag, not_modified};
use crate::content::Generation;
use crate::handlers::api_error::{ApiError, ApiErrorBody, PageError};
use crate::handlers::static_files;
use crate::metrics::PageCacheResult;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{Query, Request, State, rejection::QueryRejection};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::Deserialize;
use std::sync::Arc;
use supplysite_core::routes::{Resolution, Route};
use supplysite_core::view::{self, Head, Outcome, RedirectKind};

/// Cache lifetime of pages with the default max-age ([`crate::settings::page_cache_control`]).
pub const PAGE_CACHE: &str = "public, max-age=60, stale-while-revalidate=600, stale-if-error=86400";

const SHORT_CACHE: &str = "public, max-age=60";
/// A redirect that depends on more than the parts of its address a shared cache keys on: the
/// page API's redirect outcomes (any path may ask for one, and a cache keeps only pages), and
/// an editor's redirect that carries the query it was asked with. Kept by the browser alone.
const PRIVATE_SHORT_CACHE: &str = "private, max-age=60";
const CANONICAL_REDIRECT_CACHE: &str = "public, max-age=86400";
const HTML: &str = "text/html; charset=utf-8";
const JSON: &str = "application/json";

/// What a path resolves to.
enum Resolved {
    /// With how the page cache served it.
    Page(Arc<PageEntry>, PageCacheResult),
    /// `kind` `None`: the path is a non-canonical spelling of a page (trailing slash).
    Redirect {
        to: String,
        kind: Option<RedirectKind>,
    },
    NotFound(Arc<PageEntry>),
}

/// What composing a path made, in the heavy pool.
enum Made {
    Page(Arc<PageEntry>),
    Redirect(String, RedirectKind),
    NotFound,
}

/// What looking `path` up finds without composing anything.
enum Lookup {
    /// An editor's redirect, or the canonical spelling of a page.
    Redirect {
        to: String,
        kind: Option<RedirectKind>,
    },
    /// No page there (or an editor's redirect loop).
    NotFound,
    /// The page, cached, with how the cache served it.
    Cached(Arc<PageEntry>, PageCacheResult),
    /// A page route not cached yet: composed under `key`.
    Compose(Route, String),
}

impl AppState {
    /// What `path` is, as far as a look-up says: a page the cache holds under that very path,
    /// else editors' redirects (their `from` is never a page), then the route and the page
    /// cache. `query` is the request's query string: only a listing's `page` parameter matters.
    fn lookup(&self, generation: &Generation, path: &str, query: Option<&str>) -> Lookup {
        // The cache's keys are the canonical paths of pages that exist, and no redirect applies
        // to a page: a path found there without a query is that page, with nothing to parse.
        if query.is_none()
            && let Some(entry) = generation.pages.get(path)
        {
            return Lookup::Cached(entry, self.cache_result());
        }
        match generation.redirects.outcome(path, query) {
            Some(Outcome::Redirect { to, kind }) => {
                return Lookup::Redirect {
                    to,
                    kind: Some(kind),
                };
            }
            Some(_) => return Lookup::NotFound,
            None => {}
        }
        let route = match Route::resolve(path, query) {
            Resolution::Route(route) => route,
            Resolution::Canonical(to) => return Lookup::Redirect { to, kind: None },
            Resolution::NotFound => return Lookup::NotFound,
        };
        // Pages of a listing share a path: the key carries the page number.
        let key = route.href();
        match generation.pages.get(&key) {
            Some(entry) => Lookup::Cached(entry, self.cache_result()),
            None => Lookup::Compose(route, key),
        }
    }

    /// What a page found in the cache counts as: stale while a reload under way is about to
    /// replace the content it was made from.
    fn cache_result(&self) -> PageCacheResult {
        if self.reloading() {
            PageCacheResult::Stale
        } else {
            PageCacheResult::Hit
        }
    }

    /// What `path` is. A page from the cache costs a lookup; anything that must be composed is
    /// composed in the heavy pool (see [`crate::heavy`]), so a listing never holds the request
    /// runtime.
    async fn resolve(
        &self,
        generation: &Arc<Generation>,
        path: &str,
        query: Option<&str>,
    ) -> Result<Resolved, PageError> {
        let (route, key) = match self.lookup(generation, path, query) {
            Lookup::Redirect { to, kind } => return Ok(Resolved::Redirect { to, kind }),
            Lookup::NotFound => {
                return Ok(Resolved::NotFound(self.not_found_page(generation).await?));
            }
            Lookup::Cached(entry, result) => return Ok(Resolved::Page(entry, result)),
            Lookup::Compose(route, key) => (route, key),
        };
        let (state, made_for) = (self.clone(), Arc::clone(generation));
        let made = self
            .heavy()
            .run(move || state.make(&made_for, &route, &key))
            .await?;
        Ok(match made {
            Made::Page(entry) => Resolved::Page(entry, PageCacheResult::Miss),
            Made::Redirect(to, kind) => Resolved::Redirect {
                to,
                kind: Some(kind),
            },
            Made::NotFound => Resolved::NotFound(self.not_found_page(generation).await?),
        })
    }

    /// Composes `route` and, for a page, builds, gzips and caches its entry under `key` (its
    /// path, with the page number for a listing's later pages).
    fn make(&self, generation: &Generation, route: &Route, key: &str) -> Result<Made, PageError> {
        // Requests for a page that was not cached queue here together: the first one makes
        // it, the rest find it made rather than composing the same listing again each.
        if let Some(entry) = generation.pages.get(key) {
            return Ok(Made::Page(entry));
        }
        let outcome = match route {
            Route::Search(query) => search_outcome(query, generation.search().snapshot()),
            _ => self.inner().composer.compose(route, &generation.set),
        };
        Ok(match outcome {
            // A search page the index could not answer: 503, made for this request alone, so
            // the next one asks the index again (and nothing stores the failure as the page).
            Outcome::Page(page) if page.is_unavailable() => {
                let head = self.head_tags(page.head());
                let answer = view::PageAnswer::Page(page);
                let status = StatusCode::SERVICE_UNAVAILABLE;
                let entry = self.new_entry(key, &head, &answer, status)?;
                Made::Page(Arc::new(entry))
            }
            Outcome::Page(page) => {
                let head = self.head_tags(page.head());
                let answer = view::PageAnswer::Page(page);
                let entry = self.build_entry(generation, key, &head, &answer, StatusCode::OK)?;
                entry.html_gzip();
                let entry = generation.pages.insert(key, Arc::new(entry));
                generation.fit_earlier();
                Made::Page(entry)
            }
            Outcome::Redirect { to, kind } => Made::Redirect(to, kind),
            Outcome::NotFound => Made::NotFound,
        })
    }

    async fn not_found_page(
        &self,
        generation: &Arc<Generation>,
    ) -> Result<Arc<PageEntry>, PageError> {
        if let Some(entry) = generation.not_found.get() {
            return Ok(Arc::clone(entry));
        }
        let (state, made_for) = (self.clone(), Arc::clone(generation));
        self.heavy()
            .run(move || -> Result<Arc<PageEntry>, PageError> {
                if let Some(entry) = made_for.not_found.get() {
                    return Ok(Arc::clone(entry));
                }
                let view = state.inner().composer.not_found(&made_for.set);
                let head = state.head_tags(&view.head);
                let answer = view::PageAnswer::not_found(view);
                let entry =
                    state.build_entry(&made_for, "/404", &head, &answer, StatusCode::NOT_FOUND)?;
                entry.html_gzip();
                Ok(Arc::clone(
                    made_for.not_found.get_or_init(|| Arc::new(entry)),
                ))
            })
            .await
    }

    /// The `<head>` tags of a page, with its URLs made absolute against the public URL.
    fn head_tags(&self, head: &Head) -> String {
        crate::render::head::render(head, &self.inner().settings.public_url)
    }

    /// A page entry: the shell filled with `head_tags` and the embedded data (the chrome, the
    /// page settings and `answer`), and `answer` alone as the page API's JSON; the entry an
    /// earlier generation made for `path` when it is the same answer.
    fn build_entry(
        &self,
        generation: &Generation,
        path: &str,
        head_tags: &str,
        answer: &view::PageAnswer,
        status: StatusCode,
    ) -> Result<PageEntry, PageError> {
        // The answer is serialised once, sent alone by the page API and embedded as it is.
        let outcome = serde_json::value::to_raw_value(answer)?;
        if let Some(entry) = generation.earlier(path, status, outcome.get().as_bytes()) {
            return Ok(entry);
        }
        self.entry_of(path, head_tags, outcome, status)
    }

    /// A page entry made afresh, never one an earlier generation made (see [`Self::build_entry`]).
    fn new_entry(
        &self,
        path: &str,
        head_tags: &str,
        answer: &view::PageAnswer,
        status: StatusCode,
    ) -> Result<PageEntry, PageError> {
        let outcome = serde_json::value::to_raw_value(answer)?;
        self.entry_of(path, head_tags, outcome, status)
    }

    fn entry_of(
        &self,
        path: &str,
        head_tags: &str,
        outcome: Box<serde_json::value::RawValue>,
        status: StatusCode,
    ) -> Result<PageEntry, PageError> {
        let inner = self.inner();
        let data = serde_json::to_string(&view::Embedded {
            chrome: &*inner.chrome_json,
            settings: &*inner.settings_json,
            outcome: &*outcome,
        })?;
        let (stamp, digest) = (&inner.page_stamp, digest(outcome.get().as_bytes()));
        Ok(PageEntry::new(
            status,
            inner.shell.render(
                head_tags,
                &data,
                crate::metrics::route_template(path).template(),
            ),
            Bytes::from(Box::<str>::from(outcome).into_boxed_bytes()),
            etag(&digest, stamp, "html", path),
            etag(&digest, stamp, "api", path),
        ))
    }
}

/// The search page for `query` (its query string, canonical), answered from `index`: the
/// index as of the content the page is composed from (a generation's, with which the page is
/// cached, or the preview content's).
pub(crate) fn search_outcome(
    query: &str,
    index: Option<&Arc<dyn supplysite_core::ports::SearchSnapshot>>,
) -> Outcome {
    supplysite_core::compose::search_page(query, |request| {
        index?
            .search(request)
            .inspect_err(|e| tracing::error!(error = %e, "search failed"))
            .ok()
    })
}

/// `GET` any path that no other route claims: a page, a file of the web build, or 404.
pub async fn page(State(state): State<AppState>, request: Request) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    let path = request.uri().path().to_string();
    if let Some(preview) = crate::handlers::preview::pages::page(
        &state,
        request.headers(),
        &path,
        request.uri().query(),
    )
    .await
    {
        return preview;
    }
    let generation = state.content().current();
    let resolved = match state
        .resolve(&generation, &path, request.uri().query())
        .await
    {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    match resolved {
        Resolved::Page(entry, cached) => {
            let entry = crate::render::ssr::page(state.ssr(), &entry, &path).await;
            let mut response = html_response(entry, request.headers(), state.page_cache());
            response.extensions_mut().insert(cached);
            response
        }
        Resolved::Redirect { to, kind } => {
            let (status, cache, to) = match kind {
                None => {
                    let to = match request.uri().query() {
                        Some(q) => format!("{to}?{q}"),
                        None => to,
                    };
                    (StatusCode::PERMANENT_REDIRECT, CANONICAL_REDIRECT_CACHE, to)
                }
                Some(kind) if request.uri().query().is_some() => {
                    (redirect_status(kind), PRIVATE_SHORT_CACHE, to)
                }
                Some(kind) => (redirect_status(kind), SHORT_CACHE, to),
            };
            redirect(status, &to, cache)
        }
        Resolved::NotFound(entry) => {
            // The parts of a split sitemap: their number follows the content, so they cannot
            // be routes of their own.
            if let Some(n) = crate::handlers::sitemap::files::part_number(&path)
                && let Some(part) =
                    crate::handlers::sitemap::part(&state, n, request.headers()).await
            {
                return part;
            }
            let headers = request.headers().clone();
            if let Some(file) = static_files::from_web_dir(&state, request).await {
                return file;
            }
            let entry =
                crate::render::ssr::page(state.ssr(), &entry, crate::render::ssr::NOT_FOUND_URL)
                    .await;
            html_response(entry, &headers, state.page_cache())
        }
    }
}

/// A cached page: the same bytes for every visitor (the policy allows its scripts by hash, so
/// nothing in it is made per response). Gzipped once with the entry and sent whenever the
/// client accepts gzip, even if it also accepts brotli: one compressed form per page keeps the
/// cache small, and for these pages gzip at its best level is within a few percent of brotli.
/// A client that takes no gzip gets the page as it is, never compressed per request.
fn html_response(entry: &PageEntry, request: &HeaderMap, cache: &HeaderValue) -> Response {
    let found = entry.status == StatusCode::OK;
    if found && not_modified(request, &entry.html_etag) {
        return not_modified_response(&entry.html_etag, cache);
    }
    let gzip = accepts(request, Coding::Gzip);
    let body = if gzip {
        Body::from(entry.html_gzip().clone())
    } else {
        Body::from(entry.html.clone())
    };
    let mut response = answer(body);
    *response.status_mut() = entry.status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(HTML));
    if found {
        headers.insert(header::CACHE_CONTROL, cache.clone());
        headers.insert(header::ETAG, entry.html_etag.clone());
    } else {
        headers.insert(header::CACHE_CONTROL, unfound_cache(entry.status));
    }
    // Whether gzipped or not, the bytes depend on Accept-Encoding.
    headers.insert(header::VARY, VARY_ENCODING);
    if gzip {
        headers.insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(Coding::Gzip.header_value()),
        );
    }
    response
}

/// The cache lifetime of an entry that is not a page: the not-found page a minute, a page that
/// stands for a passing failure (503: the search index could not answer) not at all.
fn unfound_cache(status: StatusCode) -> HeaderValue {
    if status == StatusCode::NOT_FOUND {
        HeaderValue::from_static(SHORT_CACHE)
    } else {
        HeaderValue::from_static("no-store")
    }
}

/// The API JSON of a cached page, precompressed in the best coding the client accepts. The
/// first request for a coding compresses it in the heavy pool.
async fn api_response(state: &AppState, entry: &Arc<PageEntry>, request: &HeaderMap) -> Response {
    let coding = api_coding(request);
    if let Some(c) = coding
        && !entry.has_api_encoded(c)
    {
        // Kept with the entry once made: the answer below takes it from there.
        let entry = Arc::clone(entry);
        state.heavy().run(move || entry.api_encoded(c)).await;
    }
    api_response_with(state, entry, coding)
}

/// The coding the page API's answer is sent in: the best one the client accepts.
fn api_coding(request: &HeaderMap) -> Option<Coding> {
    [Coding::Brotli, Coding::Gzip]
        .into_iter()
        .find(|c| accepts(request, *c))
}

/// [`api_response`] in `coding`, which the entry has made already (or it is made here, on the
/// request runtime).
fn api_response_with(state: &AppState, entry: &PageEntry, coding: Option<Coding>) -> Response {
    let body = match coding {
        Some(c) => entry.api_encoded(c),
        None => entry.api_json.clone(),
    };
    let mut response = answer(Body::from(body));
    *response.status_mut() = entry.status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(JSON));
    if entry.status == StatusCode::OK {
        headers.insert(header::CACHE_CONTROL, state.page_cache().clone());
        headers.insert(header::ETAG, entry.api_etag.clone());
    } else {
        headers.insert(header::CACHE_CONTROL, unfound_cache(entry.status));
    }
    headers.insert(header::VARY, VARY_ENCODING);
    if let Some(c) = coding {
        headers.insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(c.header_value()),
        );
    }
    response
}

/// A request a cached page answers at once, found by [`ready`].
pub(crate) struct Ready {
    entry: Arc<PageEntry>,
    cached: PageCacheResult,
    /// The page API's answer rather than the page.
    api: bool,
}

/// What answers a `GET` of `uri`, a page or `/api/page` for one, when a look-up is all it
/// takes: the page cached and, with a renderer, rendered; no preview for this request; the
/// page API's answer already made in the coding the client takes (a page is gzipped, or sent
/// as it is to a client that does not take gzip). `None` sends the request
/// through the router, which answers it after the same look-up; [`Ready::respond`] then gives
/// what [`page`] and [`api`] would.
pub(crate) fn ready(state: &AppState, uri: &axum::http::Uri, headers: &HeaderMap) -> Option<Ready> {
    if state.preview_for(headers).is_some() || crate::handlers::canonical::strays(&Method::GET, uri)
    {
        return None;
    }
    let target;
    let (path, query, api) = match uri.path() {
        "/api/page" => {
            target = ApiTarget::of(Query::try_from_uri(uri)).ok()?;
            let (path, query) = target.split();
            (path, query, true)
        }
        path => (path, uri.query(), false),
    };
    let generation = state.content().current();
    let Lookup::Cached(entry, cached) = state.lookup(&generation, path, query) else {
        return None;
    };
    // The page API's answer in a coding not made yet is made in the heavy pool first. Nothing
    // is left to the compression layer: these answers are sent as they are (`AsIs`).
    let waits = if api {
        api_coding(headers).is_some_and(|coding| !entry.has_api_encoded(coding))
    } else {
        crate::render::ssr::ready(state.ssr(), &entry).is_none()
    };
    (!waits).then_some(Ready { entry, cached, api })
}

impl Ready {
    /// The answer.
    pub(crate) fn respond(&self, state: &AppState, headers: &HeaderMap) -> Response {
        let entry = &self.entry;
        let mut response = if !self.api {
            let page = crate::render::ssr::ready(state.ssr(), entry).unwrap_or(entry);
            html_response(page, headers, state.page_cache())
        } else if not_modified(headers, &entry.api_etag) {
            not_modified_response(&entry.api_etag, state.page_cache())
        } else {
            api_response_with(state, entry, api_coding(headers))
        };
        response.extensions_mut().insert(self.cached);
        // What the router adds to every answer of a route: the length, when the body knows it.
        if let Some(length) = axum::body::HttpBody::size_hint(response.body()).exact()
            && !response.headers().contains_key(header::CONTENT_LENGTH)
        {
            response
                .headers_mut()
                .insert(header::CONTENT_LENGTH, HeaderValue::from(length));
        }
        response
    }
}

/// A response with room for every header a page's answer ends with (its own, the length the
/// router adds and the front layer's), so none of them grows the map.
fn answer(body: Body) -> Response {
    const HEADERS: usize = 16;
    let mut response = Response::new(body);
    *response.headers_mut() = HeaderMap::with_capacity(HEADERS);
    // Sent in a coding made once with the cached page, or as it is: never compressed per
    // request (see `AsIs`).
    response
        .extensions_mut()
        .insert(crate::cache::compressible::AsIs);
    response
}

/// 304 with the headers a cache updates its stored copy from. The stored body's
/// representation varies by Accept-Encoding, so the 304 says so too. It carries no
/// Content-Security-Policy: the stored body keeps the policy it came with (see
/// [`crate::front`]).
fn not_modified_response(etag: &HeaderValue, cache: &HeaderValue) -> Response {
    (
        StatusCode::NOT_MODIFIED,
        [
            (header::ETAG, etag.clone()),
            (header::CACHE_CONTROL, cache.clone()),
            (header::VARY, VARY_ENCODING),
        ],
    )
        .into_response()
}

/// The status of a composed redirect: core decides it ([`RedirectKind::status`]); editors'
/// redirects and the fallbacks of unknown entries are both answered through here. Their target
/// may change with the content, so they are cached for a minute only.
pub(crate) fn redirect_status(kind: RedirectKind) -> StatusCode {
    StatusCode::from_u16(kind.status()).unwrap_or(StatusCode::MOVED_PERMANENTLY)
}

fn redirect(status: StatusCode, to: &str, cache: &'static str) -> Response {
    match HeaderValue::from_str(to) {
        Ok(location) => (
            status,
            [
                (header::LOCATION, location),
                (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
            ],
        )
            .into_response(),
        Err(_) => {
            tracing::error!(to, "redirect target is not a valid header value");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// The query of `GET /api/page`.
#[derive(Deserialize)]
pub struct PageQuery {
    path: Option<String>,
}

/// The site path `GET /api/page` asks about, as its query gives it.
struct ApiTarget(String);

impl ApiTarget {
    /// Errors: 400 for a query without `path`, or one that cannot be read.
    fn of(query: Result<Query<PageQuery>, QueryRejection>) -> Result<Self, ApiError> {
        match query {
            Ok(Query(PageQuery { path: Some(p) })) => Ok(ApiTarget(p)),
            Ok(_) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "missing query parameter path",
            )),
            Err(_) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "malformed query string",
            )),
        }
    }

    /// The path and its query string; a fragment is ignored.
    fn split(&self) -> (&str, Option<&str>) {
        let without_fragment = self.0.split('#').next().unwrap_or_default();
        match without_fragment.split_once('?') {
            Some((bare, query)) => (bare, Some(query)),
            None => (without_fragment, None),
        }
    }
}

/// `GET /api/page?path=…`: the outcome JSON for in-app navigation.
#[utoipa::path(
    get,
    path = "/api/page",
    tag = "pages",
    params(
        ("path" = String, Query, description = "The site path to resolve, such as `/insights`, percent-encoded as JavaScript's `encodeURIComponent` writes it (`%2Finsights`); a listing's page number may follow it (`/insights?page=2`)", example = "/insights"),
        ("if-none-match" = Option<String>, Header, description = "An ETag from an earlier answer"),
    ),
    responses(
        (status = 200, description = "A page, or a redirect to follow", body = view::PageAnswer,
            headers(
                ("cache-control" = String, description = "A minute, longer while revalidating or when the origin fails"),
                ("etag" = Option<String>, description = "The page's version, for a page"),
            )),
        (status = 304, description = "The page has not changed since the ETag sent",
            headers(("etag" = String), ("cache-control" = String))),
        (status = 308, description = "The same request in its one canonical form: `path` spelled as `encodeURIComponent` writes it, without a query other than a listing's page number or a fragment",
            headers(("location" = String, description = "The canonical address"), ("cache-control" = String, description = "`no-store`"))),
        (status = 400, description = "No `path` in the query, `path` in another letter case, twice or not percent-encoded text, another parameter beside it, or a malformed query", body = ApiErrorBody,
            headers(("cache-control" = String, description = "`no-store`"))),
        (status = 404, description = "No page at that path: the not-found view", body = view::PageAnswer,
            headers(("cache-control" = String, description = "A minute"))),
        (status = 503, description = "The search page while the search index cannot answer (its outcome, saying so; `no-store`), or the server took too long to answer (the site's request timeout; text, with `Retry-After`)",
            content((view::PageAnswer = "application/json"), (String = "text/plain")),
            headers(("cache-control" = String, description = "`no-store`"), ("retry-after" = u64, description = "Seconds to wait, after a timeout"))),
    )
)]
pub async fn api(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Result<Query<PageQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let target = ApiTarget::of(query)?;
    let (bare, query) = target.split();
    if let Some(preview) = crate::handlers::preview::pages::api(&state, &headers, bare, query).await
    {
        return Ok(preview);
    }
    let generation = state.content().current();
    Ok(match state.resolve(&generation, bare, query).await? {
        Resolved::Page(entry, cached) => {
            let mut response =
                if entry.status == StatusCode::OK && not_modified(&headers, &entry.api_etag) {
                    not_modified_response(&entry.api_etag, state.page_cache())
                } else {
                    api_response(&state, &entry, &headers).await
                };
            response.extensions_mut().insert(cached);
            response
        }
        Resolved::Redirect { to, .. } => {
            let body = serde_json::to_string(&view::PageAnswer::Redirect { to })
                .expect("a redirect answer serialises");
            (
                StatusCode::OK,
                [
                    (header::CONTENT_TYPE, JSON),
                    (header::CACHE_CONTROL, PRIVATE_SHORT_CACHE),
                ],
                body,
            )
                .into_response()
        }
        Resolved::NotFound(entry) => api_response(&state, &entry, &headers).await,
    })
}

/// Any other `/api/…` path.
pub async fn api_not_found() -> ApiError {
    ApiError::no_such_endpoint()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CoreComposer, PublicUrl, Settings, Shell, StateParts};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use supplysite_core::content::{ContentParts, ContentSet};
    use supplysite_core::view::{Chrome, NotFoundView};

    #[test]
    fn the_default_max_age_gives_the_documented_page_policy() {
        let default = crate::settings::page_cache_control(crate::settings::DEFAULT_PAGE_MAX_AGE);
        assert_eq!(default, PAGE_CACHE);
        assert_eq!(
            crate::settings::page_cache_control(std::time::Duration::from_secs(5)),
            "public, max-age=5, stale-while-revalidate=600, stale-if-error=86400"
        );
    }

    /// The core composer, counting the pages it composes.
    struct Counting(CoreComposer, AtomicUsize);

    impl crate::Composer for Counting {
        fn compose(&self, route: &Route, set: &ContentSet) -> Outcome {
            self.1.fetch_add(1, Ordering::SeqCst);
            // Slow enough that every request below arrives while the first is composing.
            std::thread::sleep(std::time::Duration::from_millis(50));
            self.0.compose(route, set)
        }
        fn not_found(&self, set: &ContentSet) -> NotFoundView {
            self.0.not_found(set)
        }
        fn chrome(&self) -> Chrome {
            self.0.chrome()
        }
    }

    #[tokio::test(flavor = "current_thread")]
    async fn requests_for_a_page_not_yet_cached_compose_it_once_per_free_slot_at_most() {
        let composer = Arc::new(Counting(
            CoreComposer::new("https://x.test"),
            AtomicUsize::new(0),
        ));
        let html = "<!doctype html><html><head><title>t</title></head><body></body></html>";
        let state = AppState::new(StateParts {
            settings: Settings::new(PublicUrl::parse("https://x.test").unwrap(), "web"),
            shell: Shell::parse(html).unwrap(),
            content: ContentSet::new(ContentParts::default(), "v1"),
            composer: composer.clone(),
            reload: None,
        });
        let generation = state.content().current();
        let requests: Vec<_> = (0..16)
            .map(|_| {
                let (state, generation) = (state.clone(), Arc::clone(&generation));
                tokio::spawn(async move { state.resolve(&generation, "/insights", None).await })
            })
            .collect();
        for request in requests {
            assert!(matches!(request.await.unwrap(), Ok(Resolved::Page(..))));
        }
        let slots = crate::heavy::HeavyPool::default().slots();
        let composed = composer.1.load(Ordering::SeqCst);
        assert!(
            (1..=slots).contains(&composed),
            "composed {composed} times with {slots} slots"
        );
    }
}
