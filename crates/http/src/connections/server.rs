//! Running the site on sockets until the process is asked to stop.
//!
//! [`serve_per_core`] is how `supplysite serve` runs: one single-threaded runtime per worker
//! thread, each accepting on its own socket bound to the same address with `SO_REUSEPORT`, so
//! the kernel spreads connections over the workers and a connection's requests never hop
//! between threads (nginx's model). Measured against tokio's multi-threaded runtime on the
//! same machine in `crates/http/README.md`: the work-stealing scheduler spends its time waking
//! idle workers, which a page served from memory cannot afford.
//!
//! Connections are served by hyper's HTTP/1 directly rather than through `axum::serve`: the
//! site sits behind a CDN or TLS-terminating proxy that speaks HTTP/1.1 to it, and going
//! straight to HTTP/1 drops the protocol sniffing, upgrade support and per-request service
//! adapters a general server carries (measured in the README).
//!
//! Every connection is held to the limits in [`crate::connections`]: deadlines for its request
//! heads, its idle time and its unread responses, a cap per client and in total, and heads of
//! at most 64 KiB.

mod per_connection;

use crate::Site;
use crate::connections::deadlines::{Activity, Guarded};
use crate::connections::gate::Gate;
use crate::connections::{ConnectionLimits, ConnectionStats, MAX_HEAD};
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use per_connection::{PerConnection, Served};
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::watch;

/// Serves `site` on `listener` until SIGTERM or Ctrl-C, then stops accepting and lets
/// requests in flight finish. Connections are held to `limits` and counted in `stats`.
pub async fn serve(
    listener: TcpListener,
    site: Site,
    limits: ConnectionLimits,
    stats: Arc<ConnectionStats>,
) -> io::Result<()> {
    let gate = Gate::new(&limits, stats);
    accept_until(listener, site, limits, gate, shutdown_signal()).await;
    Ok(())
}

/// The most connections the metrics listener holds at once (half of them from one client):
/// a Prometheus server or two scraping it need a handful.
pub const METRICS_CONNECTIONS: usize = 16;

/// Serves `router` (the metrics listener's, [`crate::metrics_router`]) on `listener` until
/// `stop` resolves, held to the same defences as the site's port: `limits`' head, idle and
/// write deadlines, heads of at most 64 KiB, and a cap of [`METRICS_CONNECTIONS`] connections
/// (half per client) instead of the site's. Logs a warning when `listener` is bound off
/// loopback: the metrics tell whoever reaches them the site's traffic and the outbox's state.
pub async fn serve_router(
    listener: TcpListener,
    router: axum::Router,
    limits: &ConnectionLimits,
    stop: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let addr = listener.local_addr()?;
    if !addr.ip().is_loopback() {
        tracing::warn!(
            %addr,
            "the metrics listener is bound off loopback: anyone who reaches it reads the site's traffic and outbox counts; bind it to 127.0.0.1 or firewall the port (SUPPLYSITE_METRICS_BIND)"
        );
    }
    let limits = ConnectionLimits {
        total: METRICS_CONNECTIONS,
        per_client: METRICS_CONNECTIONS / 2,
        // No proxy stands in front of it: every peer is one client.
        trusted_proxies: crate::connections::proxies::TrustedProxies::none(),
        ..limits.clone()
    };
    // Counted apart from the site's connections, which `/readyz` reports.
    let gate = Gate::new(&limits, Arc::new(ConnectionStats::default()));
    accept_until(listener, router, limits, gate, stop).await;
    Ok(())
}

/// How the server stops on SIGTERM or Ctrl-C: it marks itself draining at once (`/readyz`
/// answers 503 and every response asks its client to close the connection, so a load balancer
/// moves new requests to other replicas and drops its kept-alive connections here), goes on
/// accepting and answering for `period`, then stops accepting and lets requests in flight
/// finish. A second signal during the period ends it early.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drain {
    /// How long the listener keeps answering after the signal (`SUPPLYSITE_DRAIN_SECONDS`).
    pub period: Duration,
}

