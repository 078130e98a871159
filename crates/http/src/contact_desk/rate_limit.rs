//! The per-client limit on enquiries: a token bucket per client address, refilled evenly over
//! a minute, so a visitor can send a few enquiries in a row but a script cannot send many.
//!
//! IPv6 clients are counted per /64, the smallest block a home or office is given: one client
//! can use every address in it. Once the table is three-quarters full, new IPv6 clients are
//! counted per /48 (a whole site's allocation), so one network rotating through its /64s
//! cannot fill it. The table of clients is bounded; when it is full, clients whose allowance
//! has refilled are forgotten (that changes nothing for them), and if that is not enough the
//! least recently seen eighth of the table is forgotten, so a newcomer is always admitted: a
//! flood from many addresses costs memory up to the bound and no further, and at worst lets a
//! long-quiet client start over with a full allowance.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How many clients are remembered at most, by default.
pub const MAX_CLIENTS: usize = 65_536;

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
    clients: Mutex<HashMap<IpAddr, Client>>,
}

/// What is remembered of one client.
#[derive(Clone, Copy, Debug)]
struct Client {
    /// The instant its allowance would be used up at the average rate.
    busy_until: Instant,
    /// When it was last counted.
    last_seen: Instant,
}

impl RateLimiter {
    /// Allows `per_minute` requests a minute per client, all of them at once if the client
    /// has been quiet for a minute.
    pub fn per_minute(per_minute: NonZeroU32) -> Self {
        Self::bounded(per_minute, MAX_CLIENTS)
    }

    /// As [`RateLimiter::per_minute`], remembering at most `max_clients` clients.
    pub fn bounded(per_minute: NonZeroU32, max_clients: usize) -> Self {
        let emission = Duration::from_secs(60) / per_minute.get();
        RateLimiter {
            per_minute,
            emission,
            burst: emission * (per_minute.get() - 1),
            max_clients: max_clients.max(1),
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
        let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
        let under_pressure = clients.len() >= self.max_clients / 4 * 3;
        let key = client_key(client, under_pressure);
        if !clients.contains_key(&key) && clients.len() >= self.max_clients {
            self.make_room(&mut clients, now);
        }
        let entry = clients.entry(key).or_insert(Client {
            busy_until: now,
            last_seen: now,
        });
        entry.last_seen = now;
        let start = entry.busy_until.max(now);
        let ahead = start - now;
        if ahead > self.burst {
            return Err(whole_seconds(ahead - self.burst));
        }
        entry.busy_until = start + self.emission;
        Ok(())
    }

    /// Forgets clients until there is room for one more: first every client whose allowance
    /// has refilled (forgetting it changes nothing), then, if that was not enough, the least
    /// recently seen eighth of the table (at least one), so the work is done once per many
    /// newcomers rather than for each.
    fn make_room(&self, clients: &mut HashMap<IpAddr, Client>, now: Instant) {
        clients.retain(|_, c| c.busy_until > now);
        if clients.len() < self.max_clients {
            return;
        }
        let evict = (self.max_clients / 8).max(1);
        let mut seen: Vec<(Instant, IpAddr)> =
            clients.iter().map(|(k, c)| (c.last_seen, *k)).collect();
        seen.select_nth_unstable(evict - 1);
        for (_, key) in &seen[..evict] {
            clients.remove(key);
        }
        tracing::warn!(
            forgotten = evict,
            "contact rate limit table full; forgot the least recently seen clients"
        );
    }
}

/// `wait` rounded up to whole seconds, at least one (what `Retry-After` can say).
fn whole_seconds(wait: Duration) -> Duration {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    Duration::from_secs(seconds.max(1))
}

/// The address the limit counts: IPv4 as it is (also when mapped into IPv6), IPv6 by /64, or
/// by /48 when the table is under pressure.
pub(crate) fn client_key(ip: IpAddr, under_pressure: bool) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let host_bits = if under_pressure { 80 } else { 64 };
            let prefix = u128::from(v6) & !((1u128 << host_bits) - 1);
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
    fn a_full_table_of_active_clients_forgets_the_least_recently_seen_and_admits_the_newcomer() {
        let limiter = RateLimiter::bounded(NonZeroU32::new(1).unwrap(), 2);
        let t0 = Instant::now();
        limiter.check(ip("192.0.2.1"), t0).unwrap();
        limiter
            .check(ip("192.0.2.2"), t0 + Duration::from_secs(1))
            .unwrap();
        // Both still limited; the newcomer is admitted and the least recently seen forgotten.
        let t2 = t0 + Duration::from_secs(2);
        assert_eq!(limiter.check(ip("192.0.2.3"), t2), Ok(()));
        assert!(limiter.check(ip("192.0.2.2"), t2).is_err());
        assert!(limiter.check(ip("192.0.2.3"), t2).is_err());
    }

    #[test]
    fn a_full_table_forgets_refilled_clients_before_active_ones() {
        let limiter = RateLimiter::bounded(NonZeroU32::new(1).unwrap(), 2);
        let t0 = Instant::now();
        limiter.check(ip("192.0.2.1"), t0).unwrap();
        let t1 = t0 + Duration::from_secs(61);
        limiter.check(ip("192.0.2.2"), t1).unwrap();
        // 192.0.2.1 has refilled: it goes, and 192.0.2.2 stays limited.
        assert_eq!(limiter.check(ip("192.0.2.3"), t1), Ok(()));
        assert!(limiter.check(ip("192.0.2.2"), t1).is_err());
    }

    #[test]
    fn under_pressure_ipv6_newcomers_are_counted_per_48() {
        let limiter = RateLimiter::bounded(NonZeroU32::new(1).unwrap(), 4);
        let t0 = Instant::now();
        for n in 1..=3 {
            limiter.check(ip(&format!("192.0.2.{n}")), t0).unwrap();
        }
        // Three of four: under pressure.
        limiter.check(ip("2001:db8:1:1::1"), t0).unwrap();
        assert!(limiter.check(ip("2001:db8:1:2::1"), t0).is_err());
        assert_eq!(limiter.check(ip("2001:db8:2:1::1"), t0), Ok(()));
    }
}
