//! [`SubmissionId`]: the token the contact page makes when the form is first shown and sends
//! with every attempt to send it, so the server can tell a resubmission (a lost answer, a
//! double click, a browser re-sending the request) from a new enquiry.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Fewest characters in a submission id: short tokens could collide between visitors.
pub const SUBMISSION_ID_MIN_CHARS: usize = 16;
/// Most characters in a submission id (a UUID is 36).
pub const SUBMISSION_ID_MAX_CHARS: usize = 64;

/// A submission id: 16 to 64 ASCII letters, digits, `-` or `_` (a UUID from
/// `crypto.randomUUID()` fits). Only a valid one can be built.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SubmissionId(String);

/// Why a string is not a [`SubmissionId`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SubmissionIdError {
    /// Shorter than [`SUBMISSION_ID_MIN_CHARS`] or longer than [`SUBMISSION_ID_MAX_CHARS`].
    #[error(
        "submission id of {chars} characters is outside {SUBMISSION_ID_MIN_CHARS} to {SUBMISSION_ID_MAX_CHARS}"
    )]
    Length {
        /// How many characters the id has.
        chars: usize,
    },
    /// Holds a character other than ASCII letters, digits, `-` and `_`.
    #[error(
        "submission id contains {found:?}; only ASCII letters, digits, '-' and '_' are allowed"
    )]
    BadCharacter {
        /// The first character that is not allowed.
        found: char,
    },
}

impl SubmissionId {
    /// Checks `id` by the rules above.
    pub fn parse(id: impl Into<String>) -> Result<SubmissionId, SubmissionIdError> {
        let id = id.into();
        let chars = id.chars().count();
        if !(SUBMISSION_ID_MIN_CHARS..=SUBMISSION_ID_MAX_CHARS).contains(&chars) {
            return Err(SubmissionIdError::Length { chars });
        }
        if let Some(found) = id
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_')))
        {
            return Err(SubmissionIdError::BadCharacter { found });
        }
        Ok(SubmissionId(id))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for SubmissionId {
    type Error = SubmissionIdError;
    fn try_from(id: String) -> Result<Self, Self::Error> {
        SubmissionId::parse(id)
    }
}

impl From<SubmissionId> for String {
    fn from(id: SubmissionId) -> String {
        id.0
    }
}

impl fmt::Display for SubmissionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uuid_is_a_submission_id() {
        let id = SubmissionId::parse("0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d").unwrap();
        assert_eq!(id.as_str(), "0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d");
    }

    #[test]
    fn short_long_and_odd_ids_are_refused_by_what_is_wrong() {
        assert_eq!(
            SubmissionId::parse("abc").unwrap_err().to_string(),
            "submission id of 3 characters is outside 16 to 64"
        );
        assert!(matches!(
            SubmissionId::parse("a".repeat(65)),
            Err(SubmissionIdError::Length { chars: 65 })
        ));
        assert_eq!(
            SubmissionId::parse("0123456789abcdef<").unwrap_err(),
            SubmissionIdError::BadCharacter { found: '<' }
        );
    }
}
