//! Space-export files: any bytes either fail to load with an error or give a content set
//! with its problems listed, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use supplysite_content_adapter::load_export_bytes;

fuzz_target!(|data: &[u8]| {
    let _ = load_export_bytes(data, None);
});
