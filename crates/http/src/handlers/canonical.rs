//! Core's one reading of a request's address ([`supplysite_core::request`]) applied before any
//! route, so a shared cache in front (deploy/nginx.conf) and the site always mean the same thing
//! by an address: an ambiguous one is refused (400), one that strays from its canonical form is
//! redirected there (308, never stored: the target carries what the query asked), and every
//! other request reaches its route as asked.
//!
//! [`Canonical`] wraps the router once, as the other layers do; the express lane asks
//! [`strays`] first and leaves such a request to the router.

use crate::handlers::api_error::ApiError;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use supplysite_core::request::{Reading, read};
use tower::{Layer, Service};

/// What a redirect to the canonical form may be kept for: not at all, since its target carries
/// the campaign parameters of the address asked, which a cache's key leaves out.
const REDIRECT_CACHE: &str = "no-store";

/// How core reads `uri` for a `method` request: only `GET` and `HEAD` may be stored by a cache.
fn reading(method: &Method, uri: &Uri) -> Reading {
    if method != Method::GET && method != Method::HEAD {
        return Reading::AsAsked;
    }
    match uri.query() {
        // Without a query an address is read as asked (the page API then lacks its `path`,
        // which its handler refuses; a trailing slash is the pages' own redirect).
        None => Reading::AsAsked,
        query => read(uri.path(), query),
    }
}

/// Whether a `method` request for `uri` is answered here rather than by its route.
pub(crate) fn strays(method: &Method, uri: &Uri) -> bool {
    uri.query().is_some() && reading(method, uri) != Reading::AsAsked
}

/// The answer to a `method` request for `uri` that strays from its canonical form, or `None`
/// for one its route answers.
pub fn answer(method: &Method, uri: &Uri) -> Option<Response> {
    match reading(method, uri) {
        Reading::AsAsked => None,
        Reading::Redirect(to) => Some(match HeaderValue::try_from(to) {
            Ok(location) => (
                StatusCode::PERMANENT_REDIRECT,
                [
                    (header::LOCATION, location),
                    (
                        header::CACHE_CONTROL,
                        HeaderValue::from_static(REDIRECT_CACHE),
                    ),
                ],
            )
                .into_response(),
            // Core builds the target from the address's own parts, which were a header value.
            Err(_) => ApiError::new(StatusCode::BAD_REQUEST, "malformed address").into_response(),
        }),
        Reading::Refused(error) => {
            Some(ApiError::new(StatusCode::BAD_REQUEST, error.to_string()).into_response())
        }
    }
}

/// Wraps a service in [`Canonical`].
#[derive(Clone, Copy, Debug, Default)]
pub struct CanonicalLayer;

impl<S> Layer<S> for CanonicalLayer {
    type Service = Canonical<S>;

    fn layer(&self, inner: S) -> Canonical<S> {
        Canonical { inner }
    }
}

/// See the module documentation.
#[derive(Clone, Debug)]
pub struct Canonical<S> {
    inner: S,
}

impl<S> Service<Request> for Canonical<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = CanonicalFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        match answer(request.method(), request.uri()) {
            Some(response) => CanonicalFuture::Answered {
                response: Some(response),
            },
            None => CanonicalFuture::Routed {
                future: self.inner.call(request),
            },
        }
    }
}

pin_project_lite::pin_project! {
    /// The answer made here at once, or the route's future. (The macro takes no documentation
    /// on a variant's fields; each variant's says what its field holds.)
    #[allow(missing_docs)]
    #[project = Projected]
    pub enum CanonicalFuture<F> {
        /// Answered here: the answer, until it is taken.
        Answered { response: Option<Response> },
        /// The route's answer: its future.
        Routed { #[pin] future: F },
    }
}

impl<F> Future for CanonicalFuture<F>
where
    F: Future<Output = Result<Response, Infallible>>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project() {
            Projected::Answered { response } => Poll::Ready(Ok(response
                .take()
                .expect("a canonical answer is polled once"))),
            Projected::Routed { future } => future.poll(cx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        text.parse().unwrap()
    }

    #[test]
    fn a_stray_address_is_redirected_uncached_and_an_ambiguous_one_refused() {
        let redirect = answer(&Method::GET, &uri("/about-us/?poison=1")).unwrap();
        assert_eq!(redirect.status(), StatusCode::PERMANENT_REDIRECT);
        assert_eq!(redirect.headers()[header::LOCATION], "/about-us");
        assert_eq!(redirect.headers()[header::CACHE_CONTROL], "no-store");
        let refused = answer(&Method::HEAD, &uri("/insights?PAGE=3&page=1")).unwrap();
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
        assert_eq!(refused.headers()[header::CACHE_CONTROL], "no-store");
        assert!(strays(
            &Method::GET,
            &uri("/api/page?PATH=%2F&path=%2Fabout-us")
        ));
    }

    #[test]
    fn canonical_addresses_and_other_methods_reach_their_routes() {
        for address in [
            "/",
            "/about-us/",
            "/insights?page=2",
            "/contact-us?utm_source=mail",
        ] {
            assert!(answer(&Method::GET, &uri(address)).is_none(), "{address}");
            assert!(!strays(&Method::GET, &uri(address)), "{address}");
        }
        assert!(answer(&Method::POST, &uri("/api/contact?x=1")).is_none());
        assert!(answer(&Method::POST, &uri("/about-us?poison=1")).is_none());
    }
}
