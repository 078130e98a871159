//! The reverse proxies the operator trusts (`SUPPLYSITE_TRUSTED_PROXIES`): addresses and CIDR
//! ranges such as `127.0.0.1, 10.0.0.0/8, fd00::/8`.
//!
//! Which address a request came from is the socket's peer, unless that peer is a trusted
//! proxy: then it is read from `X-Forwarded-For`, where each proxy appends the address it
//! received the request from. Reading the header from the right, the first address that is not
//! itself a trusted proxy is the client; everything left of it was written by the client (or
//! by proxies nobody vouches for) and is ignored. From any other peer the header is ignored
//! altogether, so a client reaching the server directly cannot choose its own address.
//!
//! Trusted proxies carry many visitors' connections, so the per-client connection cap does not
//! apply to them (the total cap still does; see [`crate::connections`]).

use axum::http::HeaderMap;
use ipnet::IpNet;
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;
use std::sync::Arc;

/// The proxies whose `X-Forwarded-For` is read; none by default.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Arc<[IpNet]>);

impl TrustedProxies {
    /// No proxy is trusted: every request is counted by its peer.
    pub fn none() -> TrustedProxies {
        TrustedProxies::default()
    }

    /// Whether no proxy is trusted.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The ranges trusted, as given (single addresses as /32 or /128).
    pub fn ranges(&self) -> &[IpNet] {
        &self.0
    }

    /// Whether `ip` is a trusted proxy (an IPv4-mapped IPv6 address counts as its IPv4
    /// address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client's address: `peer` itself unless it is a trusted proxy, else the rightmost
    /// address in `X-Forwarded-For` that is not a trusted proxy. When every entry is trusted,
    /// the leftmost one; when an entry cannot be read, the trusted hop to its right (the
    /// header left of it is not trustworthy).
    pub fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.contains(client) {
            return client;
        }
        // Several header lines are one list, in order (RFC 9110 §5.3).
        let lines: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        for entry in lines.iter().rev().flat_map(|l| l.rsplit(',')) {
            let entry = entry.trim();
            if entry.is_empty() {
                continue;
            }
            let Some(ip) = parse_entry(entry) else {
                return client;
            };
            client = ip;
            if !self.contains(ip) {
                return client;
            }
        }
        client
    }
}

impl FromStr for TrustedProxies {
    type Err = String;

    /// Addresses and CIDR ranges separated by commas or spaces; empty for none.
    fn from_str(text: &str) -> Result<Self, String> {
        let mut ranges = Vec::new();
        for item in text.split(|c: char| c == ',' || c.is_whitespace()) {
            if item.is_empty() {
                continue;
            }
            let net = match item.parse::<IpNet>() {
                Ok(net) => net.trunc(),
                Err(_) => match item.parse::<IpAddr>() {
                    Ok(ip) => IpNet::from(ip.to_canonical()),
                    Err(_) => {
                        return Err(format!(
                            "SUPPLYSITE_TRUSTED_PROXIES: {item:?} is not an address or a CIDR range (expected such as 127.0.0.1, 10.0.0.0/8, fd00::/8)"
                        ));
                    }
                },
            };
            ranges.push(net);
        }
        Ok(TrustedProxies(ranges.into()))
    }
}

impl fmt::Debug for TrustedProxies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl fmt::Display for TrustedProxies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, net) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{net}")?;
        }
        Ok(())
    }
}

/// An address as proxies write it: `192.0.2.1`, `2001:db8::1`, or with a port,
/// `192.0.2.1:4711` or `[2001:db8::1]:4711`.
fn parse_entry(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for line in lines {
            h.append("x-forwarded-for", HeaderValue::from_str(line).unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn trusted(s: &str) -> TrustedProxies {
        s.parse().unwrap()
    }

    #[test]
    fn addresses_and_ranges_are_read_and_anything_else_is_refused_by_name() {
        let proxies = trusted("127.0.0.1, 10.0.0.0/8 fd00::/8,::ffff:192.0.2.9");
        assert!(proxies.contains(ip("127.0.0.1")));
        assert!(!proxies.contains(ip("127.0.0.2")));
        assert!(proxies.contains(ip("10.200.3.4")));
        assert!(proxies.contains(ip("fd12::1")));
        assert!(proxies.contains(ip("192.0.2.9")));
        assert!(proxies.contains(ip("::ffff:127.0.0.1")));
        assert!(trusted("").is_empty());
        assert!(trusted(" , ").is_empty());
        let error = "10.0.0.0/33".parse::<TrustedProxies>().unwrap_err();
        assert!(error.contains("SUPPLYSITE_TRUSTED_PROXIES"), "{error}");
        assert!("nginx".parse::<TrustedProxies>().is_err());
        assert!("1".parse::<TrustedProxies>().is_err());
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let proxies = trusted("10.0.0.0/8");
        let h = headers(&["198.51.100.9"]);
        assert_eq!(proxies.client_ip(ip("203.0.113.5"), &h), ip("203.0.113.5"));
        assert_eq!(
            TrustedProxies::none().client_ip(ip("203.0.113.5"), &h),
            ip("203.0.113.5")
        );
    }

    #[test]
    fn behind_a_trusted_peer_the_rightmost_untrusted_entry_is_the_client() {
        let proxies = trusted("10.0.0.0/8");
        // The client forged the first entry; the proxy appended the address it saw.
        let h = headers(&["6.6.6.6, 203.0.113.7"]);
        assert_eq!(proxies.client_ip(ip("10.0.0.5"), &h), ip("203.0.113.7"));
        // A CDN and nginx, both trusted, across header lines.
        let h = headers(&["6.6.6.6, 203.0.113.7", "10.1.1.1"]);
        assert_eq!(proxies.client_ip(ip("10.0.0.5"), &h), ip("203.0.113.7"));
    }

    #[test]
    fn entries_with_ports_and_ipv6_are_read() {
        let proxies = trusted("127.0.0.1");
        let peer = ip("127.0.0.1");
        assert_eq!(
            proxies.client_ip(peer, &headers(&["[2001:db8::1]:4711"])),
            ip("2001:db8::1")
        );
        assert_eq!(
            proxies.client_ip(peer, &headers(&["192.0.2.1:80"])),
            ip("192.0.2.1")
        );
    }

    #[test]
    fn no_header_an_unreadable_entry_or_only_trusted_entries_stop_at_the_last_trusted_hop() {
        let proxies = trusted("10.0.0.0/8");
        let peer = ip("10.0.0.5");
        assert_eq!(proxies.client_ip(peer, &headers(&[])), peer);
        assert_eq!(
            proxies.client_ip(peer, &headers(&["198.51.100.1, unknown, 10.0.0.9"])),
            ip("10.0.0.9")
        );
        assert_eq!(
            proxies.client_ip(peer, &headers(&["10.0.0.7, 10.0.0.9"])),
            ip("10.0.0.7")
        );
    }
}
