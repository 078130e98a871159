//! The live space as the audit's content: read through the same client the server uses, then
//! loaded by the same reader as an export file, so the findings are those of an export of the
//! same content. A progress bar shows the fetch on a terminal; elsewhere it is silent.

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use supplysite_content_adapter::contentful::{ContentfulSettings, ContentfulSource, Progress};
use supplysite_content_adapter::{Loaded, load_export_value};

/// Reads the space `settings` name.
pub fn load(settings: ContentfulSettings) -> anyhow::Result<Loaded> {
    let source = ContentfulSource::from_settings(settings)?;
    let location = source.location();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
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
    let live = runtime.block_on(source.export(false, &progress));
    bar.finish_and_clear();
    let live = live.with_context(|| format!("cannot read the space at {location}"))?;
    for notice in &live.notices {
        eprintln!("warning: {notice}");
    }
    load_export_value(live.export, None)
        .with_context(|| format!("the space at {location} does not load"))
}
