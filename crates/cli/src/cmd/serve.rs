//! `supplysite serve`: the composition root of the web server. Reads the settings (flags, the
//! environment, `.env`), loads the content and the web build, wires the adapters into the
//! router and serves until SIGTERM or Ctrl-C; the outbox worker and the content poll run
//! beside it on a background runtime and stop with it.

mod config;
mod enquiries;
mod images;
mod live;
mod replicas;
mod search;

use anyhow::Context;
use config::{Config, LogFormat};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use supplysite_content_adapter::{ExportSource, Loaded, Severity, load_export};
use supplysite_core::ports::InZone;
use supplysite_http::{AppState, Mounts, RenderOptions, Renderer, Shell, StateParts};

/// Serve the site over HTTP.
#[derive(clap::Args, Clone)]
#[group(id = "serve_settings")]
pub struct Args {
    #[command(flatten)]
    server: Box<config::Args>,
    // Boxed: the settings are many, and the other commands' arguments are small.
    #[command(flatten)]
    enquiries: Box<enquiries::Args>,
    #[command(flatten)]
    live: Box<live::Args>,
    #[command(flatten)]
    images: Box<images::Args>,
}

/// Checks the settings that only make sense together, as `serve` would at start, without
/// opening, connecting to or loading anything: one problem per group of settings, each naming
/// the settings to fix. (Each value on its own was checked as it was read.)
pub fn check(args: &Args) -> Vec<anyhow::Error> {
    let mut problems = Vec::new();
    if let Err(e) = Config::from_args(&args.server) {
        problems.push(e);
    }
    if let Err(e) = args.enquiries.mail_settings(&args.server.public_url) {
        problems.push(e);
    }
    if let Err(e) = args.live.check() {
        problems.push(e);
    }
    problems
}

/// How many of an export's problems the start-up log spells out; the rest are counted.
const PROBLEMS_LOGGED: usize = 5;

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = Config::from_args(&args.server)?;
    let images = args.images.settings()?;
    // Kept until the process ends: dropping it flushes the log lines still queued.
    let _log_writer = init_logging(config.log_format);
    serve(config, &args.enquiries, &args.live, &images)?;
    Ok(ExitCode::SUCCESS)
}

fn serve(
    config: Config,
    enquiries: &enquiries::Args,
    live: &live::Args,
    images: &images::Settings,
) -> anyhow::Result<()> {
    let index = config.web_dir.join("index.html");
    let html = std::fs::read_to_string(&index).with_context(|| {
        format!(
            "cannot read the web build at {} (build it with `make web-build`, or point SUPPLYSITE_WEB_DIR / --web-dir at a build; unset, it is looked for in share/supplysite beside the binary's folder, in the source tree, then in the working directory)",
            index.display()
        )
    })?;
    let shell = Shell::parse(&html).with_context(|| format!("web build {}", index.display()))?;
    // The server-rendering engines compile the bundle on their own threads while the content
    // is read: start-up waits for the slower of the two, not for both in turn.
    let deadline = config.ssr_deadline;
    let started = config
        .ssr_bundle
        .clone()
        .map(|path| std::thread::spawn(move || renderer(&path, deadline)));
    let renderer = || -> anyhow::Result<Option<Renderer>> {
        match started {
            Some(started) => match started.join() {
                Ok(made) => made.map(Some),
                Err(panic) => std::panic::resume_unwind(panic),
            },
            None => Ok(None),
        }
    };
    serve_with(config, shell, renderer, enquiries, live, images)
}

