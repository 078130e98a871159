//! Moving values across the JavaScript boundary through JSON.
//!
//! Results go back as serde_json's text through `JSON.parse`. This reuses the serde_json code
//! the core already carries, so it adds far less to the module than a structured bridge
//! (serde-wasm-bindgen and js-sys) would. Arguments are read field by field instead (see
//! `contact`), to leave out serde_json's parser.

use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn json_parse(text: &str) -> Result<JsValue, JsValue>;
}

/// Hands a Rust value to JavaScript as a plain object.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(value).map_err(|e| JsError::new(&e.to_string()))?;
    json_parse(&text).map_err(|_| JsError::new("result could not be read back as JSON"))
}
