//! The background worker that drains the outbox: it claims due jobs, attempts each through
//! core's [`attempt_job`] (the same path the contact endpoint uses), and sleeps until it is
//! woken by a new enquiry, the next pending job comes due, its poll timer runs out, or it is
//! told to stop.

use std::future::Future;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;
use supplysite_core::enquiry::{Enquiries, Jitter, RetryPolicy, attempt_job};
use supplysite_core::ports::{
    Clock, EnquiryDelivery, EnquiryOutbox, Job, JobFilter, JobState, OutboxError, UnixMillis,
    WakeWorker,
};
use tokio::sync::Notify;

/// Wakes a sleeping worker (the contact endpoint calls it after storing an enquiry that is
/// still queued). Cheap to clone; a wake-up sent while the worker is busy is kept, not lost.
#[derive(Clone, Debug, Default)]
pub struct WorkerWakeup(Arc<Notify>);

impl WorkerWakeup {
    /// A wake-up not yet attached to a worker.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the worker to look for due jobs now.
    pub fn wake(&self) {
        self.0.notify_one();
    }
}

impl WakeWorker for WorkerWakeup {
    fn wake(&self) {
        WorkerWakeup::wake(self);
    }
}

/// What one [`Worker::drain`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrainReport {
    /// Jobs delivered.
    pub delivered: usize,
    /// Jobs that failed and are due again later.
    pub retrying: usize,
    /// Jobs given up on (dead-lettered).
    pub dead: usize,
    /// Attempts whose outcome could not be recorded (retried when their lease runs out).
    pub unrecorded: usize,
    /// Claimed jobs given back unattempted because the worker was stopping.
    pub released: usize,
}

/// Drains the outbox. Build with [`Worker::new`], then [`Worker::run`] it on a task.
pub struct Worker {
    outbox: Arc<dyn EnquiryOutbox>,
    delivery: Arc<dyn EnquiryDelivery>,
    clock: Arc<dyn Clock>,
    policy: RetryPolicy,
    batch_size: usize,
    poll_interval: Duration,
    wakeup: WorkerWakeup,
    lead_retention: Option<Duration>,
}

impl Worker {
    /// A worker with the default retry policy, batches of 8 and a 15 second poll.
    pub fn new(
        outbox: Arc<dyn EnquiryOutbox>,
        delivery: Arc<dyn EnquiryDelivery>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Worker {
            outbox,
            delivery,
            clock,
            policy: RetryPolicy::default(),
            batch_size: 8,
            poll_interval: Duration::from_secs(15),
            wakeup: WorkerWakeup::new(),
            lead_retention: None,
        }
    }

    /// A worker over the outbox, deliveries, clock and retry policy of `enquiries`, woken
    /// through `wakeup` (the one `enquiries` was made with, so its submissions wake it).
    pub fn serving(enquiries: &Enquiries, wakeup: WorkerWakeup) -> Self {
        Worker::new(enquiries.outbox(), enquiries.delivery(), enquiries.clock())
            .with_policy(*enquiries.policy())
            .with_wakeup(wakeup)
    }

    /// Removes the leads report's records older than `retention` as it runs: when it starts
    /// and then at most once an hour ([`LEAD_PURGE_EVERY`]).
    pub fn with_lead_retention(mut self, retention: Duration) -> Self {
        self.lead_retention = Some(retention);
        self
    }

    /// Removes the lead records older than the retention, when it is set; returns how many.
    ///
    /// Errors: the outbox's.
    pub async fn purge_old_leads(&self) -> Result<usize, OutboxError> {
        let Some(retention) = self.lead_retention else {
            return Ok(0);
        };
        let retention = i64::try_from(retention.as_millis()).unwrap_or(i64::MAX);
        let before = UnixMillis(self.clock.now().0.saturating_sub(retention));
        self.outbox.purge_leads(before).await
    }

