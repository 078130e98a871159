//! How text becomes search terms: the same words at index and at query time.
//!
//! A word is a run of letters and digits. Words joined by a hyphen, a dot or a slash
//! (`e-auction`, `ISO/IEC`) and words where letters meet digits (`ISO27001`) give their parts
//! and the whole, so `e auction`, `eauction`, `ISO 27001` and `iso27001` all find them. Every
//! term is lower-cased and Australian and British spellings become the US ones
//! ([`normalise`]), so `organisation` and `organization` are one term. The English stemmer runs
//! after this, in the index.

use std::borrow::Cow;

/// One term of a text, with where its word sits in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The normalised term.
    pub text: String,
    /// Byte offset of the word's first character in the text.
    pub from: usize,
    /// Byte offset just past the word's last character.
    pub to: usize,
    /// The word's position among the text's words (the parts of a compound share the whole's
    /// first position, so phrases over either spelling match).
    pub position: usize,
}

/// The terms of `text`, in order.
pub fn terms(text: &str) -> Vec<Term> {
    let mut out = Vec::new();
    let mut position = 0;
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if !c.is_alphanumeric() {
            chars.next();
            continue;
        }
        // A compound: alphanumeric runs joined by single hyphens, dots or slashes.
        let mut parts: Vec<(usize, usize)> = Vec::new();
        let mut part_start = start;
        let mut end = start;
        while let Some(&(i, c)) = chars.peek() {
            if c.is_alphanumeric() {
                end = i + c.len_utf8();
                chars.next();
                continue;
            }
            let joiner = matches!(c, '-' | '.' | '/' | '\u{2011}');
            let mut ahead = chars.clone();
            ahead.next();
            let continues = ahead.peek().is_some_and(|&(_, n)| n.is_alphanumeric());
            if joiner && continues && end == i {
                parts.push((part_start, end));
                chars.next();
                part_start = i + c.len_utf8();
                continue;
            }
            break;
        }
        parts.push((part_start, end));
        // Letters meeting digits split a part further (`ISO27001`, `Scope3`).
        let mut pieces: Vec<(usize, usize)> = Vec::new();
        for &(a, b) in &parts {
            let word = &text[a..b];
            let mut piece_start = a;
            let mut last: Option<bool> = None;
            for (i, ch) in word.char_indices() {
                let digit = ch.is_ascii_digit();
                if last.is_some_and(|d| d != digit) {
                    pieces.push((piece_start, a + i));
                    piece_start = a + i;
                }
                last = Some(digit);
            }
            pieces.push((piece_start, b));
        }
        for &(a, b) in &pieces {
            out.push(Term {
                text: normalise(&text[a..b]).into_owned(),
                from: a,
                to: b,
                position,
            });
            position += 1;
        }
        if pieces.len() > 1 {
            let whole: String = pieces.iter().map(|&(a, b)| &text[a..b]).collect();
            out.push(Term {
                text: normalise(&whole).into_owned(),
                from: start,
                to: end,
                position: position - pieces.len(),
            });
        }
    }
    out
}

/// Spellings that differ from the US ones word for word.
const WORDS: &[(&str, &str)] = &[
    ("catalogue", "catalog"),
    ("catalogues", "catalogs"),
    ("programme", "program"),
    ("programmes", "programs"),
    ("defence", "defense"),
    ("licence", "license"),
    ("licences", "licenses"),
    ("offence", "offense"),
    ("centre", "center"),
    ("centres", "centers"),
    ("enrol", "enroll"),
    ("enrolment", "enrollment"),
    ("fulfil", "fulfill"),
    ("fulfilment", "fulfillment"),
    ("cheque", "check"),
    ("tonne", "ton"),
    ("tonnes", "tons"),
    ("aluminium", "aluminum"),
    ("modelling", "modeling"),
    ("labelled", "labeled"),
    ("labelling", "labeling"),
    ("travelled", "traveled"),
    ("travelling", "traveling"),
    ("cancelled", "canceled"),
    ("cancelling", "canceling"),
    ("fuelled", "fueled"),
    ("levelled", "leveled"),
    ("judgement", "judgment"),
    ("ageing", "aging"),
    ("grey", "gray"),
    ("analyse", "analyze"),
    ("analysed", "analyzed"),
    ("analyses", "analyzes"),
    ("analysing", "analyzing"),
    ("paralyse", "paralyze"),
];

/// Words ending in `-our` whose US spelling ends in `-or`.
const OUR_WORDS: &[&str] = &[
    "behaviour",
    "colour",
    "endeavour",
    "favour",
    "flavour",
    "harbour",
    "honour",
    "humour",
    "labour",
    "neighbour",
    "rumour",
    "saviour",
    "savour",
    "vapour",
    "vigour",
];

