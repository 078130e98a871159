//! The body of `POST /api/contact`: any bytes are read as an enquiry or refused with a
//! reason, and a form that reads is validated by the site's rules without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use supplysite_core::contact::validate;
use supplysite_http::handlers::contact::parse_body;

fuzz_target!(|data: &[u8]| {
    match parse_body(data) {
        Ok(request) => {
            let _ = validate(&request.form);
        }
        Err(refused) => assert!(!refused.to_string().is_empty()),
    }
});
