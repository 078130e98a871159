//! The fake Contentful as a process, for trying `supplysite content pull`, `supplysite audit`
//! and the live server by hand without a space: it serves a space export (and the asset files
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

use std::error::Error;
use std::path::PathBuf;
use std::time::Duration;
use supplysite_content_adapter::contentful::fake::{FakeContentful, Fault};
use tokio::signal::unix::{SignalKind, signal};

const USAGE: &str = "usage: fake_contentful EXPORT.json [--slow-ms N]";

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (export, slow) = match args.as_slice() {
        [export] => (PathBuf::from(export), None),
        [export, flag, ms] if flag == "--slow-ms" => {
            let ms: u64 = ms
                .parse()
                .map_err(|_| format!("invalid --slow-ms {ms:?}\n{USAGE}"))?;
            (PathBuf::from(export), Some(Duration::from_millis(ms)))
        }
        _ => return Err(USAGE.into()),
    };
    let bytes =
        std::fs::read(&export).map_err(|e| format!("cannot read {}: {e}", export.display()))?;
    let fake = FakeContentful::start(serde_json::from_slice(&bytes)?).await;
    if let Some(dir) = export.parent() {
        fake.serve_files(dir);
    }
    fake.always(slow.map(Fault::Slow));
    println!("fake Contentful listening on {}", fake.url());
    let mut term = signal(SignalKind::terminate())?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    fake.stop().await;
    Ok(())
}
