//! A cached page's server-rendered copy: made once per content generation, and after a render
//! that failed, not tried again before a back-off ends (see [`crate::render::ssr`]).

use super::PageEntry;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The wait after the first failed render that load can explain; it doubles with each one.
pub const RETRY_FIRST: Duration = Duration::from_secs(1);
/// The longest wait between attempts.
pub const RETRY_MAX: Duration = Duration::from_secs(60);

/// The page with markup for one generation, kept in the page's entry (`None` when it was not
/// rendered; a whole entry, so it gets the same precompressed forms as the page without), and
/// when a render that failed may be tried again.
#[derive(Debug, Default)]
pub struct Rendered {
    pub(crate) page: tokio::sync::OnceCell<Option<Arc<PageEntry>>>,
    retry: Mutex<Retry>,
}

#[derive(Debug, Default, Clone, Copy)]
struct Retry {
    not_before: Option<Instant>,
    failures: u32,
}

impl Rendered {
    /// The page with markup, once rendered.
    pub(crate) fn page(&self) -> Option<&PageEntry> {
        self.page.get().and_then(|p| p.as_deref())
    }

    /// The rendered copy for a page carried into the next generation (see
    /// [`PageEntry::carry`]): the markup if it was made, else nothing (a failed render is
    /// tried again there).
    pub(crate) fn carry(&self) -> Rendered {
        let carried = Rendered::default();
        if let Some(Some(page)) = self.page.get() {
            let _ = carried.page.set(Some(Arc::new(page.carry())));
        }
        carried
    }

    /// Whether a render may be tried at `now`.
    pub(crate) fn may_try(&self, now: Instant) -> bool {
        let retry = *self.retry.lock().unwrap_or_else(|p| p.into_inner());
        retry.not_before.is_none_or(|at| now >= at)
    }

    /// Records a failed render at `now`; returns how long until the next try.
    pub(crate) fn failed(&self, now: Instant) -> Duration {
        let mut retry = self.retry.lock().unwrap_or_else(|p| p.into_inner());
        let wait = backoff(retry.failures);
        retry.failures = retry.failures.saturating_add(1);
        retry.not_before = Some(now + wait);
        wait
    }
}

/// The wait after `failures` earlier failures: 1 s, 2 s, 4 s, … up to a minute.
pub fn backoff(failures: u32) -> Duration {
    RETRY_FIRST
        .saturating_mul(1u32.checked_shl(failures.min(16)).unwrap_or(u32::MAX))
        .min(RETRY_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_back_off_doubles_from_a_second_to_at_most_a_minute() {
        let waits: Vec<u64> = (0..9).map(|n| backoff(n).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(backoff(u32::MAX), RETRY_MAX);
    }

    #[test]
    fn a_failed_render_is_not_tried_again_before_its_back_off_ends() {
        let rendered = Rendered::default();
        let t0 = Instant::now();
        assert!(rendered.may_try(t0));
        assert_eq!(rendered.failed(t0), Duration::from_secs(1));
        assert!(!rendered.may_try(t0 + Duration::from_millis(999)));
        assert!(rendered.may_try(t0 + Duration::from_secs(1)));
        let t1 = t0 + Duration::from_secs(1);
        assert_eq!(rendered.failed(t1), Duration::from_secs(2));
        assert!(!rendered.may_try(t1 + Duration::from_millis(1999)));
        assert!(rendered.may_try(t1 + Duration::from_secs(2)));
    }
}
