//! Bringing the index to a content set in place, and keeping the adapter's record of what the
//! index holds true to what tantivy committed.
//!
//! The record (a fingerprint per document key) is what makes an update cost what changed: a
//! document whose fingerprint is unchanged is not written again. It is only right while it
//! describes the last commit. An update that fails before its commit is rolled back, and the
//! record still describes the commit before. But once `commit` has been called, tantivy may hold
//! the new set's documents even though the update fails (its commit landed and opening a
//! searcher on it failed, or the commit reported an error after writing): trusting the old
//! record then would add a published post twice or never bring back one it deleted. So from
//! the commit on the record is marked suspect until the update has succeeded, and an update that
//! finds it suspect rebuilds the index from its set alone (every document deleted, the set's
//! written afresh), which is right whatever the failed update left.

use super::{IndexError, Snapshot, TantivyIndex};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, PoisonError};
use supplysite_core::content::ContentSet;
use supplysite_core::search::{SearchDocument, documents};
use tantivy::{IndexWriter, Term};

/// What the index holds, by document key: a fingerprint of each document's content as of the
/// last commit; and the snapshot of the last content set it was brought to.
pub(crate) struct Held {
    fingerprints: HashMap<String, u64>,
    /// The content version the last commit holds.
    version: String,
    pub(crate) latest: Arc<Snapshot>,
    /// An update failed at or after its commit: tantivy may hold other documents than
    /// `fingerprints` says, so the next update rebuilds.
    suspect: bool,
}

impl Held {
    /// The record of an index holding the documents `fingerprints` records, as of content
    /// `version`.
    pub(crate) fn restored(
        fingerprints: HashMap<String, u64>,
        version: String,
        latest: Arc<Snapshot>,
    ) -> Held {
        Held {
            fingerprints,
            version,
            latest,
            suspect: false,
        }
    }
}

fn fingerprint(doc: &SearchDocument) -> u64 {
    let mut h = DefaultHasher::new();
    doc.hash(&mut h);
    h.finish()
}

impl TantivyIndex {
    /// Brings the index to `set`: adds its new documents, replaces those whose content changed
    /// and deletes those no longer public (deleted, unpublished, or `seoIndex` turned off), and
    /// returns the snapshot of `set`. Snapshots taken before keep answering as of their own
    /// content. On an error no snapshot of `set` is served, and the next update brings the
    /// index to its own set whatever this one left: from where the index was when nothing was
    /// committed, by a rebuild when the commit may have landed.
    pub fn update(&self, set: &ContentSet) -> Result<Arc<Snapshot>, IndexError> {
        let docs = documents(set);
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let mut writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        let rebuild = held.suspect;
        let mut next: HashMap<String, u64> = HashMap::with_capacity(docs.len());
        let mut changed = 0;
        let mut stage = |writer: &mut IndexWriter| -> Result<(), IndexError> {
            if rebuild {
                writer.delete_all_documents()?;
            }
            for doc in &docs {
                let print = fingerprint(doc);
                next.insert(doc.key.clone(), print);
                let before = if rebuild {
                    None
                } else {
                    held.fingerprints.get(&doc.key).copied()
                };
                match before {
                    Some(before) if before == print => {}
                    before => {
                        if before.is_some() {
                            writer.delete_term(Term::from_field_text(self.fields.key, &doc.key));
                        }
                        writer.add_document(self.to_tantivy(doc))?;
                        changed += 1;
                    }
                }
            }
            if !rebuild {
                for key in held.fingerprints.keys() {
                    if !next.contains_key(key) {
                        writer.delete_term(Term::from_field_text(self.fields.key, key));
                        changed += 1;
                    }
                }
            }
            Ok(())
        };
        if let Err(e) = stage(&mut writer) {
            // Nothing was committed: what was added or deleted is let go, and the record still
            // describes the index.
            if let Err(rollback) = writer.rollback() {
                held.suspect = true;
                return Err(IndexError(rollback));
            }
            return Err(e);
        }
        if changed > 0 || rebuild {
            held.suspect = true;
            if let Err(e) = self.commit(&mut writer).and_then(|()| self.reload()) {
                // Anything left uncommitted is let go; the record stays suspect.
                let _ = writer.rollback();
                return Err(e);
            }
        }
        // The searcher as of this set's commit (or of the last one, when nothing changed).
        let searcher = self.reader.searcher();
        let snapshot = Arc::new(Snapshot {
            fields: self.fields,
            newest_minutes: docs
                .iter()
                .filter_map(|d| d.published_minutes)
                .max()
                .unwrap_or(0),
            // Counted in the searcher, so what is reported is what answers.
            documents: searcher.num_docs() as usize,
            searcher,
            changed,
        });
        held.fingerprints = next;
        held.version = set.version().to_string();
        held.suspect = false;
        held.latest = Arc::clone(&snapshot);
        Ok(snapshot)
    }

    /// What a kept index records: each document's fingerprint, the content version and the
    /// newest publish instant, as of the last commit. `None` while the record is suspect.
    pub(crate) fn record(&self) -> Option<(HashMap<String, u64>, String, i64)> {
        let held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        (!held.suspect).then(|| {
            (
                held.fingerprints.clone(),
                held.version.clone(),
                held.latest.newest_minutes,
            )
        })
    }

    fn commit(&self, writer: &mut IndexWriter) -> Result<(), IndexError> {
        writer.commit()?;
        #[cfg(test)]
        self.faults.after_commit()?;
        Ok(())
    }

