//! Content sources for supplysite: Contentful space-export files and the live Contentful APIs,
//! each turning a space into one [`supplysite_core::content::ContentSet`]; and synthetic exports
//! of any size for benchmarks.

// Every public item is documented; clippy runs with `-D warnings`, so this is enforced.
#![warn(missing_docs)]

pub mod contentful;
pub mod export;
mod source;
pub mod synth;

pub use export::{
    ExportError, Loaded, Problem, Severity, load_export, load_export_bytes, load_export_value,
};
pub use source::ExportSource;
