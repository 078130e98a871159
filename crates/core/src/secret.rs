//! [`Secret`]: the one type of every secret the site holds (API keys, access tokens, signing
//! secrets), so none can reach a log line, an error message or the browser by accident.

use std::fmt;
use zeroize::Zeroize;

/// A secret value. `Debug` and `Display` show `[redacted]`, so a secret inside a settings
/// struct, an error or a log line never leaks; [`Secret::expose`] is the one way to the value,
/// for the one place that sends it. The value is wiped from memory when dropped.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

/// Why a Contentful webhook signing secret was refused. Names the length only, never the value.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "invalid webhook signing secret of {length} characters (Contentful secrets are exactly 64 characters of A-Z a-z 0-9 + / = _ -)"
)]
pub struct WebhookSecretError {
    /// How many characters the refused secret has.
    pub length: usize,
}

/// Why a secret was refused as too short to resist guessing. Names the lengths only.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the secret is {len} characters long; at least {min} are needed")]
pub struct SecretTooShort {
    /// How many characters the refused secret has.
    pub len: usize,
    /// The fewest characters it needs.
    pub min: usize,
}

impl Secret {
    /// Wraps `value`.
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// `value` without surrounding blanks, if that is at least `min` characters long.
    ///
    /// Errors: [`SecretTooShort`].
    pub fn at_least(value: &str, min: usize) -> Result<Self, SecretTooShort> {
        let value = value.trim();
        let len = value.chars().count();
        if len < min {
            return Err(SecretTooShort { len, min });
        }
        Ok(Secret(value.to_owned()))
    }

    /// A Contentful webhook signing secret: exactly 64 characters from `[0-9a-zA-Z+/=_-]`, as
    /// Contentful requires.
    ///
    /// Errors: [`WebhookSecretError`].
    pub fn webhook(value: &str) -> Result<Self, WebhookSecretError> {
        let ok = value.len() == 64
            && value.bytes().all(|b| {
                b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'_' | b'-')
            });
        if ok {
            Ok(Secret(value.to_owned()))
        } else {
            Err(WebhookSecretError {
                length: value.chars().count(),
            })
        }
    }

    /// The value, for the one place that sends it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// `text` with every occurrence of the secret replaced by `[redacted]`, for messages
    /// that quote a provider's answer (which might echo what it was sent).
    pub fn redact_from(&self, text: &str) -> String {
        if self.0.is_empty() {
            text.to_owned()
        } else {
            text.replace(&self.0, "[redacted]")
        }
    }
}

impl Drop for Secret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_never_prints_and_is_redacted_from_quoted_text() {
        let key = Secret::new("xkeysib-123");
        assert_eq!(format!("{key} {key:?}"), "[redacted] Secret([redacted])");
        assert_eq!(key.expose(), "xkeysib-123");
        assert_eq!(
            key.redact_from("Key xkeysib-123 not found"),
            "Key [redacted] not found"
        );
        assert_eq!(Secret::new("").redact_from("as is"), "as is");
    }

    #[test]
    fn webhook_secrets_are_64_characters_of_contentfuls_alphabet() {
        assert!(Secret::webhook(&"a".repeat(64)).is_ok());
        assert!(Secret::webhook(&"A1+/=_-b".repeat(8)).is_ok());
        let err = Secret::webhook("short-secret").unwrap_err();
        assert_eq!(err.length, 12);
        assert!(!err.to_string().contains("short-secret"));
        assert!(Secret::webhook(&"!".repeat(64)).is_err());
    }

    #[test]
    fn a_short_secret_is_refused_naming_lengths_only() {
        let err = Secret::at_least("  tiny  ", 32).unwrap_err();
        assert_eq!(err, SecretTooShort { len: 4, min: 32 });
        assert!(!err.to_string().contains("tiny"));
        let ok = Secret::at_least(&format!(" {} ", "k".repeat(32)), 32).unwrap();
        assert_eq!(ok.expose(), "k".repeat(32));
    }
}
