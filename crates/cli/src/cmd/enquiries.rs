//! `supplysite enquiries report`: the leads report for the marketing team, counted from the
//! outbox's lead records (core's [`supplysite_core::leads`]) as a table, JSON, CSV, Markdown or
//! an HTML page with a bar chart. The outbox is the SQLite file, or the shared PostgreSQL
//! database when one is set, as for `supplysite outbox`.

mod render;

use anyhow::Context;
use std::io::Write;
use std::process::ExitCode;
use supplysite_core::enquiry::mail_date::{day, parse_day};
use supplysite_core::leads::{GroupBy, report};
use supplysite_core::ports::{Clock, UnixMillis};
use supplysite_mail_adapter::SystemClock;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    store: super::outbox::StoreArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Count enquiries by where their visit came from, over a period.
    #[command(
        after_help = "Leads whose visit was not captured (Global Privacy Control, capture turned off) count as \"(not captured)\"; visits with no referrer as \"(direct)\". Records are kept for SUPPLYSITE_LEAD_RETENTION_DAYS (400 by default)."
    )]
    Report {
        /// The first day counted (UTC), as 2026-01-31 [default: as far back as records go].
        #[arg(long, value_name = "DATE", value_parser = date)]
        since: Option<UnixMillis>,
        /// The last day counted (UTC), as 2026-12-31 [default: today].
        #[arg(long, value_name = "DATE", value_parser = date)]
        until: Option<UnixMillis>,
        /// What to count leads by.
        #[arg(long, value_enum, default_value_t = By::Source)]
        by: By,
        /// How to print the report.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum By {
    Source,
    Medium,
    Campaign,
    Landing,
    Referrer,
    Month,
}

impl From<By> for GroupBy {
    fn from(by: By) -> GroupBy {
        match by {
            By::Source => GroupBy::Source,
            By::Medium => GroupBy::Medium,
            By::Campaign => GroupBy::Campaign,
            By::Landing => GroupBy::Landing,
            By::Referrer => GroupBy::Referrer,
            By::Month => GroupBy::Month,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Table,
    Json,
    Csv,
    Markdown,
    Html,
}

fn date(text: &str) -> Result<UnixMillis, String> {
    parse_day(text.trim())
        .ok_or_else(|| format!("invalid date {text:?} (expected a day such as 2026-01-31)"))
}

/// One day in milliseconds.
const DAY_MS: i64 = 86_400_000;

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Command::Report {
        since,
        until,
        by,
        format,
    } = args.command;
    if let (Some(since), Some(until)) = (since, until) {
        anyhow::ensure!(since <= until, "--since must not be after --until");
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let records = runtime.block_on(async {
        let outbox = args.store.open().await?;
        // Through the end of the last day counted; without --until, through now.
        let end = until.map_or_else(
            || UnixMillis(SystemClock.now().0 + 1),
            |u| UnixMillis(u.0 + DAY_MS),
        );
        anyhow::Ok(outbox.leads(since.unwrap_or(UnixMillis(0)), end).await?)
    })?;
    let report = report(&records, by.into(), since.map(day), until.map(day));
    let text = match format {
        Format::Table => render::table(&report),
        Format::Json => serde_json::to_string_pretty(&report)? + "\n",
        Format::Csv => render::csv(&report),
        Format::Markdown => render::markdown(&report),
        Format::Html => render::html(&report),
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
