//! The synced space on disk: the last good content in export form with the sync token that
//! follows it, in one file per space and environment, written atomically (a temporary file,
//! synced, then renamed) and versioned, so a restart serves it at once and asks only for what
//! changed since.
//!
//! The file is one line of JSON saying its format, when it was synced, its token, the content
//! version and the locales, then the export form. A restart reads the line and hands the rest
//! to the export reader as it is, and serves what that reads with the version the line names;
//! the synced items are rebuilt from the same bytes afterwards, while the site is serving.

use super::store::Store;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The layout of the snapshot file; a file of another layout is ignored (and replaced by the
/// next good sync). Format 1 held the export inside the header object.
pub(crate) const FORMAT: u32 = 2;

/// A snapshot read back: its header, and the export form of the content, not yet read.
#[derive(Clone, Debug)]
pub(crate) struct Saved {
    pub token: String,
    pub synced_at: SystemTime,
    /// The store's [`Store::version`] when it was written.
    pub version: String,
    /// The space's locales.
    pub locales: Vec<Value>,
    /// Shared, so a snapshot adopted from the other replicas is read and written to disk at
    /// once without a copy.
    bytes: std::sync::Arc<Vec<u8>>,
    /// Where the export form starts in `bytes`.
    body: usize,
}

impl Saved {
    /// The whole snapshot, header and content, as read.
    pub fn whole(&self) -> &std::sync::Arc<Vec<u8>> {
        &self.bytes
    }

    /// The content in export form.
    pub fn export(&self) -> &[u8] {
        &self.bytes[self.body..]
    }

    /// The store, rebuilt from the export form.
    pub fn store(&self) -> Result<Store, String> {
        Store::from_export(self.export(), self.token.clone())
    }
}

/// The first line of the file.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Header {
    format: u32,
    #[serde(default)]
    synced_at_ms: u64,
    #[serde(default)]
    token: String,
    version: String,
    locales: Vec<Value>,
}

/// Writes `store` to `path`, as synced at `synced_at`.
pub(crate) fn write(path: &Path, store: &Store, synced_at: SystemTime) -> Result<(), String> {
    atomically(path, |tmp, fail| {
        let header = Header {
            format: FORMAT,
            synced_at_ms: synced_at
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_millis() as u64)
                .unwrap_or(0),
            token: store.token.clone(),
            version: store.version(),
            locales: store.locales.clone(),
        };
        let file = std::fs::File::create(tmp).map_err(fail)?;
        let mut out = std::io::BufWriter::new(file);
        // Compact JSON escapes every line break inside a string: the header is one line.
        serde_json::to_writer(&mut out, &header).map_err(|e| fail(e.into()))?;
        out.write_all(b"\n").map_err(fail)?;
        out.write_all(&store.export_bytes()).map_err(fail)?;
        out.into_inner().map_err(|e| fail(e.into_error()))
    })
}

/// Writes `bytes`, a snapshot file written elsewhere (another replica's), to `path`.
pub(crate) fn install(path: &Path, bytes: &[u8]) -> Result<(), String> {
    atomically(path, |tmp, fail| {
        let mut file = std::fs::File::create(tmp).map_err(fail)?;
        file.write_all(bytes).map_err(fail)?;
        Ok(file)
    })
}

/// Makes `path` the file `write` writes at the temporary path it is given: synced to disk,
/// then renamed, so a crash never leaves a half-written snapshot behind.
fn atomically(
    path: &Path,
    write: impl FnOnce(&Path, &dyn Fn(std::io::Error) -> String) -> Result<std::fs::File, String>,
) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let file = write(&tmp, &fail)?;
    file.sync_all().map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

/// Reads the snapshot at `path`: `Ok(None)` when there is none. Only the header is read; the
/// content is read from [`Saved::export`].
pub(crate) fn read(path: &Path) -> Result<Option<Saved>, String> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    parse(bytes, &path.display().to_string()).map(Some)
}

/// A snapshot's bytes read back (`what` names them in errors): the header is read and checked,
/// the content is not.
pub(crate) fn parse(bytes: Vec<u8>, what: &str) -> Result<Saved, String> {
    let bad = |e: String| format!("cannot read {what}: {e}");
    let end = bytes
        .iter()
        .position(|&b| b == b'\n')
        .unwrap_or(bytes.len());
    // The format first: another one may lack any of this one's fields.
    #[derive(Deserialize)]
    struct Format {
        format: u32,
    }
    let line = &bytes[..end];
    let format = serde_json::from_slice::<Format>(line).map_err(|e| bad(e.to_string()))?;
    if format.format != FORMAT {
        return Err(format!(
            "{what} has snapshot format {}, expected {FORMAT}",
            format.format
        ));
    }
    let header: Header = serde_json::from_slice(line).map_err(|e| bad(e.to_string()))?;
    if header.token.is_empty() {
        return Err(bad("no sync token".into()));
    }
    Ok(Saved {
        token: header.token,
        synced_at: UNIX_EPOCH + Duration::from_millis(header.synced_at_ms),
        version: header.version,
        locales: header.locales,
        body: (end + 1).min(bytes.len()),
        bytes: std::sync::Arc::new(bytes),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_snapshot_reads_back_with_its_token_and_time_and_a_foreign_format_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sync/space.json");
        let store = Store::from_export(
            json!({"locales": [{"code": "en-US"}], "contentTypes": [], "entries": [
                {"sys": {"id": "a", "type": "Entry"}, "fields": {}}], "assets": []})
            .to_string()
            .as_bytes(),
            "t1".into(),
        )
        .unwrap();
        let at = UNIX_EPOCH + Duration::from_millis(1_700_000_000_123);
        write(&path, &store, at).unwrap();
        let back = read(&path).unwrap().unwrap();
        assert_eq!(back.token, "t1");
        assert_eq!(back.version, store.version());
        assert_eq!(back.locales, store.locales);
        assert_eq!(back.export(), store.export_bytes());
        let rebuilt = back.store().unwrap();
        assert_eq!(rebuilt.export_bytes(), store.export_bytes());
        assert_eq!(rebuilt.version(), store.version());
        assert_eq!(back.synced_at, at);
        assert!(!path.with_extension("json.tmp").exists());

        std::fs::write(
            &path,
            br#"{"format":1,"syncedAtMs":0,"token":"t","export":{}}"#,
        )
        .unwrap();
        assert!(read(&path).unwrap_err().contains("snapshot format 1,"));
        std::fs::write(
            &path,
            b"{\"format\":2,\"token\":\"t\",\"version\":\"v\",\"locales\":[]}\n{\"entries\":[]}",
        )
        .unwrap();
        let broken = read(&path).unwrap().unwrap();
        std::fs::write(&path, b"{\"format\":2,\"token\":\"t\"}\n{}").unwrap();
        assert!(read(&path).unwrap_err().contains("missing field `version`"));
        assert!(
            broken
                .store()
                .unwrap_err()
                .contains("missing field `locales`")
        );
        assert!(read(&dir.path().join("none.json")).unwrap().is_none());
    }
}
