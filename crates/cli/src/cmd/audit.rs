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
use supplysite_core::audit::{Report, Severity, Summary, audit_with};

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
    #[command(flatten)]
    redirect_hosts: super::redirect_hosts::Args,
}

/// The report to run, as a subcommand named by [`Report::as_str`] and described by
/// [`Report::describe`]: the reports are core's list, not a copy of it.
#[derive(Clone, Copy)]
struct ReportCommand(Report);

impl ReportCommand {
    fn named(name: &str) -> Option<ReportCommand> {
        Report::ALL
            .into_iter()
            .find(|r| r.as_str() == name)
            .map(ReportCommand)
    }
}

impl clap::FromArgMatches for ReportCommand {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        match matches.subcommand() {
            Some((name, _)) => ReportCommand::named(name)
                .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand)),
            None => Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand)),
        }
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = ReportCommand::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Subcommand for ReportCommand {
    fn augment_subcommands(command: clap::Command) -> clap::Command {
        Report::ALL.into_iter().fold(command, |command, report| {
            command.subcommand(clap::Command::new(report.as_str()).about(report.describe()))
        })
    }

    fn augment_subcommands_for_update(command: clap::Command) -> clap::Command {
        ReportCommand::augment_subcommands(command)
    }

    fn has_subcommand(name: &str) -> bool {
        ReportCommand::named(name).is_some()
    }
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
        Some(ReportCommand(report)) => vec![report],
    };
    let findings = audit_with(&loaded.set, &reports, &args.redirect_hosts.targets());
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
