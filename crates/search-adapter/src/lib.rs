//! The site search's index: the documents core says are public
//! ([`supplysite_core::search::documents`]), in an in-memory tantivy index, ranked and answered
//! by core's rules ([`supplysite_core::search`]). [`TantivyIndex`] is the adapter of core's
//! [`SearchIndex`] port.
//!
//! Each searched field is indexed twice: stemmed (English Snowball after core's terms, for
//! BM25 matches, phrases and snippets) and plain (core's terms alone, for typos and prefixes,
//! which must be measured against the words as written). [`TantivyIndex::update`] brings the
//! index to a new content set in place: documents whose content changed are replaced, those
//! gone are deleted, the rest stay, so a Sync delta costs what it changed (and a failed update
//! is followed by a true index: see the `update` module). Each update gives a
//! [`Snapshot`]: a tantivy `Searcher` over the segments committed for that content, which keeps
//! answering as of it while later updates add, replace and delete (tantivy never changes a
//! committed segment; a delete is a new bitset of a new commit).

mod answer;
mod expand;
pub mod kept;
mod matching;
mod tokens;
mod update;

use std::sync::{Arc, Mutex, PoisonError};
use supplysite_core::content::{ContentSet, ProductTag};
use supplysite_core::ports::{SearchIndex, SearchIndexError, SearchSnapshot};
use supplysite_core::search::{Field, SearchAnswer, SearchDocument, SearchKind, SearchRequest};
use tantivy::directory::RamDirectory;
use tantivy::schema::{
    FAST, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, Searcher, TantivyDocument};
use update::Held;

/// What can go wrong in the index (each is a bug or an exhausted machine: the documents and
/// queries are core's, checked before they get here).
#[derive(Debug, thiserror::Error)]
#[error("search index: {0}")]
pub struct IndexError(#[from] tantivy::TantivyError);

/// The bytes the index writer may hold before it writes a segment (one indexing thread: the
/// server keeps its cores for answering).
const WRITER_BUDGET: usize = 48 * 1024 * 1024;

#[derive(Clone, Copy)]
struct Fields {
    key: tantivy::schema::Field,
    kind: tantivy::schema::Field,
    product: tantivy::schema::Field,
    path: tantivy::schema::Field,
    title: tantivy::schema::Field,
    date: tantivy::schema::Field,
    published: tantivy::schema::Field,
    /// Core's fields, stemmed then plain, in [`Field::ALL`] order.
    stemmed: [tantivy::schema::Field; 5],
    plain: [tantivy::schema::Field; 5],
    /// The description and body as written, for snippets.
    description_text: tantivy::schema::Field,
    body_text: tantivy::schema::Field,
}

/// The public search index of the content being served, updated in place.
pub struct TantivyIndex {
    index: Index,
    /// The files of `index`, as tantivy wrote them (for keeping them).
    directory: RamDirectory,
    reader: IndexReader,
    writer: Mutex<IndexWriter>,
    fields: Fields,
    held: Mutex<Held>,
    /// Failures the tests make happen where tantivy gives no way to cause one.
    #[cfg(test)]
    faults: update::Faults,
}

/// The index as of one content set: a tantivy `Searcher` (the segments and deletes committed
/// for that set) with what ranking needs of the set. Cheap to keep: the segments are shared.
pub struct Snapshot {
    searcher: Searcher,
    fields: Fields,
    /// The publish instant of the newest document, for the recency tie-break.
    newest_minutes: i64,
    documents: usize,
    changed: usize,
}

pub(crate) fn slot(field: Field) -> usize {
    Field::ALL.iter().position(|&f| f == field).unwrap_or(0)
}

pub(crate) fn kind_number(kind: SearchKind) -> u64 {
    SearchKind::ALL.iter().position(|&k| k == kind).unwrap_or(0) as u64
}

pub(crate) fn product_number(tag: ProductTag) -> u64 {
    ProductTag::ALL.iter().position(|&t| t == tag).unwrap_or(0) as u64
}

impl TantivyIndex {
    /// An index of `set`'s public documents.
    pub fn build(set: &ContentSet) -> Result<TantivyIndex, IndexError> {
        let built = TantivyIndex::new()?;
        built.update(set)?;
        Ok(built)
    }

    /// An index holding nothing yet.
    pub fn new() -> Result<TantivyIndex, IndexError> {
        let (schema, _) = schema();
        let directory = RamDirectory::create();
        let index = Index::create(directory.clone(), schema, tantivy::IndexSettings::default())?;
        TantivyIndex::from_index(
            index,
            directory,
            std::collections::HashMap::new(),
            String::new(),
            0,
        )
    }

    /// The index over `index` (this crate's schema, in `directory`), which holds the documents
    /// whose content `fingerprints` records, as of content `version`.
    fn from_index(
        index: Index,
        directory: RamDirectory,
        fingerprints: std::collections::HashMap<String, u64>,
        version: String,
        newest_minutes: i64,
    ) -> Result<TantivyIndex, IndexError> {
        let (_, fields) = schema();
        tokens::register(&index);
        let writer = index.writer_with_num_threads(1, WRITER_BUDGET)?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let searcher = reader.searcher();
        let latest = Arc::new(Snapshot {
            documents: searcher.num_docs() as usize,
            searcher,
            fields,
            newest_minutes,
            changed: 0,
        });
        Ok(TantivyIndex {
            index,
            directory,
            reader,
            writer: Mutex::new(writer),
            fields,
            held: Mutex::new(Held::restored(fingerprints, version, latest)),
            #[cfg(test)]
            faults: update::Faults::default(),
        })
    }
}

/// This crate's schema and its fields.
fn schema() -> (Schema, Fields) {
    let mut schema = Schema::builder();
    let stemmed_options = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(tokens::STEMMED)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions),
    );
    let plain_options = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(tokens::PLAIN)
            .set_index_option(IndexRecordOption::Basic),
    );
    let key = schema.add_text_field("key", STRING | STORED);
    let kind = schema.add_u64_field("kind", FAST | STORED | tantivy::schema::INDEXED);
    let product = schema.add_u64_field("product", FAST | tantivy::schema::INDEXED);
    let path = schema.add_text_field("path", STORED);
    let title = schema.add_text_field("title_text", STORED);
    let date = schema.add_text_field("date", STORED);
    let published = schema.add_i64_field("published", FAST);
    let stemmed = Field::ALL.map(|f| schema.add_text_field(f.name(), stemmed_options.clone()));
    let plain = Field::ALL
        .map(|f| schema.add_text_field(&format!("{}_plain", f.name()), plain_options.clone()));
    let description_text = schema.add_text_field("description_text", STORED);
    let body_text = schema.add_text_field("body_text", STORED);
    let fields = Fields {
        key,
        kind,
        product,
        path,
        title,
        date,
        published,
        stemmed,
        plain,
        description_text,
        body_text,
    };
    (schema.build(), fields)
}

