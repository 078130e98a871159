//! The attempt made while the visitor waits: both deliveries of an enquiry just stored, side
//! by side, each under the same claim and outcome rules as the worker's.

use super::{EnquiryPorts, Jitter, RetryPolicy, Submitted, attempt_job};
use crate::contact::EnquiryId;
use crate::ports::{Clock, EnquiryDelivery, EnquiryOutbox, JobKind, JobState, RobotCheck};
use std::future::Future;
use std::pin::Pin;
use std::task::Poll;

/// Claims the jobs of enquiry `id`, just stored, and attempts both deliveries at once,
/// concurrently, recording each outcome by `policy` as the worker would. Never fails: what
/// went wrong is in [`Submitted::Queued`]'s problems, and the worker retries.
pub async fn deliver_now<O, D, R, C, J>(
    id: EnquiryId,
    ports: &EnquiryPorts<'_, O, D, R, C, J>,
    policy: &RetryPolicy,
) -> Submitted
where
    O: EnquiryOutbox + ?Sized,
    D: EnquiryDelivery + ?Sized,
    R: RobotCheck + ?Sized,
    C: Clock + ?Sized,
    J: Fn() -> Jitter + Sync,
{
    let claimed = match ports
        .outbox
        .claim_enquiry(&id, ports.clock.now(), policy.lease)
        .await
    {
        Ok(claimed) => claimed,
        Err(e) => {
            return Submitted::Queued {
                id,
                problems: vec![format!("jobs not claimed for an attempt now: {e}")],
            };
        }
    };
    let attempts = claimed.iter().map(|(job, stored)| async move {
        let result = attempt_job(
            ports.outbox,
            ports.delivery,
            ports.clock,
            policy,
            job,
            stored,
            (ports.jitter)(),
        )
        .await;
        (job.kind, result)
    });
    let results = join_all(attempts.collect()).await;

    let mut problems = Vec::new();
    let mut delivered = Vec::new();
    for (kind, result) in results {
        match result {
            Ok(attempted) if attempted.job.state == JobState::Delivered => delivered.push(kind),
            Ok(attempted) => problems.push(format!(
                "{kind} {}: {}",
                attempted.job.state,
                attempted
                    .failure
                    .map_or_else(|| "no reason given".to_owned(), |f| f.to_string())
            )),
            Err(e) => problems.push(format!("{kind} outcome not recorded: {e}")),
        }
    }
    for kind in JobKind::ALL {
        if !claimed.iter().any(|(j, _)| j.kind == kind) {
            problems.push(format!("{kind} was not due or was claimed elsewhere"));
        }
    }
    if problems.is_empty() && delivered.len() == JobKind::ALL.len() {
        Submitted::Sent { id }
    } else {
        Submitted::Queued { id, problems }
    }
}

/// Runs `futures` concurrently on the caller's task and returns their outputs in order. Core
/// has no runtime to spawn on, and two deliveries side by side halve the visitor's wait when
/// the provider is slow.
async fn join_all<F: Future>(futures: Vec<F>) -> Vec<F::Output> {
    let mut futures: Vec<Pin<Box<F>>> = futures.into_iter().map(Box::pin).collect();
    let mut outputs: Vec<Option<F::Output>> = futures.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (future, output) in futures.iter_mut().zip(outputs.iter_mut()) {
            if output.is_none() {
                match future.as_mut().poll(cx) {
                    Poll::Ready(value) => *output = Some(value),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            Poll::Pending
        } else {
            Poll::Ready(())
        }
    })
    .await;
    outputs.into_iter().flatten().collect()
}
