//! `--content FILE`: where a command reads the site's content from, shared by every command
//! that reads it.
//!
//! Today the only source is a Contentful space export file: the one given, else the demo space
//! the repository ships. Live Contentful is the seam left open: when it is configured
//! (`CONTENTFUL_SPACE_ID`) and no file is given, the command says plainly that this build cannot
//! read it yet rather than quietly auditing the demo instead.

use anyhow::{Context, bail};
use std::path::{Path, PathBuf};
use supplysite_content_adapter::{Loaded, load_export};

/// The demo space, relative to the repository root.
const DEMO: &str = "content/demo/export.json";

/// The setting that selects live Contentful content.
const LIVE_SPACE: &str = "CONTENTFUL_SPACE_ID";

#[derive(clap::Args, Debug, Clone)]
pub struct ContentArgs {
    /// A Contentful space export (`contentful space export`); defaults to the demo space
    #[arg(long, value_name = "FILE", env = "SUPPLYSITE_CONTENT", global = true)]
    pub content: Option<PathBuf>,
}

impl ContentArgs {
    /// Loads the content. A file that cannot be read or is not an export is an error; problems
    /// inside an export (skipped entries, dropped links) come back in [`Loaded::problems`].
    pub fn load(&self) -> anyhow::Result<Loaded> {
        let path = match &self.content {
            Some(path) => path.clone(),
            None if std::env::var_os(LIVE_SPACE).is_some_and(|v| !v.is_empty()) => bail!(
                "live Contentful content is configured ({LIVE_SPACE} is set) but this build cannot read it yet; pass --content FILE with a space export"
            ),
            None => demo_path(),
        };
        load_export(&path).with_context(|| format!("cannot load content from {}", path.display()))
    }
}

/// The demo export: beside the working directory when run from the repository, else where
/// the source tree this binary was built from keeps it.
fn demo_path() -> PathBuf {
    let here = Path::new(DEMO);
    if here.is_file() {
        return here.to_path_buf();
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(DEMO)
}
