//! Answering a request from a snapshot, at a cost bounded whatever the archive's size.
//!
//! One pass over the query's matches, in index order, counts them and scores them, and stops
//! once it has passed core's [`COUNT_CAP`]. A query that finds at most the cap (every query of
//! a small site, and every specific one of a large archive) is therefore answered exactly:
//! its total, its counts by filter and its ranking over all of its matches. A broad word that
//! finds most of a large archive ("supplier" in 99,000 of 100,000 posts) says "more than" the
//! cap, counts the filters among the first cap found (saying so), and is ranked by the words'
//! stems and their bounded typo and prefix expansions ([`crate::expand`]), each weighted as
//! the full rule weighs its match: tantivy finds the best-scoring documents by them with
//! block-max pruning, without scoring every match, and each is checked to hold every word and
//! phrase by walking their postings forward. Should those be too few for the page asked, the
//! first cap found follow them, so every page a visitor may ask for is full, and none costs a
//! pass over the whole index.

use crate::expand::{self, Dfa};
use crate::matching::Matching;
use crate::{Snapshot, kind_number, product_number, slot, tokens};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashSet};
use std::sync::Arc;
use supplysite_core::content::ProductTag;
use supplysite_core::search::{
    self, COUNT_CAP, Field, KindCount, PAGE_SIZE, PREFIX_WEIGHT, ProductCount, QueryTerm,
    ResultCount, SearchAnswer, SearchFacets, SearchHit, SearchKind, SearchRequest, TYPO_WEIGHT,
};
use tantivy::columnar::Column;
use tantivy::query::{
    BooleanQuery, BooleanWeight, BoostQuery, EnableScoring, Occur, PhraseQuery, Query, SumCombiner,
    TermQuery, Weight,
};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{DocAddress, DocId, DocSet, Score, SegmentReader, TERMINATED, TantivyDocument, Term};

/// Candidates taken from the block-max pass for each result up to the page asked for: the
/// full query's score differs from the stems' alone by the typo and prefix matches and the
/// recency gain, so a margin of candidates is scored.
const CANDIDATES_PER_RESULT: usize = 5;

/// Counts by kind, then by product ([`SearchKind::ALL`], then [`ProductTag::ALL`]).
const FACETS: usize = SearchKind::ALL.len() + ProductTag::ALL.len();

/// A document found, scored by the full query and raised by recency.
#[derive(Clone, Copy)]
struct Scored {
    score: Score,
    address: DocAddress,
}

impl Scored {
    /// Best first; among equal scores, the first in the index first (as tantivy's collectors
    /// order them).
    fn rank(&self, other: &Scored) -> Ordering {
        other
            .score
            .total_cmp(&self.score)
            .then_with(|| self.address.cmp(&other.address))
    }
}

/// What one counting pass found.
struct Pass {
    /// Matches counted, at most [`COUNT_CAP`] + 1.
    found: usize,
    /// Counts by kind and product among the first [`COUNT_CAP`] matches.
    facets: [usize; FACETS],
    /// The matches passing the request's filters, scored.
    scored: Vec<Scored>,
}

/// A segment's fast fields the filters and the recency gain read.
struct Columns {
    kind: Option<Column<u64>>,
    product: Option<Column<u64>>,
    published: Option<Column<i64>>,
}

impl Columns {
    fn of(segment: &SegmentReader) -> Columns {
        let fast = segment.fast_fields();
        Columns {
            kind: fast.u64("kind").ok(),
            product: fast.u64("product").ok(),
            published: fast.i64("published").ok(),
        }
    }

    fn kind(&self, doc: DocId) -> Option<u64> {
        self.kind.as_ref().and_then(|c| c.first(doc))
    }

    fn has_product(&self, doc: DocId, product: u64) -> bool {
        self.product
            .as_ref()
            .is_some_and(|c| c.values_for_doc(doc).any(|p| p == product))
    }

    /// Whether `doc` passes `request`'s filters.
    fn passes(&self, doc: DocId, request: &SearchRequest) -> bool {
        request
            .kind
            .is_none_or(|k| self.kind(doc) == Some(kind_number(k)))
            && request
                .product
                .is_none_or(|p| self.has_product(doc, product_number(p)))
    }

    fn ranked(&self, doc: DocId, score: Score, newest: i64) -> Score {
        let age = self
            .published
            .as_ref()
            .and_then(|c| c.first(doc))
            .map(|p| newest - p);
        search::ranked_score(score, age)
    }
}

