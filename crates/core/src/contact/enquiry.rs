//! An enquiry: a contact form that passed every rule, trimmed and ready for the outbox and the
//! mailers, and the id the outbox gives it.

use super::{Attribution, ContactForm, Validation, clean_attribution, validate};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A valid enquiry. The only ways to get one are [`Enquiry::parse`] and deserialising a stored
/// one (which checks the fields again), so holding an `Enquiry` means its fields passed the
/// rules of [`validate`]: names, organisation, phone and email present, within their limits and
/// free of line breaks, so they are safe to put in mail headers.
///
/// Serialises as `{"firstname","lastname","orgName","phone","email","message"}` (the message
/// empty when there is none), with `"attribution"` when the visit's [`Attribution`] came with
/// it. The robot check is not part of it: it was passed when the
/// enquiry was made, so a stored enquiry is read back as ticked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "ContactFormFields")]
pub struct Enquiry {
    firstname: String,
    lastname: String,
    org_name: String,
    phone: String,
    email: String,
    message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    attribution: Option<Attribution>,
}

impl Enquiry {
    /// Checks `form` with [`validate`]; when it passes, keeps every field trimmed and the
    /// message's line endings as `\n`. Otherwise returns the [`Validation`] with every error.
    pub fn parse(form: ContactForm) -> Result<Enquiry, Validation> {
        let validation = validate(&form);
        if !validation.is_valid() {
            return Err(validation);
        }
        Ok(Enquiry {
            firstname: form.firstname.trim().to_owned(),
            lastname: form.lastname.trim().to_owned(),
            org_name: form.org_name.trim().to_owned(),
            phone: form.phone.trim().to_owned(),
            email: form.email.trim().to_owned(),
            message: form
                .message
                .trim()
                .replace("\r\n", "\n")
                .replace('\r', "\n"),
            attribution: None,
        })
    }

    /// The same enquiry with where its visit came from (already cleaned: an [`Attribution`]
    /// can only be made by its rule or read back from a stored enquiry).
    pub fn with_attribution(mut self, attribution: Option<Attribution>) -> Enquiry {
        self.attribution = attribution.filter(|a| !a.is_empty());
        self
    }

    /// Where the visit that sent this enquiry came from, when the page captured it.
    pub fn attribution(&self) -> Option<&Attribution> {
        self.attribution.as_ref()
    }

    /// The visitor's first name.
    pub fn firstname(&self) -> &str {
        &self.firstname
    }

    /// The visitor's last name.
    pub fn lastname(&self) -> &str {
        &self.lastname
    }

    /// First and last name with one space between, as a mail's display name.
    pub fn full_name(&self) -> String {
        format!("{} {}", self.firstname, self.lastname)
    }

    /// The visitor's organisation.
    pub fn org_name(&self) -> &str {
        &self.org_name
    }

    /// The phone number as typed (trimmed; no other normalising).
    pub fn phone(&self) -> &str {
        &self.phone
    }

    /// The visitor's email address, a valid address by the HTML standard's pattern.
    pub fn email(&self) -> &str {
        &self.email
    }

    /// The visitor's message, if they wrote one. Lines are separated by `\n`.
    pub fn message(&self) -> Option<&str> {
        (!self.message.is_empty()).then_some(self.message.as_str())
    }
}

/// The stored shape of an enquiry, read back through the same rules.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ContactFormFields {
    firstname: String,
    lastname: String,
    org_name: String,
    phone: String,
    email: String,
    #[serde(default)]
    message: String,
    #[serde(default)]
    attribution: Option<serde_json::Value>,
}

impl TryFrom<ContactFormFields> for Enquiry {
    type Error = Validation;

    fn try_from(f: ContactFormFields) -> Result<Self, Self::Error> {
        Enquiry::parse(ContactForm {
            firstname: f.firstname,
            lastname: f.lastname,
            org_name: f.org_name,
            phone: f.phone,
            email: f.email,
            message: f.message,
            robot_checked: true,
        })
        // Cleaned again on the way in, as the fields are; one that no longer passes is
        // dropped, as it would have been when the enquiry was taken.
        .map(|e| e.with_attribution(clean_attribution(f.attribution.as_ref()).ok().flatten()))
    }
}

/// Longest enquiry id accepted.
const ENQUIRY_ID_MAX_CHARS: usize = 128;

/// The id of a stored enquiry. Core makes no ids (it has no randomness); the outbox gives one
/// when it stores an enquiry. It is also the idempotency key of every delivery of that enquiry,
/// so it is limited to 1 to 128 ASCII letters, digits and `-`, `_`, `.`, `:`, which is safe in
/// any header, file name or URL (UUIDs and ULIDs fit).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct EnquiryId(String);

/// Why a string is not an [`EnquiryId`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnquiryIdError {
    /// No characters at all.
    #[error("enquiry id is empty")]
    Empty,
    /// Longer than 128 characters.
    #[error("enquiry id of {chars} characters is longer than {ENQUIRY_ID_MAX_CHARS}")]
    TooLong {
        /// How many characters the id has.
        chars: usize,
    },
    /// Holds a character other than ASCII letters, digits, `-`, `_`, `.` and `:`.
    #[error(
        "enquiry id {id:?} contains {found:?}; only ASCII letters, digits, '-', '_', '.' and ':' are allowed"
    )]
    BadCharacter {
        /// The id as given.
        id: String,
        /// The first character that is not allowed.
        found: char,
    },
}

