//! Time, which core never reads for itself: instants come in from a [`Clock`].

use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// An instant as whole milliseconds since the Unix epoch (1970-01-01T00:00:00Z). Serialises
/// as a plain JSON number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnixMillis(pub i64);

impl UnixMillis {
    /// The milliseconds since the epoch.
    pub fn as_i64(self) -> i64 {
        self.0
    }

    /// This instant moved `by` later, saturating at the largest instant rather than wrapping.
    pub fn after(self, by: Duration) -> UnixMillis {
        let by = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        UnixMillis(self.0.saturating_add(by))
    }
}

impl From<SystemTime> for UnixMillis {
    /// `at` as milliseconds since the epoch; an instant before it is the epoch, one past the
    /// largest is the largest.
    fn from(at: SystemTime) -> Self {
        let since = at.duration_since(UNIX_EPOCH).unwrap_or_default();
        UnixMillis(i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
    }
}

impl fmt::Display for UnixMillis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}ms", self.0)
    }
}

/// The current time. Real adapters read the system clock; tests use a fake they can move.
pub trait Clock: Send + Sync {
    /// Now, in milliseconds since the Unix epoch. Infallible.
    fn now(&self) -> UnixMillis;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_adds_milliseconds_and_saturates() {
        assert_eq!(
            UnixMillis(1_000).after(Duration::from_millis(1_500)),
            UnixMillis(2_500)
        );
        assert_eq!(
            UnixMillis(i64::MAX - 1).after(Duration::from_secs(10)),
            UnixMillis(i64::MAX)
        );
        assert_eq!(UnixMillis(0).after(Duration::MAX), UnixMillis(i64::MAX));
    }

    #[test]
    fn serialises_as_a_plain_number() {
        assert_eq!(serde_json::to_string(&UnixMillis(42)).unwrap(), "42");
    }
}
