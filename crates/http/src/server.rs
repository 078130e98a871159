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

use crate::Site;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use std::io;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::watch;
use tower::Service;

/// Serves `site` on `listener` until SIGTERM or Ctrl-C, then stops accepting and lets
/// requests in flight finish.
pub async fn serve(listener: TcpListener, site: Site) -> io::Result<()> {
    accept_until(listener, site, shutdown_signal()).await;
    Ok(())
}

/// Serves `site` on `bind` with `workers` threads (at least one), each running its own
/// single-threaded runtime over its own `SO_REUSEPORT` socket. `on_listening` learns the bound
/// address (the port, when `bind` asks for port 0) once every socket is bound and before
/// anything is accepted. Returns after SIGTERM or Ctrl-C, once requests in flight finished.
pub fn serve_per_core(
    bind: SocketAddr,
    workers: usize,
    site: Site,
    on_listening: impl FnOnce(SocketAddr),
) -> io::Result<()> {
    let workers = workers.max(1);
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
                    accept_until(listener, site, stop).await;
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
/// once all have closed.
async fn accept_until(listener: TcpListener, site: Site, stop: impl Future<Output = ()>) {
    let graceful = GracefulShutdown::new();
    let http = hyper::server::conn::http1::Builder::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // Responses leave in one write; never hold a short one back.
        let _ = tcp.set_nodelay(true);
        let service = PerConnection {
            site: site.clone(),
            peer,
        };
        let connection = graceful.watch(http.serve_connection(TokioIo::new(tcp), service));
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// A failed `accept`: a connection that died in the queue is skipped; running out of file
/// descriptors or memory is logged and retried after a pause, as axum and hyper do, rather
/// than spinning on the error.
async fn accept_failed(e: io::Error) {
    use io::ErrorKind::*;
    if matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    ) {
        return;
    }
    tracing::error!(error = %e, "cannot accept connections; retrying in a second");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

/// The site as one connection sees it: every request carries the peer's address
/// (`ConnectInfo<SocketAddr>`), which the contact endpoint's rate limit counts by.
#[derive(Clone)]
struct PerConnection {
    site: Site,
    peer: SocketAddr,
}

impl hyper::service::Service<Request<Incoming>> for PerConnection {
    type Response = axum::response::Response;
    type Error = std::convert::Infallible;
    type Future = <Site as Service<Request>>::Future;

    fn call(&self, request: Request<Incoming>) -> Self::Future {
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(self.peer));
        // The site is always ready (its layers and the router never apply back-pressure), so
        // a clone of it may be called without waiting on `poll_ready`.
        self.site.clone().call(request)
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
