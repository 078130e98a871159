//! `supplysite content pull --out FILE`: the live space written as an export file, so auditors
//! can work offline and the demo can be refreshed from a real space. Reads the same
//! `CONTENTFUL_*` settings as `serve` (a `.env` file is read first when present).

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use supplysite_content_adapter::contentful::{ContentfulSettings, ContentfulSource, Progress};
use supplysite_content_adapter::load_export_value;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the export (JSON, as `contentful space export` writes it).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let _ = dotenvy::dotenv();
    let Some(settings) = ContentfulSettings::from_lookup(|name| std::env::var(name).ok())? else {
        bail!(
            "content pull reads a live space: set CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN"
        );
    };
    let source = ContentfulSource::from_settings(settings)?;
    let location = source.location();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;

    // Drawn only on a terminal; piped or in CI it stays silent.
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
    let live = runtime
        .block_on(source.export(true, &progress))
        .with_context(|| format!("cannot read the space at {location}"))?;
    bar.finish_and_clear();

    for notice in &live.notices {
        eprintln!("warning: {notice}");
    }
    let bytes = serde_json::to_vec_pretty(&live.export)?;
    // What the site would read from it, checked before anything is written.
    let loaded = load_export_value(live.export, None).context("the pulled space does not load")?;
    let tmp = args.out.with_extension("json.part");
    std::fs::write(&tmp, &bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, &args.out)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    let entries: usize = loaded
        .counts
        .iter()
        .filter(|(ct, _)| ct.as_str() != "asset")
        .map(|(_, c)| c.published)
        .sum();
    let assets = loaded.counts.get("asset").map_or(0, |c| c.published);
    eprintln!(
        "wrote {} ({entries} entries, {assets} assets, version {}) from {location}",
        args.out.display(),
        loaded.set.version()
    );
    Ok(ExitCode::SUCCESS)
}
