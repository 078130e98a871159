//! [`SystemClock`]: the real time, for the ports that need it.

use std::time::SystemTime;
use supplysite_core::ports::{Clock, UnixMillis};

/// The system's wall clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> UnixMillis {
        UnixMillis::from(SystemTime::now())
    }
}
