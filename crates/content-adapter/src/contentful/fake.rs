//! A local fake Contentful (feature `fake`): the GraphQL Content API and the Content Delivery
//! API of one space (its Sync API included: initial syncs in pages, deltas with deletions,
//! tokens that can be made to expire), on 127.0.0.1, answering from a space export in
//! Contentful's documented shapes. Tests script it to fail the way Contentful fails (401, 404, 429 with a reset
//! header, 5xx, slow answers), edit its content while it runs, and stop it to simulate an
//! outage. It also serves asset files from a folder, as the asset hosts do (see
//! [`FakeContentful::serve_files`]).

mod cda;
mod graphql;
mod space;
mod sync;

use super::retry::{Pause, RetryPolicy};
use super::settings::{ContentfulSettings, Secret};
use async_trait::async_trait;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use space::Space;
use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// The space id the fake answers for.
pub const SPACE_ID: &str = "fakespace";
/// The environment the fake answers for.
pub const ENVIRONMENT: &str = "master";
/// The delivery token the fake accepts.
pub const TOKEN: &str = "fake-delivery-token";
/// The preview token the fake accepts: with it the entries API, and GraphQL queries that ask
/// with `preview: true`, read drafts and the latest version of changed entries.
pub const PREVIEW_TOKEN: &str = "fake-preview-token";

/// How the fake answers one request instead of answering it normally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Answers with this status and Contentful's error body for it.
    Status(u16),
    /// Answers 429 with `X-Contentful-RateLimit-Reset: reset_seconds`.
    RateLimited {
        /// The seconds until the limit resets, as the header says them.
        reset_seconds: u64,
    },
    /// Waits this long, then answers normally.
    Slow(Duration),
}

/// A request the fake received.
#[derive(Clone, Debug)]
pub struct Received {
    /// The HTTP method, such as `POST` for GraphQL and `GET` for the entries API.
    pub method: String,
    /// The URL path, such as `/content/v1/spaces/fakespace/environments/master`.
    pub path: String,
    /// The raw query string, if any.
    pub query: Option<String>,
    /// The `Authorization` header as sent (`Bearer …`), if any.
    pub authorization: Option<String>,
    /// The JSON body of a GraphQL request.
    pub body: Option<Value>,
    /// When the request arrived, before any scripted fault was applied.
    pub at: Instant,
}

struct Shared {
    space: Mutex<Space>,
    script: Mutex<VecDeque<Fault>>,
    always: Mutex<Option<Fault>>,
    received: Mutex<Vec<Received>>,
    files: Mutex<Option<PathBuf>>,
    /// Requests being answered now, and the most there have been at once.
    in_flight: Mutex<(usize, usize)>,
}

/// Counts a request as being answered until it is dropped.
struct Answering<'a>(&'a Mutex<(usize, usize)>);

impl<'a> Answering<'a> {
    fn start(counts: &'a Mutex<(usize, usize)>) -> Self {
        let mut counts_now = lock(counts);
        counts_now.0 += 1;
        counts_now.1 = counts_now.1.max(counts_now.0);
        Answering(counts)
    }
}

