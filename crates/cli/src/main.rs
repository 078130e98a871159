//! The `supplysite` command.

use clap::Parser;
use std::process::ExitCode;

/// The supplysite marketing site: serve it, inspect its pages, audit its content.
#[derive(Parser)]
#[command(name = "supplysite", version, about)]
struct Cli {}

fn main() -> ExitCode {
    let _cli = Cli::parse();
    ExitCode::SUCCESS
}
