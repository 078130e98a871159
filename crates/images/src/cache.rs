//! Renditions on disk: one file a rendition, named by the hash of its key, written to a
//! temporary file and renamed into place (a reader never sees half a file, a crash leaves no
//! half-written rendition under a real name), kept across restarts, and bounded by a byte
//! budget: past it the least recently used renditions are deleted.

use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// A rendition read from the cache.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The rendition's encoded bytes.
    pub bytes: Vec<u8>,
    /// A strong ETag (quoted): the hash of the bytes.
    pub etag: String,
}

struct Meta {
    len: u64,
    etag: Option<String>,
    used_at: u64,
}

#[derive(Default)]
struct State {
    entries: HashMap<String, Meta>,
    used: u64,
    tick: u64,
}

/// The folder of cached renditions.
pub struct DiskCache {
    dir: PathBuf,
    budget: u64,
    state: Mutex<State>,
    temp_counter: AtomicU64,
}

/// The strong ETag of a rendition's bytes.
pub fn etag_of(bytes: &[u8]) -> String {
    format!("\"{}\"", hex::encode(&Sha256::digest(bytes)[..16]))
}

/// Whether `name` is one a cache file can have: a 64-digit hex key and a format's extension.
fn is_rendition_name(name: &str) -> bool {
    name.split_once('.').is_some_and(|(key, ext)| {
        key.len() == 64
            && key.bytes().all(|b| b.is_ascii_hexdigit())
            && matches!(ext, "avif" | "webp" | "jpg" | "png")
    })
}

impl DiskCache {
    /// Opens (creating it if needed) the cache in `dir`, holding at most `budget` bytes. Files
    /// already there are kept, the oldest first to go; temporary files of an interrupted write
    /// are deleted.
    pub fn open(dir: &Path, budget: u64) -> io::Result<DiskCache> {
        std::fs::create_dir_all(dir)?;
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let meta = entry.metadata()?;
            if !meta.is_file() {
                continue;
            }
            if name.ends_with(".tmp") {
                let _ = std::fs::remove_file(entry.path());
            } else if is_rendition_name(&name) {
                found.push((meta.modified().ok(), name, meta.len()));
            }
        }
        found.sort();
        let mut state = State::default();
        for (_, name, len) in found {
            state.tick += 1;
            state.used += len;
            state.entries.insert(
                name,
                Meta {
                    len,
                    etag: None,
                    used_at: state.tick,
                },
            );
        }
        let cache = DiskCache {
            dir: dir.to_path_buf(),
            budget,
            state: Mutex::new(state),
            temp_counter: AtomicU64::new(0),
        };
        cache.evict(None);
        Ok(cache)
    }

    /// The file name of the rendition with `key` in `ext`.
    pub fn name(key: &str, ext: &str) -> String {
        format!("{}.{ext}", hex::encode(Sha256::digest(key.as_bytes())))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The bytes held now.
    pub fn used(&self) -> u64 {
        self.lock().used
    }

    /// Whether the rendition `name` is cached.
    pub fn contains(&self, name: &str) -> bool {
        self.lock().entries.contains_key(name)
    }

    /// The rendition `name`, if cached (it becomes the most recently used).
    pub async fn get(&self, name: &str) -> Option<Hit> {
        let etag = {
            let mut state = self.lock();
            state.tick += 1;
            let tick = state.tick;
            let meta = state.entries.get_mut(name)?;
            meta.used_at = tick;
            meta.etag.clone()
        };
        let bytes = match tokio::fs::read(self.dir.join(name)).await {
            Ok(bytes) => bytes,
            Err(_) => {
                // Deleted from outside: forget it, it is made again.
                let mut state = self.lock();
                if let Some(meta) = state.entries.remove(name) {
                    state.used -= meta.len;
                }
                return None;
            }
        };
        let etag = match etag {
            Some(etag) => etag,
            None => {
                let etag = etag_of(&bytes);
                if let Some(meta) = self.lock().entries.get_mut(name) {
                    meta.etag = Some(etag.clone());
                }
                etag
            }
        };
        Some(Hit { bytes, etag })
    }

    /// Stores `bytes` as the rendition `name` (blocking: call it off the request threads),
    /// then deletes the least recently used renditions until the cache is within its budget.
    pub fn put(&self, name: &str, bytes: Vec<u8>) -> io::Result<Hit> {
        let etag = etag_of(&bytes);
        let temp = self.dir.join(format!(
            "{name}.{}-{}.tmp",
            std::process::id(),
            self.temp_counter.fetch_add(1, Ordering::Relaxed)
        ));
        let written = std::fs::write(&temp, &bytes)
            .and_then(|()| std::fs::rename(&temp, self.dir.join(name)));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&temp);
            return Err(e);
        }
        {
            let mut state = self.lock();
            state.tick += 1;
            let meta = Meta {
                len: bytes.len() as u64,
                etag: Some(etag.clone()),
                used_at: state.tick,
            };
            state.used += meta.len;
            if let Some(old) = state.entries.insert(name.to_owned(), meta) {
                state.used -= old.len;
            }
        }
        self.evict(Some(name));
        Ok(Hit { bytes, etag })
    }

    /// Deletes least recently used renditions, never `keep`, until within the budget.
    fn evict(&self, keep: Option<&str>) {
        let mut doomed = Vec::new();
        {
            let mut state = self.lock();
            while state.used > self.budget {
                let oldest = state
                    .entries
                    .iter()
                    .filter(|(name, _)| Some(name.as_str()) != keep)
                    .min_by_key(|(_, meta)| meta.used_at)
                    .map(|(name, _)| name.clone());
                let Some(name) = oldest else { break };
                if let Some(meta) = state.entries.remove(&name) {
                    state.used -= meta.len;
                }
                doomed.push(name);
            }
        }
        for name in doomed {
            let _ = std::fs::remove_file(self.dir.join(name));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_rendition_survives_a_reopen_and_the_oldest_go_past_the_budget() {
        let dir = tempfile::tempdir().unwrap();
        let cache = DiskCache::open(dir.path(), 250).unwrap();
        let a = DiskCache::name("a", "jpg");
        let b = DiskCache::name("b", "jpg");
        let c = DiskCache::name("c", "jpg");
        let put = cache.put(&a, vec![1; 100]).unwrap();
        cache.put(&b, vec![2; 100]).unwrap();
        assert_eq!(cache.get(&a).await.unwrap(), put);
        // a was read after b was written: b is the least recently used.
        cache.put(&c, vec![3; 100]).unwrap();
        assert!(cache.get(&b).await.is_none());
        assert!(!dir.path().join(&b).exists());
        assert_eq!(cache.used(), 200);
        std::fs::write(dir.path().join(format!("{a}.1-1.tmp")), b"half").unwrap();
        drop(cache);
        let reopened = DiskCache::open(dir.path(), 250).unwrap();
        assert_eq!(reopened.get(&a).await.unwrap().etag, put.etag);
        assert_eq!(reopened.get(&c).await.unwrap().bytes, vec![3; 100]);
        assert!(!dir.path().join(format!("{a}.1-1.tmp")).exists());
    }
}
