//! `GET /healthz` (the process answers) and `GET /readyz` (content is loaded: which version,
//! since when; with a live source, when it was read and whether from the disk cache; whether a
//! reload asked for by a webhook is under way; with enquiries taken, whether their deliveries are
//! flowing or blocked and why; what the connection defences did: connections open, refused over a
//! cap, timed out, failed accepts).

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
    // The source's own account, when it has one for the set being served: how long ago the
    // content was read from Contentful, not merely when this process swapped it in.
    let fresh = state
        .inner()
        .freshness
        .as_ref()
        .and_then(|f| f.freshness())
        .filter(|f| f.version == generation.version());
    let unix = |t: SystemTime| {
        t.duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    };
    let content_time = fresh
        .as_ref()
        .map_or(generation.loaded_at, |f| f.fetched_at);
    let age = SystemTime::now()
        .duration_since(content_time)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let mut body = serde_json::json!({
        "status": "ready",
        "contentVersion": generation.version(),
        "loadedAt": unix(generation.loaded_at),
        "ageSeconds": age,
        "build": state.inner().shell.build_id(),
        "cachedPages": generation.pages.len(),
        "connections": state.inner().connections.to_json(),
        "reloading": state.reloading(),
    });
    if let Some(f) = fresh {
        body["source"] = f.source.into();
        body["fetchedAt"] = unix(f.fetched_at).into();
        body["fromDisk"] = f.from_disk.into();
    }
    if let Some(desk) = state.contact() {
        // Pages are still served while deliveries are blocked (the enquiries are stored and
        // wait), so the status stays ready; the operator reads why here.
        body["deliveries"] = match desk.enquiries().outbox().blocked().await {
            Ok(None) => serde_json::json!({"status": "flowing"}),
            Ok(Some(b)) => serde_json::json!({
                "status": "blocked",
                "reason": b.reason,
                "since": b.since.0 / 1000,
            }),
            // The store's own error names paths; it is in the server's log, not here.
            Err(_) => serde_json::json!({"status": "unknown"}),
        };
    }
    ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
}
