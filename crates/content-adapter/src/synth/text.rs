//! Deterministic filler copy for synthetic exports: procurement words picked by a seeded
//! generator, and rich-text documents built from them.

use serde_json::{Value, json};

const WORDS: &[&str] = &[
    "supplier",
    "sourcing",
    "tender",
    "contract",
    "risk",
    "compliance",
    "auction",
    "savings",
    "category",
    "performance",
    "scorecard",
    "onboarding",
    "audit",
    "approval",
    "workflow",
    "pipeline",
    "spend",
    "quality",
    "food",
    "safety",
    "specification",
    "renewal",
    "dashboard",
    "survey",
    "stakeholder",
    "negotiation",
    "pricing",
    "evaluation",
    "tenderer",
    "buyer",
    "procurement",
    "team",
    "council",
    "manufacturer",
    "portal",
    "records",
    "insight",
    "policy",
];

/// A small splitmix64 generator: the same seed always gives the same copy.
pub(super) struct Words(u64);

impl Words {
    pub fn new(seed: u64) -> Self {
        Words(seed ^ 0x5eed_5eed_5eed_5eed)
    }

    fn next(&mut self) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % WORDS.len() as u64) as usize
    }

    fn words(&mut self, n: usize) -> Vec<&'static str> {
        (0..n).map(|_| WORDS[self.next()]).collect()
    }

    /// `n` capitalised words.
    pub fn title(&mut self, n: usize) -> String {
        self.words(n)
            .iter()
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect::<String>())
                    .unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A sentence of `n` words.
    pub fn sentence(&mut self, n: usize) -> String {
        let mut s = self.words(n.max(1)).join(" ");
        if let Some(first) = s.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        s.push('.');
        s
    }
}

pub(super) fn text(value: &str) -> Value {
    json!({"nodeType": "text", "value": value, "marks": [], "data": {}})
}

pub(super) fn paragraph(value: &str) -> Value {
    json!({"nodeType": "paragraph", "data": {}, "content": [text(value)]})
}

pub(super) fn document(content: Vec<Value>) -> Value {
    json!({"nodeType": "document", "data": {}, "content": content})
}
