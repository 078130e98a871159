//! [`FakeBrevo`] (feature `fake`): a local fake of Brevo's API v3, the two calls the
//! [`BrevoClient`](crate::BrevoClient) makes, for this crate's tests, the server's and the
//! browser journey's. It checks every request against the shape Brevo documents (api-key,
//! content type, fields, idempotency key), records it, answers as scripted (an error status
//! with Brevo's `{code,message}` body and any headers, a slow answer, an email accepted but
//! never answered, no answer at all), and counts emails by idempotency key the way Brevo sends
//! them: a repeated key within its window sends nothing more.
//!
//! A refused connection needs no fake: a closed port (see [`refused_url`]). The routes under
//! `/_control` let a test in another process read and script the fake over HTTP (see
//! `control.rs`; the `fake_brevo` example runs it on a port of one's choosing).

mod control;
mod shape;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::Notify;

/// The API key the fake accepts; any other is refused with 401, as Brevo does.
pub const KEY: &str = "xkeysib-test-key-0123456789";
/// The transactional email call.
pub const EMAIL: &str = "/v3/smtp/email";
/// The contact upsert call.
pub const CONTACTS: &str = "/v3/contacts";

/// One scripted answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// This status, headers and body; nothing is sent.
    Status(u16, Vec<(String, String)>, String),
    /// Waits this long, then accepts.
    Slow(Duration),
    /// Accepts (the email goes out) but never answers.
    AcceptThenHang,
    /// Never answers and sends nothing.
    Hang,
}

impl Reply {
    /// `status` with Brevo's error body `{"code":…,"message":…}`.
    pub fn error(status: u16, code: &str, message: &str) -> Reply {
        Reply::Status(
            status,
            vec![],
            json!({"code": code, "message": message}).to_string(),
        )
    }

    /// 429 with Brevo's rate-limit headers, the window resetting in `reset_secs`.
    pub fn rate_limited(reset_secs: u64) -> Reply {
        Reply::Status(
            429,
            vec![
                ("x-sib-ratelimit-limit".into(), "100".into()),
                ("x-sib-ratelimit-remaining".into(), "0".into()),
                ("x-sib-ratelimit-reset".into(), reset_secs.to_string()),
            ],
            json!({"code": "too_many_requests", "message": "rate limit reached"}).to_string(),
        )
    }
}

/// A request as received.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The request's path, e.g. `/v3/smtp/email`.
    pub path: String,
    /// The request's headers.
    pub headers: HeaderMap,
    /// The JSON body (`null` when it was not JSON).
    pub body: Value,
    /// How the request strayed from Brevo's documented shape; empty when it did not.
    pub violations: Vec<String>,
}

impl Recorded {
    /// The email's idempotency key, when it has one.
    pub fn idempotency_key(&self) -> Option<&str> {
        self.body["headers"]["idempotencyKey"].as_str()
    }
}

/// [`FakeBrevo::wait_for`] ran out of patience.
#[derive(Debug, thiserror::Error)]
#[error("{wanted} requests to {path} did not arrive within {patience:?} ({arrived} did)")]
pub struct WaitError {
    /// The path waited on.
    pub path: String,
    /// How many requests were wanted.
    pub wanted: usize,
    /// How many had arrived when the wait ended.
    pub arrived: usize,
    /// How long the wait lasted.
    pub patience: Duration,
}

#[derive(Default)]
struct Inner {
    script: Mutex<HashMap<String, VecDeque<Reply>>>,
    requests: Mutex<Vec<Recorded>>,
    /// Emails that went out, by idempotency key (requests without one under "").
    emails: Mutex<BTreeMap<String, u32>>,
    /// The account's contact attributes, when a test set them; any attribute otherwise.
    attributes: Mutex<Option<Vec<String>>>,
    changed: Notify,
}

