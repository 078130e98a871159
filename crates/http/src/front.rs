//! The outermost layer of the site, in one service so a request pays for one boxed future
//! instead of one per concern: the request id (kept from the client or made without a system
//! call), the security headers on the way out (the Content-Security-Policy among them, one value
//! for the process), the request timeout, and the
//! request's log span and its closing line with status and latency, and the request's count
//! and duration in the site's metrics (see [`crate::metrics`]).
//!
//! It wraps the router once, as a whole (see [`crate::router`]), rather than being applied to
//! each route: a layer applied per route costs a boxed clone of the route's service and a boxed
//! future on every request.
//!
//! A request that runs out of time is answered 503 with `Retry-After`, never 408: browsers
//! silently re-send a request answered 408 on a kept-alive connection, and nothing here is the
//! client's fault. Routes that must not be cut off halfway ([`SELF_TIMED`]) are left to their
//! own budgets.
//!
//! Layer: the outermost service and the headers every answer carries (security headers, request
//! ids). It may use [`crate::metrics`] alone.

pub mod request_id;
pub mod security;

use crate::front::security::{FIXED_HEADERS, PolicyHeader};
use crate::metrics::{Metrics, PageCacheResult, RouteId, Shed};
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::future::{Future, poll_fn};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tower::{Layer, Service};
use tracing::Instrument;

/// The header carrying a request's id: the client's own when it is acceptable, else a fresh one; returned on the response.
pub const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Paths the request timeout does not apply to, because they bound each of their own steps
/// and must never be answered with a failure after they changed something: the contact
/// endpoint stores the enquiry, and a timeout after that would tell the visitor it failed.
pub const SELF_TIMED: [&str; 1] = ["/api/contact"];

/// What a timed-out request is told to wait before trying again, in seconds.
pub const TIMEOUT_RETRY_AFTER_SECONDS: u32 = 5;

/// Wraps the site in [`Front`].
#[derive(Clone)]
pub struct FrontLayer {
    shared: Arc<Shared>,
}

struct Shared {
    policy: PolicyHeader,
    timeout: Duration,
    metrics: Option<Arc<Metrics>>,
}

impl Shared {
    /// Counts the answer to a request of `route` that took `elapsed`, with what the response
    /// says about the page cache and shedding.
    fn count(&self, route: Option<RouteId>, response: &Response, elapsed: Duration) {
        let (Some(metrics), Some(route)) = (&self.metrics, route) else {
            return;
        };
        metrics.observe(route, response.status(), elapsed);
        let extensions = response.extensions();
        if let Some(result) = extensions.get::<PageCacheResult>() {
            metrics.page_cache(*result);
        }
        if let Some(reason) = extensions.get::<Shed>() {
            metrics.shed(*reason);
        }
    }
}

impl FrontLayer {
    /// `scripts`: the hash sources of the shell's inline scripts, the only scripts the policy
    /// lets a page start; `https`: whether the policy asks browsers to upgrade insecure
    /// requests; `third`: the third parties whose origins it allows; `timeout`: how long a
    /// response may take before the request is answered 503 (the paths in [`SELF_TIMED`]
    /// excepted).
    pub fn new(
        scripts: &[String],
        https: bool,
        third: crate::front::security::ThirdParties,
        timeout: Duration,
    ) -> Self {
        FrontLayer {
            shared: Arc::new(Shared {
                policy: PolicyHeader::new(scripts, https, third),
                timeout,
                metrics: None,
            }),
        }
    }

    /// Counts every request in `metrics`.
    pub fn with_metrics(self, metrics: Arc<Metrics>) -> Self {
        FrontLayer {
            shared: Arc::new(Shared {
                policy: self.shared.policy.clone(),
                timeout: self.shared.timeout,
                metrics: Some(metrics),
            }),
        }
    }
}

impl<S> Layer<S> for FrontLayer {
    type Service = Front<S>;

    fn layer(&self, inner: S) -> Front<S> {
        Front {
            inner,
            shared: Arc::clone(&self.shared),
        }
    }
}

/// See the module documentation.
#[derive(Clone)]
pub struct Front<S> {
    inner: S,
    shared: Arc<Shared>,
}

type BoxFuture = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

impl<S, B> Service<Request> for Front<S>
where
    S: Service<Request, Response = axum::http::Response<B>, Error = Infallible> + Send + 'static,
    S::Future: Send + 'static,
    B: axum::body::HttpBody<Data = bytes::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = BoxFuture;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let ticket = Ticket::begin(
            &self.shared,
            request.method(),
            request.headers(),
            request.uri(),
        );
        let timeout = if SELF_TIMED.contains(&request.uri().path()) {
            None
        } else {
            Some(self.shared.timeout)
        };
        let span = ticket.span.clone();
        let response = self.inner.call(request);
        let answer = async move { Ok(ticket.end(within(timeout, response).await)) };
        match span {
            Some(span) => Box::pin(answer.instrument(span)),
            None => Box::pin(answer),
        }
    }
}

impl<S> Front<S> {
    /// This layer's part in an answer made without the service it wraps (see
    /// [`crate::Site::express`]): what [`Ticket::end`] then adds is what the layer adds
    /// to any answer.
    pub fn ticket(&self, method: &Method, headers: &HeaderMap, uri: &axum::http::Uri) -> Ticket {
        Ticket::begin(&self.shared, method, headers, uri)
    }
}