/// Serves `site` on `bind` with `workers` threads (at least one), each running its own
/// single-threaded runtime over its own `SO_REUSEPORT` socket. Connections are held to
/// `limits`, counted across all workers in `stats`. `on_listening` learns the bound address
/// (the port, when `bind` asks for port 0) once every socket is bound and before anything is
/// accepted. Returns after SIGTERM or Ctrl-C, once requests in flight finished.
pub fn serve_per_core(
    bind: SocketAddr,
    workers: usize,
    site: Site,
    limits: ConnectionLimits,
    stats: Arc<ConnectionStats>,
    on_listening: impl FnOnce(SocketAddr),
) -> io::Result<()> {
    serve_per_core_draining(
        bind,
        workers,
        site,
        limits,
        stats,
        Drain::default(),
        on_listening,
    )
}

/// [`serve_per_core`] that drains for `drain.period` after SIGTERM or Ctrl-C before it stops
/// accepting (see [`Drain`]).
pub fn serve_per_core_draining(
    bind: SocketAddr,
    workers: usize,
    site: Site,
    limits: ConnectionLimits,
    stats: Arc<ConnectionStats>,
    drain: Drain,
    on_listening: impl FnOnce(SocketAddr),
) -> io::Result<()> {
    let workers = workers.max(1);
    let draining = stats.clone();
    let gate = Gate::new(&limits, stats);
    let first = reuseport_socket(bind)?;
    let addr = first.local_addr()?;
    let mut sockets = vec![first];
    for _ in 1..workers {
        sockets.push(reuseport_socket(addr)?);
    }
    let (stop, stopped) = watch::channel(false);
    let mut threads = Vec::with_capacity(workers);
    for (i, socket) in sockets.into_iter().enumerate() {
        let site = site.clone();
        let gate = gate.clone();
        let limits = limits.clone();
        let mut stopped = stopped.clone();
        let thread = std::thread::Builder::new()
            .name(format!("supplysite-worker-{i}"))
            .spawn(move || -> io::Result<()> {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()?;
                runtime.block_on(async move {
                    let listener = socket.listen(1024)?;
                    let stop = async move {
                        let _ = stopped.wait_for(|stop| *stop).await;
                    };
                    accept_until(listener, site, limits, gate, stop).await;
                    Ok(())
                })
            })?;
        threads.push(thread);
    }
    // Signals are awaited on a runtime of their own so no worker owns them.
    let signals = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    signals.block_on(async move {
        let mut signal = std::pin::pin!(shutdown_signal());
        // The first poll installs the handlers, so a SIGTERM sent as soon as the address is
        // known is already ours.
        tokio::select! {
            biased;
            () = &mut signal => return,
            () = std::future::ready(()) => {}
        }
        on_listening(addr);
        signal.await;
        draining.start_draining();
        if !drain.period.is_zero() {
            tracing::info!(
                seconds = drain.period.as_secs_f64(),
                "draining: /readyz answers 503 while requests are still answered"
            );
            tokio::select! {
                () = tokio::time::sleep(drain.period) => {}
                () = shutdown_signal() => tracing::info!("asked again: stopping now"),
            }
        }
        tracing::info!("no longer accepting; finishing the requests in flight");
    });
    let _ = stop.send(true);
    let mut result = Ok(());
    for thread in threads {
        match thread.join() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => result = Err(e),
            Err(_) => result = Err(io::Error::other("a worker thread panicked")),
        }
    }
    result
}

