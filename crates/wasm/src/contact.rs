//! `validateContact(form)`: the contact form's rules, with the server's exact messages.

use crate::bridge;
use supplysite_core::contact::{ContactForm, Validation, validate};
use wasm_bindgen::prelude::*;

/// `{valid, errors}` for a contact form object, exactly as `supplysite validate-contact`
/// prints it: one message per field in form order, the robot check under `robot`. A value of
/// the wrong type (a number for `phone`, say) is an error rather than a validation result.
#[wasm_bindgen(js_name = validateContact, unchecked_return_type = "Validation")]
pub fn validate_contact(
    #[wasm_bindgen(unchecked_param_type = "Partial<ContactForm>")] form: &JsValue,
) -> Result<JsValue, JsError> {
    let text = bridge::json_text(form, "contact form")?;
    let validation = validation_of(&text).map_err(|m| JsError::new(&m))?;
    bridge::to_js(&validation)
}

/// The validation of a form given as JSON text.
fn validation_of(form_json: &str) -> Result<Validation, String> {
    // serde would also read a struct from an array (`["Ada"]` as a first name): only an
    // object is a form, as for `supplysite validate-contact`.
    if !form_json.trim_start().starts_with('{') {
        return Err(format!(
            "invalid contact form: expected an object, found {form_json:.40}"
        ));
    }
    let form: ContactForm = bridge::from_json_text(form_json, "contact form")?;
    Ok(validate(&form))
}

#[wasm_bindgen(typescript_custom_section)]
const TS: &str = r#"
/** The contact form's values as the page holds them; a missing key reads as empty or unticked. */
export interface ContactForm {
  firstname: string; lastname: string; orgName: string; phone: string; email: string;
  message: string; robotChecked: boolean;
}
/** Every field's error at once, keys in form order; the robot check's key is `robot`. */
export interface Validation {
  valid: boolean;
  errors: Partial<Record<"firstname" | "lastname" | "orgName" | "phone" | "email" | "message" | "robot", string>>;
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_form_gets_every_required_message() {
        let v = serde_json::to_value(validation_of("{}").unwrap()).unwrap();
        assert_eq!(v["valid"], false);
        assert_eq!(v["errors"]["firstname"], "First name is required.");
        assert_eq!(
            v["errors"]["robot"],
            "Please select 'I'm not a robot' checkbox."
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_is_an_error_naming_the_form() {
        let err = validation_of(r#"{"phone": 12345}"#).unwrap_err();
        assert!(
            err.starts_with("invalid contact form: invalid type: integer `12345`"),
            "{err}"
        );
        for not_an_object in ["[]", "\"Ada\"", "null", "5"] {
            let err = validation_of(not_an_object).unwrap_err();
            assert!(
                err.starts_with("invalid contact form: expected an object, found "),
                "{err}"
            );
        }
    }
}
