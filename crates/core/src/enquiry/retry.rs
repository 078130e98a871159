//! When a failed delivery is tried again, and when it is given up on: exponential back-off
//! with jitter, the provider's own `retry_after` honoured, and a dead letter after a set number
//! of attempts or at once on a permanent error.

use crate::ports::{Attempt, DeliveryError, UnixMillis};
use std::time::Duration;

/// A random fraction in `[0, 1)` that spreads retries out, so that enquiries that failed
/// together (a provider outage) do not all come back at the same instant. Core has no
/// randomness: the caller draws it.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Jitter(f64);

impl Jitter {
    /// No jitter: every delay is exactly half of its back-off step.
    pub const NONE: Jitter = Jitter(0.0);

    /// `fraction` clamped into `[0, 1)`; NaN counts as 0.
    pub fn new(fraction: f64) -> Jitter {
        if fraction.is_nan() {
            return Jitter::NONE;
        }
        Jitter(fraction.clamp(0.0, 1.0 - f64::EPSILON))
    }

    /// The fraction.
    pub fn fraction(self) -> f64 {
        self.0
    }
}

/// How failed deliveries are retried. The defaults wait between half and all of 1, 2, 4, 8,
/// 16, 32 and 60 minutes and give up on the 8th failed attempt, one to two hours after the
/// first: long enough to ride out a provider's bad hour, short enough that an operator hears
/// of a lasting problem the same day (and can requeue once it is fixed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included, before a job is dead-lettered.
    pub max_attempts: u32,
    /// The first back-off step.
    pub base_delay: Duration,
    /// The longest back-off step.
    pub max_delay: Duration,
    /// The longest `retry_after` hint honoured (a provider asking for a day is capped).
    pub max_retry_after: Duration,
    /// The longest wait between attempts while the provider refuses our credentials: a key
    /// fixed in the provider's dashboard is noticed within this, and a blocked job is never
    /// given up on.
    pub max_blocked_delay: Duration,
    /// How long a claimed job is held before another claim may take it (a worker that died
    /// mid-attempt is noticed after this). Longer than any one delivery attempt can take.
    pub lease: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 8,
            base_delay: Duration::from_secs(60),
            max_delay: Duration::from_secs(3600),
            max_retry_after: Duration::from_secs(24 * 3600),
            max_blocked_delay: Duration::from_secs(10 * 60),
            // Well inside Brevo's idempotency window (15 to 30 minutes), so an email whose
            // attempt was cut short by a crash is retried while a repeat is still recognised.
            lease: Duration::from_secs(60),
        }
    }
}

impl RetryPolicy {
    /// The wait after the `failures`-th failed attempt (1 for the first): the back-off step
    /// `base_delay · 2^(failures-1)`, capped at `max_delay`, of which the first half is fixed
    /// and the second half scaled by `jitter` ("equal jitter": never sooner than half a step,
    /// never later than a whole one).
    pub fn delay(&self, failures: u32, jitter: Jitter) -> Duration {
        let doublings = failures.saturating_sub(1).min(31);
        let step = self
            .base_delay
            .saturating_mul(1u32 << doublings)
            .min(self.max_delay);
        let half = step / 2;
        half + half.mul_f64(jitter.fraction())
    }

