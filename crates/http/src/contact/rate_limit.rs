//! The per-client limit on enquiries: a token bucket per client address, refilled evenly over
//! a minute, so a visitor can send a few enquiries in a row but a script cannot send many.
//!
//! IPv6 clients are counted per /64, the smallest block a home or office is given: one client
//! can use every address in it. The table of clients is bounded; when it is full of clients
//! that are all still being limited, a new client is refused too (and logged), so a flood from
//! many addresses costs memory up to the bound and no further.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How many clients are remembered at most.
const MAX_CLIENTS: usize = 65_536;

/// Counts requests per client and says when one must wait.
///
/// Kept as the generic cell rate algorithm, a token bucket in integer time: per client, the
/// instant its allowance would be used up if requests kept arriving at the average rate.
#[derive(Debug)]
pub struct RateLimiter {
    per_minute: NonZeroU32,
    /// The time one request uses up: a minute divided by the allowance.
    emission: Duration,
    /// How far ahead of now a client's time may run: all but one request of the allowance.
    burst: Duration,
    max_clients: usize,
    clients: Mutex<HashMap<IpAddr, Instant>>,
}

impl RateLimiter {
    /// Allows `per_minute` requests a minute per client, all of them at once if the client
    /// has been quiet for a minute.
    pub fn per_minute(per_minute: NonZeroU32) -> Self {
        Self::bounded(per_minute, MAX_CLIENTS)
    }

    fn bounded(per_minute: NonZeroU32, max_clients: usize) -> Self {
        let emission = Duration::from_secs(60) / per_minute.get();
        RateLimiter {
            per_minute,
            emission,
            burst: emission * (per_minute.get() - 1),
            max_clients,
            clients: Mutex::new(HashMap::new()),
        }
    }

    /// The allowance per minute.
    pub fn allowance(&self) -> NonZeroU32 {
        self.per_minute
    }

    /// Counts one request from `client` at `now`: `Ok` when it may go ahead, or how long the
    /// client must wait (whole seconds, at least one) before the next one would.
    pub fn check(&self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        let key = client_key(client);
        let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        if !clients.contains_key(&key) && clients.len() >= self.max_clients {
            // A client whose time has caught up with now has its whole allowance again:
            // forgetting it changes nothing.
            clients.retain(|_, busy_until| *busy_until > now);
            if clients.len() >= self.max_clients {
                tracing::warn!(
                    clients = clients.len(),
                    "contact rate limit table full; refusing new clients until it drains"
                );
                return Err(whole_seconds(self.emission));
            }
        }
        let busy_until = clients.entry(key).or_insert(now);
        let start = (*busy_until).max(now);
        let ahead = start - now;
        if ahead > self.burst {
            return Err(whole_seconds(ahead - self.burst));
        }
        *busy_until = start + self.emission;
        Ok(())
    }
}

/// `wait` rounded up to whole seconds, at least one (what `Retry-After` can say).
fn whole_seconds(wait: Duration) -> Duration {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    Duration::from_secs(seconds.max(1))
}

/// The address the limit counts: IPv4 as it is (also when mapped into IPv6), IPv6 by /64.
fn client_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let prefix = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(prefix.into())
        }
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn five() -> RateLimiter {
        RateLimiter::per_minute(NonZeroU32::new(5).unwrap())
    }

    #[test]
    fn a_client_may_send_its_allowance_at_once_then_waits_twelve_seconds_for_the_next() {
        let limiter = five();
        let t0 = Instant::now();
        for _ in 0..5 {
            assert_eq!(limiter.check(ip("203.0.113.7"), t0), Ok(()));
        }
        assert_eq!(
            limiter.check(ip("203.0.113.7"), t0),
            Err(Duration::from_secs(12))
        );
        assert_eq!(
            limiter.check(ip("203.0.113.7"), t0 + Duration::from_secs(5)),
            Err(Duration::from_secs(7))
        );
        assert_eq!(
            limiter.check(ip("203.0.113.7"), t0 + Duration::from_secs(12)),
            Ok(())
        );
    }

    #[test]
    fn other_clients_are_counted_apart() {
        let limiter = five();
        let t0 = Instant::now();
        for _ in 0..5 {
            limiter.check(ip("203.0.113.7"), t0).unwrap();
        }
        assert!(limiter.check(ip("203.0.113.7"), t0).is_err());
        assert_eq!(limiter.check(ip("203.0.113.8"), t0), Ok(()));
    }

    #[test]
    fn an_ipv6_client_is_counted_per_64_and_a_mapped_ipv4_as_itself() {
        let limiter = RateLimiter::per_minute(NonZeroU32::new(1).unwrap());
        let t0 = Instant::now();
        limiter.check(ip("2001:db8:1:2::1"), t0).unwrap();
        assert!(limiter.check(ip("2001:db8:1:2:ffff::9"), t0).is_err());
        assert_eq!(limiter.check(ip("2001:db8:1:3::1"), t0), Ok(()));
        limiter.check(ip("192.0.2.1"), t0).unwrap();
        assert!(limiter.check(ip("::ffff:192.0.2.1"), t0).is_err());
    }

    #[test]
    fn a_quiet_minute_refills_the_whole_allowance_and_no_more() {
        let limiter = five();
        let t0 = Instant::now();
        for _ in 0..5 {
            limiter.check(ip("198.51.100.1"), t0).unwrap();
        }
        let later = t0 + Duration::from_secs(3600);
        for _ in 0..5 {
            assert_eq!(limiter.check(ip("198.51.100.1"), later), Ok(()));
        }
        assert!(limiter.check(ip("198.51.100.1"), later).is_err());
    }

    #[test]
    fn a_full_table_forgets_refilled_clients_and_refuses_new_ones_while_all_are_active() {
        let limiter = RateLimiter::bounded(NonZeroU32::new(5).unwrap(), 2);
        let t0 = Instant::now();
        limiter.check(ip("192.0.2.1"), t0).unwrap();
        limiter.check(ip("192.0.2.2"), t0).unwrap();
        assert!(limiter.check(ip("192.0.2.3"), t0).is_err());
        // The known ones still get their allowance.
        assert_eq!(limiter.check(ip("192.0.2.1"), t0), Ok(()));
        let later = t0 + Duration::from_secs(61);
        assert_eq!(limiter.check(ip("192.0.2.3"), later), Ok(()));
    }
}
