//! `supplysite config check|docs|env-example`: what a deployment's settings resolve to, and the
//! reference of every setting, both read from the settings' declarations (`crate::settings`).

use crate::settings;
use clap::CommandFactory;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Print every setting of `serve` with its value and where it came from (default,
    /// environment, .env or flag), secrets as (set); exit 0, or 2 naming each bad setting.
    /// Takes the same flags as `serve`.
    Check(super::serve::Args),
    /// Print the reference of every setting as Markdown (docs/settings.md).
    Docs,
    /// Print .env.example: every setting, commented out, with its documentation.
    EnvExample,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::Check(serve) => Ok(check(&serve)),
        Command::Docs => {
            print!("{}", settings::reference(&crate::Cli::command()));
            Ok(ExitCode::SUCCESS)
        }
        Command::EnvExample => {
            print!("{}", settings::env_example(&crate::Cli::command()));
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Every value parsed (a bad one would have stopped the parse and been listed by
/// `settings::parse`); what is left to check is the settings that go together.
fn check(serve: &super::serve::Args) -> ExitCode {
    let argv: Vec<_> = std::env::args_os().collect();
    let run = match settings::resolve(&crate::Cli::command(), &argv) {
        Ok(run) => run,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    print!("{}", settings::listing(&run.settings));
    let problems = super::serve::check(serve);
    for problem in &problems {
        eprintln!("supplysite: {problem:#}");
    }
    if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