impl TantivyIndex {
    /// How many documents the index holds.
    pub fn len(&self) -> usize {
        self.latest().documents
    }

    /// Whether the index holds no document.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The snapshot of the last content set the index was brought to.
    pub fn latest(&self) -> Arc<Snapshot> {
        Arc::clone(
            &self
                .held
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .latest,
        )
    }

    /// [`Snapshot::search`] on the [`TantivyIndex::latest`] snapshot.
    pub fn search(&self, request: &SearchRequest) -> Result<SearchAnswer, IndexError> {
        Ok(self.latest().search(request)?)
    }

    fn to_tantivy(&self, doc: &SearchDocument) -> TantivyDocument {
        let f = &self.fields;
        let mut out = TantivyDocument::default();
        out.add_text(f.key, &doc.key);
        out.add_u64(f.kind, kind_number(doc.kind));
        for &tag in &doc.products {
            out.add_u64(f.product, product_number(tag));
        }
        out.add_text(f.path, &doc.path);
        out.add_text(f.title, &doc.title);
        if let Some(date) = &doc.date {
            out.add_text(f.date, date);
        }
        if let Some(minutes) = doc.published_minutes {
            out.add_i64(f.published, minutes);
        }
        for field in Field::ALL {
            let text = doc.field(field);
            out.add_text(f.stemmed[slot(field)], text);
            out.add_text(f.plain[slot(field)], text);
        }
        out.add_text(f.description_text, &doc.description);
        out.add_text(f.body_text, &doc.body);
        out
    }

    /// The index itself, for its statistics.
    pub fn tantivy(&self) -> &Index {
        &self.index
    }
}

impl SearchIndex for TantivyIndex {
    fn index(&self, set: &ContentSet) -> Result<Arc<dyn SearchSnapshot>, SearchIndexError> {
        match self.update(set) {
            Ok(snapshot) => Ok(snapshot),
            Err(e) => Err(SearchIndexError::Update {
                version: set.version().to_string(),
                reason: e.0.to_string(),
            }),
        }
    }
}

impl SearchSnapshot for Snapshot {
    fn search(&self, request: &SearchRequest) -> Result<SearchAnswer, SearchIndexError> {
        Snapshot::search(self, request).map_err(|e| SearchIndexError::Query(e.to_string()))
    }

    fn documents(&self) -> usize {
        self.documents
    }

    fn written(&self) -> usize {
        self.changed
    }
}

impl Snapshot {
    /// How many documents the update that made this snapshot added, replaced or removed.
    pub fn changed(&self) -> usize {
        self.changed
    }

    /// How many documents it holds.
    pub fn len(&self) -> usize {
        self.documents
    }

