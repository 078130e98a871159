//! The index kept in a folder between runs, so a restart with the same content opens it
//! instead of building it (at 100,000 posts a build takes half a minute; opening, a second).
//!
//! A kept index is a folder named by its key: a hash of the index format ([`format`]: this
//! crate's [`INDEX_FORMAT`], the tantivy version and the schema, so a binary whose index would
//! differ never opens one it cannot read the same way) and of the content version it holds. It
//! holds the tantivy files of the committed segments and `kept.json` (the key's parts, the
//! record of what each document's content was, and the newest publish instant), which is
//! written last: a folder without it is not an index. A folder is written under a temporary
//! name and renamed into place, and the others are then removed, so there is one kept index,
//! whole or absent. Opening reads every file into memory (the index stays in RAM, as a built
//! one) and checks each file's checksum: a damaged or unreadable folder is an error the caller
//! logs before building afresh.

use super::{IndexError, TantivyIndex};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::{SearchIndex, SearchIndexError, SearchSnapshot};
use tantivy::directory::error::OpenReadError;
use tantivy::directory::{Directory, RamDirectory};
use tantivy::{Index, IndexMeta};

/// The version of what this crate writes into an index: raised whenever the documents' fields,
/// the tokenizers or core's text rules change in a way the schema does not show.
pub const INDEX_FORMAT: u32 = 1;

/// The file that makes a folder a kept index, written last.
const RECORD: &str = "kept.json";

