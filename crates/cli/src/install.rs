//! Where the `supplysite` binary finds the files it ships with and where it keeps what it
//! writes, when no setting names them.
//!
//! **Shipped files** (the web build, the server-rendering bundle, the demo space) are named by
//! their path in the source tree (`web/dist/index.html`, `web/dist-ssr/render.js`,
//! `content/demo/export.json`) and looked for under these roots, the first that has the file
//! winning:
//!
//! 1. `PREFIX/share/supplysite`, when the binary is `PREFIX/bin/supplysite`: the layout of the
//!    archive `make dist` writes, so an unpacked copy finds its own files from any working
//!    directory;
//! 2. the source tree the binary was built from (`cargo run`, `target/*/supplysite`);
//! 3. the working directory.
//!
//! **Written files** go to two folders. The state folder (the enquiry outbox, the local
//! mailbox) is `STATE_DIRECTORY` when systemd sets it (`StateDirectory=`), else
//! `$XDG_STATE_HOME/supplysite`, else `$HOME/.local/state/supplysite`. The cache folder
//! (picture renditions, the last good live content, the search index) is `CACHE_DIRECTORY`, else
//! `$XDG_CACHE_HOME/supplysite`, else `$HOME/.cache/supplysite`. Relative values are ignored
//! (the XDG base directory rule); with none of them the folder is an error naming what to set.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

/// The web build's entry file, under a root.
pub const WEB_INDEX: &str = "web/dist/index.html";
/// The server-rendering bundle, under a root.
pub const SSR_BUNDLE: &str = "web/dist-ssr/render.js";
/// The demo space's export, under a root.
pub const DEMO_EXPORT: &str = "content/demo/export.json";

/// The enquiry outbox (SQLite), in the state folder.
pub const OUTBOX_FILE: &str = "outbox.sqlite3";
/// The local mailbox (one `.eml` file per email), in the state folder.
pub const MAILBOX_DIR: &str = "mailbox";
/// Picture renditions, in the cache folder.
pub const IMAGE_CACHE_DIR: &str = "img";
/// The last good live content, in the cache folder.
pub const CONTENT_CACHE_DIR: &str = "content";
/// The site search's index as last built, in the cache folder.
pub const SEARCH_CACHE_DIR: &str = "search";

/// The folder under `PREFIX/share` an installed copy keeps its files in.
const SHARE: &str = "share/supplysite";
/// The source tree this binary was built from.
const SOURCE_TREE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
/// The folder name under the XDG base folders.
const APP: &str = "supplysite";

/// The roots shipped files are looked for under, in order (see the module documentation).
pub fn roots() -> Vec<PathBuf> {
    let exe = std::env::current_exe().ok();
    roots_for(exe.as_deref())
}

fn roots_for(exe: Option<&Path>) -> Vec<PathBuf> {
    let mut roots = Vec::with_capacity(3);
    // `PREFIX/bin/supplysite` → `PREFIX/share/supplysite`. Symbolic links to the binary
    // (`/usr/local/bin/supplysite`) are followed to where it lives.
    let exe = exe.map(|e| e.canonicalize().unwrap_or_else(|_| e.to_path_buf()));
    if let Some(prefix) = exe.as_deref().and_then(Path::parent).and_then(Path::parent) {
        roots.push(prefix.join(SHARE));
    }
    let source = Path::new(SOURCE_TREE);
    roots.push(
        source
            .canonicalize()
            .unwrap_or_else(|_| source.to_path_buf()),
    );
    roots.push(PathBuf::new());
    roots
}

/// The shipped file `relative` (one of [`WEB_INDEX`], [`SSR_BUNDLE`], [`DEMO_EXPORT`]) under
/// the first root that has it.
///
/// Errors: [`NotFound`], listing every place looked at.
pub fn locate(relative: &str) -> Result<PathBuf, NotFound> {
    locate_in(&roots(), relative)
}

fn locate_in(roots: &[PathBuf], relative: &str) -> Result<PathBuf, NotFound> {
    let candidates: Vec<PathBuf> = roots.iter().map(|root| root.join(relative)).collect();
    match candidates.iter().find(|path| path.exists()) {
        Some(found) => Ok(found.clone()),
        None => Err(NotFound { candidates }),
    }
}

/// A shipped file none of the roots has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotFound {
    /// Every path looked at, in order; the last is relative to the working directory.
    pub candidates: Vec<PathBuf>,
}

impl NotFound {
    /// The path relative to the working directory: what a setting's default meant before the
    /// roots were searched, and what an error about the missing file names.
    pub fn in_working_directory(&self) -> PathBuf {
        self.candidates.last().cloned().unwrap_or_default()
    }
}

impl fmt::Display for NotFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("looked for ")?;
        for (i, path) in self.candidates.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", path.display())?;
        }
        Ok(())
    }
}

/// The folder the server keeps its state in (see the module documentation).
///
/// Errors: [`NoFolder`] when neither systemd, XDG nor `HOME` names one.
pub fn state_dir() -> Result<PathBuf, NoFolder> {
    writable(Kind::State, |name| std::env::var_os(name))
}

/// The folder the server keeps its caches in (see the module documentation).
///
/// Errors: [`NoFolder`] when neither systemd, XDG nor `HOME` names one.
pub fn cache_dir() -> Result<PathBuf, NoFolder> {
    writable(Kind::Cache, |name| std::env::var_os(name))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    State,
    Cache,
}