impl Snapshot {
    /// The query of `request`'s words: each word must match (`all`) or any may, in any field,
    /// by its stem, within its typo allowance or, for the word being typed, as a prefix.
    fn words_query(&self, request: &SearchRequest, words: &[Word], all: bool) -> Box<dyn Query> {
        let f = &self.fields;
        let mut groups: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for word in words {
            let mut alternatives: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for field in Field::ALL {
                let weight = field.weight();
                alternatives.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(
                        Box::new(TermQuery::new(
                            Term::from_field_text(f.stemmed[slot(field)], &word.stem),
                            IndexRecordOption::WithFreqs,
                        )),
                        weight,
                    )),
                ));
                let plain = f.plain[slot(field)];
                if let Some(typo) = &word.typo {
                    alternatives.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(
                            Box::new(Matching::new(plain, Arc::clone(typo))),
                            weight * TYPO_WEIGHT,
                        )),
                    ));
                }
                if let Some(prefix) = &word.prefix {
                    alternatives.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(
                            Box::new(Matching::new(plain, Arc::clone(prefix))),
                            weight * PREFIX_WEIGHT,
                        )),
                    ));
                }
            }
            let occur = if all && !lone_letter(&word.term.text) {
                Occur::Must
            } else {
                Occur::Should
            };
            groups.push((occur, Box::new(BooleanQuery::new(alternatives))));
        }
        for phrase in &request.phrases {
            let mut in_fields: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for field in [Field::Title, Field::Description, Field::Body] {
                let terms: Vec<Term> = phrase
                    .iter()
                    .map(|w| Term::from_field_text(f.stemmed[slot(field)], &tokens::stem(w)))
                    .collect();
                in_fields.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(
                        Box::new(PhraseQuery::new(terms)),
                        field.weight(),
                    )),
                ));
            }
            groups.push((Occur::Must, Box::new(BooleanQuery::new(in_fields))));
        }
        Box::new(BooleanQuery::new(groups))
    }

    /// The words' stems and their bounded expansions in the stemmed fields, each weighted as
    /// the full query weighs its match: their union, a union of term queries alone, so
    /// tantivy finds the best-scoring documents with block-max pruning instead of scoring every
    /// match; and each required word's terms, to check a document has them all.
    fn stems(&self, words: &[Word]) -> tantivy::Result<Stems> {
        let f = &self.fields;
        let mut union: Vec<(Term, Score)> = Vec::new();
        let mut required = Vec::new();
        let mut seen = HashSet::new();
        for word in words {
            let stem = &word.stem;
            // The typo automaton of the stem: the plain word's when the stem is the word.
            let stem_typo = match &word.typo {
                Some(_) if *stem != word.term.text => {
                    Some(Arc::new(Dfa::typo(stem, word.term.typos)))
                }
                typo => typo.clone(),
            };
            let mut alternatives: Vec<(Term, Score)> = Vec::new();
            for field in Field::ALL {
                let stemmed = f.stemmed[slot(field)];
                alternatives.push((Term::from_field_text(stemmed, stem), field.weight()));
                if let Some(typo) = &stem_typo {
                    for near in expand::expansions(&self.searcher, stemmed, typo, stem)? {
                        alternatives.push((
                            Term::from_field_text(stemmed, &near),
                            field.weight() * TYPO_WEIGHT,
                        ));
                    }
                }
                if let Some(prefix) = &word.prefix {
                    for longer in
                        expand::expansions(&self.searcher, stemmed, prefix, &word.term.text)?
                    {
                        alternatives.push((
                            Term::from_field_text(stemmed, &longer),
                            field.weight() * PREFIX_WEIGHT,
                        ));
                    }
                }
            }
            for (t, boost) in &alternatives {
                if seen.insert(t.clone()) {
                    union.push((t.clone(), *boost));
                }
            }
            if !lone_letter(&word.term.text) {
                required.push(alternatives.into_iter().map(|(t, _)| t).collect());
            }
        }
        Ok(Stems {
            union,
            words: required,
        })
    }

    fn filtered(&self, words: Box<dyn Query>, request: &SearchRequest) -> Box<dyn Query> {
        let f = &self.fields;
        let must_be = |field, number| -> (Occur, Box<dyn Query>) {
            let term = Term::from_field_u64(field, number);
            (
                Occur::Must,
                Box::new(TermQuery::new(term, IndexRecordOption::Basic)),
            )
        };
        let mut parts: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, words)];
        if let Some(kind) = request.kind {
            parts.push(must_be(f.kind, kind_number(kind)));
        }
        if let Some(tag) = request.product {
            parts.push(must_be(f.product, product_number(tag)));
        }
        Box::new(BooleanQuery::new(parts))
    }

    /// Walks `weight`'s matches in index order until more than [`COUNT_CAP`] are found:
    /// counting them, counting their kinds and products (`facets`), and scoring those that
    /// pass `request`'s filters.
    fn pass(
        &self,
        weight: &dyn Weight,
        request: &SearchRequest,
        facets: bool,
    ) -> tantivy::Result<Pass> {
        let mut pass = Pass {
            found: 0,
            facets: [0; FACETS],
            scored: Vec::new(),
        };
        for (ord, segment) in self.searcher.segment_readers().iter().enumerate() {
            let columns = Columns::of(segment);
            let alive = segment.alive_bitset();
            let mut scorer = weight.scorer(segment, 1.0)?;
            let mut doc = scorer.doc();
            while doc != TERMINATED {
                if alive.is_none_or(|a| a.is_alive(doc)) {
                    pass.found += 1;
                    if pass.found > COUNT_CAP {
                        return Ok(pass);
                    }
                    if facets {
                        if let Some(n) = columns
                            .kind(doc)
                            .and_then(|k| pass.facets.get_mut(k as usize))
                        {
                            *n += 1;
                        }
                        if let Some(column) = &columns.product {
                            for tag in column.values_for_doc(doc) {
                                if let Some(n) =
                                    pass.facets.get_mut(SearchKind::ALL.len() + tag as usize)
                                {
                                    *n += 1;
                                }
                            }
                        }
                    }
                    if columns.passes(doc, request) {
                        pass.scored.push(Scored {
                            score: columns.ranked(doc, scorer.score(), self.newest_minutes),
                            address: DocAddress::new(ord as u32, doc),
                        });
                    }
                }
                doc = scorer.advance();
            }
        }
        Ok(pass)
    }

    /// The best `wanted` matches that pass `request`'s filters, ranked by the words' stems
    /// and their bounded expansions: the best-scoring documents by them (block-max pruning),
    /// each checked to hold every word (`all`) and phrase; then, should those be too few for
    /// the page, the matches of `also` (already scored, in index order), after them.
    fn best_of_many(
        &self,
        request: &SearchRequest,
        words: &[Word],
        all: bool,
        wanted: usize,
        also: Vec<Scored>,
    ) -> tantivy::Result<Vec<Scored>> {
        let stems = self.stems(words)?;
        // Each term's weight (its statistics over the whole index), shared by the segments.
        let scoring = EnableScoring::enabled_from_searcher(&self.searcher);
        let mut terms: Vec<(&Term, Arc<dyn Weight>)> = Vec::with_capacity(stems.union.len());
        for (term, boost) in &stems.union {
            let query = BoostQuery::new(
                Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs)),
                *boost,
            );
            terms.push((term, Arc::from(query.weight(scoring)?)));
        }
        let checking = EnableScoring::disabled_from_searcher(&self.searcher);
        let mut required: Vec<Vec<Box<dyn Weight>>> = Vec::new();
        if all {
            for terms in &stems.words {
                required.push(
                    terms
                        .iter()
                        .map(|t| {
                            TermQuery::new(t.clone(), IndexRecordOption::Basic).weight(checking)
                        })
                        .collect::<tantivy::Result<_>>()?,
                );
            }
        }
        for phrase in &request.phrases {
            let mut in_fields = Vec::new();
            for field in [Field::Title, Field::Description, Field::Body] {
                let terms: Vec<Term> = phrase
                    .iter()
                    .map(|w| {
                        Term::from_field_text(self.fields.stemmed[slot(field)], &tokens::stem(w))
                    })
                    .collect();
                in_fields.push(PhraseQuery::new(terms).weight(checking)?);
            }
            required.push(in_fields);
        }
        let limit = wanted * CANDIDATES_PER_RESULT;
        // The `limit` best by the stems among the documents that hold every required word and
        // phrase, over the whole index: a min-heap of (score, address), the later address
        // first out among equal scores (so the first in the index stays, as tantivy's
        // collectors keep it). One heap for every segment, so each segment's block-max pass
        // starts from the score the earlier ones reached instead of from nothing (measured at
        // 100,000 posts: per-segment heaps made block_wand most of a broad query's time), and
        // each document is checked as block-max pruning finds it, so a candidate taken is one
        // the answer keeps (checked after the pass, those holding one word of several could
        // fill the heap and leave the page to the index-order fallback).
        let mut heap: Candidates = BinaryHeap::with_capacity(limit + 1);
        // Each segment's columns, read once: for the filters during the pass, then the ranking.
        let columns: Vec<Columns> = self
            .searcher
            .segment_readers()
            .iter()
            .map(Columns::of)
            .collect();
        for (ord, segment) in self.searcher.segment_readers().iter().enumerate() {
            let columns = &columns[ord];
            let alive = segment.alive_bitset();
            // The union of the terms this segment holds: of term scorers alone, which tantivy
            // walks with block-max pruning (a term absent here would be an empty scorer of
            // another kind, and the union would score every match instead).
            let mut here: Vec<(Occur, Box<dyn Weight>)> = Vec::new();
            for (term, weight) in &terms {
                if segment
                    .inverted_index(term.field())?
                    .get_term_info(term)?
                    .is_some()
                {
                    here.push((Occur::Should, Box::new(Shared(Arc::clone(weight)))));
                }
            }
            if here.is_empty() {
                continue;
            }
            // Each required word or phrase is one of these sets of postings, walked forward
            // (block-max pruning gives the documents in index order).
            let mut checks: Vec<Vec<Box<dyn tantivy::query::Scorer>>> = required
                .iter()
                .map(|any| any.iter().map(|w| w.scorer(segment, 1.0)).collect())
                .collect::<tantivy::Result<_>>()?;
            let union = BooleanWeight::new(here, true, Box::new(SumCombiner::default));
            union.for_each_pruning(threshold(&heap, limit), segment, &mut |doc, score| {
                if alive.is_some_and(|a| a.is_deleted(doc))
                    || !columns.passes(doc, request)
                    || !holds_all(&mut checks, doc)
                {
                    return threshold(&heap, limit);
                }
                let address = DocAddress::new(ord as u32, doc);
                heap.push(std::cmp::Reverse((
                    Ordered(score),
                    std::cmp::Reverse(address),
                )));
                if heap.len() > limit {
                    heap.pop();
                }
                threshold(&heap, limit)
            })?;
        }
        let mut out = Vec::with_capacity(heap.len());
        for std::cmp::Reverse((Ordered(score), std::cmp::Reverse(address))) in heap {
            out.push(Scored {
                score: columns[address.segment_ord as usize].ranked(
                    address.doc_id,
                    score,
                    self.newest_minutes,
                ),
                address,
            });
        }
        out.sort_by(Scored::rank);
        if out.len() < wanted {
            let known: HashSet<DocAddress> = out.iter().map(|s| s.address).collect();
            let mut rest: Vec<Scored> = also
                .into_iter()
                .filter(|s| !known.contains(&s.address))
                .collect();
            rest.sort_by(Scored::rank);
            out.extend(rest);
        }
        Ok(out)
    }

    /// The answer to `request`: every word must match; when that finds nothing, any word may.
    pub fn search(&self, request: &SearchRequest) -> tantivy::Result<SearchAnswer> {
        if request.is_empty() {
            return Ok(SearchAnswer::empty(request));
        }
        let scoring = EnableScoring::enabled_from_searcher(&self.searcher);
        let asked: Vec<Word> = request.terms.iter().map(Word::of).collect();
        let mut words = self.words_query(request, &asked, true);
        let mut all = self.pass(words.weight(scoring)?.as_ref(), request, true)?;
        let mut any_word = None;
        if all.found == 0 && request.terms.len() > 1 {
            words = self.words_query(request, &asked, false);
            all = self.pass(words.weight(scoring)?.as_ref(), request, true)?;
            any_word = Some(());
        }
        let filters = request.kind.is_some() || request.product.is_some();
        // The filtered matches: counted in the same pass when it counted every match.
        let found = if all.found <= COUNT_CAP || !filters {
            Pass {
                found: if all.found <= COUNT_CAP {
                    all.scored.len()
                } else {
                    all.found
                },
                facets: all.facets,
                scored: std::mem::take(&mut all.scored),
            }
        } else {
            let filtered = self.filtered(words, request).weight(scoring)?;
            self.pass(filtered.as_ref(), request, false)?
        };
        let total = ResultCount::counted(found.found);
        let wanted = request.offset() + PAGE_SIZE;
        let ranked = if total.is_exact() {
            let mut ranked = found.scored;
            ranked.sort_by(Scored::rank);
            ranked
        } else {
            self.best_of_many(request, &asked, any_word.is_none(), wanted, found.scored)?
        };
        let mut results = Vec::with_capacity(PAGE_SIZE);
        let mut stem = |w: &str| tokens::stem(w);
        let mut marker = search::WordMatcher::new(request, &mut stem);
        for scored in ranked.iter().skip(request.offset()).take(PAGE_SIZE) {
            results.push(self.hit(scored.address, &mut marker)?);
        }
        let facets = all.facets;
        Ok(SearchAnswer {
            query: request.query.clone(),
            total,
            page: request.page,
            pages: SearchAnswer::pages_for(total),
            results,
            facets: SearchFacets {
                kinds: SearchKind::ALL
                    .into_iter()
                    .map(|kind| KindCount {
                        kind,
                        count: facets[kind_number(kind) as usize],
                    })
                    .filter(|c| c.count > 0)
                    .collect(),
                products: ProductTag::ALL
                    .into_iter()
                    .map(|product| ProductCount {
                        product,
                        count: facets[SearchKind::ALL.len() + product_number(product) as usize],
                    })
                    .filter(|c| c.count > 0)
                    .collect(),
                complete: all.found <= COUNT_CAP,
            },
        })
    }

    /// The result of the document at `address`, its snippet marked by `marker`.
    fn hit(
        &self,
        address: DocAddress,
        marker: &mut search::WordMatcher,
    ) -> tantivy::Result<SearchHit> {
        let f = &self.fields;
        let doc: TantivyDocument = self.searcher.doc(address)?;
        let text = |field| {
            doc.get_first(field)
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        };
        let kind = doc
            .get_first(f.kind)
            .and_then(|v| v.as_u64())
            .and_then(|n| SearchKind::ALL.get(n as usize).copied())
            .unwrap_or(SearchKind::Page);
        let description = text(f.description_text);
        let body = text(f.body_text);
        let mut snippet = None;
        for passage in [&description, &body] {
            let marks = marker.matched(passage);
            if !marks.is_empty() {
                snippet = Some(search::snippet(passage, &marks));
                break;
            }
        }
        let snippet = snippet.unwrap_or_else(|| {
            let lead = if description.trim().is_empty() {
                &body
            } else {
                &description
            };
            search::snippet(lead, &[])
        });
        let date = text(f.date);
        Ok(SearchHit {
            path: text(f.path),
            title: text(f.title),
            kind,
            snippet,
            date: (!date.is_empty()).then_some(date),
        })
    }
}