    /// Whether it holds no document.
    pub fn is_empty(&self) -> bool {
        self.documents == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use supplysite_core::compose::fixture;
    use supplysite_core::search::documents;

    fn ask(index: &TantivyIndex, q: &str) -> Vec<String> {
        paths(&index.latest(), q)
    }

    fn with_parts(change: impl FnOnce(&mut supplysite_core::content::ContentParts)) -> ContentSet {
        let mut parts = fixture::content().parts().clone();
        change(&mut parts);
        ContentSet::new(parts, "changed")
    }

    #[test]
    fn the_index_holds_the_public_documents_and_finds_them() {
        let set = fixture::content();
        let index = TantivyIndex::build(&set).unwrap();
        assert_eq!(index.len(), documents(&set).len());
        assert_eq!(ask(&index, "erfx templates")[0], "/insights/erfx-templates");
        assert!(
            ask(&index, "internal notes")
                .iter()
                .all(|p| !p.contains("erfx-internal-notes"))
        );
    }

    #[test]
    fn an_update_replaces_what_changed_and_removes_what_left() {
        let index = TantivyIndex::build(&fixture::content()).unwrap();
        let renamed = with_parts(|parts| {
            let post = parts
                .posts
                .iter_mut()
                .find(|p| p.slug == "spm-scorecards")
                .unwrap();
            Arc::make_mut(post).title = "Wombat scorecards".into();
        });
        assert_eq!(index.update(&renamed).unwrap().changed(), 1);
        assert_eq!(ask(&index, "wombat"), ["/insights/spm-scorecards"]);
        assert_eq!(
            index.update(&renamed).unwrap().changed(),
            0,
            "nothing changed"
        );
        let hidden = with_parts(|parts| {
            let post = parts
                .posts
                .iter_mut()
                .find(|p| p.slug == "spm-scorecards")
                .unwrap();
            Arc::make_mut(post).seo_index = false;
        });
        assert_eq!(index.update(&hidden).unwrap().changed(), 1);
        assert!(
            ask(&index, "scorecards")
                .iter()
                .all(|p| p != "/insights/spm-scorecards")
        );
        let gone = with_parts(|parts| parts.posts.retain(|p| p.slug != "erfx-templates"));
        index.update(&gone).unwrap();
        assert!(
            ask(&index, "erfx templates")
                .iter()
                .all(|p| p != "/insights/erfx-templates")
        );
    }

    #[test]
    fn typos_prefixes_and_phrases_find_their_pages() {
        let index = TantivyIndex::build(&fixture::content()).unwrap();
        assert_eq!(ask(&index, "templtes")[0], "/insights/erfx-templates");
        assert_eq!(ask(&index, "templ")[0], "/insights/erfx-templates");
        assert!(
            ask(&index, "templ ").is_empty(),
            "a finished word is no prefix"
        );
        assert_eq!(
            ask(&index, "\"erfx templates\"")[0],
            "/insights/erfx-templates"
        );
    }

    /// The paths `snapshot` answers `q` with, best first.
    pub(crate) fn paths(snapshot: &Snapshot, q: &str) -> Vec<String> {
        snapshot
            .search(&SearchRequest::parse(Some(q), None, None, None).unwrap())
            .unwrap()
            .results
            .into_iter()
            .map(|h| h.path)
            .collect()
    }

    #[test]
    fn a_snapshot_answers_as_of_its_own_content_whatever_the_index_takes_in_after() {
        let index = TantivyIndex::new().unwrap();
        let first = index.update(&fixture::content()).unwrap();
        let before = paths(&first, "erfx templates");
        assert_eq!(before[0], "/insights/erfx-templates");
        let documents = first.len();
        // The next content deletes the post and renames another: the first snapshot's answers
        // stay as they were, the second's follow its own content.
        let next = with_parts(|parts| {
            parts.posts.retain(|p| p.slug != "erfx-templates");
            let post = parts
                .posts
                .iter_mut()
                .find(|p| p.slug == "spm-scorecards")
                .unwrap();
            Arc::make_mut(post).title = "Wombat scorecards".into();
        });
        let second = index.update(&next).unwrap();
        assert!(second.changed() >= 2);
        assert!(
            paths(&second, "erfx templates")
                .iter()
                .all(|p| p != "/insights/erfx-templates")
        );
        assert_eq!(paths(&second, "wombat"), ["/insights/spm-scorecards"]);
        assert_eq!(paths(&first, "erfx templates"), before);
        assert!(paths(&first, "wombat").is_empty());
        assert_eq!(first.len(), documents);
        assert_eq!(second.len(), documents - 1);
        // Through the port, too.
        let port: &dyn SearchIndex = &index;
        let third = port.index(&fixture::content()).unwrap();
        assert_eq!(third.documents(), documents);
        // The post is back in the third; the second still answers without it.
        let back = third
            .search(&SearchRequest::parse(Some("erfx templates"), None, None, None).unwrap())
            .unwrap();
        assert_eq!(back.results[0].path, "/insights/erfx-templates");
        assert!(
            paths(&second, "erfx templates")
                .iter()
                .all(|p| p != "/insights/erfx-templates")
        );
    }
}
