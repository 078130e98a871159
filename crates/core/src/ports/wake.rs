//! [`WakeWorker`]: how a front door that stored an enquiry it could not deliver yet gets the
//! background worker to try again without waiting for its next poll.

/// Tells the background worker that drains the outbox to look for due jobs now.
pub trait WakeWorker: Send + Sync {
    /// Asks the worker to look for due jobs now. A wake-up sent while the worker is busy is
    /// kept, not lost.
    fn wake(&self);
}
