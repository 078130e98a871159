//! The synced space on disk: the last good content in export form with the sync token that
//! follows it, in one file per space and environment, written atomically (a temporary file,
//! synced, then renamed) and versioned, so a restart serves it at once and asks only for what
//! changed since.
//!
//! The file is one line of JSON saying its format, when it was synced and its token, then the
//! export form: a restart reads the line and hands the rest to the readers as it is, without
//! scanning a few hundred megabytes to find where a field ends.

use super::store::Store;
use serde::Deserialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The layout of the snapshot file; a file of another layout is ignored (and replaced by the
/// next good sync). Format 1 held the export inside the header object.
pub(crate) const FORMAT: u32 = 2;

/// A snapshot read back: the store and when its content was synced.
#[derive(Debug)]
pub(crate) struct Snapshot {
    pub store: Store,
    pub synced_at: SystemTime,
}

/// The first line of the file.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Header {
    format: u32,
    #[serde(default)]
    synced_at_ms: u64,
    #[serde(default)]
    token: String,
}

/// Writes `export` (from [`Store::export_bytes`]) and `token` to `path`.
pub(crate) fn write(
    path: &Path,
    export: &[u8],
    token: &str,
    synced_at: SystemTime,
) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    {
        let ms = synced_at
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        let file = std::fs::File::create(&tmp).map_err(fail)?;
        let mut out = std::io::BufWriter::new(file);
        // JSON escapes any line break in the token: the header is one line.
        write!(out, "{{\"format\":{FORMAT},\"syncedAtMs\":{ms},\"token\":").map_err(fail)?;
        serde_json::to_writer(&mut out, token).map_err(|e| fail(e.into()))?;
        out.write_all(b"}\n").map_err(fail)?;
        out.write_all(export).map_err(fail)?;
        let file = out.into_inner().map_err(|e| fail(e.into_error()))?;
        // On disk before the rename, so a crash never leaves a half-written snapshot behind.
        file.sync_all().map_err(fail)?;
    }
    std::fs::rename(&tmp, path).map_err(fail)
}

/// Reads the snapshot at `path`: `Ok(None)` when there is none.
#[cfg(test)]
pub(crate) fn read(path: &Path) -> Result<Option<Snapshot>, String> {
    Ok(read_beside(path, |_| ())?.map(|(snapshot, ())| snapshot))
}

/// Reads the snapshot at `path` and, on a thread of its own at the same time, calls `beside`
/// with its export's bytes (the content is read into a set while the store is rebuilt from
/// the same bytes: on two cores a restart takes about half as long).
pub(crate) fn read_beside<T: Send>(
    path: &Path,
    beside: impl FnOnce(&[u8]) -> T + Send,
) -> Result<Option<(Snapshot, T)>, String> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let bad = |e: String| format!("cannot read {}: {e}", path.display());
    let (line, export) = match bytes.iter().position(|&b| b == b'\n') {
        Some(end) => (&bytes[..end], &bytes[end + 1..]),
        None => (&bytes[..], &[][..]),
    };
    let header: Header = serde_json::from_slice(line).map_err(|e| bad(e.to_string()))?;
    if header.format != FORMAT {
        return Err(format!(
            "{} has snapshot format {}, expected {FORMAT}",
            path.display(),
            header.format
        ));
    }
    if header.token.is_empty() {
        return Err(bad("no sync token".into()));
    }
    let (store, other) = std::thread::scope(|scope| {
        let other = scope.spawn(|| beside(export));
        let store = Store::from_export(export, header.token.clone()).map_err(bad);
        let other = other
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (store, other)
    });
    Ok(Some((
        Snapshot {
            store: store?,
            synced_at: UNIX_EPOCH + Duration::from_millis(header.synced_at_ms),
        },
        other,
    )))
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
        let export = store.export_bytes();
        let at = UNIX_EPOCH + Duration::from_millis(1_700_000_000_123);
        write(&path, &export, "t1", at).unwrap();
        let back = read(&path).unwrap().unwrap();
        assert_eq!(back.store.token, "t1");
        assert_eq!(back.store.export_bytes(), export);
        assert_eq!(back.synced_at, at);
        assert!(!path.with_extension("json.tmp").exists());

        std::fs::write(
            &path,
            br#"{"format":1,"syncedAtMs":0,"token":"t","export":{}}"#,
        )
        .unwrap();
        assert!(read(&path).unwrap_err().contains("snapshot format 1,"));
        std::fs::write(&path, b"{\"format\":2,\"token\":\"t\"}\n{\"entries\":[]}").unwrap();
        assert!(read(&path).unwrap_err().contains("missing field `locales`"));
        assert!(read(&dir.path().join("none.json")).unwrap().is_none());
    }
}
