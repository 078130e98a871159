//! The contact form's values exactly as the page sends them.

use serde::{Deserialize, Deserializer, Serialize};

/// The values of the contact form, untrimmed and unchecked.
///
/// JSON keys are `firstname`, `lastname`, `orgName`, `phone`, `email`, `message` and
/// `robotChecked`. A missing key or a `null` reads as an empty string (or `false` for
/// `robotChecked`), so a half-filled form still gets one message per missing field rather than
/// a parse error; a value of the wrong type (a number for `phone`, say) is a parse error.
/// Unknown keys are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ContactForm {
    /// `firstname`: the visitor's first name.
    #[serde(default, deserialize_with = "null_as_default")]
    pub firstname: String,
    /// `lastname`: the visitor's last name.
    #[serde(default, deserialize_with = "null_as_default")]
    pub lastname: String,
    /// `orgName`: the visitor's organisation.
    #[serde(default, deserialize_with = "null_as_default")]
    pub org_name: String,
    /// `phone`: the visitor's phone number, as typed.
    #[serde(default, deserialize_with = "null_as_default")]
    pub phone: String,
    /// `email`: the visitor's email address.
    #[serde(default, deserialize_with = "null_as_default")]
    pub email: String,
    /// `message`: what the visitor wants to say; may be empty.
    #[serde(default, deserialize_with = "null_as_default")]
    pub message: String,
    /// `robotChecked`: whether the visitor ticked "I'm not a robot".
    #[serde(default, deserialize_with = "null_as_default")]
    pub robot_checked: bool,
}

fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_page_keys_in_camel_case() {
        let form: ContactForm = serde_json::from_value(json!({
            "firstname": "Ada", "lastname": "Lovelace", "orgName": "Engines Pty Ltd",
            "phone": "0400 000 000", "email": "ada@example.com", "message": "Hi",
            "robotChecked": true
        }))
        .unwrap();
        assert_eq!(form.org_name, "Engines Pty Ltd");
        assert!(form.robot_checked);
        assert_eq!(
            serde_json::to_value(&form).unwrap()["orgName"],
            "Engines Pty Ltd"
        );
    }

    #[test]
    fn missing_and_null_keys_read_as_empty_and_unticked() {
        let form: ContactForm =
            serde_json::from_value(json!({ "firstname": null, "robotChecked": null })).unwrap();
        assert_eq!(form, ContactForm::default());
    }

    #[test]
    fn a_value_of_the_wrong_type_is_a_parse_error() {
        let err = serde_json::from_value::<ContactForm>(json!({ "phone": 61_400_000_000u64 }))
            .unwrap_err();
        assert!(err.to_string().contains("invalid type"), "{err}");
    }

    #[test]
    fn unknown_keys_are_ignored() {
        let form: ContactForm =
            serde_json::from_value(json!({ "robotToken": "abc", "email": "a@b" })).unwrap();
        assert_eq!(form.email, "a@b");
    }
}
