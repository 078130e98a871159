//! Admission of connections: at most so many per client (an IPv4 address or an IPv6 /64) and
//! so many in all. A connection over either cap is refused at once (the caller closes it)
//! rather than queued, so a greedy client cannot use up the process's file descriptors and
//! lock everyone else out. The counts are shared by every worker thread. Trusted reverse
//! proxies carry many visitors' connections, so they are held to the total only.

use super::{ConnectionLimits, ConnectionStats};
use crate::connections::proxies::TrustedProxies;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};

/// Who a connection counts against: one IPv4 address, or the /64 an IPv6 address is in (one
/// host usually holds a whole /64, so counting single IPv6 addresses would count nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum ClientKey {
    V4(u32),
    V6(u64),
}

impl ClientKey {
    pub(crate) fn of(peer: &SocketAddr) -> ClientKey {
        match peer.ip() {
            IpAddr::V4(ip) => ClientKey::V4(ip.to_bits()),
            IpAddr::V6(ip) => match ip.to_ipv4_mapped() {
                Some(v4) => ClientKey::V4(v4.to_bits()),
                None => ClientKey::V6((ip.to_bits() >> 64) as u64),
            },
        }
    }
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Its client already holds its share.
    PerClient,
    /// The server holds as many connections as it can afford.
    Total,
}

/// The shared connection counts.
pub(crate) struct Gate {
    per_client: usize,
    total: usize,
    trusted_proxies: TrustedProxies,
    clients: Mutex<HashMap<ClientKey, usize>>,
    stats: Arc<ConnectionStats>,
}

impl Gate {
    pub(crate) fn new(limits: &ConnectionLimits, stats: Arc<ConnectionStats>) -> Arc<Gate> {
        stats.set_limits(limits);
        Arc::new(Gate {
            per_client: limits.effective_per_client(),
            total: limits.total.max(1),
            trusted_proxies: limits.trusted_proxies.clone(),
            clients: Mutex::new(HashMap::new()),
            stats,
        })
    }

    pub(crate) fn stats(&self) -> &Arc<ConnectionStats> {
        &self.stats
    }

    /// Counts a new connection from `peer`, or says why it must be closed. The connection is
    /// counted until the returned [`Admitted`] is dropped.
    pub(crate) fn admit(self: &Arc<Self>, peer: &SocketAddr) -> Result<Admitted, Refused> {
        // A trusted proxy is not one client: it is held to the total only.
        let key = (!self.trusted_proxies.contains(peer.ip())).then(|| ClientKey::of(peer));
        let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        let refused = if self.stats.open.load(Ordering::Relaxed) >= self.total {
            Some((Refused::Total, &self.stats.refused_total))
        } else if key.is_some_and(|key| clients.get(&key).copied().unwrap_or(0) >= self.per_client)
        {
            Some((Refused::PerClient, &self.stats.refused_per_client))
        } else {
            None
        };
        if let Some((why, counter)) = refused {
            counter.fetch_add(1, Ordering::Relaxed);
            return Err(why);
        }
        if let Some(key) = key {
            *clients.entry(key).or_insert(0) += 1;
        }
        self.stats.open.fetch_add(1, Ordering::Relaxed);
        Ok(Admitted {
            gate: self.clone(),
            key,
        })
    }

    fn release(&self, key: Option<ClientKey>) {
        if let Some(key) = key {
            let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(count) = clients.get_mut(&key) {
                *count -= 1;
                if *count == 0 {
                    // Forgotten at zero, so the table holds only clients with open connections.
                    clients.remove(&key);
                }
            }
        }
        self.stats.open.fetch_sub(1, Ordering::Relaxed);
    }

    #[cfg(test)]
    fn clients_tracked(&self) -> usize {
        self.clients.lock().unwrap().len()
    }
}

