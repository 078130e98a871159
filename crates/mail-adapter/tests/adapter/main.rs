//! The mail adapters against real SQLite files, a local fake Brevo, a fake siteverify and
//! real processes killed mid-delivery. One binary, one module per adapter.

mod outbox;
mod support;
