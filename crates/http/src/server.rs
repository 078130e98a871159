//! Running the router on sockets until the process is asked to stop.
//!
//! [`serve_per_core`] is how `supplysite serve` runs: one single-threaded runtime per worker
//! thread, each accepting on its own socket bound to the same address with `SO_REUSEPORT`, so
//! the kernel spreads connections over the workers and a connection's requests never hop
//! between threads (nginx's model). Measured against tokio's multi-threaded runtime on the
//! same machine in `crates/http/README.md`: the work-stealing scheduler spends its time waking
//! idle workers, which a page served from memory cannot afford.

use axum::Router;
use axum::serve::ListenerExt;
use std::io;
use std::net::SocketAddr;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::watch;

/// Serves `app` on `listener`; on SIGTERM or Ctrl-C stops accepting and lets requests in
/// flight finish. Handlers see each connection's peer address (`ConnectInfo<SocketAddr>`),
/// which the contact endpoint's rate limit counts by.
pub async fn serve(listener: TcpListener, app: Router) -> io::Result<()> {
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown_signal())
    .await
}

/// Serves `app` on `bind` with `workers` threads (at least one), each running its own
/// single-threaded runtime over its own `SO_REUSEPORT` socket. `on_listening` learns the bound
/// address (the port, when `bind` asks for port 0) once every socket is bound and before
/// anything is accepted. Returns after SIGTERM or Ctrl-C, once requests in flight finished.
pub fn serve_per_core(
    bind: SocketAddr,
    workers: usize,
    app: Router,
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
        let app = app.clone();
        let mut stopped = stopped.clone();
        let thread = std::thread::Builder::new()
            .name(format!("supplysite-worker-{i}"))
            .spawn(move || -> io::Result<()> {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()?;
                runtime.block_on(async move {
                    let listener = socket.listen(1024)?.tap_io(|tcp| {
                        // Responses leave in one write; never hold a short one back.
                        let _ = tcp.set_nodelay(true);
                    });
                    // Handlers see the peer address, which the contact rate limit counts by.
                    axum::serve(
                        listener,
                        app.into_make_service_with_connect_info::<SocketAddr>(),
                    )
                    .with_graceful_shutdown(async move {
                        let _ = stopped.wait_for(|stop| *stop).await;
                    })
                    .await
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
