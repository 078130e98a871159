//! The outermost layer of the site, in one service so a request pays for one boxed future
//! instead of one per concern: the request id (kept from the client or made without a system
//! call), the CSP nonce, the security headers on the way out, and the request's log span and
//! its closing line with status and latency.

use crate::request_id;
use crate::security::{CspNonce, FIXED_HEADERS, PolicyHeader};
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue};
use axum::response::Response;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;
use tower::{Layer, Service};
use tracing::Instrument;

pub const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Wraps the site in [`Front`].
#[derive(Clone)]
pub struct FrontLayer {
    policy: Arc<PolicyHeader>,
}

impl FrontLayer {
    /// `https`: whether the policy asks browsers to upgrade insecure requests; `third`: the
    /// third parties whose origins it allows.
    pub fn new(https: bool, third: crate::security::ThirdParties) -> Self {
        FrontLayer {
            policy: Arc::new(PolicyHeader::new(https, third)),
        }
    }
}

impl<S> Layer<S> for FrontLayer {
    type Service = Front<S>;

    fn layer(&self, inner: S) -> Front<S> {
        Front {
            inner,
            policy: Arc::clone(&self.policy),
        }
    }
}

/// See the module documentation.
#[derive(Clone)]
pub struct Front<S> {
    inner: S,
    policy: Arc<PolicyHeader>,
}

impl<S> Service<Request> for Front<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let id = match request.headers().get(X_REQUEST_ID) {
            Some(id) if request_id::from_client(id) => id.clone(),
            _ => {
                let id = request_id::next();
                request.headers_mut().insert(X_REQUEST_ID, id.clone());
                id
            }
        };
        let nonce = CspNonce::fresh();
        let csp = self.policy.value(&nonce.0);
        request.extensions_mut().insert(nonce);
        // The path only: a query string is the visitor's business.
        let span = tracing::info_span!(
            "request",
            request_id = id.to_str().unwrap_or("-"),
            method = %request.method(),
            path = request.uri().path(),
        );
        let start = Instant::now();
        let response = self.inner.call(request).instrument(span.clone());
        Box::pin(async move {
            let Ok(mut response) = response.await;
            let headers = response.headers_mut();
            headers.insert(axum::http::header::CONTENT_SECURITY_POLICY, csp);
            for (name, value) in FIXED_HEADERS {
                headers.insert(
                    HeaderName::from_static(name),
                    HeaderValue::from_static(value),
                );
            }
            if !headers.contains_key(X_REQUEST_ID) {
                headers.insert(X_REQUEST_ID, id);
            }
            let status = response.status().as_u16();
            let latency_us = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
            let _in_request = span.enter();
            if status >= 500 {
                tracing::error!(status, latency_us, "response failed");
            } else {
                tracing::info!(status, latency_us, "finished processing request");
            }
            Ok(response)
        })
    }
}
