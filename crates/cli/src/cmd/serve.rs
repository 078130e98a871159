//! `supplysite serve`: the composition root of the web server. Reads the settings (flags, the
//! environment, `.env`), loads the content and the web build, wires the adapters into the
//! router and serves until SIGTERM or Ctrl-C.

mod config;
mod export_source;

pub use config::Args;

use anyhow::Context;
use config::{Config, LogFormat};
use export_source::ExportSource;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use supplysite_core::ports::ContentSource;
use supplysite_http::{AppState, RenderOptions, Renderer, Shell, StateParts};

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = Config::from_args(args)?;
    init_logging(config.log_format);
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?
        .block_on(serve(config))?;
    Ok(ExitCode::SUCCESS)
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let index = config.web_dir.join("index.html");
    let html = std::fs::read_to_string(&index).with_context(|| {
        format!(
            "cannot read the web build at {} (build it with `make web`, or point SUPPLYSITE_WEB_DIR / --web-dir at a build)",
            index.display()
        )
    })?;
    let shell = Shell::parse(&html).with_context(|| format!("web build {}", index.display()))?;

    let source = Arc::new(ExportSource::new(config.content.clone()));
    let content = source.load().await.with_context(|| {
        format!(
            "cannot load the content (SUPPLYSITE_CONTENT / --content = {})",
            config.content.display()
        )
    })?;

    let settings = config.settings();
    tracing::info!(
        public_url = %settings.public_url,
        content = %config.content.display(),
        content_version = %content.version(),
        web_dir = %config.web_dir.display(),
        build = %shell.build_id(),
        webhook_verification = settings.webhook_secret.is_some(),
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

    let state = match &config.ssr_bundle {
        Some(path) => state.with_renderer(Arc::new(renderer(path).await?)),
        None => {
            tracing::info!("server-side rendering off: pages are drawn by the browser");
            state
        }
    };

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
    supplysite_http::serve(listener, supplysite_http::router(state))
        .await
        .context("server failed")?;
    tracing::info!("stopped");
    Ok(())
}

/// Starts the render engines with the server bundle at `path` (loading it on each engine's
/// thread, so a broken bundle stops start-up here).
async fn renderer(path: &std::path::Path) -> anyhow::Result<Renderer> {
    let named = || {
        format!(
            "server bundle {} (SUPPLYSITE_SSR_BUNDLE / --ssr-bundle; --no-ssr serves pages without it)",
            path.display()
        )
    };
    let bundle = std::fs::read_to_string(path).with_context(named)?;
    let options = RenderOptions::default();
    let renderer = tokio::task::spawn_blocking(move || Renderer::new(bundle, options))
        .await
        .context("render engines did not start")?
        .with_context(named)?;
    tracing::info!(
        bundle = %path.display(),
        engines = options.threads,
        queue = options.queue,
        deadline_ms = options.limits.deadline.as_millis() as u64,
        "server-side rendering on"
    );
    Ok(renderer)
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
