//! The documents holding any word a Levenshtein automaton accepts in one field, at one constant
//! score: what tantivy's `FuzzyTermQuery` finds (a typo's neighbours, or the words a prefix
//! begins), with the automaton built once per query word and shared by every field and segment,
//! and the matching words' postings walked only as far as the query reads them. tantivy's own
//! weight builds its automaton for each field and, in each segment, a bitset of every document
//! of every matching word before the first is read, which for a common word is most of the
//! archive, while a query reads its first thousand matches at most.

use crate::expand::Dfa;
use std::sync::Arc;
use tantivy::postings::SegmentPostings;
use tantivy::query::{ConstScorer, EnableScoring, Explanation, Query, Scorer, Weight};
use tantivy::schema::IndexRecordOption;
use tantivy::{DocId, DocSet, Score, SegmentReader, TERMINATED, TantivyError};

/// Words whose postings are walked side by side; the rest of a larger expansion (the least
/// frequent) are gathered first, as tantivy gathers all of them.
const WALKED: usize = 8;

/// The documents of `field` holding a word `automaton` accepts.
#[derive(Clone)]
pub struct Matching {
    field: tantivy::schema::Field,
    automaton: Arc<Dfa>,
}

impl Matching {
    pub fn new(field: tantivy::schema::Field, automaton: Arc<Dfa>) -> Matching {
        Matching { field, automaton }
    }
}

impl std::fmt::Debug for Matching {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Matching")
            .field("field", &self.field)
            .finish_non_exhaustive()
    }
}

impl Query for Matching {
    fn weight(&self, _: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(self.clone()))
    }
}

impl Weight for Matching {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let index = reader.inverted_index(self.field)?;
        let mut stream = index
            .terms()
            .search(self.automaton.as_ref())
            .into_stream()?;
        let mut infos = Vec::new();
        while stream.advance() {
            infos.push(stream.value().clone());
        }
        // The most frequent first: walked; the others gathered.
        infos.sort_by_key(|info| std::cmp::Reverse(info.doc_freq));
        let mut walked: Vec<Box<dyn DocSet>> = Vec::with_capacity(infos.len().min(WALKED + 1));
        for info in infos.iter().take(WALKED) {
            walked.push(Box::new(
                index.read_postings_from_terminfo(info, IndexRecordOption::Basic)?,
            ));
        }
        if infos.len() > WALKED {
            let mut docs = Vec::new();
            for info in &infos[WALKED..] {
                let mut postings: SegmentPostings =
                    index.read_postings_from_terminfo(info, IndexRecordOption::Basic)?;
                let mut doc = postings.doc();
                while doc != TERMINATED {
                    docs.push(doc);
                    doc = postings.advance();
                }
            }
            docs.sort_unstable();
            docs.dedup();
            walked.push(Box::new(Listed { docs, at: 0 }));
        }
        let any: Box<dyn DocSet> = if walked.len() == 1 {
            walked.pop().expect("one")
        } else {
            Box::new(AnyOf::new(walked))
        };
        Ok(Box::new(ConstScorer::new(any, boost)))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let mut scorer = self.scorer(reader, 1.0)?;
        if scorer.seek(doc) == doc {
            Ok(Explanation::new("Matching", 1.0))
        } else {
            Err(TantivyError::InvalidArgument(
                "Document does not exist".to_string(),
            ))
        }
    }
}

/// The union of a few doc sets, walked side by side.
struct AnyOf {
    sets: Vec<Box<dyn DocSet>>,
    doc: DocId,
}

impl AnyOf {
    fn new(sets: Vec<Box<dyn DocSet>>) -> AnyOf {
        let doc = sets.iter().map(|s| s.doc()).min().unwrap_or(TERMINATED);
        AnyOf { sets, doc }
    }
}

impl DocSet for AnyOf {
    fn advance(&mut self) -> DocId {
        let current = self.doc;
        let mut next = TERMINATED;
        for set in &mut self.sets {
            let at = if set.doc() == current {
                set.advance()
            } else {
                set.doc()
            };
            next = next.min(at);
        }
        self.doc = next;
        next
    }

    fn seek(&mut self, target: DocId) -> DocId {
        if self.doc >= target {
            return self.doc;
        }
        let mut next = TERMINATED;
        for set in &mut self.sets {
            let at = if set.doc() < target {
                set.seek(target)
            } else {
                set.doc()
            };
            next = next.min(at);
        }
        self.doc = next;
        next
    }

    fn doc(&self) -> DocId {
        self.doc
    }

    fn size_hint(&self) -> u32 {
        self.sets
            .iter()
            .map(|s| s.size_hint())
            .fold(0u32, u32::saturating_add)
    }
}

/// Documents listed in order.
struct Listed {
    docs: Vec<DocId>,
    at: usize,
}

impl DocSet for Listed {
    fn advance(&mut self) -> DocId {
        self.at = (self.at + 1).min(self.docs.len());
        self.doc()
    }

    fn seek(&mut self, target: DocId) -> DocId {
        self.at += self.docs[self.at..].partition_point(|&d| d < target);
        self.doc()
    }

    fn doc(&self) -> DocId {
        self.docs.get(self.at).copied().unwrap_or(TERMINATED)
    }

    fn size_hint(&self) -> u32 {
        self.docs.len() as u32
    }
}
