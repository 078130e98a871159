//! `validateContact(form)`: the contact form's rules, with the server's exact messages.
//!
//! The form's fields are read straight off the JavaScript object rather than through serde:
//! serde_json's deserializer (with the float formatting its error messages pull in) would
//! take a third of the contact page's size budget.

use crate::bridge;
use supplysite_core::contact::{ContactForm, validate};
use wasm_bindgen::prelude::*;

/// `{valid, errors}` for a contact form object, exactly as `supplysite validate-contact`
/// prints it: one message per field in form order, the robot check under `robot`. A missing
/// key, `null` or `undefined` counts as empty or unticked; a value of the wrong type (a number
/// for `phone`, say) is an error rather than a validation result, as it is for the CLI.
#[wasm_bindgen(js_name = validateContact, unchecked_return_type = "Validation")]
pub fn validate_contact(
    #[wasm_bindgen(unchecked_param_type = "Partial<ContactForm>")] form: &JsValue,
) -> Result<JsValue, JsError> {
    let form = read_form(form).map_err(|m| JsError::new(&format!("invalid contact form: {m}")))?;
    bridge::to_js(&validate(&form))
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    fn reflect_get(target: &JsValue, key: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> bool;
}

fn read_form(form: &JsValue) -> Result<ContactForm, String> {
    if !form.is_object() || is_array(form) {
        return Err(format!("expected an object, found {}", kind(form)));
    }
    let text = |key| read(form, key, "a string", JsValue::as_string);
    Ok(ContactForm {
        firstname: text("firstname")?,
        lastname: text("lastname")?,
        org_name: text("orgName")?,
        phone: text("phone")?,
        email: text("email")?,
        message: text("message")?,
        robot_checked: read(form, "robotChecked", "a boolean", JsValue::as_bool)?,
    })
}

/// One field: absent, `null` and `undefined` read as the default, as the core's serde does.
fn read<T: Default>(
    form: &JsValue,
    key: &str,
    expected: &str,
    cast: fn(&JsValue) -> Option<T>,
) -> Result<T, String> {
    let value = reflect_get(form, key).map_err(|_| format!("\"{key}\" cannot be read"))?;
    if value.is_null() || value.is_undefined() {
        return Ok(T::default());
    }
    cast(&value).ok_or_else(|| {
        format!(
            "\"{key}\" must be {expected} or null, found {}",
            kind(&value)
        )
    })
}

fn kind(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if is_array(value) {
        "an array".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
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
