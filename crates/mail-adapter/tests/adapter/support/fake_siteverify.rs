//! A local fake of Google's reCAPTCHA siteverify: records the form it is sent and answers
//! as scripted.

use axum::Router;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One scripted answer.
#[derive(Clone, Debug)]
pub enum Answer {
    Json(serde_json::Value),
    Status(u16),
    Slow(Duration),
}

#[derive(Default)]
struct Inner {
    answers: Mutex<VecDeque<Answer>>,
    forms: Mutex<Vec<HashMap<String, String>>>,
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

    pub fn answer(&self, answer: Answer) {
        self.inner.answers.lock().unwrap().push_back(answer);
    }

    pub fn forms(&self) -> Vec<HashMap<String, String>> {
        self.inner.forms.lock().unwrap().clone()
    }
}

async fn handle(
    State(inner): State<Arc<Inner>>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    inner.forms.lock().unwrap().push(form);
    let answer = inner.answers.lock().unwrap().pop_front();
    match answer.expect("every siteverify call is scripted") {
        Answer::Json(value) => axum::Json(value).into_response(),
        Answer::Status(code) => StatusCode::from_u16(code).unwrap().into_response(),
        Answer::Slow(wait) => {
            tokio::time::sleep(wait).await;
            axum::Json(serde_json::json!({"success": true, "hostname": "www.example.com"}))
                .into_response()
        }
    }
}
