//! How hard the client tries: request timeouts, retries with back-off for server errors and
//! timeouts, and waiting out rate limits. Waiting goes through [`Pause`] so tests can check the
//! waits without sleeping through them.

use async_trait::async_trait;
use std::time::Duration;

/// Timeouts and retry limits for every request to Contentful.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// How long one request may take before it counts as failed.
    pub request_timeout: Duration,
    /// Attempts per request for server errors, timeouts and refused connections (at least 1).
    pub attempts: u32,
    /// The wait after the first failed attempt; it doubles after each further one.
    pub first_backoff: Duration,
    /// The longest wait between two attempts.
    pub max_backoff: Duration,
    /// How many times a request may be rate limited (HTTP 429) before giving up.
    pub rate_limit_retries: u32,
    /// The longest rate-limit reset the client waits for; a longer one fails the load, which
    /// keeps the content being served and tries again at the next reload.
    pub max_rate_limit_wait: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            request_timeout: Duration::from_secs(10),
            attempts: 4,
            first_backoff: Duration::from_millis(500),
            max_backoff: Duration::from_secs(8),
            rate_limit_retries: 5,
            max_rate_limit_wait: Duration::from_secs(60),
        }
    }
}

impl RetryPolicy {
    /// The wait after failed attempt number `attempt` (1-based): doubling from
    /// `first_backoff`, capped at `max_backoff`.
    pub fn backoff(&self, attempt: u32) -> Duration {
        let factor = 2u32.saturating_pow(attempt.saturating_sub(1));
        self.first_backoff
            .saturating_mul(factor)
            .min(self.max_backoff)
    }
}

/// Waits between attempts. Production sleeps on the tokio timer.
#[async_trait]
pub trait Pause: Send + Sync {
    /// Returns once `duration` has passed (or, in tests, at once after noting it).
    async fn pause(&self, duration: Duration);
}

/// Sleeps for real.
#[derive(Debug, Default)]
pub struct TokioPause;

#[async_trait]
impl Pause for TokioPause {
    async fn pause(&self, duration: Duration) {
        tokio::time::sleep(duration).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_the_first_wait_up_to_the_cap() {
        let policy = RetryPolicy {
            first_backoff: Duration::from_millis(500),
            max_backoff: Duration::from_secs(3),
            ..RetryPolicy::default()
        };
        let waits: Vec<u128> = (1..=5).map(|n| policy.backoff(n).as_millis()).collect();
        assert_eq!(waits, [500, 1000, 2000, 3000, 3000]);
        assert_eq!(policy.backoff(200), Duration::from_secs(3));
    }
}
