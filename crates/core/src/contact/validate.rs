//! Checking a whole contact form at once: [`validate`] and its [`Validation`].

use super::field::{Field, FieldError, PHONE_MIN_CHARS, Rule};
use super::{ContactForm, is_valid_email};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;

/// The result of checking a whole form: every field's error at once, in form order.
///
/// Serialises as `{"valid":bool,"errors":{"<field key>":"<message>",…}}`, with the robot
/// check under the key `robot` and the keys in form order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validation {
    errors: Vec<FieldError>,
}

impl Validation {
    /// True when no field has an error.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// Every error, at most one per field, in form order.
    pub fn errors(&self) -> &[FieldError] {
        &self.errors
    }

    /// The message for `field`, if it has an error.
    pub fn message(&self, field: Field) -> Option<&str> {
        self.errors
            .iter()
            .find(|e| e.field() == field)
            .map(FieldError::message)
    }

    /// The errors alone, serialising as the `{"<field key>":"<message>"}` object (what the
    /// contact endpoint answers with).
    pub fn field_errors(&self) -> FieldErrors<'_> {
        FieldErrors(&self.errors)
    }
}

impl Serialize for Validation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("valid", &self.is_valid())?;
        map.serialize_entry("errors", &self.field_errors())?;
        map.end()
    }
}

impl fmt::Display for Validation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_valid() {
            return f.write_str("contact form is valid");
        }
        f.write_str("invalid contact form:")?;
        for e in &self.errors {
            write!(f, " {} ({})", e.field().key(), e.message())?;
        }
        Ok(())
    }
}

impl std::error::Error for Validation {}

/// A serialisable view of a [`Validation`]'s errors as one JSON object, keys in form order.
#[derive(Clone, Copy, Debug)]
pub struct FieldErrors<'a>(&'a [FieldError]);

impl Serialize for FieldErrors<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for e in self.0 {
            map.serialize_entry(e.field().key(), e.message())?;
        }
        map.end()
    }
}

/// Checks every field of `form` by the contact form's rules (docs/behaviour.md §5) and returns all the
/// errors at once.
///
/// Each field is trimmed first (Unicode whitespace at both ends), so a value of only spaces,
/// tabs or line breaks counts as missing. Then, per field, the first rule that fails gives the
/// field's one message, in this order:
///
/// | field | 1. missing | 2. control characters | 3. longer than | 4. format |
/// |---|---|---|---|---|
/// | firstname | "First name is required." | refused | 100 | |
/// | lastname | "Last name is required." | refused | 100 | |
/// | orgName | "Organisation name is required." | refused | 100 | |
/// | phone | "Phone number is required" | refused | 40 | fewer than 6: "Enter a valid phone number" |
/// | email | "Email is required." | refused | 254 | not a valid address: "Enter a valid email." |
/// | message | optional | refused, except tab, CR and LF | 5000 | |
///
/// and the robot check, when unticked: "Please select 'I'm not a robot' checkbox.".
///
/// The messages of columns 2 and 3 are ours: "First name must not contain line breaks or
/// control characters." (for the message: "Message must not contain control characters.")
/// and "First name must be at most 100 characters.", with each field's own name. Control
/// characters are C0 (U+0000 to U+001F), DEL and C1 (U+0080 to U+009F); single-line fields
/// also refuse the Unicode line and paragraph separators (U+2028, U+2029). The email format is
/// [`is_valid_email`](super::is_valid_email), the HTML standard's pattern.
///
/// Lengths count Unicode scalar values (`char`s) of the trimmed value, not bytes, so "Zoë"
/// is three. The required-field and format messages match docs/behaviour.md §5 to the character
/// (the phone ones have no full stop). The length and control-character rules are ours: every
/// field but the message can end up in a mail header (sender name, subject, Reply-To), where a
/// line break would let a visitor add headers of their own, so line breaks and control
/// characters are refused there outright rather than silently stripped.
pub fn validate(form: &ContactForm) -> Validation {
    let values = [
        (Field::Firstname, &form.firstname),
        (Field::Lastname, &form.lastname),
        (Field::OrgName, &form.org_name),
        (Field::Phone, &form.phone),
        (Field::Email, &form.email),
        (Field::Message, &form.message),
    ];
    let mut errors: Vec<FieldError> = values
        .into_iter()
        .filter_map(|(field, value)| check(field, value).map(|rule| FieldError::new(field, rule)))
        .collect();
    if !form.robot_checked {
        errors.push(FieldError::new(Field::Robot, Rule::Unticked));
    }
    Validation { errors }
}

