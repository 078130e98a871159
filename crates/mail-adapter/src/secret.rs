//! [`Secret`]: an API key or signing secret that never prints.

use std::fmt;

/// A secret value. `Debug` and `Display` show `[redacted]`, so a secret inside a settings
/// struct, an error or a log line never leaks; [`Secret::expose`] is the one way to the value.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps `value`.
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
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
}
