//! libFuzzer's entry for the check in `checks/contact_body.rs` (what it asserts is documented there;
//! `make test` replays the committed corpus through the same check).
#![no_main]

#[path = "../checks/contact_body.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
