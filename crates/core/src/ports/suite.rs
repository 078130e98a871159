//! One contract suite per port, run against each implementation (feature `test-support`).
//!
//! A port's suite is a list of [`Case`]s, each an async function of a fresh subject: whatever
//! the cases need of one implementation (handles onto a store, a check and the tokens it
//! takes, a source and the switch that takes it down). [`run_suite`] runs every case against
//! subjects made by one implementation and names each case that failed, so the in-memory fake
//! and every real adapter are held to the same promises by the same code.

use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::task::{Context, Poll};

/// The future of one case run.
pub type CaseRun = Pin<Box<dyn Future<Output = ()> + Send>>;

/// One case of a suite: its name and the function that checks it on a fresh subject.
pub struct Case<S> {
    /// The case's name: the promise it checks, as a sentence in snake case.
    pub name: &'static str,
    /// Checks the promise on a subject, panicking when the subject breaks it.
    pub check: fn(S) -> CaseRun,
}

/// Lists a suite's cases: `suite_cases![a, b]` is a slice of [`Case`]s for the async
/// functions `a` and `b`, each named after its function.
#[macro_export]
macro_rules! suite_cases {
    ($($name:ident),* $(,)?) => {
        &[$($crate::ports::suite::Case {
            name: stringify!($name),
            check: |subject| ::std::boxed::Box::pin($name(subject)),
        }),*]
    };
}

/// Runs every case on a fresh subject made by `fresh` (given the case's name), one after
/// another, then panics naming `implementation` and every case that failed, if any did.
pub async fn run_suite<S, F, Fut>(implementation: &str, cases: &[Case<S>], mut fresh: F)
where
    F: FnMut(&'static str) -> Fut,
    Fut: Future<Output = S>,
{
    let mut failed = Vec::new();
    for case in cases {
        let subject = fresh(case.name).await;
        if let Err(reason) = CatchPanic((case.check)(subject)).await {
            failed.push(format!("{} ({reason})", case.name));
        }
    }
    assert!(
        failed.is_empty(),
        "{implementation} breaks {} of the {} contract cases: {}",
        failed.len(),
        cases.len(),
        failed.join("; ")
    );
}

/// A case run that ends with the panic's message instead of unwinding past the suite.
struct CatchPanic(CaseRun);

impl Future for CatchPanic {
    type Output = Result<(), String>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let run = &mut self.get_mut().0;
        match catch_unwind(AssertUnwindSafe(|| run.as_mut().poll(cx))) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(())) => Poll::Ready(Ok(())),
            Err(panic) => Poll::Ready(Err(panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_else(|| "panicked".to_owned()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::fakes::ready;

    async fn holds(n: u32) {
        assert!(n < 10, "{n} is not small");
    }

    async fn is_even(n: u32) {
        assert_eq!(n % 2, 0, "{n} is odd");
    }

    const CASES: &[Case<u32>] = suite_cases![holds, is_even];

    #[test]
    fn a_suite_kept_by_its_subject_passes_every_case() {
        ready(run_suite("two", CASES, |_| async { 2 }));
    }

    #[test]
    fn a_broken_suite_names_the_implementation_and_every_case_it_breaks_after_running_all() {
        let mut made = Vec::new();
        let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
            ready(run_suite("eleven", CASES, |name| {
                made.push(name);
                async { 11 }
            }))
        }));
        let panic = outcome.unwrap_err();
        let message = panic.downcast_ref::<String>().unwrap();
        assert!(
            message.starts_with("eleven breaks 2 of the 2 contract cases: holds ("),
            "{message}"
        );
        assert!(message.contains("11 is not small"), "{message}");
        assert!(message.contains("is_even (assertion"), "{message}");
        assert_eq!(made, ["holds", "is_even"]);
    }
}