/// Serves until a shutdown signal, with `renderer` giving the server-rendering engines (or
/// none) once they are ready.
fn serve_with(
    config: Config,
    shell: Shell,
    renderer: impl FnOnce() -> anyhow::Result<Option<Renderer>>,
    enquiries: &enquiries::Args,
    live: &live::Args,
    images: &images::Settings,
) -> anyhow::Result<()> {
    // The outbox worker, the content poll, the live first load and the shared database's
    // connections run here, off the per-core request runtimes.
    let background = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("supplysite-background")
        .enable_all()
        .build()
        .context("cannot start the background runtime")?;
    let (desk, worker, shared) = enquiries.desk(&config.public_url, &background)?;
    let desk = Arc::new(desk);
    let export = Arc::new(ExportSource::new(config.content.clone()));
    let asset_dir = export.asset_dir().to_path_buf();
    let mut source = live.content(
        export,
        &config.content,
        &config.time_zone,
        shared
            .clone()
            .map(|store| Arc::new(store) as Arc<dyn supplysite_core::ports::SharedSnapshots>),
    )?;
    // Every content set the server takes, the first and each reload, shows dates in the
    // site's zone.
    source.source = Arc::new(InZone::new(source.source.clone(), config.time_zone.clone()));
    let content = if source.is_live() {
        background.block_on(source.load())?
    } else {
        // The first load reads the export directly for its problems; reloads go through the
        // port.
        let loaded = load_export(&config.content).with_context(|| {
            format!(
                "cannot load the content (SUPPLYSITE_CONTENT / --content = {})",
                config.content.display()
            )
        })?;
        log_problems(&loaded);
        loaded.set.with_time_zone(config.time_zone.clone())
    };

    let mut settings = config.settings(&asset_dir);
    settings.image_encodes_per_minute = images.encodes_per_minute;
    let warm_before_ready = images.warm_before_ready;
    let images = images.engine(settings.asset_dir.as_deref())?;
    let warming = images.clone();
    tracing::info!(
        public_url = %settings.public_url,
        content = %source.describe,
        content_version = %content.version(),
        web_dir = %config.web_dir.display(),
        build = %shell.build_id(),
        webhook_verification = settings.webhook_secret.is_some(),
        workers = config.workers,
        enquiries = desk.enquiries().describe(),
        "starting"
    );
    let reload_source = source.source.clone();
    let search = search::mount(&content).context("cannot create the search index")?;
    let mounts = Mounts {
        contact: Some(desk.clone()),
        freshness: source.freshness.clone(),
        preview: source.preview.clone(),
        images,
        // Several replicas share one database: a webhook accepted by one is spent for all.
        seen_signatures: shared
            .clone()
            .map(|store| Arc::new(store) as Arc<dyn supplysite_core::ports::SeenSignatures>),
        // The site search's index lives in memory, brought to each content set served, and
        // is kept in the cache folder for the next start.
        search: Some(search.index),
        search_after_start: search.after_start,
    };
    let state = AppState::with_mounts(
        StateParts {
            settings,
            shell,
            content,
            composer: Arc::new(supplysite_http::CoreComposer::new(
                config.public_url.as_str(),
            )),
            reload: Some(reload_source.clone()),
        },
        mounts,
    );
    // Webhook reloads read and parse the whole space: on the background runtime, not the
    // request runtime of the worker that took the webhook.
    let state = state.with_background(background.handle().clone());
    let state = match (renderer()?, &config.ssr_off) {
        (Some(renderer), _) => state.with_renderer(Arc::new(renderer)),
        (None, Some(config::SsrOff::Missing(looked))) => {
            tracing::warn!(
                "no server bundle ({looked}; set SUPPLYSITE_SSR_BUNDLE / --ssr-bundle, or build one with `make web-build`): pages are served without server rendering, drawn by the browser"
            );
            state
        }
        (None, _) => {
            tracing::info!("server-side rendering off: pages are drawn by the browser");
            state
        }
    };

    // Dropping `stop` when the server is done tells the worker and the poll to finish.
    let (stop, stopped) = tokio::sync::watch::channel(());
    let until_stopped = move || {
        let mut stopped = stopped.clone();
        async move {
            let _ = stopped.changed().await;
        }
    };
    let (worker, poll, notices) = {
        let _on_background = background.enter();
        let worker = worker.spawn(until_stopped());
        let poll = source.poll.map(|every| {
            live::spawn_poll(state.clone(), source.source.clone(), every, until_stopped())
        });
        let notices = shared.as_ref().map(|store| {
            replicas::spawn(
                store.content_notices(),
                state.clone(),
                source.source.clone(),
                &until_stopped,
            )
        });
        (worker, poll, notices)
    };
    let connections = connection_limits(&config, enquiries.trusted_proxies()?);
    let metrics = match config.metrics_bind {
        Some(addr) => {
            let listener = background
                .block_on(tokio::net::TcpListener::bind(addr))
                .with_context(|| {
                    format!("cannot listen on {addr} (SUPPLYSITE_METRICS_BIND / --metrics-bind)")
                })?;
            let bound = listener.local_addr()?;
            tracing::info!(addr = %bound, "metrics at http://{bound}/metrics");
            // The public port's deadlines, with a connection cap of its own.
            let limits = connections.clone();
            let state = state.clone();
            let stop = until_stopped();
            Some(background.spawn(async move {
                supplysite_http::serve_metrics(listener, state, &limits, stop).await
            }))
        }
        None => None,
    };
    // The content is loaded and the warm-up has its list: the pictures of the first screens
    // are made before the server listens, for as long as the operator allows.
    if let Some(engine) = &warming {
        images::wait_for_first_screen(engine, warm_before_ready);
    }
    let stats = state.connection_stats();
    let served = supplysite_http::serve_per_core_draining(
        config.bind,
        config.workers,
        supplysite_http::router(state),
        connections,
        stats,
        config.drain,
        |addr| {
            // One plain line on stdout so scripts and tests learn the port when binding to
            // port 0.
            println!("listening on http://{addr}");
            tracing::info!(%addr, "listening");
        },
    );
    drop(stop);
    background.block_on(async {
        let _ = worker.await;
        if let Some(poll) = poll {
            let _ = poll.await;
        }
        for task in notices.into_iter().flatten() {
            let _ = task.await;
        }
        if let Some(metrics) = metrics {
            let _ = metrics.await;
        }
        // The last content saved, so a restart serves it at once.
        reload_source.settled().await;
    });
    served
        .with_context(|| format!("cannot serve on {} (SUPPLYSITE_BIND / --bind)", config.bind))?;
    tracing::info!("stopped");
    Ok(())
}

