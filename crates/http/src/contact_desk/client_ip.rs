//! Which address a request came from, for the rate limit and the robot check.
//!
//! By default it is the socket's peer: `X-Forwarded-For` is written by whoever sends the
//! request, so trusting it would let any script pick a fresh address per request. Behind
//! reverse proxies (a load balancer, a CDN) the peer is the nearest proxy, so the operator
//! says how many proxies stand in front (`SUPPLYSITE_TRUST_FORWARDED_FOR=N`). Each proxy
//! appends the address it received the request from to `X-Forwarded-For`, so the client is
//! the N-th entry from the right; anything left of it was written by the client and is
//! ignored. A request with fewer entries than proxies did not come through all of them and is
//! counted by its peer.

use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};

/// How to find the client's address.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClientIpPolicy {
    /// Reverse proxies in front of the server whose `X-Forwarded-For` entries are trusted.
    pub trusted_proxies: usize,
}

impl ClientIpPolicy {
    /// The client's address: the peer's, or with trusted proxies the one they forwarded.
    /// `None` only when the server was not given peer addresses and no proxy named one.
    pub fn client_ip(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        if self.trusted_proxies == 0 {
            return peer;
        }
        // Several header lines are one list, in order (RFC 9110 §5.3).
        let entries: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect();
        let Some(index) = entries.len().checked_sub(self.trusted_proxies) else {
            return peer;
        };
        parse_entry(entries[index]).or(peer)
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

    fn peer() -> Option<IpAddr> {
        Some("10.0.0.5".parse().unwrap())
    }

    fn policy(trusted_proxies: usize) -> ClientIpPolicy {
        ClientIpPolicy { trusted_proxies }
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        let h = headers(&["198.51.100.9"]);
        assert_eq!(policy(0).client_ip(peer(), &h), peer());
    }

    #[test]
    fn one_proxy_means_the_last_entry_and_spoofed_entries_before_it_are_ignored() {
        let h = headers(&["6.6.6.6, 203.0.113.7"]);
        assert_eq!(
            policy(1).client_ip(peer(), &h),
            Some("203.0.113.7".parse().unwrap())
        );
    }

    #[test]
    fn two_proxies_mean_the_second_entry_from_the_right_across_header_lines() {
        let h = headers(&["6.6.6.6, 203.0.113.7", "10.1.1.1"]);
        assert_eq!(
            policy(2).client_ip(peer(), &h),
            Some("203.0.113.7".parse().unwrap())
        );
    }

    #[test]
    fn entries_with_ports_and_ipv6_are_read() {
        assert_eq!(
            policy(1).client_ip(peer(), &headers(&["[2001:db8::1]:4711"])),
            Some("2001:db8::1".parse().unwrap())
        );
        assert_eq!(
            policy(1).client_ip(peer(), &headers(&["192.0.2.1:80"])),
            Some("192.0.2.1".parse().unwrap())
        );
    }

    #[test]
    fn too_few_or_unreadable_entries_fall_back_to_the_peer() {
        assert_eq!(
            policy(2).client_ip(peer(), &headers(&["192.0.2.1"])),
            peer()
        );
        assert_eq!(policy(1).client_ip(peer(), &headers(&[])), peer());
        assert_eq!(policy(1).client_ip(peer(), &headers(&["unknown"])), peer());
    }
}
