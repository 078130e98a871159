//! Moving values across the JavaScript boundary through JSON.
//!
//! Results go back as serde_json's text through `JSON.parse`; the `full` module also reads
//! arguments (rich-text documents) as the text `JSON.stringify` gives. This reuses the
//! serde_json code the core already carries, so it adds far less to the module than a
//! structured bridge (serde-wasm-bindgen and js-sys) would. The contact module reads its one
//! object argument field by field instead (see `contact`), to leave out serde_json's parser.

use serde::Serialize;
#[cfg(feature = "full")]
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[cfg(feature = "full")]
    #[wasm_bindgen(js_namespace = JSON, js_name = stringify, catch)]
    fn json_stringify(value: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn json_parse(text: &str) -> Result<JsValue, JsValue>;
}

#[cfg(feature = "full")]
/// The JSON text of a JavaScript value, as `JSON.stringify` writes it.
pub fn json_text(value: &JsValue, what: &str) -> Result<String, JsError> {
    json_stringify(value)
        .ok()
        .and_then(|v| v.as_string())
        .ok_or_else(|| JsError::new(&format!("{what} cannot be written as JSON")))
}

#[cfg(feature = "full")]
/// Parses JSON text as `T`, with an error message naming the argument.
pub fn from_json_text<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("invalid {what}: {e}"))
}

/// Hands a Rust value to JavaScript as a plain object.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(value).map_err(|e| JsError::new(&e.to_string()))?;
    json_parse(&text).map_err(|_| JsError::new("result could not be read back as JSON"))
}

#[cfg(all(test, feature = "full"))]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Pair {
        a: u8,
    }

    #[test]
    fn json_text_errors_name_the_argument_and_the_problem() {
        let err = from_json_text::<Pair>("{\"a\": \"x\"}", "pair").unwrap_err();
        assert!(
            err.starts_with("invalid pair: invalid type: string \"x\""),
            "{err}"
        );
        assert_eq!(
            from_json_text::<Pair>("{\"a\": 1}", "pair"),
            Ok(Pair { a: 1 })
        );
    }
}
