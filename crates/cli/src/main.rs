//! The `supplysite` command: one binary for serving the site, inspecting pages, auditing
//! content and operating the enquiry outbox. Each subcommand lives in its own module under
//! `cmd/`; `main` only parses and dispatches.

mod cmd;

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
    /// Print the route a path resolves to, as JSON.
    Route(cmd::route::Args),
    /// Check a space export, or synthesise one for benchmarks.
    Content(cmd::content::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Route(args) => cmd::route::run(args),
        Command::Content(args) => cmd::content::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("supplysite: {err:#}");
            ExitCode::from(2)
        }
    }
}
