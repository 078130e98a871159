//! What each fuzz target asserts of one input, shared by the fuzz targets
//! (`fuzz/fuzz_targets`, which libFuzzer drives with new inputs) and by the replay of the
//! committed corpus in the workspace's tests (`crates/content-adapter/tests/export`), which
//! runs every input of `fuzz/corpus/TARGET` through the same function on every `make test`.

pub mod contact_body;
pub mod export_reader;
pub mod richtext;
pub mod video_link;
pub mod webhook_signature;

/// A target's check of one input: panics on a finding.
pub type Check = fn(&[u8]);

/// Every target by its folder name under `fuzz/corpus`, with its check.
pub const TARGETS: [(&str, Check); 5] = [
    ("contact_body", contact_body::check),
    ("export_reader", export_reader::check),
    ("richtext", richtext::check),
    ("video_link", video_link::check),
    ("webhook_signature", webhook_signature::check),
];