impl Drop for Answering<'_> {
    fn drop(&mut self) {
        lock(self.0).0 -= 1;
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A running fake Contentful. Stop it with [`FakeContentful::stop`].
pub struct FakeContentful {
    addr: SocketAddr,
    shared: Arc<Shared>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl FakeContentful {
    /// Serves `export` (a space export, such as the demo's) on a free port of 127.0.0.1.
    pub async fn start(export: Value) -> FakeContentful {
        Self::start_on(export, 0).await
    }

    /// [`Self::start`] on `port` of 127.0.0.1 (0: any free port).
    pub async fn start_on(export: Value, port: u16) -> FakeContentful {
        let space = Space::new(export).expect("the export's content model gives a valid schema");
        let shared = Arc::new(Shared {
            space: Mutex::new(space),
            script: Mutex::new(VecDeque::new()),
            always: Mutex::new(None),
            received: Mutex::new(Vec::new()),
            files: Mutex::new(None),
            in_flight: Mutex::new((0, 0)),
        });
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("bind a port of 127.0.0.1");
        let addr = listener.local_addr().expect("local address");
        let app = axum::Router::new()
            .fallback(handle)
            .with_state(shared.clone());
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = rx.await;
                })
                .await;
        });
        FakeContentful {
            addr,
            shared,
            shutdown: Some(tx),
            task: Some(task),
        }
    }

    /// `http://127.0.0.1:{port}`: both API hosts.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Settings that reach this fake, with short back-off so retries take milliseconds.
    pub fn settings(&self) -> ContentfulSettings {
        let mut s = ContentfulSettings::new(SPACE_ID, Secret::new(TOKEN));
        s.graphql_host = self.url();
        s.cda_host = self.url();
        s.retry = RetryPolicy {
            request_timeout: Duration::from_secs(5),
            attempts: 3,
            first_backoff: Duration::from_millis(1),
            max_backoff: Duration::from_millis(5),
            rate_limit_retries: 3,
            max_rate_limit_wait: Duration::from_secs(60),
        };
        s
    }

    /// Answers the next request not yet scripted with `fault`.
    pub fn push(&self, fault: Fault) {
        lock(&self.shared.script).push_back(fault);
    }

    /// Answers every request with `fault` (after the scripted ones) until set to `None`.
    pub fn always(&self, fault: Option<Fault>) {
        *lock(&self.shared.always) = fault;
    }

    /// Serves the files under `dir`, laid out like an export's folder
    /// (`images.ctfassets.net/…`), at `/{host}/{path}`: what a pull asks for when
    /// `CONTENTFUL_ASSETS_BASE` is this fake's URL. Asset hosts want no token.
    pub fn serve_files(&self, dir: impl Into<PathBuf>) {
        *lock(&self.shared.files) = Some(dir.into());
    }

    /// The most requests the fake has been answering at once (a slow answer counts for as long
    /// as it waits).
    pub fn most_in_flight(&self) -> usize {
        lock(&self.shared.in_flight).1
    }

    /// Every request received so far.
    pub fn received(&self) -> Vec<Received> {
        lock(&self.shared.received).clone()
    }

    /// The export being served, as it is now.
    pub fn export(&self) -> Value {
        lock(&self.shared.space).export.clone()
    }

    /// Changes the export being served (publish, unpublish, edit a field).
    pub fn edit(&self, change: impl FnOnce(&mut Value)) {
        let mut space = lock(&self.shared.space);
        change(&mut space.export);
        sync::Log::note(&mut space);
    }

    /// Refuses every sync token handed out so far, as Contentful does with expired ones: the
    /// next delta asked with one gets HTTP 400.
    pub fn expire_sync_tokens(&self) {
        lock(&self.shared.space).sync.expire();
    }

    /// Unpublishes the entry or asset `id` (it stays in the space as a draft).
    pub fn unpublish(&self, id: &str) {
        self.edit(|export| {
            for key in ["entries", "assets"] {
                for item in export[key].as_array_mut().into_iter().flatten() {
                    if item.pointer("/sys/id").and_then(Value::as_str) == Some(id) {
                        item["sys"]
                            .as_object_mut()
                            .map(|sys| sys.remove("publishedVersion"));
                    }
                }
            }
        });
    }

    /// Settings that read this fake's preview content, as the site's preview does.
    pub fn preview_settings(&self) -> ContentfulSettings {
        self.settings()
            .for_preview(Secret::new(PREVIEW_TOKEN), self.url())
    }

    /// Saves a new, unpublished version of entry `id` made by `change` from its latest
    /// version: the preview APIs read it, the delivery APIs still read the published one.
    pub fn save_draft(&self, id: &str, change: impl FnOnce(&mut Value)) {
        let mut space = lock(&self.shared.space);
        let latest = space.drafts.get(id).cloned().or_else(|| {
            space
                .list("entries")
                .iter()
                .find(|e| space::id(e) == id)
                .cloned()
        });
        let Some(mut latest) = latest else {
            panic!("the fake space has no entry {id}");
        };
        change(&mut latest);
        space.drafts.insert(id.to_string(), latest);
    }

    /// Adds `entry`, never published: only the preview APIs read it.
    pub fn create_draft(&self, mut entry: Value) {
        if let Some(sys) = entry["sys"].as_object_mut() {
            sys.remove("publishedVersion");
            sys.remove("publishedAt");
            sys.remove("firstPublishedAt");
        }
        self.edit(|export| {
            if let Some(entries) = export["entries"].as_array_mut() {
                entries.push(entry);
            }
        });
    }

    /// Archives entry `id`: no API reads it any more.
    pub fn archive(&self, id: &str) {
        self.edit(|export| {
            for item in export["entries"].as_array_mut().into_iter().flatten() {
                if item.pointer("/sys/id").and_then(Value::as_str) == Some(id)
                    && let Some(sys) = item["sys"].as_object_mut()
                {
                    let version = sys.remove("publishedVersion").unwrap_or(Value::from(1));
                    sys.insert("archivedVersion".into(), version);
                }
            }
        });
    }

    /// Stops answering: connections are refused from now on.
    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for FakeContentful {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// A pause that records each wait and returns at once.
#[derive(Debug, Default)]
pub struct RecordingPause(Mutex<Vec<Duration>>);

impl RecordingPause {
    /// Every wait asked for, in order.
    pub fn waits(&self) -> Vec<Duration> {
        lock(&self.0).clone()
    }
}

#[async_trait]
impl Pause for RecordingPause {
    async fn pause(&self, duration: Duration) {
        lock(&self.0).push(duration);
    }
}

fn json_response(status: u16, body: Value) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (status, axum::Json(body)).into_response()
}

