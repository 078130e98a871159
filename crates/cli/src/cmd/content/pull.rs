//! `supplysite content pull --out DIR/export.json`: the live space written as an export file,
//! with its asset files beside it in the layout `contentful space export --download-assets`
//! uses (`DIR/images.ctfassets.net/…`, `DIR/assets.ctfassets.net/…`, …), so
//! `supplysite serve --content DIR/export.json` runs the pulled site with no network, auditors
//! can work offline and the demo can be refreshed from a real space. Reads the same
//! `CONTENTFUL_*` settings as `serve` (a `.env` file is read first when present).
//!
//! The export file is written last: it exists only when every file is in place. A pull that
//! stops part-way keeps the files it finished, and the next pull downloads only the rest.

use crate::cmd::live_space;
use anyhow::{Context, bail};
use indicatif::{HumanBytes, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use supplysite_content_adapter::contentful::download::{
    AssetFile, AssetsBase, DEFAULT_CONCURRENCY, Downloaded, Downloader, Tally, asset_files,
};
use supplysite_content_adapter::contentful::{ContentfulSource, SettingsError};
use supplysite_content_adapter::load_export_value;

/// How many failed files are named before the rest are counted.
const NAMED_FAILURES: usize = 10;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the export (JSON, as `contentful space export` writes it); the asset
    /// files go in the same folder, under each file's host (images.ctfassets.net/…).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Where `supplysite content pull` downloads the asset files from. Unset: each file from
    /// its own host (https://images.ctfassets.net/…). Set to an origin, every file is asked
    /// for at ORIGIN/HOST/PATH: a mirror laid out like the export's folder (tests point it at
    /// a fake).
    #[arg(
        long,
        env = "CONTENTFUL_ASSETS_BASE",
        value_name = "URL",
        value_parser = assets_base
    )]
    assets_base: Option<AssetsBase>,
    #[command(flatten)]
    contentful: crate::cmd::contentful::Args,
}

/// A mirror's origin.
fn assets_base(value: &str) -> Result<AssetsBase, String> {
    AssetsBase::parse(Some(value)).map_err(|e| match e {
        SettingsError::Invalid {
            value, expected, ..
        } => format!("invalid value {value:?} ({expected})"),
    })
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Some(settings) = args.contentful.settings()? else {
        bail!(
            "content pull reads a live space: set CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN"
        );
    };
    let base = args.assets_base.clone().unwrap_or_default();
    let retry = settings.retry.clone();
    let source = ContentfulSource::from_settings(settings)?;
    let location = source.location();
    let runtime = live_space::runtime()?;
    let live = live_space::fetch(&runtime, &source, true)?;
    let bytes = serde_json::to_vec_pretty(&live.export)?;
    let (files, refused) = asset_files(&live.export);
    // What the site would read from it, checked before anything is written.
    let loaded = load_export_value(live.export, None).context("the pulled space does not load")?;
    for url in refused {
        eprintln!(
            "warning: asset file {url} makes no path inside the export folder; not downloaded"
        );
    }

    let dir = match args.out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let downloader = Downloader::new(base, retry, DEFAULT_CONCURRENCY)?;
    let got = runtime.block_on(download(&downloader, &files, &dir));
    if !got.failures.is_empty() {
        for failure in got.failures.iter().take(NAMED_FAILURES) {
            eprintln!("error: {failure}");
        }
        if got.failures.len() > NAMED_FAILURES {
            eprintln!("error: and {} more", got.failures.len() - NAMED_FAILURES);
        }
        bail!(
            "{} of {} asset files could not be downloaded, so {} was not written; run the pull \
             again to fetch the rest (the {} files in place are kept)",
            got.failures.len(),
            files.len(),
            args.out.display(),
            got.fetched + got.kept
        );
    }

    write_atomically(&args.out, &bytes)?;
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
    eprintln!(
        "asset files in {}: {} downloaded ({}), {} already there",
        dir.display(),
        got.fetched,
        HumanBytes(got.bytes_fetched),
        got.kept
    );
    Ok(ExitCode::SUCCESS)
}

/// Downloads `files` into `dir` with a bar of files and bytes (on a terminal only).
async fn download(downloader: &Downloader, files: &[AssetFile], dir: &Path) -> Downloaded {
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} asset files {msg:11} {bar:30} {bytes}/{total_bytes}",
        )
        .expect("a valid template"),
    );
    let progress = |t: Tally| {
        bar.set_message(format!("{}/{}", t.files_done, t.files));
        bar.set_length(t.bytes);
        bar.set_position(t.bytes_done);
    };
    let got = downloader.download(files, dir, &progress).await;
    bar.finish_and_clear();
    got
}

/// Writes `bytes` to `path` through a temporary file renamed into place, so a reader never
/// sees half an export.
fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let tmp = path.with_extension("json.part");
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}
