//! The contact form of docs/behaviour.md §5: what a visitor sends, the rules it must pass with their exact
//! messages, and the [`Enquiry`] that only a form passing them can become.
//!
//! The same [`validate`] runs in the server, in `supplysite validate-contact` and in the browser
//! (through WebAssembly), so a visitor never sees one message on the page and another from the
//! server.

mod attribution;
mod email;
mod enquiry;
mod field;
mod form;
mod request;
mod submission;
mod validate;

pub use attribution::{
    ATTRIBUTION_KEYS, ATTRIBUTION_MAX_CHARS, Attribution, AttributionDropped, clean_attribution,
};
pub use email::is_valid_email;
pub use enquiry::{Enquiry, EnquiryId, EnquiryIdError};
pub use field::{
    EMAIL_MAX_CHARS, Field, FieldError, MESSAGE_MAX_CHARS, NAME_MAX_CHARS, PHONE_MAX_CHARS,
    PHONE_MIN_CHARS, Rule,
};
pub use form::ContactForm;
pub use request::{BODY_LIMIT, ContactRequest, MalformedBody, parse_request};
pub use submission::{
    SUBMISSION_ID_MAX_CHARS, SUBMISSION_ID_MIN_CHARS, SubmissionId, SubmissionIdError,
};
pub use validate::{FieldErrors, Validation, validate};
