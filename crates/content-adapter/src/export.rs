//! Reading a Contentful space export (`contentful space export --download-assets`) into a
//! [`ContentSet`], with every problem found on the way named by entry, content type and field.
//!
//! Only a file that is not an export at all is refused. Anything smaller costs only what it
//! touches: an entry missing a required field is skipped, a link to a draft or a missing target
//! is dropped from the entry that holds it, and each is reported as a [`Problem`].

mod assets;
mod checks;
mod entries;
mod fields;
mod links;
mod nested;
mod problem;
mod raw;
mod stream;

pub use assets::site_url;
pub use problem::{Counts, Problem, Severity, TypeCount};

use fields::Fields;
use links::Resolver;
use nested::Nested;
use problem::{At, Problems};
use raw::RawExport;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use supplysite_core::content::{ContentParts, ContentSet};

/// Why an export could not be loaded at all.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("cannot read export file {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("not a Contentful export: not JSON ({0})")]
    NotJson(#[source] serde_json::Error),
    #[error("not a Contentful export: the top level is {0}, expected an object")]
    NotAnObject(&'static str),
    #[error("not a Contentful export: no \"entries\" array")]
    NoEntries,
    #[error("not a Contentful export: no locales")]
    NoLocales,
}

/// A loaded export: the content set, what was wrong, and what it held.
#[derive(Debug)]
pub struct Loaded {
    pub set: ContentSet,
    /// Every problem, in the order the loader met them.
    pub problems: Vec<Problem>,
    /// Entries per content type id (and `asset`).
    pub counts: Counts,
}

impl Loaded {
    /// True when any problem is an error (the content check fails).
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Error)
    }
}

/// Loads the export at `path`. Downloaded asset files beside it are served by the site.
pub fn load_export(path: impl AsRef<Path>) -> Result<Loaded, ExportError> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|source| ExportError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    load_export_bytes(&bytes, path.parent())
}

/// Loads an export from its bytes. `asset_dir` is where `--download-assets` put the files, if
/// anywhere; the content version is a hash of the bytes.
pub fn load_export_bytes(bytes: &[u8], asset_dir: Option<&Path>) -> Result<Loaded, ExportError> {
    let mut problems = Problems::default();
    let raw = stream::raw_from_slice(bytes, &mut problems)?;
    load(raw, problems, asset_dir, version_of(bytes))
}

/// Loads an export already parsed; the content version is a hash of its JSON text.
pub fn load_export_value(value: Value, asset_dir: Option<&Path>) -> Result<Loaded, ExportError> {
    let version = version_of(value.to_string().as_bytes());
    let mut problems = Problems::default();
    let raw = RawExport::from_value(value, &mut problems)?;
    load(raw, problems, asset_dir, version)
}