fn check(field: Field, value: &str) -> Option<Rule> {
    let value = value.trim();
    if value.is_empty() {
        return (field != Field::Message).then_some(Rule::Required);
    }
    let multiline = field == Field::Message;
    if value.chars().any(|c| is_refused(c, multiline)) {
        return Some(Rule::ControlCharacters);
    }
    let chars = value.chars().count();
    let max = field.max_chars();
    if chars > max {
        return Some(Rule::TooLong { max });
    }
    match field {
        Field::Phone if chars < PHONE_MIN_CHARS => Some(Rule::TooShort {
            min: PHONE_MIN_CHARS,
        }),
        Field::Email if !is_valid_email(value) => Some(Rule::Format),
        _ => None,
    }
}

/// Control characters (C0, DEL, C1) are refused everywhere except tab, CR and LF in the
/// message. The Unicode line and paragraph separators are line breaks too, so single-line
/// fields refuse them as well.
fn is_refused(c: char, multiline: bool) -> bool {
    if multiline {
        c.is_control() && !matches!(c, '\t' | '\r' | '\n')
    } else {
        c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A change to a filled-in form, for table tests.
    type Change = fn(&mut ContactForm);
    /// Puts a value into one field of a form.
    type Set = fn(&mut ContactForm, String);
    /// The one field error a case expects (key and message), or none.
    type Expected = Option<(&'static str, &'static str)>;

    fn filled() -> ContactForm {
        ContactForm {
            firstname: "Ada".into(),
            lastname: "Lovelace".into(),
            org_name: "Analytical Engines Pty Ltd".into(),
            phone: "+61 2 9000 0000".into(),
            email: "ada@example.com.au".into(),
            message: "Please call me about eRFx.".into(),
            robot_checked: true,
        }
    }

    fn errors_of(form: &ContactForm) -> Vec<(&'static str, String)> {
        validate(form)
            .errors()
            .iter()
            .map(|e| (e.field().key(), e.message().to_owned()))
            .collect()
    }

    /// An email address of exactly `len` characters (len ≥ 68), valid by the pattern.
    fn email_of_len(len: usize) -> String {
        let local = "a".repeat(64);
        let domain_len = len - 65;
        let mut labels = Vec::new();
        let mut left = domain_len;
        while left > 64 {
            labels.push("b".repeat(63));
            left -= 64;
        }
        labels.push("c".repeat(left));
        format!("{local}@{}", labels.join("."))
    }

    #[test]
    fn a_filled_in_form_is_valid() {
        let v = validate(&filled());
        assert!(v.is_valid(), "{v}");
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"valid":true,"errors":{}}"#
        );
    }

    #[test]
    fn each_rule_and_boundary_gives_its_message() {
        let table: Vec<(&str, Change, Expected)> = vec![
            (
                "empty first name",
                |f| f.firstname.clear(),
                Some(("firstname", "First name is required.")),
            ),
            (
                "whitespace first name",
                |f| f.firstname = " \t\u{a0} ".into(),
                Some(("firstname", "First name is required.")),
            ),
            (
                "line breaks only",
                |f| f.firstname = "\r\n".into(),
                Some(("firstname", "First name is required.")),
            ),
            (
                "empty last name",
                |f| f.lastname.clear(),
                Some(("lastname", "Last name is required.")),
            ),
            (
                "empty organisation",
                |f| f.org_name = "   ".into(),
                Some(("orgName", "Organisation name is required.")),
            ),
            (
                "empty phone",
                |f| f.phone.clear(),
                Some(("phone", "Phone number is required")),
            ),
            (
                "phone of 5",
                |f| f.phone = "12345".into(),
                Some(("phone", "Enter a valid phone number")),
            ),
            ("phone of 6", |f| f.phone = "123456".into(), None),
            (
                "phone of 5 padded to 9",
                |f| f.phone = "  12345  ".into(),
                Some(("phone", "Enter a valid phone number")),
            ),
            ("phone of 6 padded", |f| f.phone = "\t123456 ".into(), None),
            ("phone of 40", |f| f.phone = "1".repeat(40), None),
            (
                "phone of 41",
                |f| f.phone = "1".repeat(41),
                Some(("phone", "Phone number must be at most 40 characters.")),
            ),
            (
                "empty email",
                |f| f.email.clear(),
                Some(("email", "Email is required.")),
            ),
            (
                "email a@",
                |f| f.email = "a@".into(),
                Some(("email", "Enter a valid email.")),
            ),
            (
                "email with a space",
                |f| f.email = "a b@c.d".into(),
                Some(("email", "Enter a valid email.")),
            ),
            (
                "email padded",
                |f| f.email = "  ada@example.com \n".into(),
                None,
            ),
            ("email of 254", |f| f.email = email_of_len(254), None),
            (
                "email of 255",
                |f| f.email = email_of_len(255),
                Some(("email", "Email must be at most 254 characters.")),
            ),
            ("empty message", |f| f.message.clear(), None),
            (
                "message with lines and tabs",
                |f| f.message = "Hi,\r\n\tline two\nthree".into(),
                None,
            ),
            ("message of 5000", |f| f.message = "m".repeat(5000), None),
            (
                "message of 5001",
                |f| f.message = "m".repeat(5001),
                Some(("message", "Message must be at most 5000 characters.")),
            ),
            (
                "message with NUL",
                |f| f.message = "a\u{0}b".into(),
                Some(("message", "Message must not contain control characters.")),
            ),
            (
                "message with escape",
                |f| f.message = "a\u{1b}[31mb".into(),
                Some(("message", "Message must not contain control characters.")),
            ),
            (
                "robot unticked",
                |f| f.robot_checked = false,
                Some(("robot", "Please select 'I'm not a robot' checkbox.")),
            ),
            ("name of 100", |f| f.firstname = "n".repeat(100), None),
            (
                "name of 101",
                |f| f.firstname = "n".repeat(101),
                Some(("firstname", "First name must be at most 100 characters.")),
            ),
            (
                "last name of 101",
                |f| f.lastname = "n".repeat(101),
                Some(("lastname", "Last name must be at most 100 characters.")),
            ),
            (
                "organisation of 101",
                |f| f.org_name = "n".repeat(101),
                Some((
                    "orgName",
                    "Organisation name must be at most 100 characters.",
                )),
            ),
            (
                "unicode names",
                |f| {
                    f.firstname = "Zoë".into();
                    f.lastname = "王小明".into();
                    f.org_name = "Māori Foods Ltd 🥝".into()
                },
                None,
            ),
            (
                "100 two-byte characters",
                |f| f.firstname = "é".repeat(100),
                None,
            ),
            (
                "101 two-byte characters",
                |f| f.firstname = "é".repeat(101),
                Some(("firstname", "First name must be at most 100 characters.")),
            ),
            (
                "non-ascii email",
                |f| f.email = "zoë@example.com".into(),
                Some(("email", "Enter a valid email.")),
            ),
        ];
        for (case, change, expected) in table {
            let mut form = filled();
            change(&mut form);
            let expected: Vec<(&str, String)> = expected
                .map(|(k, m)| (k, m.to_owned()))
                .into_iter()
                .collect();
            assert_eq!(errors_of(&form), expected, "{case}");
        }
    }

    #[test]
    fn header_injection_is_refused_in_every_single_line_field() {
        let attack = "x\r\nBcc: victim@example.com";
        let cases: [(&str, &str, Set); 5] = [
            ("firstname", "First name", |f, v| f.firstname = v),
            ("lastname", "Last name", |f, v| f.lastname = v),
            ("orgName", "Organisation name", |f, v| f.org_name = v),
            ("phone", "Phone number", |f, v| {
                f.phone = format!("0400000000{v}")
            }),
            ("email", "Email", |f, v| {
                f.email = format!("ada@example.com{v}")
            }),
        ];
        for (key, label, set) in cases {
            for separator in ["\r\n", "\n", "\r", "\u{2028}", "\u{85}", "\t", "\u{0}"] {
                let mut form = filled();
                set(&mut form, attack.replace("\r\n", separator));
                assert_eq!(
                    errors_of(&form),
                    [(
                        key,
                        format!("{label} must not contain line breaks or control characters.")
                    )],
                    "{key} with {separator:?}"
                );
            }
        }
    }

    #[test]
    fn a_control_character_outranks_the_length_limit() {
        let mut form = filled();
        form.firstname = format!("{}\nBcc: x", "n".repeat(200));
        assert_eq!(
            validate(&form).message(Field::Firstname),
            Some("First name must not contain line breaks or control characters.")
        );
    }

    #[test]
    fn one_result_lists_every_field_error_in_form_order() {
        let form = ContactForm {
            phone: "123".into(),
            email: "nope".into(),
            message: "\u{7}".into(),
            ..ContactForm::default()
        };
        let keys: Vec<&str> = errors_of(&form).into_iter().map(|(k, _)| k).collect();
        let in_form_order: Vec<&str> = Field::ALL.iter().map(|f| f.key()).collect();
        assert_eq!(keys, in_form_order);
        let json = serde_json::to_string(&validate(&form)).unwrap();
        assert!(
            json.starts_with(r#"{"valid":false,"errors":{"firstname":"#),
            "{json}"
        );
    }

    #[test]
    fn the_all_empty_form_reports_every_required_field_and_the_robot_check() {
        insta::assert_json_snapshot!("all_empty_form", validate(&ContactForm::default()));
    }

    #[test]
    fn display_names_each_field_and_its_message() {
        let mut form = filled();
        form.phone = "1".into();
        assert_eq!(
            validate(&form).to_string(),
            "invalid contact form: phone (Enter a valid phone number)"
        );
    }
}
