//! Space-export files: any bytes either fail to load with an error or give a content set
//! with its problems listed, never a panic.

use supplysite_content_adapter::load_export_bytes;

/// Checks one input; panics on a finding.
pub fn check(data: &[u8]) {
    let _ = load_export_bytes(data, None);
}