    /// Opens a searcher on the last commit.
    fn reload(&self) -> Result<(), IndexError> {
        #[cfg(test)]
        self.faults.reload()?;
        self.reader.reload()?;
        Ok(())
    }
}

/// Failures tantivy reports in the steps of an update, made to happen by the tests.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Faults {
    /// The next commit lands, then reports an error.
    after_commit: std::sync::atomic::AtomicBool,
    /// The next searcher cannot be opened.
    reload: std::sync::atomic::AtomicBool,
}

#[cfg(test)]
impl Faults {
    fn fail(flag: &std::sync::atomic::AtomicBool, what: &str) -> Result<(), IndexError> {
        if flag.swap(false, std::sync::atomic::Ordering::SeqCst) {
            let error = std::io::Error::other(format!("{what} failed (test)"));
            return Err(IndexError(tantivy::TantivyError::IoError(Arc::new(error))));
        }
        Ok(())
    }

    fn after_commit(&self) -> Result<(), IndexError> {
        Faults::fail(&self.after_commit, "commit")
    }

    fn reload(&self) -> Result<(), IndexError> {
        Faults::fail(&self.reload, "reload")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::paths;
    use std::sync::atomic::Ordering;
    use supplysite_core::compose::fixture;

    fn with_parts(change: impl FnOnce(&mut supplysite_core::content::ContentParts)) -> ContentSet {
        let mut parts = fixture::content().parts().clone();
        change(&mut parts);
        ContentSet::new(parts, "changed")
    }

    /// The fixture with a post of its own (`wombat-sourcing`), published.
    fn with_wombats() -> ContentSet {
        with_parts(|parts| {
            let public = parts.posts.iter().find(|p| p.slug == "erfx-templates");
            let mut post = (**public.unwrap()).clone();
            post.id = "post-wombat-sourcing".into();
            post.slug = "wombat-sourcing".into();
            post.title = "Wombat sourcing".into();
            parts.posts.push(Arc::new(post));
        })
    }

    /// The fixture with `spm-scorecards` renamed "Quokka scorecards".
    fn renamed() -> ContentSet {
        with_parts(|parts| {
            let post = parts
                .posts
                .iter_mut()
                .find(|p| p.slug == "spm-scorecards")
                .unwrap();
            Arc::make_mut(post).title = "Quokka scorecards".into();
        })
    }

    fn without(slug: &str) -> ContentSet {
        with_parts(|parts| parts.posts.retain(|p| p.slug != slug))
    }

    /// Each public document of `set` once in the snapshot, and nothing else.
    fn holds_exactly(snapshot: &Snapshot, set: &ContentSet) {
        let expected = documents(set).len();
        assert_eq!(snapshot.searcher.num_docs() as usize, expected);
        assert_eq!(snapshot.len(), expected);
    }

    #[test]
    fn a_commit_whose_searcher_could_not_be_opened_is_not_published_twice_after() {
        let index = TantivyIndex::build(&fixture::content()).unwrap();
        let published = with_wombats();
        index.faults.reload.store(true, Ordering::SeqCst);
        assert!(index.update(&published).is_err());
        // The commit landed; the next update of the same content must not add the post again.
        let next = index.update(&published).unwrap();
        holds_exactly(&next, &published);
        assert_eq!(paths(&next, "wombat"), ["/insights/wombat-sourcing"]);
        // And the index goes on updating in place from there.
        let after = index.update(&published).unwrap();
        assert_eq!(after.changed(), 0);
        let renamed = index.update(&renamed()).unwrap();
        assert_eq!(renamed.changed(), 2, "the rename, and the post it lacks");
        assert_eq!(paths(&renamed, "quokka"), ["/insights/spm-scorecards"]);
    }

    #[test]
    fn a_commit_whose_searcher_could_not_be_opened_does_not_lose_a_post_it_deleted() {
        let set = fixture::content();
        let index = TantivyIndex::build(&set).unwrap();
        index.faults.reload.store(true, Ordering::SeqCst);
        assert!(index.update(&without("erfx-templates")).is_err());
        // The post is back before the index ever answered without it, and stays through the
        // updates after (each opens a searcher on what was committed).
        let back = index.update(&set).unwrap();
        holds_exactly(&back, &set);
        assert_eq!(
            paths(&back, "erfx templates")[0],
            "/insights/erfx-templates"
        );
        let after = index.update(&renamed()).unwrap();
        holds_exactly(&after, &renamed());
        assert_eq!(
            paths(&after, "erfx templates")[0],
            "/insights/erfx-templates"
        );
    }

    #[test]
    fn a_commit_that_lands_but_reports_an_error_is_followed_by_a_true_index() {
        let index = TantivyIndex::build(&fixture::content()).unwrap();
        let published = with_wombats();
        index.faults.after_commit.store(true, Ordering::SeqCst);
        assert!(index.update(&published).is_err());
        let next = index.update(&published).unwrap();
        holds_exactly(&next, &published);
        assert_eq!(paths(&next, "wombat"), ["/insights/wombat-sourcing"]);
    }

    #[test]
    fn a_failed_update_leaves_earlier_snapshots_answering_and_the_latest_as_it_was() {
        let set = fixture::content();
        let index = TantivyIndex::build(&set).unwrap();
        let before = index.latest();
        index.faults.reload.store(true, Ordering::SeqCst);
        assert!(index.update(&without("erfx-templates")).is_err());
        assert!(Arc::ptr_eq(&index.latest(), &before));
        assert_eq!(
            paths(&before, "erfx templates")[0],
            "/insights/erfx-templates"
        );
        holds_exactly(&before, &set);
    }
}
