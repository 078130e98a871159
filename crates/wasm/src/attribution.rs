//! `cleanAttribution(value)`: core's rule for where a visit came from, so the page sends only
//! what the server keeps and both drop the same attributions.
//!
//! The value is read field by field (as the contact form is) into the JSON shape core cleans,
//! leaving serde_json's parser out of the module: a string or a boolean is kept as itself,
//! `null` and `undefined` as absent, anything else as a value of the wrong type (which is all
//! core's rule asks of it).

use crate::bridge;
use serde::Serialize;
use serde_json::{Map, Value};
use supplysite_core::contact::{ATTRIBUTION_KEYS, Attribution, clean_attribution};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    fn reflect_get(target: &JsValue, key: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> bool;
}

/// What [`clean_attribution`] made of a value: the clean attribution (or null), or why it was
/// dropped.
#[derive(Serialize)]
struct Cleaned {
    attribution: Option<Attribution>,
    dropped: Option<String>,
}

/// `{attribution, dropped}` for an attribution object as the page holds it: the attribution
/// cleaned by core's rule (null when there is nothing to send), or null and the reason it was
/// dropped.
#[wasm_bindgen(js_name = cleanAttribution, unchecked_return_type = "CleanedAttribution")]
pub fn clean(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: &JsValue,
) -> Result<JsValue, JsError> {
    let raw = as_json(value);
    let cleaned = match clean_attribution(Some(&raw)) {
        Ok(attribution) => Cleaned {
            attribution,
            dropped: None,
        },
        Err(e) => Cleaned {
            attribution: None,
            dropped: Some(e.to_string()),
        },
    };
    bridge::to_js(&cleaned)
}

/// The value in the shape core reads: objects one level deep, by the keys core knows.
fn as_json(value: &JsValue) -> Value {
    if value.is_null() || value.is_undefined() {
        return Value::Null;
    }
    if !value.is_object() || is_array(value) {
        return Value::Array(Vec::new());
    }
    let mut fields = Map::new();
    for key in ATTRIBUTION_KEYS.into_iter().chain(["adClick"]) {
        let field = reflect_get(value, key).unwrap_or(JsValue::UNDEFINED);
        let field = if field.is_null() || field.is_undefined() {
            continue;
        } else if let Some(text) = field.as_string() {
            Value::String(text)
        } else if let Some(flag) = field.as_bool() {
            Value::Bool(flag)
        } else {
            Value::Array(Vec::new())
        };
        fields.insert(key.to_owned(), field);
    }
    Value::Object(fields)
}

#[wasm_bindgen(typescript_custom_section)]
const TS: &str = r#"
/** Where a visit came from, cleaned by the server's rule; see the page contract's `Attribution`. */
export interface CleanAttribution {
  source?: string; medium?: string; campaign?: string; term?: string; content?: string;
  landingPage?: string; referrer?: string; conversionPage?: string; adClick?: boolean;
}
/** An attribution cleaned (null when there is nothing to send), or null and why it was dropped. */
export interface CleanedAttribution {
  attribution: CleanAttribution | null;
  dropped: string | null;
}
"#;