/// One request's passage through the front layer: its id, its route and start for the
/// metrics, and its log span while the request log is on.
pub struct Ticket {
    shared: Arc<Shared>,
    id: HeaderValue,
    route: Option<RouteId>,
    start: Option<Instant>,
    span: Option<tracing::Span>,
}

impl Ticket {
    /// The ticket of a `method` request with `headers` to `uri`, with its id (the client's own
    /// when acceptable, else a fresh one).
    fn begin(
        shared: &Arc<Shared>,
        method: &Method,
        headers: &HeaderMap,
        uri: &axum::http::Uri,
    ) -> Ticket {
        let id = match headers.get(X_REQUEST_ID) {
            Some(id) if request_id::from_client(id) => id.clone(),
            _ => request_id::next(),
        };
        let route = shared
            .metrics
            .as_ref()
            .map(|_| crate::metrics::route_template(uri.path()));
        // Without INFO logs there is no span and no closing line to pay for (and without
        // metrics no clock reading); the response is the same either way.
        let logged = tracing::enabled!(tracing::Level::INFO);
        // The path only: a query string is the visitor's business.
        let span = logged.then(|| {
            tracing::info_span!(
                "request",
                request_id = id.to_str().unwrap_or("-"),
                method = %method,
                path = uri.path(),
            )
        });
        Ticket {
            shared: Arc::clone(shared),
            id,
            start: (route.is_some() || logged).then(Instant::now),
            route,
            span,
        }
    }

    /// `response` with the headers every answer carries, counted in the metrics and, while the
    /// request log is on, logged with its status and latency.
    pub fn end(self, response: Response) -> Response {
        let response = finish(response, &self.shared.policy, self.id);
        let Some(start) = self.start else {
            return response;
        };
        let elapsed = start.elapsed();
        self.shared.count(self.route, &response, elapsed);
        if let Some(span) = &self.span {
            let _entered = span.enter();
            let status = response.status().as_u16();
            let latency_us = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
            if status >= 500 {
                tracing::error!(status, latency_us, "response failed");
            } else {
                tracing::info!(status, latency_us, "finished processing request");
            }
        }
        response
    }
}

/// The response of `future`, or 503 when it takes longer than `timeout` (when there is one).
/// The timer is armed only if the response is not ready at once: a page from the cache never
/// touches it.
async fn within<F, B, E>(timeout: Option<Duration>, future: F) -> Response
where
    F: Future<Output = Result<axum::http::Response<B>, E>>,
    B: axum::body::HttpBody<Data = bytes::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
    E: Into<Infallible>,
{
    let mut future = std::pin::pin!(future);
    let first = poll_fn(|cx| Poll::Ready(future.as_mut().poll(cx))).await;
    let result = match first {
        Poll::Ready(result) => result,
        Poll::Pending => match timeout {
            None => future.await,
            Some(timeout) => match tokio::time::timeout(timeout, future).await {
                Ok(result) => result,
                Err(_) => return timed_out(),
            },
        },
    };
    match result {
        Ok(response) => response.map(Body::new),
        Err(never) => match never.into() {},
    }
}

fn timed_out() -> Response {
    let mut response = (
        StatusCode::SERVICE_UNAVAILABLE,
        [
            (header::RETRY_AFTER, TIMEOUT_RETRY_AFTER_SECONDS.to_string()),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        "the server took too long to answer; please try again",
    )
        .into_response();
    response.extensions_mut().insert(Shed::RequestTimeout);
    response
}

/// Adds the security headers and the request id. A 304 gets no Content-Security-Policy: a
/// cache that revalidates its copy replaces the stored headers with the 304's, so the stored
/// page keeps the policy it was sent with, the one whose script hashes its body matches (a
/// new web build changes the hashes, and the ETags with them, so it never answers 304 to a page
/// of the old one). A response that brings its own policy keeps it: the space's files carry
/// [`crate::front::security::UNTRUSTED_FILE_POLICY`], which no page policy may loosen.
fn finish(mut response: Response, policy: &PolicyHeader, id: HeaderValue) -> Response {
    let not_modified = response.status() == StatusCode::NOT_MODIFIED;
    let framed = response
        .extensions()
        .get::<crate::front::security::EditorFraming>()
        .is_some();
    let headers = response.headers_mut();
    headers.reserve(FIXED_HEADERS.len() + 2);
    if !not_modified && !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        let csp = if framed {
            policy.framed()
        } else {
            policy.value()
        };
        headers.insert(header::CONTENT_SECURITY_POLICY, csp.clone());
    }
    insert_fixed(headers);
    if framed {
        headers.remove(header::X_FRAME_OPTIONS);
    }
    if !headers.contains_key(X_REQUEST_ID) {
        headers.insert(X_REQUEST_ID, id);
    }
    response
}

fn insert_fixed(headers: &mut HeaderMap) {
    for (name, value) in FIXED_HEADERS {
        headers.insert(name, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_response_slower_than_the_timeout_is_503_with_retry_after_never_408() {
        let slow = async {
            tokio::time::sleep(Duration::from_secs(5)).await;
            Ok::<_, Infallible>(Response::new(Body::empty()))
        };
        let response = within(Some(Duration::from_millis(20)), slow).await;
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "5");
    }

    #[tokio::test]
    async fn a_self_timed_route_is_never_cut_off() {
        let slow = async {
            tokio::time::sleep(Duration::from_millis(50)).await;
            Ok::<_, Infallible>(Response::new(Body::empty()))
        };
        let response = within(None, slow).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
}
