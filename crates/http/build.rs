//! Fixes the build stamp that every page's ETag carries: a hash of the sources that shape a
//! page's bytes (the server, the page rules, the content mapping and the renderer crates, and
//! the locked dependency versions).
//!
//! A hash of the sources rather than the git commit: it is the same for every build of the same
//! sources, so two replicas built from one tree agree; it changes with an uncommitted edit, which
//! a commit id would not; and it needs no `.git`, so a clean clone or a source tarball builds
//! the same stamp.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The crates whose code reaches a page's bytes, relative to the workspace root.
const SOURCES: [&str; 4] = [
    "crates/core",
    "crates/http",
    "crates/ssr",
    "crates/content-adapter",
];

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest
        .parent()
        .and_then(Path::parent)
        .unwrap_or(&manifest)
        .to_path_buf();
    let mut files = Vec::new();
    for krate in SOURCES {
        let dir = root.join(krate);
        for watched in [dir.join("src"), dir.join("Cargo.toml")] {
            if watched.exists() {
                println!("cargo:rerun-if-changed={}", watched.display());
                collect(&watched, &mut files);
            }
        }
    }
    let lock = root.join("Cargo.lock");
    if lock.is_file() {
        println!("cargo:rerun-if-changed={}", lock.display());
        files.push(lock);
    }
    files.sort();
    let mut hash = Sha256::new();
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap_or(file);
        hash.update(relative.to_string_lossy().replace('\\', "/").as_bytes());
        hash.update([0]);
        hash.update(std::fs::read(file).unwrap_or_default());
        hash.update([0]);
    }
    let stamp = hex::encode(&hash.finalize()[..10]);
    println!("cargo:rustc-env=SUPPLYSITE_BUILD_STAMP={stamp}");
}

/// Every file under `path` (or `path` itself when it is a file).
fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_file() {
        files.push(path.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        return;
    };
    for entry in entries.flatten() {
        collect(&entry.path(), files);
    }
}