/// Locks `m`, whose data stays consistent even if a holder panicked (each update is a
/// single push or insert).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The running fake. It serves on a task of the runtime it was started on and stops with it.
#[derive(Clone)]
pub struct FakeBrevo {
    /// `http://127.0.0.1:PORT`, the value for `BREVO_API_BASE`.
    pub base_url: String,
    inner: Arc<Inner>,
}

impl FakeBrevo {
    /// Starts the fake on a free port of 127.0.0.1.
    ///
    /// Errors: the port cannot be bound.
    pub async fn start() -> std::io::Result<FakeBrevo> {
        Self::start_on(SocketAddr::from(([127, 0, 0, 1], 0))).await
    }

    /// Starts the fake on `addr` (port 0 for a free one).
    ///
    /// Errors: the address cannot be bound.
    pub async fn start_on(addr: SocketAddr) -> std::io::Result<FakeBrevo> {
        let inner = Arc::new(Inner::default());
        let app = Router::new()
            .route(EMAIL, post(handle))
            .route(CONTACTS, post(handle))
            .merge(control::routes())
            .with_state(Arc::clone(&inner));
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let base_url = format!("http://{}", listener.local_addr()?);
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!(error = %e, "the fake Brevo stopped serving");
            }
        });
        Ok(FakeBrevo { base_url, inner })
    }

    /// Queues the answer to the next unscripted request to `path`; once the script runs
    /// out, requests are accepted.
    pub fn script(&self, path: &str, reply: Reply) {
        self.inner.script(path, reply);
    }

    /// The contact attributes the account has, as made in Brevo's settings: a contact upsert
    /// naming any other is refused with 400 `invalid_parameter`, as Brevo refuses attributes
    /// the account does not have ("These attributes must be present in your Brevo account").
    /// Until this is called every attribute is taken.
    pub fn account_attributes(&self, names: &[&str]) {
        *lock(&self.inner.attributes) = Some(names.iter().map(|n| (*n).to_owned()).collect());
    }

    /// Every request received, in order.
    pub fn requests(&self) -> Vec<Recorded> {
        lock(&self.inner.requests).clone()
    }

    /// The requests received at `path`, in order.
    pub fn requests_to(&self, path: &str) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| r.path == path)
            .collect()
    }

    /// Every shape violation seen, in order.
    pub fn violations(&self) -> Vec<String> {
        self.requests()
            .into_iter()
            .flat_map(|r| r.violations)
            .collect()
    }

    /// Emails that went out for idempotency key `key`.
    pub fn emails_sent(&self, key: &str) -> u32 {
        lock(&self.inner.emails).get(key).copied().unwrap_or(0)
    }

    /// Emails that went out in all.
    pub fn total_emails(&self) -> u32 {
        lock(&self.inner.emails).values().sum()
    }

    /// Waits until at least `n` requests to `path` have arrived.
    ///
    /// Errors: [`WaitError`] when they have not after `patience`.
    pub async fn wait_for(
        &self,
        path: &str,
        n: usize,
        patience: Duration,
    ) -> Result<(), WaitError> {
        let wait = async {
            loop {
                let changed = self.inner.changed.notified();
                if self.requests_to(path).len() >= n {
                    return;
                }
                changed.await;
            }
        };
        tokio::time::timeout(patience, wait)
            .await
            .map_err(|_| WaitError {
                path: path.to_owned(),
                wanted: n,
                arrived: self.requests_to(path).len(),
                patience,
            })
    }

    /// Forgets every request, email and scripted answer.
    pub fn reset(&self) {
        self.inner.reset();
    }
}

impl Inner {
    fn script(&self, path: &str, reply: Reply) {
        lock(&self.script)
            .entry(path.to_owned())
            .or_default()
            .push_back(reply);
    }

    fn reset(&self) {
        lock(&self.script).clear();
        lock(&self.requests).clear();
        lock(&self.emails).clear();
        *lock(&self.attributes) = None;
        self.changed.notify_waiters();
    }