/// A word of the query as it is looked up: its stem, and the automata of its typos and of the
/// words it begins (over the word as written), each built once for the whole query.
struct Word<'a> {
    term: &'a QueryTerm,
    stem: String,
    typo: Option<Arc<Dfa>>,
    prefix: Option<Arc<Dfa>>,
}

impl Word<'_> {
    fn of(term: &QueryTerm) -> Word<'_> {
        Word {
            stem: tokens::stem(&term.text),
            typo: (term.typos > 0).then(|| Arc::new(Dfa::typo(&term.text, term.typos))),
            prefix: term.prefix.then(|| Arc::new(Dfa::prefix(&term.text))),
            term,
        }
    }
}

/// The words' stems and expansions ([`Snapshot::stems`]).
struct Stems {
    /// Their union, each weighted.
    union: Vec<(Term, Score)>,
    /// The terms of each word that must match, any one of them.
    words: Vec<Vec<Term>>,
}

/// Whether `word` is a lone letter (the `e` of `e-auction`, whose whole is a term of its own):
/// it says nothing alone, adds to the score and is never required.
fn lone_letter(word: &str) -> bool {
    word.chars().count() == 1 && word.chars().all(char::is_alphabetic)
}

/// A weight shared by the segments' queries.
struct Shared(Arc<dyn Weight>);