impl EnquiryId {
    /// Checks `id` by the rules above.
    pub fn parse(id: impl Into<String>) -> Result<EnquiryId, EnquiryIdError> {
        let id = id.into();
        let chars = id.chars().count();
        if chars == 0 {
            return Err(EnquiryIdError::Empty);
        }
        if chars > ENQUIRY_ID_MAX_CHARS {
            return Err(EnquiryIdError::TooLong { chars });
        }
        if let Some(found) = id
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':')))
        {
            return Err(EnquiryIdError::BadCharacter { id, found });
        }
        Ok(EnquiryId(id))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for EnquiryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for EnquiryId {
    type Error = EnquiryIdError;

    fn try_from(id: String) -> Result<Self, Self::Error> {
        EnquiryId::parse(id)
    }
}

impl From<EnquiryId> for String {
    fn from(id: EnquiryId) -> String {
        id.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::Field;
    use serde_json::json;

    fn form() -> ContactForm {
        ContactForm {
            firstname: "  Ada ".into(),
            lastname: "Lovelace\n".into(),
            org_name: "\tEngines Pty Ltd".into(),
            phone: " 0400 000 000 ".into(),
            email: " ada@example.com ".into(),
            message: "\r\nLine one\r\nLine two\rLine three\n\n".into(),
            robot_checked: true,
        }
    }

    #[test]
    fn parse_keeps_trimmed_fields_and_unix_line_endings() {
        let e = Enquiry::parse(form()).unwrap();
        assert_eq!(e.firstname(), "Ada");
        assert_eq!(e.lastname(), "Lovelace");
        assert_eq!(e.full_name(), "Ada Lovelace");
        assert_eq!(e.org_name(), "Engines Pty Ltd");
        assert_eq!(e.phone(), "0400 000 000");
        assert_eq!(e.email(), "ada@example.com");
        assert_eq!(e.message(), Some("Line one\nLine two\nLine three"));
    }

    #[test]
    fn a_blank_message_is_none() {
        let e = Enquiry::parse(ContactForm {
            message: " \n ".into(),
            ..form()
        })
        .unwrap();
        assert_eq!(e.message(), None);
    }

    #[test]
    fn parse_of_an_invalid_form_returns_every_error() {
        let err = Enquiry::parse(ContactForm {
            phone: "123".into(),
            robot_checked: false,
            ..form()
        })
        .unwrap_err();
        assert_eq!(
            err.message(Field::Phone),
            Some("Enter a valid phone number")
        );
        assert!(err.message(Field::Robot).is_some());
        assert_eq!(err.errors().len(), 2);
    }

    #[test]
    fn round_trips_through_json_and_rechecks_on_the_way_in() {
        let e = Enquiry::parse(form()).unwrap();
        let stored = serde_json::to_value(&e).unwrap();
        assert_eq!(
            stored,
            json!({"firstname":"Ada","lastname":"Lovelace","orgName":"Engines Pty Ltd",
                   "phone":"0400 000 000","email":"ada@example.com",
                   "message":"Line one\nLine two\nLine three"})
        );
        assert_eq!(serde_json::from_value::<Enquiry>(stored).unwrap(), e);

        let tampered = json!({"firstname":"Ada\r\nBcc: x@y","lastname":"L","orgName":"O",
                              "phone":"0400000000","email":"a@b"});
        let err = serde_json::from_value::<Enquiry>(tampered).unwrap_err();
        assert!(err.to_string().contains("firstname"), "{err}");
    }

    #[test]
    fn an_attribution_is_stored_with_the_enquiry_and_cleaned_again_on_the_way_in() {
        let a =
            clean_attribution(Some(&json!({"source": "Newsletter", "landingPage": "/"}))).unwrap();
        let e = Enquiry::parse(form()).unwrap().with_attribution(a.clone());
        assert_eq!(e.attribution(), a.as_ref());
        let stored = serde_json::to_value(&e).unwrap();
        assert_eq!(
            stored["attribution"],
            json!({"source": "newsletter", "landingPage": "/"})
        );
        assert_eq!(
            serde_json::from_value::<Enquiry>(stored.clone()).unwrap(),
            e
        );
        let mut tampered = stored;
        tampered["attribution"]["source"] = json!("a\r\nb");
        assert_eq!(
            serde_json::from_value::<Enquiry>(tampered)
                .unwrap()
                .attribution(),
            None
        );
    }

    #[test]
    fn enquiry_ids_accept_uuids_and_ulids() {
        for id in [
            "3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c",
            "01HZX3K9Q4M8N2P5R7T9V1W3Y5",
            "enq:1.a_b",
        ] {
            assert_eq!(EnquiryId::parse(id).unwrap().as_str(), id);
        }
        assert_eq!(
            serde_json::to_string(&EnquiryId::parse("enq-1").unwrap()).unwrap(),
            "\"enq-1\""
        );
    }

    #[test]
    fn enquiry_ids_refuse_empty_long_and_header_breaking_text() {
        assert_eq!(EnquiryId::parse(""), Err(EnquiryIdError::Empty));
        assert_eq!(
            EnquiryId::parse("a".repeat(129)),
            Err(EnquiryIdError::TooLong { chars: 129 })
        );
        assert!(EnquiryId::parse("a".repeat(128)).is_ok());
        let err = EnquiryId::parse("a\r\nb").unwrap_err();
        assert_eq!(
            err.to_string(),
            "enquiry id \"a\\r\\nb\" contains '\\r'; only ASCII letters, digits, '-', '_', '.' and ':' are allowed"
        );
        assert!(serde_json::from_str::<EnquiryId>("\"a b\"").is_err());
    }
}