    /// The first attribute of a contact upsert the account does not have, when it has a set.
    fn unknown_attribute(&self, body: &Value) -> Option<String> {
        let known = lock(&self.attributes);
        let known = known.as_ref()?;
        body["attributes"]
            .as_object()?
            .keys()
            .find(|name| !known.contains(name))
            .cloned()
    }

    /// Sends the email of an accepted request (once per idempotency key).
    fn accept(&self, path: &str, key: Option<&str>) {
        if path == EMAIL {
            let mut emails = lock(&self.emails);
            match key {
                Some(k) => {
                    emails.entry(k.to_owned()).or_insert(1);
                }
                None => *emails.entry(String::new()).or_insert(0) += 1,
            }
        }
        self.changed.notify_waiters();
    }
}

/// An address on 127.0.0.1 where nothing listens: connections to it are refused.
///
/// Errors: no port could be bound to find a free one.
pub fn refused_url() -> std::io::Result<String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    let port = listener.local_addr()?.port();
    drop(listener);
    Ok(format!("http://127.0.0.1:{port}"))
}

async fn handle(
    State(inner): State<Arc<Inner>>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_owned();
    let parsed: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let key_ok = headers.get("api-key").and_then(|v| v.to_str().ok()) == Some(KEY);
    let mut violations = shape::check(&path, &headers, &parsed);
    if !key_ok {
        violations.insert(
            0,
            "api-key header is missing or not the account's key".into(),
        );
    }
    let key = parsed["headers"]["idempotencyKey"]
        .as_str()
        .map(str::to_owned);
    let unknown = (path == CONTACTS)
        .then(|| inner.unknown_attribute(&parsed))
        .flatten();
    lock(&inner.requests).push(Recorded {
        path: path.clone(),
        headers,
        body: parsed,
        violations: violations.clone(),
    });
    inner.changed.notify_waiters();
    if !key_ok {
        return error(401, "unauthorized", "Key not found");
    }
    if !violations.is_empty() {
        return error(400, "invalid_parameter", &violations.join("; "));
    }
    if let Some(unknown) = unknown {
        return error(
            400,
            "invalid_parameter",
            &format!("Attribute {unknown} does not exist"),
        );
    }
    let scripted = lock(&inner.script)
        .get_mut(&path)
        .and_then(VecDeque::pop_front);
    match scripted {
        None => {
            inner.accept(&path, key.as_deref());
            accepted(&path)
        }
        Some(Reply::Slow(wait)) => {
            tokio::time::sleep(wait).await;
            inner.accept(&path, key.as_deref());
            accepted(&path)
        }
        Some(Reply::AcceptThenHang) => {
            inner.accept(&path, key.as_deref());
            std::future::pending().await
        }
        Some(Reply::Hang) => std::future::pending().await,
        Some(Reply::Status(status, headers, body)) => answer(status, headers, body),
    }
}

/// Brevo's answers to an accepted call.
fn accepted(path: &str) -> Response {
    if path == EMAIL {
        (
            StatusCode::CREATED,
            axum::Json(json!({"messageId": "<202311142213.1@smtp-relay.mailin.fr>"})),
        )
            .into_response()
    } else {
        (StatusCode::CREATED, axum::Json(json!({"id": 42}))).into_response()
    }
}

/// Brevo's error answer.
fn error(status: u16, code: &str, message: &str) -> Response {
    let body = json!({"code": code, "message": message}).to_string();
    answer(status, vec![], body)
}

/// A JSON answer with `status` and `headers` (a header that is not valid HTTP is left out).
fn answer(status: u16, headers: Vec<(String, String)>, body: String) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, body).into_response();
    response.headers_mut().insert(
        axum::http::header::CONTENT_TYPE,
        axum::http::HeaderValue::from_static("application/json"),
    );
    for (name, value) in headers {
        if let (Ok(name), Ok(value)) = (
            axum::http::HeaderName::try_from(name),
            axum::http::HeaderValue::try_from(value),
        ) {
            response.headers_mut().insert(name, value);
        }
    }
    response
}
