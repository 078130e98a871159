//! The fields of the contact form, the rules each can break, and the exact message of each
//! (docs/behaviour.md §5, which also lists the limits the site adds).

/// Most characters in a first name, last name or organisation name.
pub const NAME_MAX_CHARS: usize = 100;
/// Fewest characters in a phone number (docs/behaviour.md §9).
pub const PHONE_MIN_CHARS: usize = 6;
/// Most characters in a phone number (room for a country code, spaces and an extension).
pub const PHONE_MAX_CHARS: usize = 40;
/// Most characters in an email address (the longest address SMTP can carry).
pub const EMAIL_MAX_CHARS: usize = 254;
/// Most characters in the optional message.
pub const MESSAGE_MAX_CHARS: usize = 5000;

/// A field of the form, in the order the form shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// First name (`firstname`), required, at most [`NAME_MAX_CHARS`].
    Firstname,
    /// Last name (`lastname`), required, at most [`NAME_MAX_CHARS`].
    Lastname,
    /// Organisation name (`orgName`), required, at most [`NAME_MAX_CHARS`].
    OrgName,
    /// Phone number (`phone`), required, [`PHONE_MIN_CHARS`] to [`PHONE_MAX_CHARS`].
    Phone,
    /// Email (`email`), required, at most [`EMAIL_MAX_CHARS`].
    Email,
    /// Message (`message`), optional, at most [`MESSAGE_MAX_CHARS`].
    Message,
    /// The "I'm not a robot" check.
    Robot,
}

impl Field {
    /// Every field, in form order.
    pub const ALL: [Field; 7] = [
        Field::Firstname,
        Field::Lastname,
        Field::OrgName,
        Field::Phone,
        Field::Email,
        Field::Message,
        Field::Robot,
    ];

    /// The field's key in the form's JSON and in the `errors` object.
    pub fn key(self) -> &'static str {
        match self {
            Field::Firstname => "firstname",
            Field::Lastname => "lastname",
            Field::OrgName => "orgName",
            Field::Phone => "phone",
            Field::Email => "email",
            Field::Message => "message",
            Field::Robot => "robot",
        }
    }

    /// The field's name as the messages write it.
    fn label(self) -> &'static str {
        match self {
            Field::Firstname => "First name",
            Field::Lastname => "Last name",
            Field::OrgName => "Organisation name",
            Field::Phone => "Phone number",
            Field::Email => "Email",
            Field::Message => "Message",
            Field::Robot => "The robot check",
        }
    }

    /// Most characters the field takes.
    pub(super) fn max_chars(self) -> usize {
        match self {
            Field::Firstname | Field::Lastname | Field::OrgName => NAME_MAX_CHARS,
            Field::Phone => PHONE_MAX_CHARS,
            Field::Email => EMAIL_MAX_CHARS,
            Field::Message => MESSAGE_MAX_CHARS,
            Field::Robot => 0,
        }
    }
}

/// Which rule a field broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Empty or only whitespace.
    Required,
    /// Holds a line break or another control character where none may be.
    ControlCharacters,
    /// More characters than the field allows.
    TooLong {
        /// The most characters the field takes.
        max: usize,
    },
    /// Fewer characters than the field needs (the phone number).
    TooShort {
        /// The fewest characters the field needs.
        min: usize,
    },
    /// Not in the field's format (the email address).
    Format,
    /// The robot check is not ticked.
    Unticked,
}

/// One field's error: the field, the rule it broke and the message the visitor sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    field: Field,
    rule: Rule,
    message: String,
}

impl FieldError {
    pub(super) fn new(field: Field, rule: Rule) -> Self {
        let message = match (field, rule) {
            (Field::Firstname, Rule::Required) => "First name is required.".into(),
            (Field::Lastname, Rule::Required) => "Last name is required.".into(),
            (Field::OrgName, Rule::Required) => "Organisation name is required.".into(),
            (Field::Phone, Rule::Required) => "Phone number is required".into(),
            (Field::Email, Rule::Required) => "Email is required.".into(),
            (Field::Phone, Rule::TooShort { .. }) => "Enter a valid phone number".into(),
            (Field::Email, Rule::Format) => "Enter a valid email.".into(),
            (Field::Robot, _) => "Please select 'I'm not a robot' checkbox.".into(),
            (Field::Message, Rule::ControlCharacters) => {
                "Message must not contain control characters.".into()
            }
            (_, Rule::ControlCharacters) => format!(
                "{} must not contain line breaks or control characters.",
                field.label()
            ),
            (_, Rule::TooLong { max }) => {
                format!("{} must be at most {max} characters.", field.label())
            }
            // No other pairing is produced by `check`; a plain message keeps this total.
            _ => format!("{} is not valid.", field.label()),
        };
        FieldError {
            field,
            rule,
            message,
        }
    }

    /// The field in error.
    pub fn field(&self) -> Field {
        self.field
    }

    /// The rule it broke.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The message the visitor sees, exactly as docs/behaviour.md §5 words it.
    pub fn message(&self) -> &str {
        &self.message
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(field: Field, rule: Rule) -> String {
        FieldError::new(field, rule).message().to_owned()
    }

    #[test]
    fn the_documented_messages_are_exact_character_for_character() {
        let table = [
            (Field::Firstname, Rule::Required, "First name is required."),
            (Field::Lastname, Rule::Required, "Last name is required."),
            (
                Field::OrgName,
                Rule::Required,
                "Organisation name is required.",
            ),
            (Field::Phone, Rule::Required, "Phone number is required"),
            (
                Field::Phone,
                Rule::TooShort { min: 6 },
                "Enter a valid phone number",
            ),
            (Field::Email, Rule::Required, "Email is required."),
            (Field::Email, Rule::Format, "Enter a valid email."),
            (
                Field::Robot,
                Rule::Unticked,
                "Please select 'I'm not a robot' checkbox.",
            ),
        ];
        for (field, rule, expected) in table {
            assert_eq!(message(field, rule), expected, "{field:?} {rule:?}");
        }
    }

    #[test]
    fn our_own_messages_name_the_field_and_the_limit() {
        assert_eq!(
            message(Field::OrgName, Rule::TooLong { max: 100 }),
            "Organisation name must be at most 100 characters."
        );
        assert_eq!(
            message(Field::Phone, Rule::ControlCharacters),
            "Phone number must not contain line breaks or control characters."
        );
        assert_eq!(
            message(Field::Message, Rule::ControlCharacters),
            "Message must not contain control characters."
        );
    }

    #[test]
    fn keys_are_the_form_json_keys_in_form_order() {
        let keys: Vec<&str> = Field::ALL.iter().map(|f| f.key()).collect();
        assert_eq!(
            keys,
            [
                "firstname",
                "lastname",
                "orgName",
                "phone",
                "email",
                "message",
                "robot"
            ]
        );
    }
}