/// Why a kept index could not be written or opened.
#[derive(Debug, thiserror::Error)]
pub enum KeepError {
    /// A file could not be read or written.
    #[error("kept search index at {path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The folder's files are not a whole index of this format.
    #[error("kept search index at {path} is damaged: {reason}")]
    Damaged {
        /// The folder.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The index itself failed.
    #[error(transparent)]
    Index(#[from] IndexError),
}

/// What `kept.json` holds.
#[derive(Serialize, Deserialize)]
struct Record {
    format: String,
    version: String,
    newest_minutes: i64,
    fingerprints: HashMap<String, u64>,
}

/// The index format an index of this build has: [`INDEX_FORMAT`], tantivy's version and the
/// schema.
pub fn format(index: &Index) -> String {
    let schema = serde_json::to_string(&index.schema()).unwrap_or_default();
    let mut h = DefaultHasher::new();
    schema.hash(&mut h);
    format!(
        "{INDEX_FORMAT}-{}-{:016x}",
        tantivy::version_string(),
        h.finish()
    )
}

/// The folder name of the kept index of `format` and content `version`.
fn key(format: &str, version: &str) -> String {
    let mut h = DefaultHasher::new();
    (format, version).hash(&mut h);
    format!("{:016x}", h.finish())
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> KeepError + '_ {
    move |source| KeepError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn damaged(path: &Path, reason: impl ToString) -> KeepError {
    KeepError::Damaged {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    }
}

/// The files of `index`'s last commit: its metadata and its segments' files.
fn files(index: &Index) -> Result<Vec<PathBuf>, IndexError> {
    let mut out = vec![PathBuf::from("meta.json"), PathBuf::from(".managed.json")];
    for segment in index.searchable_segment_metas()? {
        out.extend(segment.list_files());
    }
    out.sort();
    out.dedup();
    Ok(out)
}

impl TantivyIndex {
    /// Writes the index as of its last commit into `folder`, replacing whatever was kept there
    /// before. Returns the content version it holds.
    pub fn keep(&self, folder: &Path) -> Result<String, KeepError> {
        // The files of one commit, taken while no commit can land: their bytes are shared
        // with the index (segment files never change), so nothing is copied in memory.
        let (files, record) = {
            let _writer = self
                .writer
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let Some((fingerprints, version, newest_minutes)) = self.record() else {
                return Err(damaged(
                    folder,
                    "the index is to be rebuilt after a failed update",
                ));
            };
            // The files as written, footers included (tantivy's own reads take them off).
            let directory = &self.directory;
            let mut taken = Vec::new();
            for file in files(&self.index)? {
                match directory.open_read(&file) {
                    Ok(slice) => taken.push((file, slice)),
                    // A segment lists the deletes file it would have, and the list of managed
                    // files is written only once tantivy manages one.
                    Err(OpenReadError::FileDoesNotExist(_)) => {}
                    Err(e) => return Err(damaged(folder, e)),
                }
            }
            let record = Record {
                format: format(&self.index),
                version,
                newest_minutes,
                fingerprints,
            };
            (taken, record)
        };
        let version = record.version.clone();
        let name = key(&record.format, &record.version);
        std::fs::create_dir_all(folder).map_err(io(folder))?;
        let temporary = folder.join(format!(".writing-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&temporary);
        std::fs::create_dir(&temporary).map_err(io(&temporary))?;
        let written = (|| {
            for (file, slice) in files {
                let bytes = slice.read_bytes().map_err(io(&temporary.join(&file)))?;
                write_synced(&temporary.join(&file), bytes.as_slice())?;
            }
            let json = serde_json::to_vec(&record).map_err(|e| damaged(&temporary, e))?;
            write_synced(&temporary.join(RECORD), &json)
        })();
        if let Err(e) = written {
            let _ = std::fs::remove_dir_all(&temporary);
            return Err(e);
        }
        let kept = folder.join(&name);
        let _ = std::fs::remove_dir_all(&kept);
        std::fs::rename(&temporary, &kept).map_err(io(&kept))?;
        prune(folder, &kept);
        Ok(version)
    }

    /// The index kept in `folder` for content `version` by a build of this format, when there
    /// is one; `Ok(None)` when there is none. It answers as it did when it was kept, and the
    /// first update to the same content changes nothing.
    ///
    /// Errors: [`KeepError`] when the kept files cannot be read or are damaged; the caller
    /// removes them ([`discard`]) and builds.
    pub fn open_kept(folder: &Path, version: &str) -> Result<Option<TantivyIndex>, KeepError> {
        let blank = TantivyIndex::new()?;
        let format = format(&blank.index);
        let kept = folder.join(key(&format, version));
        let record_path = kept.join(RECORD);
        let record = match std::fs::read(&record_path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io(&record_path)(e)),
        };
        let record: Record = serde_json::from_slice(&record).map_err(|e| damaged(&kept, e))?;
        if record.format != format || record.version != version {
            return Err(damaged(&kept, "its record names another format or version"));
        }
        let directory = RamDirectory::create();
        for entry in std::fs::read_dir(&kept).map_err(io(&kept))? {
            let entry = entry.map_err(io(&kept))?;
            let name = entry.file_name();
            if name == RECORD {
                continue;
            }
            let bytes = std::fs::read(entry.path()).map_err(io(&entry.path()))?;
            directory
                .atomic_write(Path::new(&name), &bytes)
                .map_err(|e| damaged(&kept, e))?;
        }
        let index = Index::open(directory.clone()).map_err(|e| damaged(&kept, e))?;
        if index.schema() != blank.index.schema() {
            return Err(damaged(&kept, "its schema is not this build's"));
        }
        let meta: IndexMeta = index.load_metas().map_err(|e| damaged(&kept, e))?;
        let broken = index.validate_checksum().map_err(|e| damaged(&kept, e))?;
        if !broken.is_empty() {
            return Err(damaged(&kept, format!("bad checksums in {broken:?}")));
        }
        let documents: u32 = meta.segments.iter().map(|s| s.num_docs()).sum();
        if documents as usize != record.fingerprints.len() {
            return Err(damaged(
                &kept,
                format!(
                    "{documents} documents, but {} recorded",
                    record.fingerprints.len()
                ),
            ));
        }
        let opened = TantivyIndex::from_index(
            index,
            directory,
            record.fingerprints,
            record.version,
            record.newest_minutes,
        )
        .map_err(|e| damaged(&kept, e))?;
        Ok(Some(opened))
    }
}

/// Removes every kept index and unfinished write in `folder` (a damaged one, before a build).
pub fn discard(folder: &Path) -> Result<(), KeepError> {
    match std::fs::remove_dir_all(folder) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io(folder)(e)),
    }
}

/// Removes everything in `folder` but `kept`.
fn prune(folder: &Path, kept: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path != kept {
            let _ = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
        }
    }
}

fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), KeepError> {
    let mut file = std::fs::File::create(path).map_err(io(path))?;
    file.write_all(bytes).map_err(io(path))?;
    file.sync_all().map_err(io(path))
}

/// The least time between two writes of the kept index: a live site swaps in content at each
/// publish, and writing a large archive's index each time would cost more than a restart's
/// build saves.
pub const KEEP_EVERY: Duration = Duration::from_secs(600);

