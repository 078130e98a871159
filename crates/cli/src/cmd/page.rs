//! `supplysite page PATH [--content FILE]`: what the site answers for a path, as one JSON object.

use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use supplysite_content_adapter::load_export;
use supplysite_core::compose::compose;
use supplysite_core::routes::Route;

#[derive(clap::Args)]
pub struct Args {
    /// A request path such as /etender or /insights/some-post
    path: String,
    /// The export file (`contentful space export` JSON). Default: content/demo/export.json in
    /// the current directory, else the demo space of the source tree this binary was built in.
    #[arg(long, env = "SUPPLYSITE_CONTENT", value_name = "FILE")]
    content: Option<PathBuf>,
}

/// Prints `{"outcome":"page","screen":…,"view":…}`, `{"outcome":"redirect","to":…}` or
/// `{"outcome":"not_found"}`. Every outcome is an answer, so all exit 0.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let path = super::content::content_path(args.content)?;
    let loaded = load_export(&path).with_context(|| format!("cannot load {}", path.display()))?;
    let outcome = compose(&Route::parse(&args.path), &loaded.set);
    println!("{}", serde_json::to_string(&outcome)?);
    Ok(ExitCode::SUCCESS)
}
