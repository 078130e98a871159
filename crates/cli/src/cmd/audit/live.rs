//! The live space as the audit's content: read through the same client the server uses, then
//! loaded by the same reader as an export file, so the findings are those of an export of the
//! same content. A progress bar shows the fetch on a terminal; elsewhere it is silent.

use crate::cmd::live_space;
use anyhow::Context;
use supplysite_content_adapter::contentful::{ContentfulSettings, ContentfulSource};
use supplysite_content_adapter::{Loaded, load_export_value};

/// Reads the space `settings` name.
pub fn load(settings: ContentfulSettings) -> anyhow::Result<Loaded> {
    let source = ContentfulSource::from_settings(settings)?;
    let live = live_space::fetch(&live_space::runtime()?, &source, false)?;
    load_export_value(live.export, None)
        .with_context(|| format!("the space at {} does not load", source.location()))
}
