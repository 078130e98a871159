//! Reading the live space for a command (`audit`, `content pull`): through the same client the
//! server uses, with a progress bar drawn only on a terminal (piped or in CI it stays silent),
//! and the client's notices (entries left out, and why) printed as warnings.

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use supplysite_content_adapter::contentful::{ContentfulSource, LiveExport, Progress};
use tokio::runtime::Runtime;

/// A runtime for a command's network work.
pub fn runtime() -> anyhow::Result<Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

/// Reads the space `source` names into export form; with `content_types`, its content model
/// too.
pub fn fetch(
    runtime: &Runtime,
    source: &ContentfulSource,
    content_types: bool,
) -> anyhow::Result<LiveExport> {
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg:24} {bar:30} {pos}/{len}")
            .expect("a valid template"),
    );
    let progress = |p: Progress<'_>| {
        bar.set_message(p.what.to_string());
        bar.set_length(p.total);
        bar.set_position(p.done);
    };
    let live = runtime.block_on(source.export(content_types, &progress));
    bar.finish_and_clear();
    let live = live.with_context(|| format!("cannot read the space at {}", source.location()))?;
    for notice in &live.notices {
        eprintln!("warning: {notice}");
    }
    Ok(live)
}
