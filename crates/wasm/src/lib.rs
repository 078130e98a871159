//! The supplysite core compiled to WebAssembly, so the browser applies the same rules as the server.
//!
//! Every export is a thin wrapper over one core function: values cross the boundary as plain
//! JavaScript objects (through JSON, see [`bridge`]) and failures as JavaScript `Error`s with the
//! core's message, never as panics. `scripts/build-wasm.sh` builds the module
//! `supplysite_contact` from this crate: what the contact page checks before it sends (the form,
//! the dates and read times it shows, video links). Rich text and routes are the server's: the
//! browser receives them rendered and resolved in the page's view.

// Every public item is documented; clippy runs with `-D warnings`, so this is enforced.
#![warn(missing_docs)]

mod attribution;
mod bridge;
mod contact;
mod panic_hook;
mod text;

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated.
#[wasm_bindgen(start)]
fn start() {
    panic_hook::install();
}