    /// Runs this worker on a tokio task until `shutdown` completes.
    pub fn spawn(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> tokio::task::JoinHandle<()> {
        tokio::spawn(self.run(shutdown))
    }

    /// Retries by `policy` (it must match the contact endpoint's).
    pub fn with_policy(mut self, policy: RetryPolicy) -> Self {
        self.policy = policy;
        self
    }

    /// Looks for due jobs at least this often (retries come due on their own schedule, and
    /// another process, the CLI's `outbox retry`, cannot wake this one).
    pub fn with_poll_interval(mut self, every: Duration) -> Self {
        self.poll_interval = every;
        self
    }

    /// Is woken through `wakeup`.
    pub fn with_wakeup(mut self, wakeup: WorkerWakeup) -> Self {
        self.wakeup = wakeup;
        self
    }

    /// Attempts every job due now, a batch at a time, until none is due.
    ///
    /// Errors: [`OutboxError`] when jobs cannot be claimed.
    pub async fn drain(&self) -> Result<DrainReport, OutboxError> {
        self.drain_until(&mut pin!(std::future::pending::<()>()))
            .await
            .map(|(report, _)| report)
    }

    /// [`Worker::drain`] until `stop` completes; also says whether it did (it is not polled
    /// again after that).
    async fn drain_until(
        &self,
        stop: &mut Pin<&mut impl Future<Output = ()>>,
    ) -> Result<(DrainReport, bool), OutboxError> {
        let mut report = DrainReport::default();
        loop {
            let now = self.clock.now();
            let batch = self
                .outbox
                .claim(now, self.batch_size, self.policy.lease)
                .await?;
            if batch.is_empty() {
                return Ok((report, false));
            }
            let mut batch = batch.into_iter();
            while let Some((job, stored)) = batch.next() {
                // Stopping between jobs: the ones not started are given back, due at once, so
                // another server (or this one restarted) takes them without waiting out the
                // lease.
                if is_ready(stop).await {
                    let unstarted = std::iter::once(job).chain(batch.map(|(j, _)| j));
                    report.released = self.release(unstarted).await;
                    return Ok((report, true));
                }
                let jitter = Jitter::new(rand::random::<f64>());
                let attempted = attempt_job(
                    &*self.outbox,
                    &*self.delivery,
                    &*self.clock,
                    &self.policy,
                    &job,
                    &stored,
                    jitter,
                )
                .await;
                match attempted {
                    Ok(a) => match a.job.state {
                        JobState::Delivered => report.delivered += 1,
                        JobState::Pending => {
                            report.retrying += 1;
                            // While the key is refused every job would be refused the same way;
                            // one refusal per drain is enough, the rest keep their lease.
                            if matches!(
                                a.failure,
                                Some(supplysite_core::ports::DeliveryError::Blocked { .. })
                            ) {
                                return Ok((report, false));
                            }
                        }
                        JobState::Dead => {
                            report.dead += 1;
                            tracing::error!(
                                enquiry = %stored.id,
                                job = %job.kind,
                                attempts = a.job.attempts,
                                reason = a.job.last_error.as_deref().unwrap_or(""),
                                "delivery job dead-lettered; `supplysite outbox retry` requeues it"
                            );
                        }
                    },
                    Err(e) => {
                        report.unrecorded += 1;
                        tracing::error!(enquiry = %stored.id, job = %job.kind, error = %e,
                            "delivery outcome not recorded; the job is retried when its lease ends");
                    }
                }
            }
        }
    }

    /// Drains due jobs, then sleeps until woken, the next pending job comes due, the poll
    /// interval passes, or `shutdown` completes, and again, until `shutdown`. An attempt already
    /// started is finished before stopping, and the jobs claimed with it but not started are
    /// given back to the outbox, due at once. While the outbox cannot be read it backs off,
    /// doubling up to a minute.
    ///
    /// When it starts on an outbox marked blocked (the provider refused the key before), it
    /// makes every pending job due at once: the server may have been restarted with a new key.
    pub async fn run(self, shutdown: impl Future<Output = ()>) {
        let mut shutdown = pin!(shutdown);
        match self.outbox.retry_blocked(self.clock.now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(
                jobs = n,
                "deliveries were blocked by a refused key; trying every pending job again"
            ),
            Err(e) => tracing::error!(error = %e, "cannot read whether deliveries are blocked"),
        }
        let mut failures: u32 = 0;
        let mut leads_purged: Option<tokio::time::Instant> = None;
        loop {
            if leads_purged.is_none_or(|at| at.elapsed() >= LEAD_PURGE_EVERY) {
                leads_purged = Some(tokio::time::Instant::now());
                match self.purge_old_leads().await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(leads = n, "lead records past the retention removed"),
                    Err(e) => tracing::error!(error = %e, "cannot remove old lead records"),
                }
            }
            let pause = match self.drain_until(&mut shutdown).await {
                Ok((report, stopped)) => {
                    failures = 0;
                    if report != DrainReport::default() {
                        tracing::info!(?report, "outbox drained");
                    }
                    if stopped {
                        return;
                    }
                    self.until_next_due().await
                }
                Err(e) => {
                    failures = failures.saturating_add(1);
                    let pause =
                        Duration::from_secs(1 << failures.min(6)).min(Duration::from_secs(60));
                    tracing::error!(error = %e, ?pause, "cannot claim outbox jobs");
                    pause
                }
            };
            tokio::select! {
                biased;
                () = &mut shutdown => return,
                () = self.wakeup.0.notified() => {}
                () = tokio::time::sleep(pause) => {}
            }
        }
    }
}

