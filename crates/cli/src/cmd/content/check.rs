//! `supplysite content check [--content FILE]`: what an export holds and what is wrong with it,
//! with its pictures (which the site can resize) and the asset files missing beside it.

use super::files::{Files, files};
use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use supplysite_content_adapter::{Loaded, Severity, load_export};

#[derive(clap::Args)]
pub struct Args {
    /// The export file (`contentful space export` JSON). Default: the demo space,
    /// content/demo/export.json, shipped beside the binary, in its source tree, or here.
    #[arg(long, env = "SUPPLYSITE_CONTENT", value_name = "FILE")]
    content: Option<PathBuf>,
    /// Print one JSON object (file, version, counts, problems) instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let path = super::content_path(args.content)?;
    let loaded = load_export(&path).with_context(|| format!("cannot load {}", path.display()))?;
    let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let dir = path.parent().unwrap_or(std::path::Path::new("."));
    let files = files(&bytes, dir);
    if args.json {
        let json = serde_json::json!({
            "file": path,
            "version": loaded.set.version(),
            "counts": loaded.counts,
            "problems": loaded.problems,
            "files": files,
        });
        println!("{json}");
    } else {
        print!("{}", report(&path.display().to_string(), &loaded, &files));
    }
    Ok(if loaded.has_errors() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The text report: the file and its version, a line per content type, the pictures, a line per
/// problem (missing asset files are warnings), and a closing tally.
fn report(file: &str, loaded: &Loaded, files: &Files) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(out, "{file} (content version {})", loaded.set.version());
    let width = loaded.counts.keys().map(String::len).max().unwrap_or(0);
    for (ct, c) in &loaded.counts {
        let _ = write!(out, "  {ct:<width$}  {:>6} published", c.published);
        if c.drafts > 0 {
            let _ = write!(out, ", {} draft{}", c.drafts, plural(c.drafts));
        }
        if c.skipped > 0 {
            let _ = write!(out, ", {} not shown", c.skipped);
        }
        out.push('\n');
    }
    if files.resizable + files.as_they_are > 0 {
        let _ = writeln!(
            out,
            "  pictures: {} the site resizes (widest {} px, {:.1} MB), {} served as they are",
            files.resizable,
            files.widest,
            files.resizable_bytes as f64 / 1e6,
            files.as_they_are
        );
    }
    for p in &loaded.problems {
        let _ = writeln!(out, "{p}");
    }
    for p in &files.problems {
        let _ = writeln!(out, "warning: {p}");
    }
    let errors = loaded
        .problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    let warnings = loaded.problems.len() - errors + files.problems.len();
    let _ = writeln!(
        out,
        "{errors} error{}, {warnings} warning{}",
        plural(errors),
        plural(warnings)
    );
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
