//! `supplysite audit [seo|links|coverage|freshness|faq|inspector|redirects]`: content reports for editors and SEO
//! auditors, as a table (coloured on a terminal), JSON, CSV, Markdown, JUnit XML or SARIF, with
//! an exit status CI can gate on, and optionally compared with an earlier run (`--baseline`).
//! With `--external`, the links report also asks every outbound link how it answers.

mod csv;
mod external;
mod html;
mod json;
mod junit;
mod live;
mod markdown;
mod sarif;
mod table;

use anyhow::Context;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use supplysite_content_adapter::contentful::ContentfulSettings;
use supplysite_content_adapter::{Loaded, load_export};
use supplysite_core::audit::baseline::{Recorded, compare};
use supplysite_core::audit::external::{distinct_urls, outbound_links};
use supplysite_core::audit::{
    Finding, Report, Severity, Summary, audit_with, external as rule, sort, stats,
};
use supplysite_core::content::ContentSet;
use supplysite_http::PublicUrl;

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
    /// An earlier run's `--format json` output: each finding is marked new or unchanged, the
    /// fixed ones are listed, and --fail-on counts the new findings only
    #[arg(long, value_name = "FILE", global = true)]
    baseline: Option<PathBuf>,
    /// The site the HTML report links each finding's page on; default: the public origin the
    /// server is configured with
    #[arg(
        long,
        env = "SUPPLYSITE_PUBLIC_URL",
        default_value = "http://127.0.0.1:8080",
        value_parser = |v: &str| PublicUrl::parse(v),
        global = true
    )]
    site_url: PublicUrl,
    /// The Contentful space the export came from, so the HTML report links each entry in
    /// Contentful's web app (live audits know their space)
    #[arg(long, value_name = "ID", value_parser = ContentfulSettings::check_id, global = true)]
    space_id: Option<String>,
    /// Also asks every http(s) link in rich text, on buttons and in assets' descriptions how it
    /// answers (the links report; answers are kept a day in the cache folder)
    #[arg(long, global = true)]
    external: bool,
    /// With --external: each link's time limit in seconds (HEAD, GET and redirects together);
    /// a link that takes longer is a warning
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds, global = true)]
    timeout: Duration,
    /// With --external: the whole check's time limit in seconds; links not asked by then are
    /// warnings
    #[arg(long, value_name = "SECONDS", default_value = "300", value_parser = seconds, global = true)]
    run_limit: Duration,
    /// With --external: asks every link again instead of using answers from the last day
    #[arg(long, global = true)]
    fresh: bool,
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
    /// JUnit XML: a test suite per report, a failed test case per error
    Junit,
    /// SARIF 2.1.0, for code-scanning views: a run per report, a result per finding
    Sarif,
    /// One self-contained HTML page: counts, charts and a sortable table per report
    Html,
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
    if args.external
        && let Some(ReportCommand(report)) = args.report
        && report != Report::Links
    {
        anyhow::bail!(
            "--external checks the links report's outbound links: run `supplysite audit links --external` or the whole audit"
        );
    }
    let baseline = match &args.baseline {
        Some(path) => Some(read_baseline(path)?),
        None => None,
    };
    let (loaded, source) = load(args.content.clone(), &args.contentful)?;
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
    let mut findings = audit_with(&loaded.set, &reports, &args.redirect_hosts.targets());
    if reports.contains(&Report::Seo) {
        // Whether each public page is found by its own title, asked of the index the server
        // would build.
        let index = supplysite_search_adapter::TantivyIndex::build(&loaded.set)
            .context("cannot build the search index")?;
        findings.extend(supplysite_core::audit::findable::findings(
            &loaded.set,
            index.latest().as_ref(),
        ));
        sort(&mut findings);
    }
    if args.external {
        findings.extend(check_external(&loaded.set, &args)?);
        sort(&mut findings);
    }
    let summary = Summary::of(&findings);
    // Compared with the baseline's findings of the reports run only: a report not run has
    // fixed nothing.
    let comparison = baseline.map(|b| {
        let earlier: Vec<Recorded> = b
            .into_iter()
            .filter(|r| reports.contains(&r.report))
            .collect();
        compare(&findings, &earlier)
    });
    let text = match args.format {
        Format::Table => {
            let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            table::render(&findings, &summary, colour)
        }
        Format::Json => json::render(&findings, &summary, comparison.as_ref())?,
        Format::Csv => csv::render(&findings),
        Format::Markdown => markdown::render(&findings, &summary),
        Format::Junit => junit::render(&findings, &reports, comparison.as_ref())?,
        Format::Sarif => sarif::render(&findings, &reports, &source, comparison.as_ref())?,
        Format::Html => {
            let space = match &source {
                Source::Space { space, environment } => {
                    Some((space.as_str(), environment.as_str()))
                }
                Source::File(_) => args
                    .space_id
                    .as_deref()
                    .map(|s| (s, args.contentful.contentful_environment.as_str())),
            };
            html::render(&html::Page {
                findings: &findings,
                summary: &summary,
                reports: &reports,
                stats: &stats(&loaded.set),
                source: &source,
                links: html::Links {
                    site: args.site_url.as_str(),
                    space,
                },
                baseline: comparison.as_ref(),
            })
        }
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    // With a baseline, only what is new can fail the run.
    let gated = match &comparison {
        Some(c) => Summary::of(&c.new_findings(&findings)),
        None => summary,
    };
    Ok(exit_code(&gated, args.fail_on))
}

