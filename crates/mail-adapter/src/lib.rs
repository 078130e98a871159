//! Enquiry delivery for supplysite: the durable outbox, Brevo, the local mailbox and robot checks.

pub mod address;
pub mod brevo;
pub mod clock;
mod date;
pub mod mailbox;
pub mod notification;
pub mod outbox;
pub mod secret;
pub mod worker;

pub use address::MailAddress;
pub use brevo::{BrevoClient, BrevoConfig};
pub use clock::SystemClock;
pub use mailbox::MailboxDelivery;
pub use outbox::SqliteOutbox;
pub use secret::Secret;
pub use worker::{DrainReport, Worker, WorkerWakeup, run_worker};
