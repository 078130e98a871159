//! Shared test helpers: fixed instants and enquiries.

use supplysite_core::contact::{ContactForm, Enquiry};
use supplysite_core::ports::UnixMillis;

/// 2023-11-14T22:13:20Z.
pub const T0: UnixMillis = UnixMillis(1_700_000_000_000);

/// A valid enquiry from `email`.
pub fn enquiry(email: &str) -> Enquiry {
    Enquiry::parse(ContactForm {
        firstname: "Ada".into(),
        lastname: "Lovelace".into(),
        org_name: "Analytical Engines Pty Ltd".into(),
        phone: "+61 2 9000 0000".into(),
        email: email.into(),
        message: "Please call me about eRFx.".into(),
        robot_checked: true,
    })
    .expect("the test enquiry is valid")
}
