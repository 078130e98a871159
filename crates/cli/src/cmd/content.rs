//! `supplysite content …`: check a space export, synthesise one of any size, or pull the live
//! space into one. Also where every subcommand finds the content to read when no `--content`
//! is given.

mod check;
mod files;
mod pull;
mod synth;

use anyhow::bail;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Validate a space export: counts per content type and every problem; exit 1 on errors.
    Check(check::Args),
    /// Write a valid synthetic export with N posts and proportional other entries.
    Synth(synth::Args),
    /// Write the live Contentful space (CONTENTFUL_SPACE_ID, CONTENTFUL_ACCESS_TOKEN) as an
    /// export file, with its asset files beside it.
    Pull(pull::Args),
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::Check(args) => check::run(args),
        Command::Synth(args) => synth::run(args),
        Command::Pull(args) => pull::run(args),
    }
}

/// The demo space, relative to the current directory (a checkout's root).
const DEMO: &str = "content/demo/export.json";
/// The demo space in the source tree this binary was built from, so `cargo run` and a binary in
/// `target/` find it from any directory.
const BUILT_DEMO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../content/demo/export.json"
);

/// The export to read: `--content` (or `SUPPLYSITE_CONTENT`, which clap folds into it), else
/// the demo in the current directory, else the demo of the source tree the binary was built in.
pub fn content_path(given: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    if let Some(path) = given {
        return Ok(path);
    }
    for candidate in [Path::new(DEMO), Path::new(BUILT_DEMO)] {
        if candidate.is_file() {
            return Ok(candidate.to_path_buf());
        }
    }
    bail!(
        "no content export found: pass --content FILE or set SUPPLYSITE_CONTENT \
         (looked for {DEMO} and {BUILT_DEMO})"
    )
}
