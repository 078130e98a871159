//! Content sources for supplysite: Contentful space-export files ([`ExportSource`]; the live
//! Contentful APIs later), each turning a space into one [`supplysite_core::content::ContentSet`];
//! and synthetic exports of any size for benchmarks.

pub mod export;
mod source;
pub mod synth;

pub use export::{
    ExportError, Loaded, Problem, Severity, load_export, load_export_bytes, load_export_value,
};
pub use source::ExportSource;
