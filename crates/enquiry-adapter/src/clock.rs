//! [`SystemClock`]: the real time, for the ports that need it.

use std::time::{SystemTime, UNIX_EPOCH};
use supplysite_core::ports::{Clock, UnixMillis};

/// The system's wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> UnixMillis {
        let since = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        UnixMillis(i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
    }
}
