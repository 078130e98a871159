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
mod overlay;
mod problem;
mod raw;
mod stream;
pub(crate) mod version;

pub use assets::site_url;
pub use overlay::overlay;
pub use problem::{Counts, Problem, Severity, TypeCount};

use fields::{Fields, RawFields};
use links::Resolver;
use nested::Nested;
use problem::{At, Problems};
use raw::RawExport;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use stream::Again;
use supplysite_core::content::{
    BlogPost, CaseStudy, ContentParts, ContentSet, CustomerLogo, PrivacyPage, Redirect,
    TimelineEntry,
};

/// Why an export could not be loaded at all.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The file could not be read: missing, unreadable, or a folder.
    #[error("cannot read export file {path}")]
    Read {
        /// The export file asked for.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// The bytes are not JSON; the parser's message says where it stopped.
    #[error("not a Contentful export: not JSON ({0})")]
    NotJson(#[source] serde_json::Error),
    /// The JSON's top level is not an object; holds the kind it is, such as `an array`.
    #[error("not a Contentful export: the top level is {0}, expected an object")]
    NotAnObject(&'static str),
    /// The top-level object has no `entries` array.
    #[error("not a Contentful export: no \"entries\" array")]
    NoEntries,
    /// The export has no `locales` array, an empty one, or none with a `code`, so no field
    /// value can be read.
    #[error("not a Contentful export: no locales")]
    NoLocales,
    /// The file changed while it was read: an export over 32 MiB is read a second time for
    /// its entries' fields, and its bytes differed then. Loading again reads the new file.
    #[error("export file {path} changed while it was read")]
    Changed {
        /// The export file.
        path: PathBuf,
    },
}

/// A loaded export: the content set, what was wrong, and what it held.
#[derive(Debug)]
pub struct Loaded {
    /// The content the site serves: the published entries that could be read, without the
    /// links that were dropped.
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

/// Up to this size the second pass reads the bytes already in memory (faster than reading the
/// file again); past it, the file, so a large export's bytes are not held beside its entries.
const KEEP_BYTES: usize = 32 << 20;

/// Loads the export at `path`. Downloaded asset files beside it are served by the site.
pub fn load_export(path: impl AsRef<Path>) -> Result<Loaded, ExportError> {
    load_file(path.as_ref(), KEEP_BYTES)
}

/// [`load_export`], reading the file again for the second pass when it is larger than `keep`.
fn load_file(path: &Path, keep: usize) -> Result<Loaded, ExportError> {
    let bytes = std::fs::read(path).map_err(|source| ExportError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut problems = Problems::default();
    let raw = stream::raw_from_slice(&bytes, &mut problems)?;
    let version = version_of(&bytes);
    if bytes.len() <= keep {
        return load(
            Again::Bytes(&bytes),
            raw,
            problems,
            path.parent(),
            version,
            None,
        );
    }
    // The entries' fields are read from the file again: its bytes need not stay in memory
    // beside the entries read from them.
    drop(bytes);
    let again = Again::File {
        path,
        version: &version,
    };
    load(again, raw, problems, path.parent(), version.clone(), None)
}

/// Loads an export from its bytes. `asset_dir` is where `--download-assets` put the files, if
/// anywhere; the content version is a hash of the bytes.
pub fn load_export_bytes(bytes: &[u8], asset_dir: Option<&Path>) -> Result<Loaded, ExportError> {
    load_bytes_as(bytes, asset_dir, version_of(bytes), None)
}

/// Posts and case studies (the entries a space holds many of) already read from an earlier
/// load of the same space, by entry id. A live source that learns which entries changed
/// leaves the others out of the export it reads and hands them over here.
#[derive(Clone, Debug, Default)]
pub struct Kept {
    /// Posts by entry id.
    pub posts: HashMap<String, Arc<BlogPost>>,
    /// Case studies by entry id.
    pub case_studies: HashMap<String, Arc<CaseStudy>>,
}

impl Kept {
    /// Whether entries of content type `ct` are kept: the posts and case studies, the entries
    /// a space holds many of.
    pub fn keeps(ct: &str) -> bool {
        matches!(ct, "blogPost" | "casestudy")
    }

    /// Every post and case study of `set`, to be kept for the next load.
    pub fn of(set: &ContentSet) -> Self {
        Kept {
            posts: set
                .posts()
                .iter()
                .map(|p| (p.id.clone(), Arc::clone(p)))
                .collect(),
            case_studies: set
                .case_studies()
                .iter()
                .map(|c| (c.id.clone(), Arc::clone(c)))
                .collect(),
        }
    }

    /// Whether entry `id` is kept.
    pub fn holds(&self, id: &str) -> bool {
        self.posts.contains_key(id) || self.case_studies.contains_key(id)
    }
}

/// What an earlier load of the same space leaves to the next one: the entries read then that
/// have not changed since, and the order of every entry the space holds now (by id), which
/// puts the kept entries and those read again in their places.
#[derive(Debug, Default)]
pub struct Reuse {
    /// The entries taken as they are; the export read holds none of them.
    pub kept: Kept,
    /// Every entry id of the space, in its order.
    pub order: Vec<Arc<str>>,
    /// Everything but the posts and case studies, when none of it changed (no other entry, no
    /// asset, not the model): taken as it is, with the assets the posts read again link to.
    /// The export read then holds only the posts and case studies to read again.
    pub rest: Option<ContentParts>,
}

impl Reuse {
    /// The parts of `set` other than its posts and case studies.
    pub fn rest_of(set: &ContentSet) -> ContentParts {
        let parts = set.parts();
        ContentParts {
            posts: Vec::new(),
            case_studies: Vec::new(),
            pages: parts.pages.clone(),
            faq_lists: parts.faq_lists.clone(),
            timeline: parts.timeline.clone(),
            privacy: parts.privacy.clone(),
            customer_logos: parts.customer_logos.clone(),
            assets: parts.assets.clone(),
            redirects: parts.redirects.clone(),
        }
    }
}

/// [`load_export_bytes`] with the content version given and, with `reuse`, the kept entries
/// taken from it instead of from the export.
pub fn load_bytes_as(
    bytes: &[u8],
    asset_dir: Option<&Path>,
    version: String,
    reuse: Option<&Reuse>,
) -> Result<Loaded, ExportError> {
    let mut problems = Problems::default();
    let raw = stream::raw_from_slice(bytes, &mut problems)?;
    load(
        Again::Bytes(bytes),
        raw,
        problems,
        asset_dir,
        version,
        reuse,
    )
}

/// Loads an export already parsed; the content version is a hash of its JSON text.
pub fn load_export_value(value: Value, asset_dir: Option<&Path>) -> Result<Loaded, ExportError> {
    load_export_bytes(value.to_string().as_bytes(), asset_dir)
}

/// A stable name for these bytes, as 16 hex digits: a fast, non-cryptographic hash (FNV-1a
/// over 8-byte words, then the length). It changes when the content does and ends up in ETags
/// and cache keys.
pub fn version_of(bytes: &[u8]) -> String {
    let mut version = version::Version::new();
    version.update(bytes);
    version.finish()
}

fn load(
    again: Again<'_>,
    mut raw: RawExport,
    mut problems: Problems,
    asset_dir: Option<&Path>,
    version: String,
    reuse: Option<&Reuse>,
) -> Result<Loaded, ExportError> {
    let mut counts = Counts::new();
    let asset_fields = std::mem::take(&mut raw.asset_fields);
    let rest = reuse.and_then(|r| r.rest.as_ref());
    let assets = match rest {
        Some(rest) => rest.assets.clone(),
        None => assets::read_assets(
            &raw.assets,
            asset_fields,
            &raw.locales,
            asset_dir,
            &mut problems,
            &mut counts,
        ),
    };
    let r = Resolver {
        raw: &raw,
        assets: &assets,
    };

    // The second pass: entries that link only to assets are read into typed entries as they
    // stream past; the few that link to other entries wait until those are read.
    let mut early = Early::default();
    let mut waiting: HashMap<usize, RawFields> = HashMap::new();
    stream::each_entry_fields(again, &raw, |i, fields| {
        // A file that changed since the first pass may hold more entries; the pass then fails.
        let Some(entry) = raw.entries.get(i) else {
            return;
        };
        if !entry.published {
            return;
        }
        let ct = entry.content_type.as_str();
        if LINKED.contains(&ct) {
            waiting.insert(i, fields);
            return;
        }
        let Some(ct) = EARLY.iter().copied().find(|&early| early == ct) else {
            return;
        };
        let read = EarlyRead {
            id: &entry.id,
            ct,
            fields,
            locales: &raw.locales,
            early: &mut early.outcome,
        };
        match ct {
            "blogPost" => early
                .posts
                .extend(read.read(|f| entries::blog_post(f, &r)).map(Arc::new)),
            "casestudy" => early
                .case_studies
                .extend(read.read(|f| entries::case_study(f, &r)).map(Arc::new)),
            "aboutUsTimeline" => early
                .timeline
                .extend(read.read(|f| entries::timeline_entry(f, &r))),
            "customerLogo" => early
                .logos
                .extend(read.read(|f| entries::customer_logo(f, &r))),
            "redirect" => early.redirects.extend(read.read(entries::redirect)),
            _ => early
                .rich_text_pages
                .extend(read.read(|f| entries::rich_text_page(f, &r))),
        }
    })?;

    let mut reader = Reader {
        by_type: by_type(&raw),
        fields: waiting,
        raw: &raw,
        locales: &raw.locales,
        problems: &mut problems,
        counts: &mut counts,
        early: early.outcome,
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

    reader.read_early("richTextPage");
    reader.read_early("blogPost");
    reader.read_early("casestudy");
    let pages = values(reader.read("pageBuilder", |f| entries::page(f, &r, &n)));
    reader.read_early("aboutUsTimeline");
    reader.read_early("customerLogo");
    reader.read_early("redirect");
    if let Some(reuse) = reuse {
        early.posts = in_order(&reuse.order, early.posts, &reuse.kept.posts, |p| &p.id);
        early.case_studies = in_order(
            &reuse.order,
            early.case_studies,
            &reuse.kept.case_studies,
            |c| &c.id,
        );
    }
    let mut parts = ContentParts {
        posts: early.posts,
        case_studies: early.case_studies,
        pages,
        faq_lists: values(add_ons),
        timeline: early.timeline,
        privacy: early
            .rich_text_pages
            .into_iter()
            .find(|p| p.title.trim().eq_ignore_ascii_case(entries::PRIVACY_TITLE)),
        customer_logos: early.logos,
        assets: Default::default(),
        redirects: early.redirects,
    };
    reader.count_unknown_types();
    drop(reader);
    parts.assets = assets;
    if let Some(rest) = rest {
        parts.pages = rest.pages.clone();
        parts.faq_lists = rest.faq_lists.clone();
        parts.timeline = rest.timeline.clone();
        parts.privacy = rest.privacy.clone();
        parts.customer_logos = rest.customer_logos.clone();
        parts.redirects = rest.redirects.clone();
    }

    checks::run(&parts, &raw, &mut problems);
    let set = ContentSet::new(parts, version);
    let kept = |id: &str| reuse.is_some_and(|r| r.kept.holds(id));
    checks::rich_text_links(&set, kept, &mut problems);
    Ok(Loaded {
        set,
        problems: problems.0,
        counts,
    })
}

/// The content types whose entries link to other entries: read once those are.
const LINKED: [&str; 8] = [
    "faqItem",
    "faqList",
    "addOnFaqList",
    "button",
    "pageBanner",
    "textAndMedia",
    "dividerCta",
    "pageBuilder",
];

/// The content types whose entries link only to assets: read as they stream past.
const EARLY: [&str; 6] = [
    "blogPost",
    "casestudy",
    "aboutUsTimeline",
    "customerLogo",
    "richTextPage",
    "redirect",
];

/// Entries read during the second pass, and what reading them found, per content type.
#[derive(Default)]
struct Early {
    posts: Vec<Arc<BlogPost>>,
    case_studies: Vec<Arc<CaseStudy>>,
    timeline: Vec<TimelineEntry>,
    logos: Vec<CustomerLogo>,
    rich_text_pages: Vec<PrivacyPage>,
    redirects: Vec<Redirect>,
    outcome: HashMap<&'static str, Outcome>,
}

/// What reading one content type's entries early found: its problems, in order, and how many
/// were skipped.
#[derive(Default)]
struct Outcome {
    problems: Problems,
    skipped: usize,
}

/// One published entry read during the second pass.
struct EarlyRead<'a> {
    id: &'a str,
    ct: &'static str,
    fields: RawFields,
    locales: &'a [String],
    early: &'a mut HashMap<&'static str, Outcome>,
}

impl EarlyRead<'_> {
    fn read<T>(self, read: impl FnOnce(&mut Fields<'_>) -> Option<T>) -> Option<T> {
        let outcome = self.early.entry(self.ct).or_default();
        let at = At {
            id: self.id,
            content_type: self.ct,
        };
        let mut f = Fields::new(at, self.fields, self.locales, &mut outcome.problems);
        match read(&mut f) {
            Some(item) if !f.failed() => Some(item),
            _ => {
                outcome.skipped += 1;
                None
            }
        }
    }
}

/// The entries just `read` and those `kept`, in the space's `order`.
fn in_order<T>(
    order: &[Arc<str>],
    read: Vec<Arc<T>>,
    kept: &HashMap<String, Arc<T>>,
    id: impl Fn(&T) -> &String,
) -> Vec<Arc<T>> {
    let mut read: HashMap<String, Arc<T>> = read.into_iter().map(|t| (id(&t).clone(), t)).collect();
    let mut out = Vec::with_capacity(kept.len() + read.len());
    for id in order {
        if let Some(t) = read.remove(&**id).or_else(|| kept.get(&**id).cloned()) {
            out.push(t);
        }
    }
    out
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
    /// The fields of the published entries of [`LINKED`] types, by entry index.
    fields: HashMap<usize, RawFields>,
    problems: &'a mut Problems,
    counts: &'a mut Counts,
    early: HashMap<&'static str, Outcome>,
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
            let fields = self.fields.remove(&i).unwrap_or_default();
            let mut f = Fields::new(at, fields, self.locales, self.problems);
            match read(&mut f) {
                Some(item) if !f.failed() => out.push((entry.id.clone(), item)),
                _ => count.skipped += 1,
            }
        }
        out
    }

    /// Counts the entries of `ct`, read during the second pass, and reports what reading them
    /// found, in the place the content type has in the load's order.
    fn read_early(&mut self, ct: &str) {
        let indexes = self.by_type.remove(ct).unwrap_or_default();
        let count = self.counts.entry(ct.to_string()).or_default();
        for i in indexes {
            if self.raw.entries[i].published {
                count.published += 1;
            } else {
                count.drafts += 1;
            }
        }
        if let Some(outcome) = self.early.remove(ct) {
            count.skipped += outcome.skipped;
            self.problems.0.extend(outcome.problems.0);
        }
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
    fn reading_the_file_again_loads_what_reading_its_bytes_loads() {
        let mut bytes = Vec::new();
        crate::synth::write_export(&mut bytes, 40).unwrap();
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), &bytes).unwrap();
        let again = load_file(file.path(), 0).unwrap();
        let kept = load_file(file.path(), usize::MAX).unwrap();
        assert_eq!(again.set.posts().len(), 40);
        assert_eq!(again.set.parts(), kept.set.parts());
        assert_eq!(again.set.version(), kept.set.version());
        assert_eq!(again.set.version(), version_of(&bytes));
        assert_eq!(again.problems, kept.problems);
        assert_eq!(again.counts, kept.counts);
    }

    #[test]
    fn the_version_is_a_stable_hash_of_the_bytes() {
        assert_eq!(version_of(b""), "af63bd4c8601b7df");
        assert_eq!(version_of(b"a"), "089be307b544f397");
        assert_ne!(version_of(b"{}"), version_of(b"{ }"));
    }
}