/// The outbound links' findings: each distinct address asked once (or read from the cache).
fn check_external(set: &ContentSet, args: &Args) -> anyhow::Result<Vec<Finding>> {
    let links = outbound_links(set);
    let urls = distinct_urls(&links);
    let cache = match crate::install::cache_dir() {
        Ok(dir) => Some(dir.join(external::CACHE_FILE)),
        Err(e) => {
            eprintln!("supplysite: the link answers are not kept: {e}");
            None
        }
    };
    let site = args.site_url.as_str();
    let checked = external::check(
        &urls,
        &external::Options {
            timeout: args.timeout,
            run_limit: args.run_limit,
            user_agent: format!(
                "Mozilla/5.0 (compatible; supplysite-audit/{}; link check for {site}; +{site}/)",
                env!("CARGO_PKG_VERSION")
            ),
            cache,
            fresh: args.fresh,
        },
    )?;
    eprintln!(
        "supplysite: {} outbound link(s) at {} address(es), {} answer(s) from the last day's cache",
        links.len(),
        urls.len(),
        checked.from_cache
    );
    Ok(rule::findings(&links, |url| checked.answers.get(url)))
}

/// A positive number of seconds (fractions allowed), as a duration.
fn seconds(value: &str) -> Result<Duration, String> {
    match value.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s < 86_400.0 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "{value:?} is not a number of seconds above 0 and below a day"
        )),
    }
}

/// Where the findings come from, for the formats that point into it.
enum Source {
    /// The export file, as given (relative paths stay relative).
    File(String),
    /// The live space.
    Space { space: String, environment: String },
}

/// The entry (or, for a finding about an asset, the asset) in Contentful's web app.
fn entry_app_url(space: &str, environment: &str, f: &Finding, id: &str) -> String {
    let kind = if f.content_type.as_deref() == Some(rule::ASSET) {
        "assets"
    } else {
        "entries"
    };
    format!("https://app.contentful.com/spaces/{space}/environments/{environment}/{kind}/{id}")
}

/// Where a finding is, as CI tools track it: `entries/{id}/fields/{field}`, `entries/{id}`,
/// `assets/{id}/fields/{field}`, `pages/{route}/fields/{field}` or `pages/{route}`.
fn logical_name(f: &Finding) -> String {
    let base = match (&f.entry_id, &f.route) {
        (Some(id), _) if f.content_type.as_deref() == Some(rule::ASSET) => format!("assets/{id}"),
        (Some(id), _) => format!("entries/{id}"),
        (None, Some(route)) => format!("pages{route}"),
        (None, None) => "space".to_string(),
    };
    match &f.field {
        Some(field) => format!("{base}/fields/{field}"),
        None => base,
    }
}

/// The findings of an earlier `--format json` output.
fn read_baseline(path: &std::path::Path) -> anyhow::Result<Vec<Recorded>> {
    #[derive(serde::Deserialize)]
    struct Earlier {
        findings: Vec<Recorded>,
    }
    let text = std::fs::read(path)
        .with_context(|| format!("cannot read the baseline {}", path.display()))?;
    let earlier: Earlier = serde_json::from_slice(&text).with_context(|| {
        format!(
            "the baseline {} is not the output of `supplysite audit --format json` (each finding needs severity, report, rule, message and hint)",
            path.display()
        )
    })?;
    Ok(earlier.findings)
}

/// The content to audit: the export given, else the live space when the Contentful settings
/// are there (half of them is an error naming the other half), else the demo space.
fn load(
    given: Option<PathBuf>,
    contentful: &super::contentful::Args,
) -> anyhow::Result<(Loaded, Source)> {
    if given.is_none()
        && let Some(settings) = contentful.settings()?
    {
        let source = Source::Space {
            space: settings.space_id.clone(),
            environment: settings.environment.clone(),
        };
        return Ok((live::load(settings)?, source));
    }
    let path = super::content::content_path(given)?;
    let loaded = load_export(&path).with_context(|| format!("cannot load {}", path.display()))?;
    Ok((loaded, Source::File(path.display().to_string())))
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
