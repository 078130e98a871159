//! The export file as a [`ContentSource`], so the webhook can reload it.
//!
//! A thin wrapper over `supplysite_content_adapter::load_export`, run on the blocking pool;
//! it belongs in the content adapter (as `ExportSource`) and moves there when that lands.

use async_trait::async_trait;
use std::path::PathBuf;
use supplysite_content_adapter::{ExportError, Severity, load_export};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::{ContentLoadError, ContentSource};

pub struct ExportSource {
    path: PathBuf,
}

impl ExportSource {
    pub fn new(path: PathBuf) -> Self {
        ExportSource { path }
    }
}

#[async_trait]
impl ContentSource for ExportSource {
    async fn load(&self) -> Result<ContentSet, ContentLoadError> {
        let path = self.path.clone();
        let location = path.display().to_string();
        let loaded = tokio::task::spawn_blocking(move || load_export(&path))
            .await
            .map_err(|e| ContentLoadError::Unreachable {
                location: location.clone(),
                reason: e.to_string(),
            })?;
        match loaded {
            Ok(loaded) => {
                for problem in loaded
                    .problems
                    .iter()
                    .filter(|p| p.severity == Severity::Error)
                {
                    tracing::warn!(%problem, "content problem; the entry or field is left out");
                }
                Ok(loaded.set)
            }
            Err(ExportError::Read { source, .. })
                if source.kind() == std::io::ErrorKind::NotFound =>
            {
                Err(ContentLoadError::NotFound { location })
            }
            Err(ExportError::Read { source, .. }) => Err(ContentLoadError::Unreachable {
                location,
                reason: source.to_string(),
            }),
            Err(e) => Err(ContentLoadError::Malformed {
                location,
                reason: e.to_string(),
            }),
        }
    }
}
