//! A local fake of Google's reCAPTCHA siteverify: records the form it is sent and answers the
//! way Google documents. A token it issued (as the widget gives one to a browser whose visitor
//! ticked the box) passes once, for [`HOSTNAME`], if the form carries [`SECRET`]; a token used
//! before is `timeout-or-duplicate`, any other `invalid-input-response`. Scripted answers, when
//! queued, go first; once told to hang, it never answers.

use axum::Router;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::json;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The secret key the fake expects.
pub const SECRET: &str = "recaptcha-secret";

/// The site the fake's issued tokens were solved on.
pub const HOSTNAME: &str = "www.example.com";

/// One scripted answer.
#[derive(Clone, Debug)]
pub enum Answer {
    Json(serde_json::Value),
    Status(u16),
}

#[derive(Default)]
struct Inner {
    answers: Mutex<VecDeque<Answer>>,
    forms: Mutex<Vec<HashMap<String, String>>>,
    /// Issued tokens, and whether each was verified already.
    issued: Mutex<HashMap<String, bool>>,
    next_token: AtomicUsize,
    hanging: AtomicBool,
}

#[derive(Clone)]
pub struct FakeSiteverify {
    pub url: String,
    inner: Arc<Inner>,
}

impl FakeSiteverify {
    pub async fn start() -> FakeSiteverify {
        let inner = Arc::new(Inner::default());
        let app = Router::new()
            .route("/recaptcha/api/siteverify", post(handle))
            .with_state(Arc::clone(&inner));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!(
            "http://{}/recaptcha/api/siteverify",
            listener.local_addr().unwrap()
        );
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        FakeSiteverify { url, inner }
    }

    /// Queues the answer to the next call.
    pub fn answer(&self, answer: Answer) {
        self.inner.answers.lock().unwrap().push_back(answer);
    }

    /// A fresh token, as the widget hands one to a browser on our site.
    pub fn issue(&self) -> String {
        let n = self.inner.next_token.fetch_add(1, Ordering::SeqCst);
        let token = format!("03AFcWeA-issued-{n}-{}", "x".repeat(40));
        self.inner
            .issued
            .lock()
            .unwrap()
            .insert(token.clone(), false);
        token
    }

    /// From now on, takes every call and never answers it.
    pub fn hang(&self) {
        self.inner.hanging.store(true, Ordering::SeqCst);
    }

    /// Every form it was sent, in order.
    pub fn forms(&self) -> Vec<HashMap<String, String>> {
        self.inner.forms.lock().unwrap().clone()
    }
}

async fn handle(
    State(inner): State<Arc<Inner>>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    inner.forms.lock().unwrap().push(form.clone());
    if inner.hanging.load(Ordering::SeqCst) {
        std::future::pending::<()>().await;
    }
    let answer = inner.answers.lock().unwrap().pop_front();
    match answer {
        Some(Answer::Json(value)) => axum::Json(value).into_response(),
        Some(Answer::Status(code)) => StatusCode::from_u16(code).unwrap().into_response(),
        None => axum::Json(verdict(&inner, &form)).into_response(),
    }
}

/// Google's verdict on `form`, from the tokens issued so far.
fn verdict(inner: &Inner, form: &HashMap<String, String>) -> serde_json::Value {
    let refused = |code: &str| json!({"success": false, "error-codes": [code]});
    if form.get("secret").map(String::as_str) != Some(SECRET) {
        return refused("invalid-input-secret");
    }
    let token = form.get("response").map(String::as_str).unwrap_or("");
    match inner.issued.lock().unwrap().get_mut(token) {
        None => refused("invalid-input-response"),
        Some(used) if *used => refused("timeout-or-duplicate"),
        Some(used) => {
            *used = true;
            json!({"success": true, "challenge_ts": "2023-11-14T22:13:20Z", "hostname": HOSTNAME})
        }
    }
}