impl Worker {
    /// Gives `jobs` (claimed, not attempted) back to the outbox, due now; returns how many
    /// were. One that cannot be given back comes due when its lease runs out, as after a crash.
    async fn release(&self, jobs: impl Iterator<Item = Job>) -> usize {
        let now = self.clock.now();
        let mut released = 0;
        for job in jobs {
            let Some(leased_until) = job.next_attempt_at else {
                continue;
            };
            match self
                .outbox
                .release(&job.enquiry_id, job.kind, leased_until, now)
                .await
            {
                Ok(true) => released += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(enquiry = %job.enquiry_id, job = %job.kind, error = %e,
                    "cannot give a claimed job back; it is retried when its lease ends"),
            }
        }
        if released > 0 {
            tracing::info!(
                jobs = released,
                "stopping: claimed deliveries given back to the outbox"
            );
        }
        released
    }

    /// How long to sleep after a drain: until the earliest pending job comes due (a retry's
    /// back-off, or the lease of a job whose attempt was cut short by a crash), at most the
    /// poll interval, never less than [`SHORTEST_PAUSE`].
    async fn until_next_due(&self) -> Duration {
        let pending = JobFilter::in_state(JobState::Pending);
        let Ok(jobs) = self.outbox.jobs(pending).await else {
            // The next claim will say what is wrong.
            return self.poll_interval;
        };
        let now = self.clock.now();
        jobs.iter()
            .filter_map(|job| job.next_attempt_at)
            .min()
            .map_or(self.poll_interval, |due| {
                Duration::from_millis(u64::try_from(due.0.saturating_sub(now.0)).unwrap_or(0))
                    .clamp(SHORTEST_PAUSE, self.poll_interval.max(SHORTEST_PAUSE))
            })
    }
}

/// How often a running worker removes the lead records past the retention.
pub const LEAD_PURGE_EVERY: Duration = Duration::from_secs(3600);

/// The least a worker sleeps between drains, so that a job that is due but not claimable
/// (held elsewhere an instant longer) does not spin it.
const SHORTEST_PAUSE: Duration = Duration::from_millis(100);

/// Whether `future` has completed, without waiting for it.
async fn is_ready(future: &mut Pin<&mut impl Future<Output = ()>>) -> bool {
    std::future::poll_fn(|cx| Poll::Ready(future.as_mut().poll(cx).is_ready())).await
}

/// Runs a [`Worker`] with the default settings until `shutdown` completes.
pub async fn run_worker(
    outbox: Arc<dyn EnquiryOutbox>,
    delivery: Arc<dyn EnquiryDelivery>,
    clock: Arc<dyn Clock>,
    shutdown: impl Future<Output = ()>,
) {
    Worker::new(outbox, delivery, clock).run(shutdown).await;
}
