//! The server's defences against slow and greedy clients, below the requests: how long a
//! connection may take to send a request head, sit idle or leave a response unread
//! ([`ConnectionLimits`], enforced by [`deadlines`]), how many connections one client address
//! and all clients together may hold ([`gate`]), and the counts `/readyz` reports
//! ([`ConnectionStats`]).
//!
//! The timeouts are enforced on the socket rather than by hyper's own header-read timer:
//! hyper starts that timer as soon as a connection goes idle, so it cannot tell a keep-alive
//! connection waiting for its next request (allowed a minute) from a client trickling a head
//! (allowed a few seconds).
//!
//! Layer: sockets and the clients on them (deadlines, gates, trusted proxies, the serve loop).
//! It uses no other module of the server: it knows connections, not routes.

pub mod proxies;
pub(crate) mod server;

pub(crate) mod deadlines;
pub(crate) mod gate;
mod open_files;

pub use open_files::{OpenFiles, raise_open_file_limit};

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

/// The longest request header line (or request line) the server reads; longer ones are
/// refused with 431 (414 for the request line).
pub const MAX_HEADER_LINE: usize = 16 * 1024;

/// The largest request head the server reads; a larger one is refused with 431.
pub const MAX_HEAD: usize = 64 * 1024;

/// How long connections may take and how many may be open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// From the first byte of a request (or from connecting) to the end of its head.
    pub header_timeout: Duration,
    /// How long a keep-alive connection may wait for its next request.
    pub idle_timeout: Duration,
    /// How long a response may wait for the client to take more of it.
    pub write_timeout: Duration,
    /// Connections one client may hold: one IPv4 address, or one IPv6 /64.
    pub per_client: usize,
    /// Connections all clients together may hold (see [`OpenFiles::connection_budget`]).
    pub total: usize,
    /// Reverse proxies, held to the total only: each carries many visitors' connections.
    pub trusted_proxies: crate::connections::proxies::TrustedProxies,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            write_timeout: Duration::from_secs(30),
            per_client: 256,
            total: 768,
            trusted_proxies: crate::connections::proxies::TrustedProxies::none(),
        }
    }
}

impl ConnectionLimits {
    /// The cap one client is held to: the setting, but never more than half of the total, so
    /// one address alone can never take every connection.
    pub fn effective_per_client(&self) -> usize {
        self.per_client.min((self.total / 2).max(1))
    }
}

/// What the connection defences did, as `/readyz` shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionCounts {
    /// Connections open now.
    pub open: usize,
    /// The most connections served at once.
    pub limit: usize,
    /// The most connections one client (IPv4 address, IPv6 /64) may hold.
    pub per_client_limit: usize,
    /// `accept` failures since start (such as too many open files).
    pub accept_errors: u64,
    /// Connections closed at once because their client held its share.
    pub refused_per_client: u64,
    /// Connections closed at once because the server held its total.
    pub refused_total: u64,
    /// Connections closed for a head, an idle wait or a write that took too long.
    pub timed_out: u64,
}

/// What the connection defences did, shared by every worker and shown by `/readyz`.
#[derive(Debug, Default)]
pub struct ConnectionStats {
    open: AtomicUsize,
    accept_errors: AtomicU64,
    refused_per_client: AtomicU64,
    refused_total: AtomicU64,
    timed_out: AtomicU64,
    total_limit: AtomicUsize,
    per_client_limit: AtomicUsize,
    draining: AtomicBool,
}

impl ConnectionStats {
    /// The counts as `/readyz` shows them.
    pub fn counts(&self) -> ConnectionCounts {
        let get = |n: &AtomicU64| n.load(Ordering::Relaxed);
        ConnectionCounts {
            open: self.open.load(Ordering::Relaxed),
            limit: self.total_limit.load(Ordering::Relaxed),
            per_client_limit: self.per_client_limit.load(Ordering::Relaxed),
            accept_errors: get(&self.accept_errors),
            refused_per_client: get(&self.refused_per_client),
            refused_total: get(&self.refused_total),
            timed_out: get(&self.timed_out),
        }
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Whether the server was asked to stop and is draining: `/readyz` answers 503, and every
    /// response asks its client to close the connection.
    pub fn draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }

    pub(crate) fn start_draining(&self) {
        self.draining.store(true, Ordering::Relaxed);
    }

    pub(crate) fn accept_failed(&self) {
        self.accept_errors.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn timed_out(&self) {
        self.timed_out.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn set_limits(&self, limits: &ConnectionLimits) {
        self.total_limit.store(limits.total, Ordering::Relaxed);
        self.per_client_limit
            .store(limits.effective_per_client(), Ordering::Relaxed);
    }
}