impl Weight for Shared {
    fn scorer(
        &self,
        segment: &SegmentReader,
        boost: Score,
    ) -> tantivy::Result<Box<dyn tantivy::query::Scorer>> {
        self.0.scorer(segment, boost)
    }

    fn explain(
        &self,
        segment: &SegmentReader,
        doc: DocId,
    ) -> tantivy::Result<tantivy::query::Explanation> {
        self.0.explain(segment, doc)
    }
}

/// A score ordered totally, for the heap.
#[derive(Clone, Copy, PartialEq)]
struct Ordered(Score);

impl Eq for Ordered {}

impl PartialOrd for Ordered {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ordered {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// The candidates of a broad query: a min-heap by score, the later address the lesser among
/// equal scores.
type Candidates = BinaryHeap<std::cmp::Reverse<(Ordered, std::cmp::Reverse<DocAddress>)>>;

/// Whether `doc` is in one of each set of `checks`' postings, each walked forward only.
fn holds_all(checks: &mut [Vec<Box<dyn tantivy::query::Scorer>>], doc: DocId) -> bool {
    checks.iter_mut().all(|any| {
        any.iter_mut().any(|postings| {
            let at = if postings.doc() < doc {
                postings.seek(doc)
            } else {
                postings.doc()
            };
            at == doc
        })
    })
}

/// The score a document must pass to enter a heap of `limit`: none until it is full.
fn threshold(heap: &Candidates, limit: usize) -> Score {
    if heap.len() < limit {
        Score::MIN
    } else {
        heap.peek().map_or(Score::MIN, |r| r.0.0.0)
    }
}

#[cfg(test)]
mod tests {
    use crate::TantivyIndex;
    use std::sync::Arc;
    use supplysite_core::compose::fixture;
    use supplysite_core::content::ContentSet;
    use supplysite_core::search::{COUNT_CAP, MAX_PAGE, ResultCount, SearchRequest};