    /// What to record after attempt number `attempt` (1 for the first) ended in `outcome` at
    /// `now`: delivered; given up on after a permanent error or the last allowed attempt; or
    /// due again after [`RetryPolicy::delay`], or after the provider's `retry_after` when that
    /// is later. Refused credentials are never given up on: the job is due again after the
    /// back-off, at most `max_blocked_delay`, and the outbox is marked blocked.
    pub fn decide(
        &self,
        attempt: u32,
        outcome: &Result<(), DeliveryError>,
        now: UnixMillis,
        jitter: Jitter,
    ) -> Attempt {
        match outcome {
            Ok(()) => Attempt::Delivered,
            Err(DeliveryError::Permanent { reason }) => Attempt::GiveUp {
                reason: reason.clone(),
            },
            Err(DeliveryError::Blocked { reason }) => Attempt::Blocked {
                reason: reason.clone(),
                retry_at: now.after(self.delay(attempt, jitter).min(self.max_blocked_delay)),
            },
            Err(DeliveryError::Transient { reason, .. }) if attempt >= self.max_attempts => {
                Attempt::GiveUp {
                    reason: format!("gave up after {attempt} attempts: {reason}"),
                }
            }
            Err(DeliveryError::Transient {
                reason,
                retry_after,
            }) => {
                let hint = retry_after.unwrap_or_default().min(self.max_retry_after);
                let wait = self.delay(attempt, jitter).max(hint);
                Attempt::Retry {
                    reason: reason.clone(),
                    retry_at: now.after(wait),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: UnixMillis = UnixMillis(1_700_000_000_000);

    fn transient(retry_after: Option<Duration>) -> Result<(), DeliveryError> {
        Err(DeliveryError::Transient {
            reason: "HTTP 503".into(),
            retry_after,
        })
    }

    #[test]
    fn delays_double_from_the_base_up_to_the_cap_with_equal_jitter() {
        let policy = RetryPolicy::default();
        let minutes = |failures, jitter| policy.delay(failures, Jitter::new(jitter)).as_secs_f64();
        assert_eq!(minutes(1, 0.0), 30.0);
        assert_eq!(minutes(2, 0.0), 60.0);
        assert_eq!(minutes(3, 0.5), 180.0);
        assert_eq!(minutes(7, 0.0), 1800.0);
        assert_eq!(minutes(40, 0.0), 1800.0);
        assert!(minutes(1, 0.999_999) < 60.0);
        assert!(minutes(1, 0.999_999) > 59.9);
    }

    #[test]
    fn jitter_is_clamped_into_the_unit_interval() {
        assert_eq!(Jitter::new(-3.0).fraction(), 0.0);
        assert!(Jitter::new(7.0).fraction() < 1.0);
        assert_eq!(Jitter::new(f64::NAN), Jitter::NONE);
    }

    #[test]
    fn a_transient_failure_is_retried_after_the_back_off() {
        let attempt = RetryPolicy::default().decide(1, &transient(None), NOW, Jitter::NONE);
        assert_eq!(
            attempt,
            Attempt::Retry {
                reason: "HTTP 503".into(),
                retry_at: NOW.after(Duration::from_secs(30)),
            }
        );
    }

    #[test]
    fn a_rate_limit_reset_later_than_the_back_off_is_honoured_and_capped_at_a_day() {
        let policy = RetryPolicy::default();
        let later = Some(Duration::from_secs(600));
        let Attempt::Retry { retry_at, .. } =
            policy.decide(1, &transient(later), NOW, Jitter::NONE)
        else {
            panic!("a transient failure is retried");
        };
        assert_eq!(retry_at, NOW.after(Duration::from_secs(600)));

        let sooner = Some(Duration::from_secs(1));
        let Attempt::Retry { retry_at, .. } =
            policy.decide(1, &transient(sooner), NOW, Jitter::NONE)
        else {
            panic!("a transient failure is retried");
        };
        assert_eq!(retry_at, NOW.after(Duration::from_secs(30)));

        let week = Some(Duration::from_secs(7 * 24 * 3600));
        let Attempt::Retry { retry_at, .. } = policy.decide(1, &transient(week), NOW, Jitter::NONE)
        else {
            panic!("a transient failure is retried");
        };
        assert_eq!(retry_at, NOW.after(Duration::from_secs(24 * 3600)));
    }

    #[test]
    fn the_last_allowed_attempt_and_any_permanent_error_give_up() {
        let policy = RetryPolicy::default();
        assert_eq!(
            policy.decide(8, &transient(None), NOW, Jitter::NONE),
            Attempt::GiveUp {
                reason: "gave up after 8 attempts: HTTP 503".into()
            }
        );
        assert!(matches!(
            policy.decide(7, &transient(None), NOW, Jitter::NONE),
            Attempt::Retry { .. }
        ));
        let refused = Err(DeliveryError::Permanent {
            reason: "HTTP 400 invalid_parameter".into(),
        });
        assert_eq!(
            policy.decide(1, &refused, NOW, Jitter::NONE),
            Attempt::GiveUp {
                reason: "HTTP 400 invalid_parameter".into()
            }
        );
        assert_eq!(
            policy.decide(3, &Ok(()), NOW, Jitter::NONE),
            Attempt::Delivered
        );
    }

    #[test]
    fn refused_credentials_are_never_given_up_on_and_wait_at_most_ten_minutes() {
        let policy = RetryPolicy::default();
        let blocked = Err(DeliveryError::Blocked {
            reason: "HTTP 401 unauthorized".into(),
        });
        assert_eq!(
            policy.decide(1, &blocked, NOW, Jitter::NONE),
            Attempt::Blocked {
                reason: "HTTP 401 unauthorized".into(),
                retry_at: NOW.after(Duration::from_secs(30)),
            }
        );
        assert_eq!(
            policy.decide(50, &blocked, NOW, Jitter::NONE),
            Attempt::Blocked {
                reason: "HTTP 401 unauthorized".into(),
                retry_at: NOW.after(Duration::from_secs(600)),
            }
        );
    }
}
