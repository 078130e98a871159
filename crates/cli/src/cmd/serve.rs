//! `supplysite serve`: the composition root of the web server. Reads the settings (flags, the
//! environment, `.env`), loads the content and the web build, wires the adapters into the
//! router and serves until SIGTERM or Ctrl-C; the outbox worker and the content poll run
//! beside it and stop with it.

mod config;
mod enquiries;
mod export_source;
mod live;

use anyhow::Context;
use config::{Config, LogFormat};
use export_source::ExportSource;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use supplysite_http::{AppState, Mounts, Shell, StateParts};

/// Serve the site over HTTP.
#[derive(clap::Args)]
#[group(id = "serve_settings")]
pub struct Args {
    #[command(flatten)]
    server: config::Args,
    // Boxed: the settings are many strings, and the other commands' arguments are small.
    #[command(flatten)]
    enquiries: Box<enquiries::Args>,
    #[command(flatten)]
    live: Box<live::Args>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = Config::from_args(args.server)?;
    init_logging(config.log_format);
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?
        .block_on(serve(config, args.enquiries, args.live))?;
    Ok(ExitCode::SUCCESS)
}

async fn serve(
    config: Config,
    enquiries: Box<enquiries::Args>,
    live: Box<live::Args>,
) -> anyhow::Result<()> {
    let index = config.web_dir.join("index.html");
    let html = std::fs::read_to_string(&index).with_context(|| {
        format!(
            "cannot read the web build at {} (build it with `make web`, or point SUPPLYSITE_WEB_DIR / --web-dir at a build)",
            index.display()
        )
    })?;
    let shell = Shell::parse(&html).with_context(|| format!("web build {}", index.display()))?;

    let desk = Arc::new(enquiries.desk(&config.public_url)?);
    let export = Arc::new(ExportSource::new(config.content.clone()));
    let source = live.content(export, &config.content)?;
    let content = source.load().await?;

    let settings = config.settings();
    tracing::info!(
        public_url = %settings.public_url,
        content = %source.describe,
        content_version = %content.version(),
        web_dir = %config.web_dir.display(),
        build = %shell.build_id(),
        webhook_verification = settings.webhook_secret.is_some(),
        enquiries = desk.enquiries().describe(),
        "starting"
    );
    let mounts = Mounts {
        contact: Some(desk.clone()),
        freshness: source.freshness.clone(),
    };
    let state = AppState::with_mounts(
        StateParts {
            settings,
            shell,
            content,
            composer: Arc::new(supplysite_http::CoreComposer::new(
                config.public_url.as_str(),
            )),
            reload: Some(source.source.clone()),
        },
        mounts,
    );

    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .with_context(|| {
            format!(
                "cannot listen on {} (SUPPLYSITE_BIND / --bind)",
                config.bind
            )
        })?;
    let addr = listener.local_addr().context("no local address")?;
    // One plain line on stdout so scripts and tests learn the port when binding to port 0.
    println!("listening on http://{addr}");
    tracing::info!(%addr, "listening");
    // Dropping `stop` when the server is done tells the worker and the poll to finish.
    let (stop, stopped) = tokio::sync::watch::channel(());
    let until_stopped = move || {
        let mut stopped = stopped.clone();
        async move {
            let _ = stopped.changed().await;
        }
    };
    let worker = desk.enquiries().spawn_worker(until_stopped());
    let poll = source.poll.map(|every| {
        live::spawn_poll(state.clone(), source.source.clone(), every, until_stopped())
    });
    let served = supplysite_http::serve(listener, supplysite_http::router(state)).await;
    drop(stop);
    let _ = worker.await;
    if let Some(poll) = poll {
        let _ = poll.await;
    }
    served.context("server failed")?;
    tracing::info!("stopped");
    Ok(())
}

fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Json => builder.json().flatten_event(true).init(),
        LogFormat::Text => builder.init(),
    }
}
