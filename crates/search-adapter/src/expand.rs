//! The stems a query word may stand for in the stemmed fields: its own, those within its typo
//! allowance and, for the word being typed, those it begins, at most [`MAX_EXPANSIONS`] each,
//! the most frequent first. The ranking of a query that finds more than core's count cap
//! starts from the documents these score best on (see the `answer` module), so an expansion
//! costs a posting list walked with block-max pruning, never a pass over every document it
//! holds.

use levenshtein_automata::{DFA, Distance, LevenshteinAutomatonBuilder, SINK_STATE};
use std::collections::HashMap;
use std::sync::LazyLock;
use tantivy::Searcher;
use tantivy_fst::Automaton;

/// The most stems a typo or a prefix adds for one word in one field: a short prefix or a
/// common word's neighbours could otherwise add hundreds.
pub const MAX_EXPANSIONS: usize = 8;

/// Levenshtein automata builders by allowance (0, 1, 2), a swap counting as one edit as
/// core's [`supplysite_core::search::edit_distance`] counts it.
static BUILDERS: LazyLock<[LevenshteinAutomatonBuilder; 3]> = LazyLock::new(|| {
    [
        LevenshteinAutomatonBuilder::new(0, true),
        LevenshteinAutomatonBuilder::new(1, true),
        LevenshteinAutomatonBuilder::new(2, true),
    ]
});

/// A Levenshtein automaton over a term dictionary's bytes: the words within a typo allowance
/// of one word, or those it begins. Built once per query word, and shared by every field and
/// segment it is walked in.
pub struct Dfa(DFA);

impl Dfa {
    /// The words within `typos` edits of `word` (at most two), itself included.
    pub fn typo(word: &str, typos: u8) -> Dfa {
        Dfa(BUILDERS[usize::from(typos.min(2))].build_dfa(word))
    }

    /// The words `word` begins, itself included.
    pub fn prefix(word: &str) -> Dfa {
        Dfa(BUILDERS[0].build_prefix_dfa(word))
    }
}

impl Automaton for Dfa {
    type State = u32;

    fn start(&self) -> u32 {
        self.0.initial_state()
    }

    fn is_match(&self, state: &u32) -> bool {
        matches!(self.0.distance(*state), Distance::Exact(_))
    }

    fn can_match(&self, state: &u32) -> bool {
        *state != SINK_STATE
    }

    fn accept(&self, state: &u32, byte: u8) -> u32 {
        self.0.transition(*state, byte)
    }
}

/// The words of `field`'s dictionary (summed over `searcher`'s segments) that `automaton`
/// accepts, other than `word` itself, the most frequent first, at most [`MAX_EXPANSIONS`].
pub fn expansions(
    searcher: &Searcher,
    field: tantivy::schema::Field,
    automaton: &Dfa,
    word: &str,
) -> tantivy::Result<Vec<String>> {
    let mut found: HashMap<Vec<u8>, u64> = HashMap::new();
    for segment in searcher.segment_readers() {
        let index = segment.inverted_index(field)?;
        let mut stream = index.terms().search(automaton).into_stream()?;
        while stream.advance() {
            if stream.key() == word.as_bytes() {
                continue;
            }
            *found.entry(stream.key().to_vec()).or_default() += u64::from(stream.value().doc_freq);
        }
    }
    let mut found: Vec<(Vec<u8>, u64)> = found.into_iter().collect();
    found.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(found
        .into_iter()
        .take(MAX_EXPANSIONS)
        .filter_map(|(key, _)| String::from_utf8(key).ok())
        .collect())
}
