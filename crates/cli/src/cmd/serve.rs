//! `supplysite serve`: the composition root of the web server. Reads the settings (flags, the
//! environment, `.env`), loads the content and the web build, wires the adapters into the
//! router and serves until SIGTERM or Ctrl-C.

mod config;

pub use config::Args;

use anyhow::Context;
use config::{Config, LogFormat};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use supplysite_content_adapter::{ExportSource, Loaded, Severity, load_export};
use supplysite_http::{AppState, Shell, StateParts};

/// How many of an export's problems the start-up log spells out; the rest are counted.
const PROBLEMS_LOGGED: usize = 5;

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = Config::from_args(args)?;
    // Kept until the process ends: dropping it flushes the log lines still queued.
    let _log_writer = init_logging(config.log_format);
    serve(config)?;
    Ok(ExitCode::SUCCESS)
}

fn serve(config: Config) -> anyhow::Result<()> {
    let index = config.web_dir.join("index.html");
    let html = std::fs::read_to_string(&index).with_context(|| {
        format!(
            "cannot read the web build at {} (build it with `make web`, or point SUPPLYSITE_WEB_DIR / --web-dir at a build)",
            index.display()
        )
    })?;
    let shell = Shell::parse(&html).with_context(|| format!("web build {}", index.display()))?;

    let source = Arc::new(ExportSource::new(config.content.clone()));
    // The first load reads the export directly for its problems; reloads go through the port.
    let loaded = load_export(source.path()).with_context(|| {
        format!(
            "cannot load the content (SUPPLYSITE_CONTENT / --content = {})",
            config.content.display()
        )
    })?;
    log_problems(&loaded);
    let content = loaded.set;

    let settings = config.settings(source.asset_dir());
    tracing::info!(
        public_url = %settings.public_url,
        content = %config.content.display(),
        content_version = %content.version(),
        web_dir = %config.web_dir.display(),
        build = %shell.build_id(),
        webhook_verification = settings.webhook_secret.is_some(),
        workers = config.workers,
        "starting"
    );
    let state = AppState::new(StateParts {
        settings,
        shell,
        content,
        composer: Arc::new(supplysite_http::CoreComposer::new(
            config.public_url.as_str(),
        )),
        reload: Some(source),
    });

    supplysite_http::serve_per_core(
        config.bind,
        config.workers,
        supplysite_http::router(state),
        |addr| {
            // One plain line on stdout so scripts and tests learn the port when binding to
            // port 0.
            println!("listening on http://{addr}");
            tracing::info!(%addr, "listening");
        },
    )
    .with_context(|| format!("cannot serve on {} (SUPPLYSITE_BIND / --bind)", config.bind))?;
    tracing::info!("stopped");
    Ok(())
}

/// Problems do not stop the site (the entry or field is left out), but an operator should
/// see that there are some and what the first ones are; `supplysite content check` lists all.
fn log_problems(loaded: &Loaded) {
    let errors = loaded
        .problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    let warnings = loaded.problems.len() - errors;
    if loaded.problems.is_empty() {
        return;
    }
    tracing::warn!(
        errors,
        warnings,
        "the export has problems; affected entries or fields are left out (see `supplysite content check`)"
    );
    for problem in loaded.problems.iter().take(PROBLEMS_LOGGED) {
        tracing::warn!(%problem, "content problem");
    }
    if loaded.problems.len() > PROBLEMS_LOGGED {
        tracing::warn!(
            more = loaded.problems.len() - PROBLEMS_LOGGED,
            "more content problems not shown"
        );
    }
}

/// Log lines go to stderr through a background thread, so a request never waits on the
/// terminal or a pipe. If lines arrive faster than stderr takes them, the excess is dropped
/// (and counted by the writer) rather than slowing the site down.
fn init_logging(format: LogFormat) -> tracing_appender::non_blocking::WorkerGuard {
    let (writer, guard) = tracing_appender::non_blocking(std::io::stderr());
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(writer);
    match format {
        LogFormat::Json => builder.json().flatten_event(true).init(),
        LogFormat::Text => builder.init(),
    }
    guard
}
