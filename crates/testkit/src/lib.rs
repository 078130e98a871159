//! Test-only helpers shared by the crates' tests (a dev-dependency only; depends on core alone):
//! the outbox port's contract cases, which each outbox adapter runs against its own store, and
//! the enquiries tests store, the pictures the image tests make, the demo space and the process's
//! memory as the benchmarks read it.

pub mod demo;
pub mod memory;
pub mod outbox_contract;
pub mod pictures;
pub mod snapshot_contract;

use std::time::Duration;
use supplysite_core::contact::{ContactForm, Enquiry};
use supplysite_core::ports::UnixMillis;

/// 2023-11-14T22:13:20Z.
pub const T0: UnixMillis = UnixMillis(1_700_000_000_000);

/// The lease the contract's cases claim with.
pub const LEASE: Duration = Duration::from_secs(60);

/// A filled-in contact form from `email` that passes every rule.
pub fn form(email: &str) -> ContactForm {
    ContactForm {
        firstname: "Ada".into(),
        lastname: "Lovelace".into(),
        org_name: "Analytical Engines Pty Ltd".into(),
        phone: "+61 2 9000 0000".into(),
        email: email.into(),
        message: "Please call me about eRFx.".into(),
        robot_checked: true,
    }
}

/// [`form`] as the page posts it to `/api/contact`, with `token` as the robot check's answer.
pub fn form_json(email: &str, token: &str) -> serde_json::Value {
    let form = form(email);
    serde_json::json!({
        "firstname": form.firstname,
        "lastname": form.lastname,
        "orgName": form.org_name,
        "phone": form.phone,
        "email": form.email,
        "message": form.message,
        "robotToken": token,
    })
}

/// A valid enquiry from `email`, with `message`.
pub fn enquiry_saying(email: &str, message: &str) -> Enquiry {
    Enquiry::parse(ContactForm {
        message: message.into(),
        ..form(email)
    })
    .expect("the test enquiry is valid")
}

/// A valid enquiry from `email`.
pub fn enquiry(email: &str) -> Enquiry {
    enquiry_saying(email, &format!("Please call {email} about eRFx."))
}