/// Accepts connections on `listener` and serves each on its own task until `stop` resolves;
/// then closes the listener, lets each connection finish the request it is on, and returns
/// once all have closed. A connection over the caps of `gate` is closed at once.
async fn accept_until<S: Served>(
    listener: TcpListener,
    site: S,
    limits: ConnectionLimits,
    gate: Arc<Gate>,
    stop: impl Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    // hyper answers 431 to a longer head. No timer is given to hyper: its header-read timer
    // starts when a connection goes idle, so it would close keep-alive connections at the
    // header timeout; `Guarded` times the phases instead.
    http.max_header_size(MAX_HEAD);
    let mut backoff = AcceptBackoff::default();
    let mut stop = std::pin::pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    gate.stats().accept_failed();
                    backoff.failed(e).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        backoff.succeeded();
        let admitted = match gate.admit(&peer) {
            Ok(admitted) => admitted,
            Err(why) => {
                tracing::debug!(%peer, ?why, "connection refused: over the cap");
                drop(tcp);
                continue;
            }
        };
        // Responses leave in one write; never hold a short one back.
        let _ = tcp.set_nodelay(true);
        let activity = Arc::new(Activity::default());
        let io = Guarded::new(tcp, &limits, activity.clone(), gate.stats().clone());
        let service = PerConnection {
            site: site.clone(),
            peer,
            activity,
            stats: gate.stats().clone(),
        };
        let connection = graceful.watch(http.serve_connection(TokioIo::new(io), service));
        tokio::spawn(async move {
            // Counted against its client until it closes.
            let _admitted = admitted;
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// What the accept loop does after a failed `accept`. A connection that died in the queue is
/// skipped at once. Running out of file descriptors, buffers or memory (EMFILE, ENFILE,
/// ENOBUFS, ENOMEM) lasts only as long as the connections holding them, so the loop pauses
/// briefly (10 ms, doubling to at most 100 ms while it persists) and tries again: it never
/// spins on the error and never gives up. The first failure of a run and its end are logged.
#[derive(Default)]
struct AcceptBackoff {
    failures: u64,
    pause: Duration,
}

impl AcceptBackoff {
    const FIRST_PAUSE: Duration = Duration::from_millis(10);
    const LONGEST_PAUSE: Duration = Duration::from_millis(100);

    async fn failed(&mut self, e: io::Error) {
        use io::ErrorKind::*;
        if matches!(
            e.kind(),
            ConnectionRefused | ConnectionAborted | ConnectionReset
        ) {
            return;
        }
        if self.failures == 0 {
            tracing::error!(error = %e, "cannot accept connections; retrying");
            self.pause = Self::FIRST_PAUSE;
        }
        self.failures += 1;
        tokio::time::sleep(self.pause).await;
        self.pause = (self.pause * 2).min(Self::LONGEST_PAUSE);
    }

    fn succeeded(&mut self) {
        if self.failures > 0 {
            tracing::warn!(
                failures = self.failures,
                "accepting connections again after failures"
            );
            self.failures = 0;
        }
    }
}

fn reuseport_socket(addr: SocketAddr) -> io::Result<TcpSocket> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.set_reuseport(true)?;
    socket.bind(addr)?;
    Ok(socket)
}

/// Resolves on Ctrl-C or, on Unix, SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => tracing::info!("Ctrl-C received, shutting down"),
        () = terminate => tracing::info!("SIGTERM received, shutting down"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::time::Instant;

    fn out_of_files() -> io::Error {
        io::Error::from_raw_os_error(24) // EMFILE
    }

    #[tokio::test(start_paused = true)]
    async fn running_out_of_descriptors_pauses_the_listener_briefly_and_never_longer() {
        let mut backoff = AcceptBackoff::default();
        let mut pauses = Vec::new();
        for _ in 0..6 {
            let start = Instant::now();
            backoff.failed(out_of_files()).await;
            pauses.push(start.elapsed().as_millis());
        }
        assert_eq!(pauses, [10, 20, 40, 80, 100, 100]);
        // Once a connection is accepted again, the next failure starts from the shortest pause.
        backoff.succeeded();
        let start = Instant::now();
        backoff.failed(out_of_files()).await;
        assert_eq!(start.elapsed().as_millis(), 10);
    }

    #[tokio::test(start_paused = true)]
    async fn a_connection_that_died_in_the_queue_is_skipped_without_a_pause() {
        let mut backoff = AcceptBackoff::default();
        let start = Instant::now();
        backoff
            .failed(io::Error::from(io::ErrorKind::ConnectionAborted))
            .await;
        assert_eq!(start.elapsed(), Duration::ZERO);
        assert_eq!(backoff.failures, 0);
    }
}
