//! [`MemoryLedger`]: core's [`ChallengeLedger`] port in this process's memory, for tests and
//! for a self-hosted check used without an outbox. The outbox's SQLite file and the shared
//! database implement the same port durably.

use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::Mutex;
use supplysite_core::ports::{ChallengeLedger, LedgerError, Spent, UnixMillis, UsedChallenge};

/// A ledger in this process's memory: for tests, and for a check used without an outbox.
#[derive(Debug)]
pub struct MemoryLedger {
    capacity: usize,
    used: Mutex<HashMap<String, i64>>,
}

impl MemoryLedger {
    /// A ledger holding at most `capacity` challenges (at least one).
    pub fn new(capacity: usize) -> Self {
        MemoryLedger {
            capacity: capacity.max(1),
            used: Mutex::new(HashMap::new()),
        }
    }
}

#[async_trait]
impl ChallengeLedger for MemoryLedger {
    async fn spend(&self, used: UsedChallenge<'_>, now: UnixMillis) -> Result<Spent, LedgerError> {
        let UsedChallenge { challenge, expires } = used;
        let mut used = self
            .used
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if used.contains_key(challenge) {
            return Ok(Spent::AlreadyUsed);
        }
        if used.len() >= self.capacity {
            used.retain(|_, e| *e > now.0);
        }
        while used.len() >= self.capacity {
            let soonest = used
                .iter()
                .min_by_key(|(_, e)| **e)
                .map(|(c, _)| c.clone())
                .expect("a full ledger has an entry");
            used.remove(&soonest);
        }
        used.insert(challenge.to_owned(), expires.0);
        Ok(Spent::Fresh)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spend(ledger: &MemoryLedger, c: &str, expires: i64, now: i64) -> Spent {
        futures_lite(ledger.spend(UsedChallenge::new(c, UnixMillis(expires)), UnixMillis(now)))
            .unwrap()
    }

    /// Polls a future that never waits.
    fn futures_lite<F: std::future::Future>(f: F) -> F::Output {
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        let mut f = std::pin::pin!(f);
        match f.as_mut().poll(&mut cx) {
            std::task::Poll::Ready(v) => v,
            std::task::Poll::Pending => panic!("the memory ledger never waits"),
        }
    }

    #[test]
    fn a_full_ledger_drops_expired_challenges_first_then_the_soonest_to_expire() {
        let ledger = MemoryLedger::new(2);
        assert_eq!(spend(&ledger, "a", 100, 0), Spent::Fresh);
        assert_eq!(spend(&ledger, "b", 200, 0), Spent::Fresh);
        assert_eq!(spend(&ledger, "a", 100, 0), Spent::AlreadyUsed);
        // Full, nothing expired: "a" expires soonest and goes; the newcomer is taken.
        assert_eq!(spend(&ledger, "c", 300, 50), Spent::Fresh);
        assert_eq!(spend(&ledger, "b", 200, 50), Spent::AlreadyUsed);
        // Full, "b" expired by 250: it goes and "c" stays.
        assert_eq!(spend(&ledger, "d", 400, 250), Spent::Fresh);
        assert_eq!(spend(&ledger, "c", 300, 250), Spent::AlreadyUsed);
    }
}
