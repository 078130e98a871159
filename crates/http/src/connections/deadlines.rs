//! A connection's socket with deadlines: [`Guarded`] fails a read or write with `TimedOut`
//! once the client has taken too long, which makes hyper drop the connection.
//!
//! A connection is in one of three phases, told apart by [`Activity`] (which the service
//! updates as requests start and finish) and by the bytes read:
//! - waiting for a head: from connecting, or from the first byte of a later request, the whole
//!   head must arrive within the header timeout, however it is trickled;
//! - idle between requests: a keep-alive connection may wait the idle timeout for the first
//!   byte of its next request (time spent sending the last response counts as activity);
//! - busy with a request: reads have no deadline (the request timeout bounds the handler).
//!
//! In every phase a write that makes no progress for the write timeout (a client that does
//! not read its response) fails, so the connection and its buffers are let go.

use super::{ConnectionLimits, ConnectionStats};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// Requests started and finished on one connection, counted by its service.
#[derive(Debug, Default)]
pub(crate) struct Activity {
    started: AtomicU32,
    finished: AtomicU32,
}

impl Activity {
    /// Marks a request as handed to the site; the request counts as in flight until the
    /// returned guard is dropped (when its response is ready, or the request is abandoned).
    pub(crate) fn start(self: &Arc<Self>) -> InFlight {
        self.started.fetch_add(1, Ordering::Relaxed);
        InFlight(self.clone())
    }

    fn finished(&self) -> u32 {
        self.finished.load(Ordering::Relaxed)
    }

    fn busy(&self) -> bool {
        self.started.load(Ordering::Relaxed) != self.finished()
    }
}

/// A request in flight; see [`Activity::start`].
pub(crate) struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.finished.fetch_add(1, Ordering::Relaxed);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Waiting for the rest of a request head begun (or a connection opened) at this instant.
    Head(Instant),
    /// Waiting for a new request since this instant.
    Idle(Instant),
    /// A request is being handled.
    Busy,
}

/// One timer, moved only when its deadline comes earlier.
///
/// Each response pushes a connection's idle deadline on, and moving a sleep costs a trip
/// through the runtime's timer wheel; a later deadline is therefore only noted, and the sleep,
/// still set for the earlier one, is set again for it when it fires.
#[derive(Default)]
struct Timer {
    sleep: Option<Pin<Box<Sleep>>>,
    /// When the sleep fires; never after the deadline last asked about.
    armed: Option<Instant>,
}

impl Timer {
    /// Whether `deadline` has passed; if not, the task is woken when it does (or earlier, to
    /// be asked again).
    fn expired(&mut self, deadline: Instant, cx: &mut Context<'_>) -> bool {
        if self.armed.is_none_or(|armed| armed > deadline) {
            self.set(deadline);
        }
        while let Some(sleep) = self.sleep.as_mut()
            && sleep.as_mut().poll(cx).is_ready()
        {
            if self.armed.is_some_and(|armed| armed >= deadline) {
                return true;
            }
            // Fired for a deadline that has since moved on.
            self.set(deadline);
        }
        false
    }

    fn set(&mut self, deadline: Instant) {
        match &mut self.sleep {
            Some(sleep) => sleep.as_mut().reset(deadline),
            None => self.sleep = Some(Box::pin(tokio::time::sleep_until(deadline))),
        }
        self.armed = Some(deadline);
    }
}

/// A socket whose reads and writes fail once the client has been too slow.
pub(crate) struct Guarded<T> {
    io: T,
    header_timeout: Duration,
    idle_timeout: Duration,
    write_timeout: Duration,
    activity: Arc<Activity>,
    stats: Arc<ConnectionStats>,
    phase: Phase,
    /// `Activity::finished` when the phase was last worked out.
    finished_seen: u32,
    read_timer: Timer,
    /// Since when writes have made no progress, while they are blocked.
    write_blocked: Option<Instant>,
    write_timer: Timer,
}

impl<T> Guarded<T> {
    pub(crate) fn new(
        io: T,
        limits: &ConnectionLimits,
        activity: Arc<Activity>,
        stats: Arc<ConnectionStats>,
    ) -> Self {
        Guarded {
            io,
            header_timeout: limits.header_timeout,
            idle_timeout: limits.idle_timeout,
            write_timeout: limits.write_timeout,
            activity,
            stats,
            phase: Phase::Head(Instant::now()),
            finished_seen: 0,
            read_timer: Timer::default(),
            write_blocked: None,
            write_timer: Timer::default(),
        }
    }