/// A [`TantivyIndex`] that keeps itself in a folder after it takes new content (on a thread of
/// its own, at most every [`KEEP_EVERY`]), so the next start opens it
/// ([`TantivyIndex::open_kept`]) instead of building.
pub struct KeptIndex {
    index: Arc<TantivyIndex>,
    folder: PathBuf,
    state: Arc<Mutex<KeepState>>,
}

#[derive(Default)]
struct KeepState {
    /// The content version kept in the folder.
    kept: Option<String>,
    writing: bool,
    last: Option<Instant>,
}

impl KeptIndex {
    /// `index`, kept in `folder`; `kept` is the content version already kept there (an index
    /// opened from it).
    pub fn new(index: TantivyIndex, folder: PathBuf, kept: Option<String>) -> KeptIndex {
        KeptIndex {
            index: Arc::new(index),
            folder,
            state: Arc::new(Mutex::new(KeepState {
                kept,
                ..KeepState::default()
            })),
        }
    }

    /// The index.
    pub fn index(&self) -> &TantivyIndex {
        &self.index
    }

    /// Writes the index into the folder on a thread of its own unless it holds `version`
    /// already, a write is under way, or the last began less than [`KEEP_EVERY`] ago.
    fn keep_later(&self, version: &str) {
        {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            if state.kept.as_deref() == Some(version)
                || state.writing
                || state.last.is_some_and(|at| at.elapsed() < KEEP_EVERY)
            {
                return;
            }
            state.writing = true;
            state.last = Some(Instant::now());
        }
        let index = Arc::clone(&self.index);
        let folder = self.folder.clone();
        let state = Arc::clone(&self.state);
        let spawned = std::thread::Builder::new()
            .name("search-keep".into())
            .spawn(move || {
                let started = Instant::now();
                let kept = index.keep(&folder);
                let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
                state.writing = false;
                match kept {
                    Ok(version) => {
                        tracing::info!(
                            elapsed_ms = started.elapsed().as_millis() as u64,
                            folder = %folder.display(),
                            version = %version,
                            "search index kept for the next start"
                        );
                        state.kept = Some(version);
                    }
                    Err(e) => tracing::warn!(
                        error = %e,
                        "the search index could not be kept: the next start builds it"
                    ),
                }
            });
        if spawned.is_err() {
            self.state
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .writing = false;
        }
    }
}

impl SearchIndex for KeptIndex {
    fn index(&self, set: &ContentSet) -> Result<Arc<dyn SearchSnapshot>, SearchIndexError> {
        let snapshot = SearchIndex::index(self.index.as_ref(), set)?;
        self.keep_later(set.version());
        Ok(snapshot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::paths;
    use supplysite_core::compose::fixture;

    #[test]
    fn a_kept_index_opens_as_it_was_and_its_first_update_writes_nothing() {
        let set = fixture::content();
        let built = TantivyIndex::build(&set).unwrap();
        let folder = tempfile::tempdir().unwrap();
        assert_eq!(built.keep(folder.path()).unwrap(), set.version());
        let opened = TantivyIndex::open_kept(folder.path(), set.version())
            .unwrap()
            .expect("kept");
        assert_eq!(opened.len(), built.len());
        for q in ["erfx templates", "templtes", "templ"] {
            assert_eq!(paths(&opened.latest(), q), paths(&built.latest(), q), "{q}");
        }
        assert_eq!(opened.update(&set).unwrap().changed(), 0);
        // Another content version is not opened; nothing else is kept beside it.
        assert!(
            TantivyIndex::open_kept(folder.path(), "another")
                .unwrap()
                .is_none()
        );
        assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_damaged_kept_index_is_an_error_and_is_discarded() {
        let set = fixture::content();
        let folder = tempfile::tempdir().unwrap();
        TantivyIndex::build(&set)
            .unwrap()
            .keep(folder.path())
            .unwrap();
        let kept = std::fs::read_dir(folder.path())
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let segment = std::fs::read_dir(&kept)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "idx"))
            .unwrap();
        let mut bytes = std::fs::read(&segment).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0xff;
        std::fs::write(&segment, bytes).unwrap();
        assert!(matches!(
            TantivyIndex::open_kept(folder.path(), set.version()),
            Err(KeepError::Damaged { .. })
        ));
        discard(folder.path()).unwrap();
        assert!(
            TantivyIndex::open_kept(folder.path(), set.version())
                .unwrap()
                .is_none()
        );
    }
}
