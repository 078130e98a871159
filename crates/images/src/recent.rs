//! Renditions served lately, kept in memory: a page's pictures are asked for again and again, and
//! answering them from memory spares each request a look at the source file and a read of the
//! cached rendition from disk. An answer is reused for a short time only ([`RECHECK`] unless
//! set otherwise), so a source file rewritten in place is noticed within that time; the bytes
//! held are bounded by a budget.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long an answer is reused before the source file is looked at again, by default.
pub const RECHECK: Duration = Duration::from_secs(1);

/// Answers by request, within a byte budget.
pub struct Recent<T> {
    budget: usize,
    recheck: Duration,
    state: Mutex<State<T>>,
}

struct State<T> {
    /// The answer, its size in bytes, and when it was made.
    answers: HashMap<String, (T, usize, Instant)>,
    bytes: usize,
}

impl<T: Clone> Recent<T> {
    /// Holds at most `budget` bytes of renditions (nothing when 0), each for `recheck`.
    pub fn new(budget: usize, recheck: Duration) -> Recent<T> {
        Recent {
            budget,
            recheck,
            state: Mutex::new(State {
                answers: HashMap::new(),
                bytes: 0,
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The answer kept for `key`, when it was made less than the recheck time before `now`.
    pub fn get(&self, key: &str, now: Instant) -> Option<T> {
        let state = self.lock();
        let (answer, _, at) = state.answers.get(key)?;
        (now.saturating_duration_since(*at) < self.recheck).then(|| answer.clone())
    }

    /// Keeps `answer`, of `len` bytes, as the answer for `key`, made at `now`. When the budget
    /// would be passed, everything kept before is let go first (the pictures asked for next
    /// come back at once).
    pub fn put(&self, key: String, answer: T, len: usize, now: Instant) {
        if len > self.budget {
            return;
        }
        let mut state = self.lock();
        if let Some((_, old, _)) = state.answers.remove(&key) {
            state.bytes -= old;
        }
        if state.bytes + len > self.budget {
            state.answers.clear();
            state.bytes = 0;
        }
        state.bytes += len;
        state.answers.insert(key, (answer, len, now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(recent: &Recent<String>, key: &str, len: usize, now: Instant) {
        recent.put(key.into(), format!("{len} bytes"), len, now);
    }

    #[test]
    fn an_answer_is_reused_only_within_the_recheck_time() {
        let recent = Recent::new(1000, RECHECK);
        let t0 = Instant::now();
        put(&recent, "a?w=320", 10, t0);
        assert_eq!(recent.get("a?w=320", t0 + RECHECK / 2).unwrap(), "10 bytes");
        assert!(recent.get("a?w=320", t0 + RECHECK).is_none());
        assert!(recent.get("a?w=640", t0).is_none());
    }

    #[test]
    fn the_bytes_held_stay_within_the_budget() {
        let recent = Recent::new(100, RECHECK);
        let t0 = Instant::now();
        put(&recent, "a", 60, t0);
        put(&recent, "a", 60, t0);
        assert!(
            recent.get("a", t0).is_some(),
            "replacing an answer frees its bytes"
        );
        put(&recent, "b", 60, t0);
        assert!(recent.get("a", t0).is_none());
        assert!(recent.get("b", t0).is_some());
        put(&recent, "huge", 101, t0);
        assert!(recent.get("huge", t0).is_none());
        assert!(recent.get("b", t0).is_some());
        let none = Recent::<String>::new(0, RECHECK);
        put(&none, "b", 1, t0);
        assert!(none.get("b", t0).is_none());
    }
}