fn fault_body(graphql_api: bool, status: u16) -> Value {
    let (code, id, message) = match status {
        401 => (
            "ACCESS_TOKEN_INVALID",
            "AccessTokenInvalid",
            "The access token you sent could not be found or is invalid.",
        ),
        404 => ("NOT_FOUND", "NotFound", "The resource could not be found."),
        429 => (
            "RATE_LIMIT_EXCEEDED",
            "RateLimitExceeded",
            "You have exceeded the rate limit of the Organization this Space belongs to by making too many API requests within a short timespan. Please wait a moment before trying the request again.",
        ),
        503 => (
            "SERVICE_UNAVAILABLE",
            "ServiceUnavailable",
            "The service is temporarily unavailable.",
        ),
        _ => (
            "INTERNAL_SERVER_ERROR",
            "ServerError",
            "Internal server error",
        ),
    };
    if graphql_api {
        graphql::error(message, code)
    } else {
        cda::error(status, id, message).1
    }
}

async fn handle(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let _answering = Answering::start(&shared.in_flight);
    let path = uri.path().to_string();
    let authorization = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let graphql_api = path.starts_with("/content/v1/");
    lock(&shared.received).push(Received {
        method: method.to_string(),
        path: path.clone(),
        query: uri.query().map(str::to_string),
        authorization: authorization.clone(),
        body: if graphql_api {
            serde_json::from_slice(&body).ok()
        } else {
            None
        },
        at: Instant::now(),
    });
    let fault = lock(&shared.script)
        .pop_front()
        .or_else(|| lock(&shared.always).clone());
    match fault {
        Some(Fault::Slow(wait)) => tokio::time::sleep(wait).await,
        Some(Fault::Status(status)) => {
            return json_response(status, fault_body(graphql_api, status));
        }
        Some(Fault::RateLimited { reset_seconds }) => {
            let mut response = json_response(429, fault_body(graphql_api, 429));
            response.headers_mut().insert(
                "X-Contentful-RateLimit-Reset",
                reset_seconds
                    .to_string()
                    .parse()
                    .expect("a number is a header value"),
            );
            return response;
        }
        None => {}
    }
    if let Some(host) = path.trim_start_matches('/').split('/').next()
        && host.ends_with(".ctfassets.net")
    {
        let dir = lock(&shared.files).clone();
        return file(dir, &path).await;
    }
    let preview_token = match authorization
        .as_deref()
        .and_then(|a| a.strip_prefix("Bearer "))
    {
        Some(TOKEN) => false,
        Some(PREVIEW_TOKEN) => true,
        _ => return json_response(401, fault_body(graphql_api, 401)),
    };
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let (space, env, rest) = match (graphql_api, segments.as_slice()) {
        (true, ["content", "v1", "spaces", s, "environments", e]) => (*s, *e, ""),
        (false, ["spaces", s, "environments", e, rest]) => (*s, *e, *rest),
        _ => return json_response(404, fault_body(graphql_api, 404)),
    };
    if space != SPACE_ID || env != ENVIRONMENT {
        return json_response(404, fault_body(graphql_api, 404));
    }
    let mut space = lock(&shared.space);
    let (status, body) = if graphql_api {
        if method != Method::POST {
            (405, graphql::error("Use POST", "METHOD_NOT_ALLOWED"))
        } else {
            graphql::answer(&mut space, &body, preview_token)
        }
    } else {
        let query: HashMap<String, String> = uri
            .query()
            .map(|q| {
                q.split('&')
                    .filter_map(|pair| pair.split_once('='))
                    .map(|(k, v)| (decode(k), decode(v)))
                    .collect()
            })
            .unwrap_or_default();
        // The preview host reads preview content with the preview token, as Contentful's
        // Content Preview API does; one fake serves both hosts.
        space.preview = preview_token;
        if rest == "sync" {
            let host = headers
                .get("host")
                .and_then(|h| h.to_str().ok())
                .unwrap_or("127.0.0.1");
            sync::answer(&space, &format!("http://{host}"), &query)
        } else {
            cda::answer(&space, rest, &query)
        }
    };
    json_response(status, body)
}

/// An asset file from the served folder, or the asset hosts' 404.
async fn file(dir: Option<PathBuf>, path: &str) -> Response {
    let found = match (dir, super::download::relative_path(&format!("/{path}"))) {
        (Some(dir), Some(relative)) => tokio::fs::read(dir.join(relative)).await.ok(),
        _ => None,
    };
    match found {
        Some(bytes) => (
            StatusCode::OK,
            [("content-type", "application/octet-stream")],
            bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "Not Found").into_response(),
    }
}

/// Percent-decodes a query component (`+` is a space, as browsers and reqwest send it).
fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn query_components_are_percent_decoded() {
        assert_eq!(decode("Privacy%20Policy"), "Privacy Policy");
        assert_eq!(decode("Privacy+Policy"), "Privacy Policy");
        assert_eq!(decode("fields.title"), "fields.title");
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%e2%80%9c%"), "\u{201c}%");
    }

    #[test]
    fn error_bodies_follow_each_apis_shape() {
        assert_eq!(
            fault_body(true, 401)["errors"][0]["extensions"]["contentful"]["code"],
            json!("ACCESS_TOKEN_INVALID")
        );
        assert_eq!(fault_body(false, 404)["sys"]["id"], json!("NotFound"));
    }
}