/// A stable name for these bytes: FNV-1a 64, as 16 hex digits. Not cryptographic: it only has to
/// change when the content does (it ends up in ETags and cache keys).
pub fn version_of(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn load(
    mut raw: RawExport,
    mut problems: Problems,
    asset_dir: Option<&Path>,
    version: String,
) -> Result<Loaded, ExportError> {
    let mut counts = Counts::new();
    let asset_fields = std::mem::take(&mut raw.asset_fields);
    let assets = assets::read_assets(
        &raw.assets,
        asset_fields,
        &raw.locales,
        asset_dir,
        &mut problems,
        &mut counts,
    );
    let mut reader = Reader {
        by_type: by_type(&raw),
        fields: std::mem::take(&mut raw.entry_fields),
        raw: &raw,
        locales: &raw.locales,
        problems: &mut problems,
        counts: &mut counts,
    };
    let r = Resolver {
        raw: &raw,
        assets: &assets,
    };

    let mut n = Nested::default();
    n.faq_items = reader
        .read("faqItem", nested::faq_item)
        .into_iter()
        .collect();
    n.faq_lists = reader
        .read("faqList", |f| nested::faq_list(f, &r, &n))
        .into_iter()
        .collect();
    let add_ons = reader.read("addOnFaqList", |f| nested::add_on(f, &r, &n));
    n.add_ons = add_ons.iter().cloned().collect();
    n.buttons = reader
        .read("button", |f| nested::button(f, &r))
        .into_iter()
        .collect();
    n.banners = reader
        .read("pageBanner", |f| nested::banner(f, &r))
        .into_iter()
        .collect();
    n.text_media = reader
        .read("textAndMedia", |f| nested::text_media(f, &r, &n))
        .into_iter()
        .collect();
    n.dividers = reader
        .read("dividerCta", |f| nested::divider(f, &r, &n))
        .into_iter()
        .collect();

    let rich_text_pages: Vec<_> =
        values(reader.read("richTextPage", |f| entries::rich_text_page(f, &r)));
    let mut parts = ContentParts {
        posts: values(reader.read("blogPost", |f| entries::blog_post(f, &r))),
        case_studies: values(reader.read("casestudy", |f| entries::case_study(f, &r))),
        pages: values(reader.read("pageBuilder", |f| entries::page(f, &r, &n))),
        faq_lists: values(add_ons),
        timeline: values(reader.read("aboutUsTimeline", |f| entries::timeline_entry(f, &r))),
        privacy: rich_text_pages
            .into_iter()
            .find(|p| p.title.trim().eq_ignore_ascii_case(entries::PRIVACY_TITLE)),
        customer_logos: values(reader.read("customerLogo", |f| entries::customer_logo(f, &r))),
        assets: Default::default(),
    };
    reader.count_unknown_types();
    drop(reader);
    parts.assets = assets;

    checks::run(&parts, &raw, &mut problems);
    let set = ContentSet::new(parts, version);
    checks::rich_text_links(&set, &mut problems);
    Ok(Loaded {
        set,
        problems: problems.0,
        counts,
    })
}

fn values<T>(items: Vec<(String, T)>) -> Vec<T> {
    items.into_iter().map(|(_, v)| v).collect()
}

fn by_type(raw: &RawExport) -> HashMap<String, Vec<usize>> {
    let mut map: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, e) in raw.entries.iter().enumerate() {
        map.entry(e.content_type.clone()).or_default().push(i);
    }
    map
}

/// Reads the entries of one content type at a time, counting them.
struct Reader<'a> {
    raw: &'a RawExport,
    locales: &'a [String],
    by_type: HashMap<String, Vec<usize>>,
    fields: Vec<Map<String, Value>>,
    problems: &'a mut Problems,
    counts: &'a mut Counts,
}

impl Reader<'_> {
    /// Reads every published entry of `ct` in export order with `read`, keeping those that
    /// read without a failed required field.
    fn read<T>(
        &mut self,
        ct: &str,
        mut read: impl FnMut(&mut Fields<'_>) -> Option<T>,
    ) -> Vec<(String, T)> {
        let indexes = self.by_type.remove(ct).unwrap_or_default();
        let count = self.counts.entry(ct.to_string()).or_default();
        let mut out = Vec::with_capacity(indexes.len());
        for i in indexes {
            let entry = &self.raw.entries[i];
            if !entry.published {
                count.drafts += 1;
                continue;
            }
            count.published += 1;
            let at = At {
                id: &entry.id,
                content_type: ct,
            };
            let fields = std::mem::take(&mut self.fields[i]);
            let mut f = Fields::new(at, fields, self.locales, self.problems);
            match read(&mut f) {
                Some(item) if !f.failed() => out.push((entry.id.clone(), item)),
                _ => count.skipped += 1,
            }
        }
        out
    }

    /// Entries of content types the site does not use: counted and reported once per type.
    fn count_unknown_types(&mut self) {
        let mut unknown: Vec<_> = self.by_type.drain().collect();
        unknown.sort();
        for (ct, indexes) in unknown {
            let count = self.counts.entry(ct.clone()).or_default();
            for i in &indexes {
                if self.raw.entries[*i].published {
                    count.published += 1;
                } else {
                    count.drafts += 1;
                }
            }
            self.problems.content_type(
                Severity::Warning,
                &ct,
                format!(
                    "content type the site does not use; {} entries ignored",
                    indexes.len()
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_is_a_stable_hash_of_the_bytes() {
        assert_eq!(version_of(b""), "cbf29ce484222325");
        assert_eq!(version_of(b"a"), "af63dc4c8601ec8c");
        assert_ne!(version_of(b"{}"), version_of(b"{ }"));
    }
}
