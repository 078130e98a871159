//! The demo space the repository ships (`content/demo/export.json`), as the tests read it.

use std::path::PathBuf;

/// Where the demo export is.
pub fn export_path() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/demo/export.json"
    ))
}

/// The demo export as JSON, as a fake Contentful serves it.
pub fn export_json() -> serde_json::Value {
    let bytes = std::fs::read(export_path()).expect("the demo export is in the repository");
    serde_json::from_slice(&bytes).expect("the demo export is JSON")
}

/// How many of `set`'s routes compose to a page (not a redirect or a not-found).
pub fn pages_served(set: &supplysite_core::content::ContentSet) -> usize {
    use supplysite_core::view::Outcome;
    supplysite_core::rules::every_route(set)
        .iter()
        .filter(|r| matches!(supplysite_core::compose::compose(r, set), Outcome::Page(_)))
        .count()
}
