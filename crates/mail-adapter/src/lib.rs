//! Enquiry delivery for supplysite: the durable outbox, Brevo, the local mailbox and robot checks.

pub mod outbox;

pub use outbox::SqliteOutbox;
