//! The site as one connection sees it: every request carries the peer's address
//! (`ConnectInfo<SocketAddr>`, which the contact endpoint's rate limit counts by), is counted
//! in flight for the connection's deadlines, and is refused before reaching the site when one
//! of its lines is longer than the server reads. A request a cached page answers at once is
//! answered by the site's express lane ([`crate::Site::express`]) without the site's futures.
//! While the server drains before stopping, every response asks the client to close the
//! connection. The metrics listener's router is served the same way ([`Served`]), without an
//! express lane.

use crate::Site;
use crate::connections::deadlines::{Activity, InFlight};
use crate::connections::{ConnectionStats, MAX_HEADER_LINE};
use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use hyper::body::Incoming;
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tower::Service;

/// What a listener serves: the site (with its express lane), or the metrics listener's router.
pub(crate) trait Served: Clone + Send + 'static {
    /// The future of an answer the service makes.
    type Future: Future<Output = Result<Response, Infallible>> + Send + 'static;

    /// The answer when it can be made at once, without the service's futures.
    fn express(&self, request: &Request<Incoming>) -> Option<Response>;

    /// The service's answer to `request`.
    fn answer(&self, request: Request) -> Self::Future;
}

impl Served for Site {
    type Future = <Site as Service<Request>>::Future;

    fn express(&self, request: &Request<Incoming>) -> Option<Response> {
        Site::express(self, request)
    }

    fn answer(&self, request: Request) -> Self::Future {
        // The site is always ready (its layers and the router never apply back-pressure), so
        // a clone of it may be called without waiting on `poll_ready`.
        self.clone().call(request)
    }
}

impl Served for axum::Router {
    type Future = <axum::Router as Service<Request>>::Future;

    fn express(&self, _: &Request<Incoming>) -> Option<Response> {
        None
    }

    fn answer(&self, request: Request) -> Self::Future {
        // A router is always ready.
        self.clone().call(request)
    }
}

/// The service hyper calls for each request on one connection.
#[derive(Clone)]
pub(super) struct PerConnection<S> {
    pub site: S,
    pub peer: SocketAddr,
    pub activity: Arc<Activity>,
    pub stats: Arc<ConnectionStats>,
}

impl<S: Served> hyper::service::Service<Request<Incoming>> for PerConnection<S> {
    type Response = Response;
    type Error = Infallible;
    type Future = Answer<S::Future>;

    fn call(&self, request: Request<Incoming>) -> Self::Future {
        if let Some(refusal) = oversized(&request) {
            return Answer::Made {
                response: Some(refusal),
                close: false,
            };
        }
        // Counted in flight from here, whichever way it is answered: the connection's
        // deadlines start its idle wait when a request ends, not when its head arrived.
        let in_flight = self.activity.start();
        if let Some(response) = self.site.express(&request) {
            drop(in_flight);
            return Answer::Made {
                response: Some(response),
                close: self.stats.draining(),
            };
        }
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(self.peer));
        let in_flight = Some(in_flight);
        Answer::Site {
            future: self.site.answer(request),
            in_flight,
            close: self.stats.draining(),
        }
    }
}

/// A refusal for a request line or header line longer than [`MAX_HEADER_LINE`]. (hyper
/// itself refuses a head longer than [`crate::connections::MAX_HEAD`] with a bodiless 431 before any service sees
/// it.)
fn oversized<B>(request: &Request<B>) -> Option<Response> {
    let uri = request.uri();
    let target = uri.path_and_query().map_or(0, |p| p.as_str().len());
    if target + uri.authority().map_or(0, |a| a.as_str().len()) > MAX_HEADER_LINE {
        return Some(refusal(
            StatusCode::URI_TOO_LONG,
            "request target too long\n",
        ));
    }
    let long_line = request
        .headers()
        .iter()
        // The line is `name: value`.
        .any(|(name, value)| name.as_str().len() + 2 + value.len() > MAX_HEADER_LINE);
    long_line.then(|| {
        refusal(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "request header line too long\n",
        )
    })
}

fn refusal(status: StatusCode, body: &'static str) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

pin_project_lite::pin_project! {
    /// The answer to one request: the site's, counted in flight until it is ready, or one
    /// made at once (a refusal made here, or the site's express lane).
    #[project = AnswerProjection]
    pub(super) enum Answer<F> {
        Site {
            #[pin]
            future: F,
            in_flight: Option<InFlight>,
            // The server is draining: the connection closes after this response.
            close: bool,
        },
        Made {
            response: Option<Response>,
            close: bool,
        },
    }
}

impl<F: Future<Output = Result<Response, Infallible>>> Future for Answer<F> {
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project() {
            AnswerProjection::Site {
                future,
                in_flight,
                close,
            } => {
                let mut answer = std::task::ready!(future.poll(cx));
                // Done handling; what remains is writing the response.
                in_flight.take();
                if *close && let Ok(response) = &mut answer {
                    closing(response);
                }
                Poll::Ready(answer)
            }
            AnswerProjection::Made { response, close } => {
                let mut response = response.take().unwrap_or_default();
                if *close {
                    closing(&mut response);
                }
                Poll::Ready(Ok(response))
            }
        }
    }
}

/// Asks the client to close the connection after `response` (the server is draining).
fn closing(response: &mut Response) {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
}
