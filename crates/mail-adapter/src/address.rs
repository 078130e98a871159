//! [`MailAddress`]: a display name and an email address, as the sender and inbox settings
//! give them (`Supplysite Website <website@example.com>` or a bare address).

use std::fmt;
use supplysite_core::contact::is_valid_email;

/// A mailbox: an address with an optional display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailAddress {
    /// The display name; empty when there is none.
    pub name: String,
    /// The address itself, `local@domain`.
    pub email: String,
}

/// Why a mailbox setting was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid mail address {input:?}: {reason}")]
pub struct MailAddressError {
    /// The setting's value as given.
    pub input: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl MailAddress {
    /// Parses `Name <address>` or `address`. The name may not hold line breaks, control
    /// characters, `<`, `>` or `"` (it goes into mail headers); the address must be valid by
    /// the same pattern as the contact form's.
    pub fn parse(input: &str) -> Result<MailAddress, MailAddressError> {
        let err = |reason| MailAddressError {
            input: input.to_owned(),
            reason,
        };
        let trimmed = input.trim();
        let (name, email) = match trimmed.rfind('<') {
            Some(open) => {
                let email = trimmed[open + 1..]
                    .strip_suffix('>')
                    .ok_or_else(|| err("expected Name <address>"))?;
                (trimmed[..open].trim(), email.trim())
            }
            None => ("", trimmed),
        };
        if name
            .chars()
            .any(|c| c.is_control() || matches!(c, '<' | '>' | '"'))
        {
            return Err(err("the name may not hold control characters, <, > or \""));
        }
        if !is_valid_email(email) {
            return Err(err("not a valid email address"));
        }
        Ok(MailAddress {
            name: name.to_owned(),
            email: email.to_owned(),
        })
    }

    /// The part after the `@`.
    pub fn domain(&self) -> &str {
        self.email.rsplit('@').next().unwrap_or("localhost")
    }
}

impl fmt::Display for MailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name.is_empty() {
            f.write_str(&self.email)
        } else {
            write!(f, "{} <{}>", self.name, self.email)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_named_or_bare_address() {
        let named = MailAddress::parse(" Supplysite Website <website@example.com> ").unwrap();
        assert_eq!(
            (named.name.as_str(), named.email.as_str()),
            ("Supplysite Website", "website@example.com")
        );
        assert_eq!(named.domain(), "example.com");
        assert_eq!(
            named.to_string(),
            "Supplysite Website <website@example.com>"
        );
        let bare = MailAddress::parse("info@example.com.au").unwrap();
        assert_eq!(
            (bare.name.as_str(), bare.email.as_str()),
            ("", "info@example.com.au")
        );
    }

    #[test]
    fn refuses_bad_addresses_and_header_breaking_names() {
        assert!(MailAddress::parse("not an address").is_err());
        assert!(MailAddress::parse("Name <a@b").is_err());
        let err = MailAddress::parse("Evil\r\nBcc: x@y.com <a@b.com>").unwrap_err();
        assert_eq!(
            err.reason,
            "the name may not hold control characters, <, > or \""
        );
    }
}