/// The connection limits, with the total fitted to the open-file limit (raised to its hard
/// value first, so the server can hold as many connections as the system allows it).
fn connection_limits(
    config: &Config,
    trusted_proxies: supplysite_http::connections::proxies::TrustedProxies,
) -> supplysite_http::ConnectionLimits {
    let mut limits = config.connections.clone();
    limits.trusted_proxies = trusted_proxies;
    match supplysite_http::raise_open_file_limit() {
        Ok(files) => {
            limits.total = files.connection_budget();
            tracing::info!(
                soft_was = files.was,
                soft = files.soft,
                hard = files.hard,
                "open-file limit"
            );
        }
        Err(e) => tracing::warn!(
            error = %e,
            total = limits.total,
            "cannot read or raise the open-file limit; capping connections at the default"
        ),
    }
    tracing::info!(
        total = limits.total,
        per_client = limits.effective_per_client(),
        header_timeout_s = limits.header_timeout.as_secs(),
        idle_timeout_s = limits.idle_timeout.as_secs(),
        write_timeout_s = limits.write_timeout.as_secs(),
        trusted_proxies = %limits.trusted_proxies,
        "connection limits"
    );
    limits
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
/// Starts the render engines with the server bundle at `path` (loading it on each engine's
/// thread, so a broken bundle stops start-up here).
fn renderer(path: &std::path::Path, deadline: Duration) -> anyhow::Result<Renderer> {
    let named = || {
        format!(
            "server bundle {} (SUPPLYSITE_SSR_BUNDLE / --ssr-bundle; --no-ssr serves pages without it)",
            path.display()
        )
    };
    let bundle = std::fs::read_to_string(path).with_context(named)?;
    let mut options = RenderOptions::default();
    options.limits.deadline = deadline;
    let renderer = Renderer::new(bundle, options).with_context(named)?;
    tracing::info!(
        bundle = %path.display(),
        engines = options.threads,
        queue = options.queue,
        deadline_ms = options.limits.deadline.as_millis() as u64,
        "server-side rendering on"
    );
    Ok(renderer)
}

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
