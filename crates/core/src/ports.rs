//! The ports: what core needs from the world outside it, as traits that adapters implement.
//!
//! Ports are named by role (a [`ContentSource`], an [`EnquiryOutbox`]); adapters by technology
//! (an export file, Contentful, SQLite, Brevo, reCAPTCHA). Front doors hold them as
//! `Arc<dyn Port>`, so every asynchronous port is `Send + Sync` and its futures are `Send`.
//! Each method's documentation lists the error variants it returns, and each error enum belongs
//! to one port, so a caller matches on exactly what can happen.
//!
//! In-memory fakes of every port live in `fakes`, and the machinery that runs one contract
//! suite against a port's fake and its real adapters in `suite`, both behind the
//! `test-support` feature.

mod allowance;
mod challenge;
mod clock;
mod content;
mod delivery;
mod lead;
mod ledger;
mod outbox;
mod robot;
mod runtime;
mod search;
mod seen;
mod snapshots;
mod wake;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;
#[cfg(any(test, feature = "test-support"))]
pub mod suite;

pub use allowance::{AllowanceError, SharedAllowance};
pub use challenge::{Challenge, ChallengeIssuer};
pub use clock::{Clock, UnixMillis};
pub use content::{ContentLoadError, ContentSource, InZone};
pub use delivery::{Degraded, DeliveryError, EnquiryDelivery};
pub use lead::{LeadOutcome, LeadRecord};
pub use ledger::{ChallengeLedger, DEFAULT_LEDGER_CAPACITY, LedgerError, Spent, UsedChallenge};
pub use outbox::{
    Attempt, Blocked, EnquiryOutbox, EnquiryStatus, FOLD_IDENTICAL_WITHIN, Job, JobFilter, JobKind,
    JobState, OutboxError, Stored, StoredEnquiry,
};
pub use robot::{RobotCheck, RobotCheckError};
pub use runtime::{BoxFuture, Runtime, TaskError, within};
pub use search::{SearchIndex, SearchIndexError, SearchSnapshot};
pub use seen::{SeenError, SeenSignatures};
pub use snapshots::{Outcomes, SharedSnapshots, SnapshotActivity, SnapshotError};
pub use wake::WakeWorker;
