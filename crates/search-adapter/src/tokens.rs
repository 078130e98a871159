//! Core's terms ([`supplysite_core::search::text::terms`]) as tantivy tokens, plain and stemmed.

use std::sync::LazyLock;
use supplysite_core::search::text;
use tantivy::Index;
use tantivy::tokenizer::{
    Language, RawTokenizer, RemoveLongFilter, Stemmer, TextAnalyzer, Token, TokenStream, Tokenizer,
};

/// The tokenizer of the plain fields: core's terms.
pub const PLAIN: &str = "supplysite_plain";
/// The tokenizer of the stemmed fields: core's terms, then the English stemmer.
pub const STEMMED: &str = "supplysite_stemmed";

/// Words longer than this are not indexed (a run of characters no one types).
const LONGEST: usize = 48;

/// Splits text into core's terms.
#[derive(Clone, Default)]
pub struct CoreTokenizer {
    tokens: Vec<Token>,
}

/// The terms of one text.
pub struct CoreTokenStream<'a> {
    tokens: &'a mut Vec<Token>,
    next: usize,
}

impl Tokenizer for CoreTokenizer {
    type TokenStream<'a> = CoreTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> CoreTokenStream<'a> {
        self.tokens.clear();
        for term in text::terms(text) {
            self.tokens.push(Token {
                offset_from: term.from,
                offset_to: term.to,
                position: term.position,
                text: term.text,
                position_length: 1,
            });
        }
        // Each term's positions must rise through the text: the whole of a compound shares its
        // first part's position, so it is put beside it.
        self.tokens
            .sort_by_key(|t| (t.position, t.offset_from, t.offset_to));
        CoreTokenStream {
            tokens: &mut self.tokens,
            next: 0,
        }
    }
}

impl TokenStream for CoreTokenStream<'_> {
    fn advance(&mut self) -> bool {
        self.next += 1;
        self.next <= self.tokens.len()
    }

    fn token(&self) -> &Token {
        &self.tokens[self.next - 1]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next - 1]
    }
}

fn plain() -> TextAnalyzer {
    TextAnalyzer::builder(CoreTokenizer::default())
        .filter(RemoveLongFilter::limit(LONGEST))
        .build()
}

fn stemmed() -> TextAnalyzer {
    TextAnalyzer::builder(CoreTokenizer::default())
        .filter(RemoveLongFilter::limit(LONGEST))
        .filter(Stemmer::new(Language::English))
        .build()
}

/// Makes the two tokenizers known to `index`.
pub fn register(index: &Index) {
    index.tokenizers().register(PLAIN, plain());
    index.tokenizers().register(STEMMED, stemmed());
}

static STEMMER: LazyLock<TextAnalyzer> = LazyLock::new(|| {
    TextAnalyzer::builder(RawTokenizer::default())
        .filter(Stemmer::new(Language::English))
        .build()
});

/// The stem of one term (already one of core's terms), as the stemmed fields index it.
pub fn stem(term: &str) -> String {
    let mut analyzer = STEMMER.clone();
    let mut stream = analyzer.token_stream(term);
    if stream.advance() {
        stream.token().text.clone()
    } else {
        term.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<(String, usize)> {
        let mut stream = analyzer.token_stream(text);
        let mut out = Vec::new();
        while stream.advance() {
            out.push((stream.token().text.clone(), stream.token().position));
        }
        out
    }

    #[test]
    fn stemmed_tokens_are_core_terms_stemmed_and_compounds_sit_beside_their_parts() {
        let got = tokens(&mut stemmed(), "Organising e-Auctions");
        assert_eq!(
            got,
            [
                ("organ".to_string(), 0),
                ("e".to_string(), 1),
                ("eauction".to_string(), 1),
                ("auction".to_string(), 2)
            ]
        );
        assert_eq!(stem("organization"), "organ");
        assert_eq!(stem("declarations"), "declar");
    }
}
