//! [`DifficultyCurve`]: how much work a challenge asks for, rising with the rate at which
//! challenges are being issued, so a flood of robots pays more per enquiry while a quiet site
//! asks a visitor's browser for a fraction of a second.
//!
//! The curve, with the defaults: while at most 60 challenges were issued in the last minute,
//! 16 bits (about 65 000 hashes, well under a second in a browser). Each doubling of the rate
//! beyond that adds one bit, so each doubling doubles the work: 17 bits up to 120 a minute, 18
//! up to 240, 19 up to 480, 20 up to 960, 21 up to 1 920, and never more than 22 bits (about
//! four million hashes, a few seconds on a phone), however many are issued. The rate is counted
//! in six buckets of ten seconds, so it falls back within a minute once the flood stops.

use std::sync::Mutex;
use std::time::Duration;
use supplysite_core::ports::UnixMillis;

/// The number of buckets the last minute is counted in.
const BUCKETS: usize = 6;
/// How long each bucket counts.
const BUCKET: Duration = Duration::from_secs(10);

/// Difficulty by rate of issue. See the module documentation for the curve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DifficultyCurve {
    /// The difficulty while the rate is at most `calm_per_minute`.
    pub base: u8,
    /// The most the difficulty ever rises to.
    pub max: u8,
    /// The rate of issue, per minute, below which nothing rises.
    pub calm_per_minute: u32,
}

impl Default for DifficultyCurve {
    fn default() -> Self {
        DifficultyCurve {
            base: 16,
            max: 22,
            calm_per_minute: 60,
        }
    }
}

impl DifficultyCurve {
    /// A curve that never rises: always `bits`.
    pub fn fixed(bits: u8) -> Self {
        DifficultyCurve {
            base: bits,
            max: bits,
            calm_per_minute: u32::MAX,
        }
    }

    /// The difficulty when `per_minute` challenges were issued in the last minute: the base,
    /// plus one bit per doubling past the calm rate (rounded up), at most `max`.
    pub fn bits(&self, per_minute: u32) -> u8 {
        if per_minute <= self.calm_per_minute {
            return self.base;
        }
        let mut extra = 0u8;
        let mut limit = u64::from(self.calm_per_minute);
        while u64::from(per_minute) > limit && self.base.saturating_add(extra) < self.max {
            extra += 1;
            limit = limit.saturating_mul(2);
        }
        self.base.saturating_add(extra).min(self.max)
    }
}

/// Counts challenges issued over the last minute.
#[derive(Debug, Default)]
pub struct IssueRate {
    /// (bucket number, count), by bucket number modulo [`BUCKETS`].
    buckets: Mutex<[(i64, u32); BUCKETS]>,
}

impl IssueRate {
    /// Counts one issue at `now` and returns how many were issued in the last minute,
    /// this one included.
    pub fn issue(&self, now: UnixMillis) -> u32 {
        let bucket = now.0.div_euclid(BUCKET.as_millis() as i64);
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let slot = &mut buckets[bucket.rem_euclid(BUCKETS as i64) as usize];
        if slot.0 != bucket {
            *slot = (bucket, 0);
        }
        slot.1 = slot.1.saturating_add(1);
        buckets
            .iter()
            .filter(|(b, _)| bucket - b < BUCKETS as i64)
            .map(|(_, n)| *n)
            .fold(0u32, u32::saturating_add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_adds_a_bit_per_doubling_past_the_calm_rate_up_to_its_cap() {
        let curve = DifficultyCurve::default();
        let points: Vec<(u32, u8)> = [0, 60, 61, 120, 121, 240, 480, 960, 1920, 1921, 1_000_000]
            .into_iter()
            .map(|r| (r, curve.bits(r)))
            .collect();
        assert_eq!(
            points,
            [
                (0, 16),
                (60, 16),
                (61, 17),
                (120, 17),
                (121, 18),
                (240, 18),
                (480, 19),
                (960, 20),
                (1920, 21),
                (1921, 22),
                (1_000_000, 22)
            ]
        );
        assert_eq!(DifficultyCurve::fixed(8).bits(u32::MAX), 8);
    }

    #[test]
    fn the_rate_counts_the_last_minute_and_forgets_older_issues() {
        let rate = IssueRate::default();
        let t0 = 1_700_000_000_000;
        for n in 1..=5 {
            assert_eq!(rate.issue(UnixMillis(t0)), n);
        }
        assert_eq!(rate.issue(UnixMillis(t0 + 30_000)), 6);
        assert_eq!(rate.issue(UnixMillis(t0 + 65_000)), 2);
        assert_eq!(rate.issue(UnixMillis(t0 + 200_000)), 1);
    }
}