/// Words ending in `-ise` that are spelt so in US English too.
const ISE_KEPT: &[&str] = &[
    "advertise",
    "advise",
    "arise",
    "chastise",
    "comprise",
    "compromise",
    "concise",
    "demise",
    "despise",
    "devise",
    "disguise",
    "enterprise",
    "excise",
    "exercise",
    "expertise",
    "franchise",
    "improvise",
    "incise",
    "merchandise",
    "noise",
    "otherwise",
    "paradise",
    "poise",
    "praise",
    "precise",
    "premise",
    "promise",
    "raise",
    "revise",
    "rise",
    "supervise",
    "surmise",
    "surprise",
    "televise",
    "treatise",
    "wise",
];

/// A word lower-cased, in its US spelling where the Australian or British one differs:
/// listed words (`programme`, `defence`, `catalogue`), `-our` words (`behaviour`),
/// `-isation` and `-ise` families (`organisation`, `organised`, `prioritising`) and `-yse`
/// (`analyse`). Applied to indexed text and queries alike, so a spelling either way finds both.
pub fn normalise(word: &str) -> Cow<'_, str> {
    let lower: Cow<'_, str> = if word.chars().any(char::is_uppercase) {
        Cow::Owned(word.to_lowercase())
    } else {
        Cow::Borrowed(word)
    };
    if let Some(&(_, us)) = WORDS.iter().find(|(au, _)| *au == lower) {
        return Cow::Owned(us.to_string());
    }
    for ending in ["", "s", "ed", "ing", "ite", "ites", "able", "ably"] {
        if let Some(stem) = lower.strip_suffix(ending)
            && let Some(base) = stem.strip_suffix("our")
            && OUR_WORDS.contains(&stem)
        {
            return Cow::Owned(format!("{base}or{ending}"));
        }
    }
    // -isation(s) -> -ization(s).
    for (au, us) in [("isations", "izations"), ("isation", "ization")] {
        if let Some(stem) = lower.strip_suffix(au)
            && stem.chars().count() >= 3
        {
            return Cow::Owned(format!("{stem}{us}"));
        }
    }
    // -ise, -ised, -ises, -ising, -iser, -isers -> -ize…, except words spelt -ise in the US.
    for (au, us) in [
        ("ise", "ize"),
        ("ised", "ized"),
        ("ises", "izes"),
        ("ising", "izing"),
        ("iser", "izer"),
        ("isers", "izers"),
    ] {
        if let Some(stem) = lower.strip_suffix(au)
            && stem.chars().count() >= 3
            && !ISE_KEPT.contains(&format!("{stem}ise").as_str())
        {
            return Cow::Owned(format!("{stem}{us}"));
        }
    }
    lower
}

/// How many edits a query word may be from an indexed word and still find it: none below five
/// letters (too many short words are one edit apart), one from five, two from nine.
pub fn typo_allowance(word: &str) -> u8 {
    match word.chars().count() {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<String> {
        terms(s).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn australian_and_us_spellings_are_one_term() {
        for (au, us) in [
            ("organisation", "organization"),
            ("Organisations", "organizations"),
            ("defence", "defense"),
            ("catalogue", "catalog"),
            ("programme", "program"),
            ("prioritising", "prioritizing"),
            ("standardised", "standardized"),
            ("behaviour", "behavior"),
            ("labour", "labor"),
            ("analyse", "analyze"),
        ] {
            assert_eq!(normalise(au), normalise(us), "{au} / {us}");
        }
    }

    #[test]
    fn words_spelt_ise_everywhere_and_short_words_keep_their_spelling() {
        for word in [
            "enterprise",
            "expertise",
            "exercise",
            "rise",
            "wise",
            "our",
            "hour",
            "four",
        ] {
            assert_eq!(normalise(word), word);
        }
    }

    #[test]
    fn compounds_give_their_parts_and_the_whole() {
        assert_eq!(texts("e-Auction"), ["e", "auction", "eauction"]);
        assert_eq!(texts("ISO27001"), ["iso", "27001", "iso27001"]);
        assert_eq!(texts("ISO 27001"), ["iso", "27001"]);
        assert_eq!(texts("eRFx, RFQ."), ["erfx", "rfq"]);
        assert_eq!(texts("Scope 3 emissions"), ["scope", "3", "emissions"]);
    }

    #[test]
    fn offsets_point_at_the_words_and_positions_count_them() {
        let t = terms("Supplier — scorecards, e-auction");
        assert_eq!(
            t.iter()
                .map(|t| (
                    &"Supplier — scorecards, e-auction"[t.from..t.to],
                    t.position
                ))
                .collect::<Vec<_>>(),
            [
                ("Supplier", 0),
                ("scorecards", 1),
                ("e", 2),
                ("auction", 3),
                ("e-auction", 2)
            ]
        );
    }

    #[test]
    fn typos_allowed_grow_with_the_word() {
        assert_eq!(typo_allowance("rfq"), 0);
        assert_eq!(typo_allowance("audit"), 1);
        assert_eq!(typo_allowance("allergens"), 2);
    }
}
