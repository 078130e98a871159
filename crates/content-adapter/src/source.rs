//! [`ExportSource`]: the [`ContentSource`] port over a space-export file on disk.

use crate::export::{ExportError, load_export};
use async_trait::async_trait;
use std::path::{Path, PathBuf};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::{ContentLoadError, ContentSource};

/// Content from an export file, read again on every `load` so an edited file is picked up by
/// the next reload. Problems that do not stop the load (see [`crate::export::Loaded`]) are
/// dropped here; `supplysite content check` prints them.
#[derive(Clone, Debug)]
pub struct ExportSource {
    path: PathBuf,
}

impl ExportSource {
    /// A source reading the export file at `path`. Nothing is read until the first `load`.
    pub fn new(path: impl Into<PathBuf>) -> Self {
        ExportSource { path: path.into() }
    }

    /// The export file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The folder whose files the site serves under `/assets/` (where `--download-assets` put
    /// them): the one the export sits in.
    pub fn asset_dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }
}

#[async_trait]
impl ContentSource for ExportSource {
    /// Reads and parses the file. The read blocks: an export is a few megabytes at most for a
    /// real marketing space, and it happens only at start-up and on reload.
    async fn load(&self) -> Result<ContentSet, ContentLoadError> {
        load_export(&self.path)
            .map(|loaded| loaded.set)
            .map_err(|e| load_error(&self.path, e))
    }
}

fn load_error(path: &Path, error: ExportError) -> ContentLoadError {
    let location = path.display().to_string();
    match error {
        ExportError::Read { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            ContentLoadError::NotFound { location }
        }
        ExportError::Read { source, .. } => ContentLoadError::Unreachable {
            location,
            reason: source.to_string(),
        },
        changed @ ExportError::Changed { .. } => ContentLoadError::Unreachable {
            location,
            reason: changed.to_string(),
        },
        malformed => ContentLoadError::Malformed {
            location,
            reason: malformed.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("supplysite-source-{name}-{}", std::process::id()))
    }

    #[tokio::test]
    async fn loads_the_set_from_the_file_and_names_the_folder_its_assets_are_served_from() {
        let path = temp("ok.json");
        let mut bytes = Vec::new();
        crate::synth::write_export(&mut bytes, 3).unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let source = ExportSource::new(&path);
        let set = source.load().await;
        std::fs::remove_file(&path).unwrap();
        let set = set.unwrap();
        assert_eq!(set.posts().len(), 3);
        assert_eq!(set.version(), crate::export::version_of(&bytes));
        assert_eq!(source.asset_dir(), std::env::temp_dir());
    }
}