impl Kind {
    /// The variable systemd sets, the XDG variable and the folder under `HOME`.
    fn names(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Kind::State => ("STATE_DIRECTORY", "XDG_STATE_HOME", ".local/state"),
            Kind::Cache => ("CACHE_DIRECTORY", "XDG_CACHE_HOME", ".cache"),
        }
    }
}

fn writable(kind: Kind, var: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, NoFolder> {
    let (systemd, xdg, under_home) = kind.names();
    let absolute = |name: &str| {
        var(name)
            .map(PathBuf::from)
            .filter(|path| path.is_absolute())
    };
    // systemd passes one folder per `StateDirectory=` entry, separated by colons; the unit
    // names one, and the first is the one meant.
    if let Some(listed) = var(systemd) {
        let first = listed
            .to_string_lossy()
            .split(':')
            .next()
            .map(PathBuf::from);
        if let Some(first) = first.filter(|path| path.is_absolute()) {
            return Ok(first);
        }
    }
    if let Some(base) = absolute(xdg) {
        return Ok(base.join(APP));
    }
    if let Some(home) = absolute("HOME") {
        return Ok(home.join(under_home).join(APP));
    }
    Err(NoFolder { kind })
}

/// Neither systemd, XDG nor `HOME` names a folder to write to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoFolder {
    pub kind: Kind,
}

impl fmt::Display for NoFolder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (systemd, xdg, _) = self.kind.names();
        let (what, directive) = match self.kind {
            Kind::State => ("state", "StateDirectory="),
            Kind::Cache => ("cache", "CacheDirectory="),
        };
        write!(
            f,
            "no {what} folder: set {systemd} (systemd's {directive}), {xdg} or HOME to an absolute path, or give this setting a path"
        )
    }
}

impl std::error::Error for NoFolder {}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&str, &str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| {
            vars.iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| OsString::from(value))
        }
    }

    #[test]
    fn systemd_folders_come_first_then_xdg_then_home() {
        let all = [
            ("STATE_DIRECTORY", "/var/lib/supplysite:/var/lib/other"),
            ("CACHE_DIRECTORY", "/var/cache/supplysite"),
            ("XDG_STATE_HOME", "/home/ada/state"),
            ("XDG_CACHE_HOME", "/home/ada/cache"),
            ("HOME", "/home/ada"),
        ];
        assert_eq!(
            writable(Kind::State, env(&all)).unwrap(),
            PathBuf::from("/var/lib/supplysite")
        );
        assert_eq!(
            writable(Kind::Cache, env(&all)).unwrap(),
            PathBuf::from("/var/cache/supplysite")
        );
        assert_eq!(
            writable(Kind::State, env(&all[2..])).unwrap(),
            PathBuf::from("/home/ada/state/supplysite")
        );
        assert_eq!(
            writable(Kind::Cache, env(&all[2..])).unwrap(),
            PathBuf::from("/home/ada/cache/supplysite")
        );
        assert_eq!(
            writable(Kind::State, env(&all[4..])).unwrap(),
            PathBuf::from("/home/ada/.local/state/supplysite")
        );
        assert_eq!(
            writable(Kind::Cache, env(&all[4..])).unwrap(),
            PathBuf::from("/home/ada/.cache/supplysite")
        );
    }

    #[test]
    fn relative_or_empty_folders_are_ignored_and_none_is_an_error_naming_what_to_set() {
        let relative = [
            ("STATE_DIRECTORY", ""),
            ("XDG_STATE_HOME", "state"),
            ("HOME", "/home/ada"),
        ];
        assert_eq!(
            writable(Kind::State, env(&relative)).unwrap(),
            PathBuf::from("/home/ada/.local/state/supplysite")
        );
        let error = writable(Kind::Cache, env(&[("HOME", "")])).unwrap_err();
        assert_eq!(
            error.to_string(),
            "no cache folder: set CACHE_DIRECTORY (systemd's CacheDirectory=), XDG_CACHE_HOME or HOME to an absolute path, or give this setting a path"
        );
    }

    #[test]
    fn an_installed_binary_looks_beside_itself_first_then_the_source_tree_then_here() {
        let prefix = tempfile::tempdir().unwrap();
        let exe = prefix.path().join("bin/supplysite");
        let roots = roots_for(Some(&exe));
        assert_eq!(roots[0], prefix.path().join("share/supplysite"));
        assert_eq!(roots[1], Path::new(SOURCE_TREE).canonicalize().unwrap());
        assert_eq!(roots[2], PathBuf::new());

        // Nothing installed: the source tree's demo.
        assert_eq!(
            locate_in(&roots, DEMO_EXPORT).unwrap(),
            roots[1].join(DEMO_EXPORT)
        );
        // Installed: its own copy wins.
        let installed = roots[0].join(DEMO_EXPORT);
        std::fs::create_dir_all(installed.parent().unwrap()).unwrap();
        std::fs::write(&installed, "{}").unwrap();
        assert_eq!(locate_in(&roots, DEMO_EXPORT).unwrap(), installed);
    }

    #[test]
    fn a_missing_file_names_every_place_looked_at() {
        let roots = [
            PathBuf::from("/opt/supplysite/share/supplysite"),
            PathBuf::new(),
        ];
        let missing = locate_in(&roots, "web/dist-ssr/nothing.js").unwrap_err();
        assert_eq!(
            missing.to_string(),
            "looked for /opt/supplysite/share/supplysite/web/dist-ssr/nothing.js, web/dist-ssr/nothing.js"
        );
        assert_eq!(
            missing.in_working_directory(),
            PathBuf::from("web/dist-ssr/nothing.js")
        );
    }
}
