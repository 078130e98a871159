//! The enquiry adapters against real SQLite files, a local fake Brevo, a fake siteverify and
//! real processes killed mid-delivery. One binary, one module per adapter, and one per port
//! contract run against the adapters and core's fakes alike.

// A process killed with SIGKILL mid-delivery.
mod crash;
// Brevo's two calls, their shapes and failures.
mod brevo;
// The composition from settings.
mod enquiries;
// The fake Brevo's control API and key check.
mod fake;
// SqliteOutbox: durability, leases, dead letters, requeue, purge.
mod outbox;
// The local mailbox's .eml files and contacts.
mod mailbox;
// What is particular to reCAPTCHA and to the self-hosted challenge.
mod robot;
// The robot check port's contract, run against the fake, reCAPTCHA and the self-hosted check.
mod robot_contract;
// Fakes and fixtures shared by the modules.
mod support;
// The worker draining the outbox.
mod worker;