    /// The fixture with `n` more public posts about wombats, one of them also about quokkas.
    fn many_wombats(n: usize) -> ContentSet {
        let mut parts = fixture::content().parts().clone();
        let public = parts
            .posts
            .iter()
            .find(|p| p.slug == "erfx-templates")
            .map(|p| (**p).clone())
            .unwrap();
        for i in 0..n {
            let mut post = public.clone();
            post.id = format!("post-wombat-{i}");
            post.slug = format!("wombat-{i}");
            post.title = if i == n / 2 {
                "Wombat and quokka sourcing".into()
            } else {
                format!("Wombat sourcing notes {i}")
            };
            parts.posts.push(Arc::new(post));
        }
        ContentSet::new(parts, "wombats")
    }

    fn ask(
        index: &TantivyIndex,
        q: &str,
        page: Option<&str>,
    ) -> supplysite_core::search::SearchAnswer {
        index
            .search(&SearchRequest::parse(Some(q), None, None, page).unwrap())
            .unwrap()
    }

    #[test]
    fn a_query_past_the_count_cap_says_more_than_it_and_fills_every_page_with_the_best_first() {
        let index = TantivyIndex::build(&many_wombats(COUNT_CAP + 100)).unwrap();
        let broad = ask(&index, "wombat", None);
        assert_eq!(broad.total, ResultCount::MoreThan(COUNT_CAP));
        assert_eq!(broad.pages, MAX_PAGE);
        assert_eq!(broad.results.len(), 10);
        assert!(!broad.facets.complete);
        let last = ask(&index, "wombat", Some("50"));
        assert_eq!(last.results.len(), 10, "the deepest page is full");
        // Every word must still match, and the page holding both ranks first.
        let both = ask(&index, "wombat quokka", None);
        assert_eq!(both.total, ResultCount::Exactly(1));
        let typed = ask(&index, "wombt quokk", None);
        assert_eq!(typed.results[0].title, "Wombat and quokka sourcing");
        // A typo of the broad word finds the broad set, ranked.
        let typo = ask(&index, "wombta", None);
        assert_eq!(typo.total, ResultCount::MoreThan(COUNT_CAP));
        assert_eq!(typo.results.len(), 10);
        let filtered = index
            .search(&SearchRequest::parse(Some("wombat"), Some("caseStudy"), None, None).unwrap())
            .unwrap();
        assert_eq!(filtered.total, ResultCount::Exactly(0));
        assert!(!filtered.facets.complete);
    }
}
