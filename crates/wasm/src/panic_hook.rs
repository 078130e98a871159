//! Reports a panic on the browser console before the module traps.
//!
//! The module is built with `panic = "abort"`, so a panic ends in an `unreachable` trap whose
//! JavaScript error says nothing useful; the hook logs the panic's message and location first.
//! Written here rather than taken from `console_error_panic_hook` to keep the module small.

use std::sync::Once;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Installs the hook (idempotent).
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            console_error(&format!("supplysite-wasm panicked: {info}"));
        }));
    });
}
