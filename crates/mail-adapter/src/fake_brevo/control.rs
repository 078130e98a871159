//! The fake's control API, for a test in another process (the browser journey) that cannot
//! hold a [`FakeBrevo`](super::FakeBrevo) value:
//!
//! - `GET /_control/requests`: every request received, in order, as
//!   `[{"path","headers":{name:value},"body","violations":[…]}]`;
//! - `GET /_control/emails`: `{"total":n,"byKey":{"<idempotency key>":n}}`, the emails that
//!   went out;
//! - `POST /_control/fail` `{"status":400,"path":"/v3/smtp/email","times":1,"code":"…",
//!   "message":"…","resetSeconds":30}`: the next `times` requests to `path` (both calls when
//!   it is left out) are answered with `status` and Brevo's `{code,message}` body; a 429 carries
//!   the rate-limit headers with `resetSeconds`;
//! - `POST /_control/slow` `{"millis":4000,"path":"/v3/smtp/email","times":1}`: the next
//!   `times` requests to `path` (both calls when it is left out) are accepted after `millis`
//!   (at most a minute), as a slow or briefly hanging Brevo does;
//! - `POST /_control/reset`: forgets requests, emails and scripted answers.

use super::{CONTACTS, EMAIL, Inner, Reply, lock};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// The control routes, to merge into the fake's router.
pub fn routes() -> Router<Arc<Inner>> {
    Router::new()
        .route("/_control/requests", get(requests))
        .route("/_control/emails", get(emails))
        .route("/_control/fail", post(fail))
        .route("/_control/slow", post(slow))
        .route("/_control/reset", post(reset))
}

async fn requests(State(inner): State<Arc<Inner>>) -> Json<Value> {
    let recorded = lock(&inner.requests).clone();
    Json(Value::Array(
        recorded
            .into_iter()
            .map(|r| {
                let headers: Map<String, Value> = r
                    .headers
                    .iter()
                    .map(|(name, value)| {
                        let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
                        (name.as_str().to_owned(), Value::String(value))
                    })
                    .collect();
                json!({
                    "path": r.path,
                    "headers": headers,
                    "body": r.body,
                    "violations": r.violations,
                })
            })
            .collect(),
    ))
}

async fn emails(State(inner): State<Arc<Inner>>) -> Json<Value> {
    let emails = lock(&inner.emails).clone();
    let total: u32 = emails.values().sum();
    Json(json!({ "total": total, "byKey": emails }))
}

/// The body of `POST /_control/fail`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Fail {
    status: u16,
    path: Option<String>,
    #[serde(default = "one")]
    times: usize,
    code: Option<String>,
    message: Option<String>,
    reset_seconds: Option<u64>,
}

fn one() -> usize {
    1
}

/// The most answers one call may script: a typo should not script a million.
const MOST_TIMES: usize = 100;

async fn fail(State(inner): State<Arc<Inner>>, body: axum::body::Bytes) -> Response {
    let fail: Fail = match serde_json::from_slice(&body) {
        Ok(f) => f,
        Err(e) => return refuse(&format!("invalid fail request: {e}")),
    };
    if !(400..=599).contains(&fail.status) {
        return refuse(&format!(
            "invalid status {} (expected 400 to 599)",
            fail.status
        ));
    }
    let paths = match scripted_paths(fail.path.as_deref(), fail.times) {
        Ok(paths) => paths,
        Err(why) => return refuse(&why),
    };
    let reply = match (fail.status, fail.reset_seconds) {
        (429, reset) => Reply::rate_limited(reset.unwrap_or(60)),
        (status, _) => Reply::error(
            status,
            fail.code.as_deref().unwrap_or("scripted_failure"),
            fail.message
                .as_deref()
                .unwrap_or("scripted by the test through /_control/fail"),
        ),
    };
    script(&inner, &paths, &reply, fail.times)
}

/// The body of `POST /_control/slow`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Slow {
    millis: u64,
    path: Option<String>,
    #[serde(default = "one")]
    times: usize,
}

/// The longest scripted wait: a test should not hang a fake for longer.
const MOST_MILLIS: u64 = 60_000;

async fn slow(State(inner): State<Arc<Inner>>, body: axum::body::Bytes) -> Response {
    let slow: Slow = match serde_json::from_slice(&body) {
        Ok(s) => s,
        Err(e) => return refuse(&format!("invalid slow request: {e}")),
    };
    if slow.millis > MOST_MILLIS {
        return refuse(&format!(
            "invalid millis {} (expected at most {MOST_MILLIS})",
            slow.millis
        ));
    }
    let paths = match scripted_paths(slow.path.as_deref(), slow.times) {
        Ok(paths) => paths,
        Err(why) => return refuse(&why),
    };
    let reply = Reply::Slow(std::time::Duration::from_millis(slow.millis));
    script(&inner, &paths, &reply, slow.times)
}

async fn reset(State(inner): State<Arc<Inner>>) -> StatusCode {
    inner.reset();
    StatusCode::NO_CONTENT
}

/// The endpoints a scripted answer is for (both when `path` is not given), once `times` is
/// checked; why not otherwise.
fn scripted_paths(path: Option<&str>, times: usize) -> Result<Vec<&'static str>, String> {
    if times == 0 || times > MOST_TIMES {
        return Err(format!(
            "invalid times {times} (expected 1 to {MOST_TIMES})"
        ));
    }
    match path {
        None => Ok(vec![EMAIL, CONTACTS]),
        Some(EMAIL) => Ok(vec![EMAIL]),
        Some(CONTACTS) => Ok(vec![CONTACTS]),
        Some(other) => Err(format!(
            "invalid path {other:?} (expected {EMAIL} or {CONTACTS})"
        )),
    }
}

/// Queues `reply` `times` times on each of `paths`, and says so.
fn script(inner: &Inner, paths: &[&'static str], reply: &Reply, times: usize) -> Response {
    for path in paths {
        for _ in 0..times {
            inner.script(path, reply.clone());
        }
    }
    (
        StatusCode::OK,
        Json(json!({"scripted": paths, "times": times})),
    )
        .into_response()
}

fn refuse(message: &str) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({ "message": message }))).into_response()
}
