//! `GET /healthz` (the process answers) and `GET /readyz` (content is loaded: which version,
//! since when).

use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::time::{SystemTime, UNIX_EPOCH};

pub async fn healthz() -> Response {
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(serde_json::json!({"status": "ok"})),
    )
        .into_response()
}

pub async fn readyz(State(state): State<AppState>) -> Response {
    let generation = state.content().current();
    let loaded_at = generation
        .loaded_at
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let age = SystemTime::now()
        .duration_since(generation.loaded_at)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(serde_json::json!({
            "status": "ready",
            "contentVersion": generation.version(),
            "loadedAt": loaded_at,
            "ageSeconds": age,
            "build": state.inner().shell.build_id(),
            "cachedPages": generation.pages.len(),
        })),
    )
        .into_response()
}