    /// Brings the phase up to date with the requests the service saw.
    fn update_phase(&mut self) {
        if self.activity.busy() {
            self.phase = Phase::Busy;
        } else {
            let finished = self.activity.finished();
            if self.phase == Phase::Busy || finished != self.finished_seen {
                self.finished_seen = finished;
                self.phase = Phase::Idle(Instant::now());
            }
        }
    }

    fn timed_out(&self, what: &str) -> io::Error {
        self.stats.timed_out();
        io::Error::new(io::ErrorKind::TimedOut, format!("client too slow: {what}"))
    }

    /// After a write: progress clears the stall (and counts as activity); a blocked write
    /// fails once it has been blocked for the write timeout.
    fn after_write<R>(
        &mut self,
        polled: Poll<io::Result<R>>,
        progressed: impl Fn(&R) -> bool,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<R>> {
        match &polled {
            Poll::Ready(Ok(r)) if progressed(r) => {
                self.write_blocked = None;
                // Writing a response ends the request: the idle wait starts now. The read
                // timer is armed here because hyper may not read again until the socket
                // is readable, and a stale deadline may already have passed.
                self.update_phase();
                if let Phase::Idle(_) = self.phase {
                    let now = Instant::now();
                    self.phase = Phase::Idle(now);
                    self.read_timer.expired(now + self.idle_timeout, cx);
                }
            }
            Poll::Pending => {
                let since = *self.write_blocked.get_or_insert_with(Instant::now);
                if self.write_timer.expired(since + self.write_timeout, cx) {
                    return Poll::Ready(Err(self.timed_out("the response was not read")));
                }
            }
            Poll::Ready(_) => {}
        }
        polled
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Guarded<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        this.update_phase();
        let before = buf.filled().len();
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before
                    && let Phase::Idle(_) = this.phase
                {
                    this.phase = Phase::Head(Instant::now());
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => {
                let expired = match this.phase {
                    Phase::Head(since) => this
                        .read_timer
                        .expired(since + this.header_timeout, cx)
                        .then_some("the request head took too long"),
                    Phase::Idle(since) => this
                        .read_timer
                        .expired(since + this.idle_timeout, cx)
                        .then_some("the connection was idle too long"),
                    Phase::Busy => None,
                };
                match expired {
                    Some(what) => Poll::Ready(Err(this.timed_out(what))),
                    None => Poll::Pending,
                }
            }
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Guarded<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_write(cx, buf);
        this.after_write(polled, |n| *n > 0, cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.after_write(polled, |n| *n > 0, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_flush(cx);
        this.after_write(polled, |()| false, cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_shutdown(cx);
        this.after_write(polled, |()| false, cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::future::poll_fn;

    /// Whether `deadline` has passed by the timer, asked once now.
    async fn expired(timer: &mut Timer, deadline: Instant) -> bool {
        poll_fn(|cx| Poll::Ready(timer.expired(deadline, cx))).await
    }

    /// Waits until the timer fires for `deadline`, and reports when.
    async fn fires(timer: &mut Timer, deadline: Instant) -> Instant {
        poll_fn(|cx| {
            if timer.expired(deadline, cx) {
                Poll::Ready(Instant::now())
            } else {
                Poll::Pending
            }
        })
        .await
    }

    #[tokio::test(start_paused = true)]
    async fn a_deadline_moved_later_fires_at_the_later_time() {
        let start = Instant::now();
        let mut timer = Timer::default();
        assert!(!expired(&mut timer, start + Duration::from_secs(10)).await);
        for later in 11..=60 {
            assert!(!expired(&mut timer, start + Duration::from_secs(later)).await);
        }
        // The sleep stayed set for the first deadline: not moved 50 times.
        assert_eq!(timer.armed, Some(start + Duration::from_secs(10)));
        let fired = fires(&mut timer, start + Duration::from_secs(60)).await;
        assert_eq!(fired - start, Duration::from_secs(60));
    }

    #[tokio::test(start_paused = true)]
    async fn a_deadline_moved_earlier_fires_at_the_earlier_time() {
        let start = Instant::now();
        let mut timer = Timer::default();
        assert!(!expired(&mut timer, start + Duration::from_secs(60)).await);
        let fired = fires(&mut timer, start + Duration::from_secs(2)).await;
        assert_eq!(fired - start, Duration::from_secs(2));
    }

    #[tokio::test(start_paused = true)]
    async fn a_deadline_that_has_passed_has_expired_at_once() {
        let start = Instant::now();
        let mut timer = Timer::default();
        assert!(!expired(&mut timer, start + Duration::from_secs(5)).await);
        tokio::time::advance(Duration::from_secs(5)).await;
        assert!(expired(&mut timer, start + Duration::from_secs(5)).await);
        // And a deadline already behind the clock, asked after a later one was armed.
        assert!(expired(&mut timer, start + Duration::from_secs(1)).await);
    }
}
