//! Which visitor addresses Brevo takes as an email's `replyTo`. The contact form accepts what
//! the HTML standard's email pattern accepts, which is looser than Brevo: dots may lead, trail
//! or repeat in the local part (`.a..b.@example.com`) and the domain may be one label
//! (`a@b`). Brevo refuses such a `replyTo` with a 400, so the client leaves it out instead and
//! the address stays in the email's body for a person to read.

/// Whether Brevo accepts `email` as a `replyTo` address: a dot-atom local part (runs of atom
/// characters joined by single dots) and a domain of two or more labels. Braces, though atom
/// characters, are refused too: Brevo's template engine reads them.
pub fn brevo_accepts(email: &str) -> bool {
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    let atom = |part: &str| !part.is_empty() && part.bytes().all(is_atom_byte);
    let label = |l: &str| {
        let b = l.as_bytes();
        !b.is_empty()
            && b.len() <= 63
            && b[0].is_ascii_alphanumeric()
            && b[b.len() - 1].is_ascii_alphanumeric()
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
    };
    local.len() <= 64
        && local.split('.').all(atom)
        && domain.contains('.')
        && domain.split('.').all(label)
}

fn is_atom_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`|~-".contains(&b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_addresses_are_taken() {
        for ok in [
            "ada@example.com",
            "ada.lovelace+enquiry@engines.example.com.au",
            "o'brien@example.ie",
            "x_y-z@sub-domain.example",
        ] {
            assert!(brevo_accepts(ok), "{ok}");
        }
    }

    #[test]
    fn addresses_the_form_passes_but_brevo_refuses_are_left_out() {
        for bad in [
            ".a..b.@example.com",
            "a.@example.com",
            ".a@example.com",
            "a..b@example.com",
            "a@b",
            "{{x}}@example.com",
            "a@-b.com",
            "a@b..com",
            "",
            "no-at-sign",
        ] {
            assert!(!brevo_accepts(bad), "{bad}");
        }
    }
}
