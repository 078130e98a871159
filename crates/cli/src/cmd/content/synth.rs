//! `supplysite content synth --posts N --out FILE`: a synthetic export for benchmarks.

use anyhow::Context;
use std::fs::File;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use supplysite_content_adapter::synth::write_export;

#[derive(clap::Args)]
pub struct Args {
    /// How many blog posts; the other entries grow in proportion.
    #[arg(long, value_name = "N")]
    posts: usize,
    /// Where to write the export (`-` for standard output).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let summary = if args.out.as_os_str() == "-" {
        write_export(std::io::stdout().lock(), args.posts).context("cannot write the export")?
    } else {
        let file = File::create(&args.out)
            .with_context(|| format!("cannot create {}", args.out.display()))?;
        write_export(file, args.posts)
            .with_context(|| format!("cannot write {}", args.out.display()))?
    };
    // The summary goes to stderr so `--out -` leaves stdout a clean export.
    eprintln!(
        "wrote {}: {} posts, {} case studies, {} pages, {} FAQ lists ({} entries, {} assets) in {:.2?}",
        args.out.display(),
        summary.posts,
        summary.case_studies,
        summary.pages,
        summary.faq_lists,
        summary.entries,
        summary.assets,
        started.elapsed()
    );
    Ok(ExitCode::SUCCESS)
}
