//! The `supplysite` command: one binary for serving the site, inspecting pages, auditing
//! content and operating the enquiry outbox. Each subcommand lives in its own module under
//! `cmd/`; `main` only parses and dispatches.

mod cmd;
mod install;
mod settings;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The supplysite marketing site: serve it, inspect its pages, audit its content.
#[derive(Parser)]
#[command(name = "supplysite", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the site over HTTP until SIGTERM or Ctrl-C.
    Serve(cmd::serve::Args),
    /// Print the route a path resolves to, as JSON.
    Route(cmd::route::Args),
    /// Check a space export, or synthesise one for benchmarks.
    Content(cmd::content::Args),
    /// Print what the site answers for a path (page view model, redirect or not found), as JSON.
    Page(cmd::page::Args),
    /// Search the site as a visitor would (`/search?q=`): results as a table or JSON.
    Search(cmd::search::Args),
    /// Check a contact form (JSON on stdin) by the contact page's rules and print the result.
    ValidateContact(cmd::validate_contact::Args),
    /// Render a Contentful rich-text document (JSON on stdin) as HTML.
    Richtext(cmd::richtext::Args),
    /// Print the video service and id a link or embed snippet points to, as JSON.
    VideoId(cmd::video_id::Args),
    /// See and act on the enquiry outbox: list jobs, requeue dead ones, purge delivered ones.
    Outbox(cmd::outbox::Args),
    /// Reports on enquiries for the marketing team: leads by source, medium, campaign,
    /// landing page, referrer or month.
    Enquiries(cmd::enquiries::Args),
    /// Run content reports (all of them, or one) for editors and SEO auditors.
    Audit(cmd::audit::Args),
    /// Check the settings of `serve` (every value and where it came from), or print their
    /// reference.
    Config(cmd::config::Args),
}

/// jemalloc: composing a page takes about half the time it takes with glibc malloc and no
/// longer with 100,000 posts than with 1,000 (`bench/REPORT.md`, both allocators measured).
/// The tests build without it (the `jemalloc` feature, on by default).
#[cfg(all(feature = "jemalloc", not(target_env = "msvc")))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    // Settings may come from a .env file; a missing one is fine, an unreadable one is not.
    if let Err(err) = settings::load_dotenv() {
        eprintln!("supplysite: cannot read .env: {err}");
        return ExitCode::from(2);
    }
    let cli: Cli = match settings::parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        Command::Serve(args) => cmd::serve::run(args),
        Command::Route(args) => cmd::route::run(args),
        Command::Content(args) => cmd::content::run(args),
        Command::Page(args) => cmd::page::run(args),
        Command::Search(args) => cmd::search::run(args),
        Command::ValidateContact(args) => cmd::validate_contact::run(args),
        Command::Richtext(args) => cmd::richtext::run(args),
        Command::VideoId(args) => cmd::video_id::run(args),
        Command::Outbox(args) => cmd::outbox::run(args),
        Command::Enquiries(args) => cmd::enquiries::run(args),
        Command::Audit(args) => cmd::audit::run(args),
        Command::Config(args) => cmd::config::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("supplysite: {err:#}");
            ExitCode::from(2)
        }
    }
}
