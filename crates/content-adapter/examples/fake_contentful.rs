//! The fake Contentful as a process, for trying `supplysite content pull`, `supplysite audit`
//! and the live server (which follows it through its Sync API) by hand without a space: it serves a space export (and the asset files
//! in its folder) on 127.0.0.1, prints `fake Contentful listening on http://127.0.0.1:PORT`, and
//! answers until SIGTERM or Ctrl-C. Point `CONTENTFUL_GRAPHQL_HOST`, `CONTENTFUL_CDA_HOST` and
//! `CONTENTFUL_ASSETS_BASE` at that URL, with `CONTENTFUL_SPACE_ID=fakespace` and
//! `CONTENTFUL_ACCESS_TOKEN=fake-delivery-token`.
//!
//! ```text
//! cargo run -p supplysite-content-adapter --features fake --example fake_contentful -- \
//!     content/demo/export.json [--slow-ms 40]
//! ```
//!
//! `--slow-ms N` delays every answer by N milliseconds, so progress bars can be watched.
//! `--port N` listens on that port. `--control-port N` also listens there for test scripts:
//! `POST /draft/ENTRY_ID` with `{"field": F, "value": V}` saves an unpublished change of field F
//! of that entry (every locale it has), as an editor saving a draft would; the preview APIs
//! (with `fake-preview-token`) read it.

use std::error::Error;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use supplysite_content_adapter::contentful::fake::{FakeContentful, Fault};
use tokio::signal::unix::{SignalKind, signal};

const USAGE: &str =
    "usage: fake_contentful EXPORT.json [--slow-ms N] [--port N] [--control-port N]";

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let export = PathBuf::from(args.next().ok_or(USAGE)?);
    let (mut slow, mut port, mut control) = (None, 0u16, None);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(USAGE)?;
        let number = |v: &str| -> Result<u64, String> {
            v.parse()
                .map_err(|_| format!("invalid {flag} {v:?}\n{USAGE}"))
        };
        match flag.as_str() {
            "--slow-ms" => slow = Some(Duration::from_millis(number(&value)?)),
            "--port" => port = u16::try_from(number(&value)?).map_err(|_| USAGE)?,
            "--control-port" => control = Some(u16::try_from(number(&value)?).map_err(|_| USAGE)?),
            _ => return Err(USAGE.into()),
        }
    }
    let bytes =
        std::fs::read(&export).map_err(|e| format!("cannot read {}: {e}", export.display()))?;
    let fake = Arc::new(FakeContentful::start_on(serde_json::from_slice(&bytes)?, port).await);
    if let Some(dir) = export.parent() {
        fake.serve_files(dir);
    }
    fake.always(slow.map(Fault::Slow));
    if let Some(port) = control {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        let app = axum::Router::new()
            .route("/draft/{id}", axum::routing::post(save_draft))
            .with_state(Arc::clone(&fake));
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
    }
    println!("fake Contentful listening on {}", fake.url());
    let mut term = signal(SignalKind::terminate())?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    if let Ok(fake) = Arc::try_unwrap(fake) {
        fake.stop().await;
    }
    Ok(())
}

/// `POST /draft/{id}` `{"field", "value"}`: saves an unpublished change of one field.
async fn save_draft(
    axum::extract::State(fake): axum::extract::State<Arc<FakeContentful>>,
    axum::extract::Path(id): axum::extract::Path<String>,
    axum::Json(change): axum::Json<serde_json::Value>,
) -> &'static str {
    let (Some(field), Some(value)) = (change["field"].as_str(), change.get("value")) else {
        return "expected {\"field\", \"value\"}";
    };
    fake.save_draft(&id, |entry| {
        if let Some(locales) = entry["fields"][field].as_object_mut() {
            for v in locales.values_mut() {
                *v = value.clone();
            }
        }
    });
    "saved"
}
