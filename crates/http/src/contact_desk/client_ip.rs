//! Which address a request came from, for the rate limit and the robot check.
//!
//! It is the socket's peer, unless that peer is one of the reverse proxies the operator
//! trusts (`SUPPLYSITE_TRUSTED_PROXIES`): then it is the rightmost address in
//! `X-Forwarded-For` that is not itself a trusted proxy (see [`crate::connections::proxies`]). A client
//! that reaches the server directly cannot choose its address with the header.

use crate::connections::proxies::TrustedProxies;
use axum::extract::ConnectInfo;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// How to find the client's address.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClientIpPolicy {
    /// Reverse proxies in front of the server whose `X-Forwarded-For` is read.
    pub trusted_proxies: TrustedProxies,
}

impl ClientIpPolicy {
    /// The client's address: the peer's, or behind trusted proxies the one they forwarded.
    /// `None` only when the server was not given the peer's address.
    pub fn client_ip(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        peer.map(|peer| self.trusted_proxies.client_ip(peer, headers))
    }

    /// The address a request's allowances are counted by: [`Self::client_ip`] of the socket's
    /// peer. Without any peer address all such requests share one allowance, which errs on the
    /// safe side.
    pub fn key(&self, parts: &Parts) -> IpAddr {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip());
        self.client_ip(peer, &parts.headers)
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn without_a_peer_address_nothing_is_read_from_the_header() {
        let policy = ClientIpPolicy {
            trusted_proxies: "0.0.0.0/0".parse().unwrap(),
        };
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", HeaderValue::from_static("192.0.2.1"));
        assert_eq!(policy.client_ip(None, &h), None);
        let peer = Some("10.0.0.5".parse().unwrap());
        assert_eq!(
            policy.client_ip(peer, &h),
            Some("192.0.2.1".parse().unwrap())
        );
    }
}
