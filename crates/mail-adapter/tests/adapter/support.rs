//! Shared test helpers: fixed instants, enquiries and a fake siteverify (the fake Brevo is the
//! crate's own, feature `fake`).

pub mod fake_siteverify;

use std::time::Duration;
use supplysite_core::contact::{Enquiry, EnquiryId};
use supplysite_core::ports::{StoredEnquiry, UnixMillis};

/// 2023-11-14T22:13:20Z.
pub const T0: UnixMillis = UnixMillis(1_700_000_000_000);

/// How long a test waits for something that should happen at once before failing.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A filled-in, valid contact form from `email`.
pub use supplysite_testkit::form;

/// A valid enquiry from `email`.
pub fn enquiry(email: &str) -> Enquiry {
    Enquiry::parse(form(email)).expect("the test enquiry is valid")
}

/// `enquiry` as the outbox holds it: a fixed id, received at [`T0`].
pub fn stored(enquiry: Enquiry) -> StoredEnquiry {
    StoredEnquiry {
        id: EnquiryId::parse("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b").unwrap(),
        received_at: T0,
        enquiry,
    }
}
