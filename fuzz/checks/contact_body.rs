//! The body of `POST /api/contact`: any bytes are read as an enquiry or refused with a
//! reason, and a form that reads is validated by the site's rules without a panic.

use supplysite_core::contact::{parse_request, validate};

/// Checks one input; panics on a finding.
pub fn check(data: &[u8]) {
    match parse_request(data) {
        Ok(request) => {
            let _ = validate(&request.form);
        }
        Err(refused) => assert!(!refused.to_string().is_empty()),
    }
}