/// A counted connection; dropping it gives its place back.
pub(crate) struct Admitted {
    gate: Arc<Gate>,
    /// `None` for a trusted proxy.
    key: Option<ClientKey>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.gate.release(self.key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(per_client: usize, total: usize) -> Arc<Gate> {
        let limits = ConnectionLimits {
            per_client,
            total,
            ..ConnectionLimits::default()
        };
        Gate::new(&limits, Arc::default())
    }

    fn peer(s: &str) -> SocketAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_client_over_its_share_is_refused_while_others_are_admitted() {
        let gate = gate(2, 100);
        let a = peer("192.0.2.1:1000");
        let held = [gate.admit(&a).unwrap(), gate.admit(&a).unwrap()];
        assert_eq!(gate.admit(&a).err(), Some(Refused::PerClient));
        assert!(gate.admit(&peer("192.0.2.2:1000")).is_ok());
        drop(held);
        assert!(gate.admit(&a).is_ok());
        assert_eq!(gate.stats().counts().refused_per_client, 1);
    }

    #[test]
    fn ipv6_addresses_in_one_slash_64_count_as_one_client() {
        let gate = gate(1, 100);
        let _held = gate.admit(&peer("[2001:db8:1:2::1]:1")).unwrap();
        assert_eq!(
            gate.admit(&peer("[2001:db8:1:2:ffff::9]:1")).err(),
            Some(Refused::PerClient)
        );
        assert!(gate.admit(&peer("[2001:db8:1:3::1]:1")).is_ok());
    }

    #[test]
    fn an_ipv4_mapped_address_counts_as_its_ipv4_address() {
        assert_eq!(
            ClientKey::of(&peer("[::ffff:192.0.2.1]:1")),
            ClientKey::of(&peer("192.0.2.1:2"))
        );
    }

    #[test]
    fn the_total_cap_refuses_everyone_once_reached() {
        let gate = gate(10, 4);
        // One client may hold at most half of the total.
        let _a = [
            gate.admit(&peer("192.0.2.1:1")).unwrap(),
            gate.admit(&peer("192.0.2.1:2")).unwrap(),
        ];
        assert_eq!(
            gate.admit(&peer("192.0.2.1:3")).err(),
            Some(Refused::PerClient)
        );
        let _b = [
            gate.admit(&peer("192.0.2.2:1")).unwrap(),
            gate.admit(&peer("192.0.2.3:1")).unwrap(),
        ];
        assert_eq!(gate.admit(&peer("192.0.2.4:1")).err(), Some(Refused::Total));
        assert_eq!(gate.stats().open(), 4);
    }

    #[test]
    fn a_trusted_proxy_is_held_to_the_total_only() {
        let limits = ConnectionLimits {
            per_client: 2,
            total: 9,
            trusted_proxies: "127.0.0.1, 10.0.0.0/8".parse().unwrap(),
            ..ConnectionLimits::default()
        };
        let gate = Gate::new(&limits, Arc::default());
        let proxy = peer("10.1.2.3:1000");
        let mut held: Vec<_> = (0..6).map(|_| gate.admit(&proxy).unwrap()).collect();
        // Another client still has its share; past the total, the proxy is refused too.
        let a = peer("192.0.2.1:1");
        let _a = [gate.admit(&a).unwrap(), gate.admit(&a).unwrap()];
        assert_eq!(gate.admit(&a).err(), Some(Refused::PerClient));
        held.push(gate.admit(&proxy).unwrap());
        assert_eq!(gate.admit(&proxy).err(), Some(Refused::Total));
        drop(held);
        assert_eq!(gate.stats().open(), 2);
        assert_eq!(gate.clients_tracked(), 1);
    }

    #[test]
    fn clients_are_forgotten_when_their_last_connection_closes() {
        let gate = gate(10, 100_000);
        for i in 0..1000u32 {
            let ip = std::net::Ipv4Addr::from_bits(0x0a00_0000 + i);
            drop(gate.admit(&SocketAddr::new(ip.into(), 80)).unwrap());
        }
        assert_eq!(gate.clients_tracked(), 0);
        assert_eq!(gate.stats().open(), 0);
    }
}
