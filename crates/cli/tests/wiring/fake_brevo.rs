//! A local fake of Brevo's API v3 (the two calls we make) on 127.0.0.1, as the mail adapter's
//! tests have it: it checks every request against the shape Brevo documents, answers as
//! scripted (a hang, or accepting and then hanging), and counts emails by idempotency key the
//! way Brevo sends them: a repeated key within its window sends nothing more.

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;

pub const KEY: &str = "xkeysib-test-key-0123456789";
pub const EMAIL: &str = "/v3/smtp/email";
pub const CONTACTS: &str = "/v3/contacts";

/// One scripted answer.
#[derive(Clone, Debug)]
pub enum Reply {
    /// This status, headers and body.
    Status(u16, Vec<(&'static str, String)>, String),
    /// Accepts the email (it goes out) but never answers.
    AcceptThenHang,
    /// Never answers and sends nothing.
    Hang,
}

impl Reply {
    pub fn error(status: u16, code: &str, message: &str) -> Reply {
        Reply::Status(
            status,
            vec![],
            json!({"code": code, "message": message}).to_string(),
        )
    }
}

/// A request as received.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub path: String,
    pub body: Value,
    pub violations: Vec<String>,
}

#[derive(Default)]
struct Inner {
    script: Mutex<HashMap<String, VecDeque<Reply>>>,
    requests: Mutex<Vec<Recorded>>,
    /// Emails that went out, by idempotency key (a request without one always sends).
    emails: Mutex<HashMap<String, u32>>,
    changed: Notify,
}

/// The running fake; stops with the test's runtime.
#[derive(Clone)]
pub struct FakeBrevo {
    pub base_url: String,
    inner: Arc<Inner>,
}

impl FakeBrevo {
    pub async fn start() -> FakeBrevo {
        let inner = Arc::new(Inner::default());
        let app = Router::new()
            .route(EMAIL, post(handle))
            .route(CONTACTS, post(handle))
            .with_state(Arc::clone(&inner));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        FakeBrevo { base_url, inner }
    }

    /// Queues the answer to the next unscripted request to `path`; once the script runs
    /// out, requests are accepted.
    pub fn script(&self, path: &str, reply: Reply) {
        self.inner
            .script
            .lock()
            .unwrap()
            .entry(path.to_owned())
            .or_default()
            .push_back(reply);
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.requests.lock().unwrap().clone()
    }

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
        self.inner
            .emails
            .lock()
            .unwrap()
            .get(key)
            .copied()
            .unwrap_or(0)
    }

    /// Emails that went out in all.
    pub fn total_emails(&self) -> u32 {
        self.inner.emails.lock().unwrap().values().sum()
    }

    /// Waits until `n` requests to `path` have arrived (failing the test after `patience`).
    pub async fn wait_for(&self, path: &str, n: usize, patience: Duration) {
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
            .unwrap_or_else(|_| panic!("{n} requests to {path} did not arrive"));
    }
}

async fn handle(
    State(inner): State<Arc<Inner>>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_owned();
    let parsed: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let violations = check_shape(&path, &headers, &parsed);
    let key = parsed["headers"]["idempotencyKey"]
        .as_str()
        .map(str::to_owned);
    inner.requests.lock().unwrap().push(Recorded {
        path: path.clone(),
        body: parsed,
        violations: violations.clone(),
    });
    inner.changed.notify_waiters();
    if headers.get("api-key").and_then(|v| v.to_str().ok()) != Some(KEY) {
        return reply(Reply::error(401, "unauthorized", "Key not found"));
    }
    if !violations.is_empty() {
        return reply(Reply::error(
            400,
            "invalid_parameter",
            &violations.join("; "),
        ));
    }
    let scripted = inner
        .script
        .lock()
        .unwrap()
        .get_mut(&path)
        .and_then(VecDeque::pop_front);
    let accept = |inner: &Inner| {
        if path == EMAIL {
            let mut emails = inner.emails.lock().unwrap();
            match &key {
                Some(k) => {
                    emails.entry(k.clone()).or_insert(1);
                }
                None => *emails.entry(String::new()).or_insert(0) += 1,
            }
        }
        inner.changed.notify_waiters();
    };
    match scripted {
        None => {
            accept(&inner);
            accepted(&path)
        }
        Some(Reply::AcceptThenHang) => {
            accept(&inner);
            std::future::pending().await
        }
        Some(Reply::Hang) => std::future::pending().await,
        Some(other) => reply(other),
    }
}

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

fn reply(reply: Reply) -> Response {
    let Reply::Status(status, headers, body) = reply else {
        unreachable!("only statuses are replied directly")
    };
    let mut response = (StatusCode::from_u16(status).unwrap(), body).into_response();
    response
        .headers_mut()
        .insert("content-type", "application/json".parse().unwrap());
    for (name, value) in headers {
        response.headers_mut().insert(name, value.parse().unwrap());
    }
    response
}

/// What Brevo documents for the two calls, as far as we use them.
fn check_shape(path: &str, headers: &HeaderMap, body: &Value) -> Vec<String> {
    let mut v = Vec::new();
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("")
    };
    if header("accept") != "application/json" {
        v.push(format!("accept header is {:?}", header("accept")));
    }
    if header("content-type") != "application/json" {
        v.push(format!(
            "content-type header is {:?}",
            header("content-type")
        ));
    }
    let string = |v: &mut Vec<String>, value: &Value, at: &str| {
        if value.as_str().is_none_or(|s| s.is_empty()) {
            v.push(format!("{at} must be a non-empty string"));
        }
    };
    let keys =
        |v: &mut Vec<String>, value: &Value, at: &str, allowed: &[&str]| match value.as_object() {
            Some(o) => {
                for k in o.keys() {
                    if !allowed.contains(&k.as_str()) {
                        v.push(format!("{at} has unexpected key {k}"));
                    }
                }
            }
            None => v.push(format!("{at} must be an object")),
        };
    match path {
        EMAIL => {
            keys(
                &mut v,
                body,
                "body",
                &[
                    "sender",
                    "to",
                    "replyTo",
                    "subject",
                    "htmlContent",
                    "headers",
                ],
            );
            keys(&mut v, &body["sender"], "sender", &["name", "email"]);
            string(&mut v, &body["sender"]["email"], "sender.email");
            match body["to"].as_array() {
                Some(to) if !to.is_empty() => {
                    for (i, t) in to.iter().enumerate() {
                        keys(&mut v, t, &format!("to[{i}]"), &["email", "name"]);
                        string(&mut v, &t["email"], &format!("to[{i}].email"));
                    }
                }
                _ => v.push("to must be a non-empty array".into()),
            }
            keys(&mut v, &body["replyTo"], "replyTo", &["email", "name"]);
            string(&mut v, &body["replyTo"]["email"], "replyTo.email");
            string(&mut v, &body["subject"], "subject");
            string(&mut v, &body["htmlContent"], "htmlContent");
            keys(&mut v, &body["headers"], "headers", &["idempotencyKey"]);
            string(
                &mut v,
                &body["headers"]["idempotencyKey"],
                "headers.idempotencyKey",
            );
        }
        CONTACTS => {
            keys(
                &mut v,
                body,
                "body",
                &["email", "attributes", "updateEnabled"],
            );
            string(&mut v, &body["email"], "email");
            keys(
                &mut v,
                &body["attributes"],
                "attributes",
                &["FIRSTNAME", "LASTNAME", "ORGANISATION", "PHONE"],
            );
            if body["updateEnabled"] != Value::Bool(true) {
                v.push("updateEnabled must be true".into());
            }
        }
        other => v.push(format!("unexpected path {other}")),
    }
    v
}
