//! `supplysite audit [seo|links|coverage|freshness|faq|inspector|redirects]`: content reports for editors and SEO
//! auditors, as a table (coloured on a terminal), JSON, CSV or Markdown, with an exit status CI
//! can gate on.

mod csv;
mod json;
mod live;
mod markdown;
mod table;

use anyhow::Context;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use supplysite_content_adapter::{Loaded, load_export};
use supplysite_core::audit::{Report, Severity, Summary, audit};

#[derive(clap::Args)]
#[command(
    after_help = "With no report, runs them all. Exit status: 0 when no finding reaches --fail-on, 1 when one does, 2 on a usage error or content that cannot be loaded."
)]
pub struct Args {
    #[command(subcommand)]
    report: Option<ReportCommand>,
    /// The export file (`contentful space export` JSON). Default: the live space when
    /// CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN are set, else the demo space,
    /// content/demo/export.json, shipped beside the binary, in its source tree, or here.
    #[arg(long, env = "SUPPLYSITE_CONTENT", value_name = "FILE", global = true)]
    content: Option<PathBuf>,
    /// How to print the findings
    #[arg(long, value_enum, default_value_t = Format::Table, global = true)]
    format: Format,
    /// Exit with status 1 when any finding is at least this serious
    #[arg(long, value_enum, default_value_t = FailOn::Error, global = true)]
    fail_on: FailOn,
    #[command(flatten)]
    contentful: super::contentful::Args,
}

#[derive(clap::Subcommand, Clone, Copy)]
enum ReportCommand {
    /// Title tags, meta descriptions, canonicals, noindex entries, image alt text and pictures the
    /// site cannot resize
    Seo,
    /// Internal links, video links, asset links and case-study PDFs
    Links,
    /// Posts, case studies and FAQ lists per product tag, and the product pages' fall-backs
    Coverage,
    /// Read times and the oldest posts
    Freshness,
    /// FAQ lists attached to no page; product pages and insights without a FAQ
    Faq,
    /// Content a preview page shows without Live Preview's inspector tags
    Inspector,
    /// Redirect loops, chains, targets that are no page and redirects from a page
    Redirects,
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
enum Format {
    Table,
    Json,
    Csv,
    Markdown,
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
enum FailOn {
    Error,
    Warning,
    Info,
    Never,
}

/// Runs the reports asked for. Exit status: 0 when no finding reaches `--fail-on`, 1 when one
/// does; a content file that cannot be loaded is an error (status 2, from `main`).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let loaded = load(args.content, &args.contentful)?;
    if !loaded.problems.is_empty() {
        // Not findings: they are about reading the export, and every report is computed from
        // what could be read. Said on stderr so piped output stays clean.
        eprintln!(
            "supplysite: loading the content reported {} problem(s):",
            loaded.problems.len()
        );
        for p in &loaded.problems {
            eprintln!("  {p}");
        }
    }
    let reports: Vec<Report> = match args.report {
        None => Report::ALL.to_vec(),
        Some(r) => vec![r.into()],
    };
    let findings = audit(&loaded.set, &reports);
    let summary = Summary::of(&findings);
    let text = match args.format {
        Format::Table => {
            let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            table::render(&findings, &summary, colour)
        }
        Format::Json => json::render(&findings, &summary)?,
        Format::Csv => csv::render(&findings),
        Format::Markdown => markdown::render(&findings, &summary),
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(exit_code(&summary, args.fail_on))
}

/// The content to audit: the export given, else the live space when the Contentful settings
/// are there (half of them is an error naming the other half), else the demo space.
fn load(given: Option<PathBuf>, contentful: &super::contentful::Args) -> anyhow::Result<Loaded> {
    if given.is_none()
        && let Some(settings) = contentful.settings()?
    {
        return live::load(settings);
    }
    let path = super::content::content_path(given)?;
    load_export(&path).with_context(|| format!("cannot load {}", path.display()))
}

fn exit_code(summary: &Summary, fail_on: FailOn) -> ExitCode {
    let threshold = match fail_on {
        FailOn::Error => Severity::Error,
        FailOn::Warning => Severity::Warning,
        FailOn::Info => Severity::Info,
        FailOn::Never => return ExitCode::SUCCESS,
    };
    if summary.at_least(threshold) > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

impl From<ReportCommand> for Report {
    fn from(r: ReportCommand) -> Report {
        match r {
            ReportCommand::Seo => Report::Seo,
            ReportCommand::Links => Report::Links,
            ReportCommand::Coverage => Report::Coverage,
            ReportCommand::Freshness => Report::Freshness,
            ReportCommand::Faq => Report::Faq,
            ReportCommand::Inspector => Report::Inspector,
            ReportCommand::Redirects => Report::Redirects,
        }
    }
}

/// A finding's optional column as text: empty when absent.
fn cell(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("")
}

/// `N findings: 1 error, 2 warnings, 3 info`.
fn counts_line(summary: &Summary) -> String {
    let s = &summary.by_severity;
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    format!(
        "{}: {}, {}, {} info",
        plural(summary.total, "finding"),
        plural(s.error, "error"),
        plural(s.warning, "warning"),
        s.info
    )
}

/// Findings per report, in report order: `seo 3, links 0, …`.
fn reports_line(summary: &Summary) -> String {
    let r = &summary.by_report;
    format!(
        "seo {}, links {}, coverage {}, freshness {}, faq {}, inspector {}, redirects {}",
        r.seo, r.links, r.coverage, r.freshness, r.faq, r.inspector, r.redirects
    )
}
