//! `supplysite content …`: check a space export, synthesise one of any size, or pull the live
//! space into one. Also where every subcommand finds the content to read when no `--content`
//! is given.

mod check;
mod files;
mod pull;
mod synth;

use std::path::PathBuf;
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

/// The export to read: `--content` (or `SUPPLYSITE_CONTENT`, which clap folds into it), else
/// the demo space shipped beside the binary, in the source tree it was built from, or in the
/// current directory (`crate::install`).
pub fn content_path(given: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    if let Some(path) = given {
        return Ok(path);
    }
    crate::install::locate(crate::install::DEMO_EXPORT).map_err(|missing| {
        anyhow::anyhow!(
            "no content export found: pass --content FILE or set SUPPLYSITE_CONTENT ({missing})"
        )
    })
}
