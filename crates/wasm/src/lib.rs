//! The supplysite core compiled to WebAssembly, so the browser applies the same rules as the server.
//!
//! Every export is a thin wrapper over one core function: values cross the boundary as plain
//! JavaScript objects (through JSON, see [`bridge`]) and failures as JavaScript `Error`s with the
//! core's message, never as panics. `scripts/build-wasm.sh` builds two modules from this crate:
//! `supplysite_contact` (everything but rich text, small enough for the contact page) and
//! `supplysite_full` (the `full` feature: adds `renderRichText` and `parseRoute`).

mod bridge;
mod contact;
mod panic_hook;
#[cfg(feature = "full")]
mod richtext;
#[cfg(feature = "full")]
mod routes;
mod text;

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated.
#[wasm_bindgen(start)]
fn start() {
    panic_hook::install();
}
