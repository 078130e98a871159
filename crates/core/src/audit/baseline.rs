//! Comparing an audit with an earlier one (its `--format json` output): which findings are new,
//! which were already there, and which are fixed. A team adopts the audit on a space with old
//! debt by failing only on what is new.
//!
//! A finding is the same one as an earlier finding when both have the same rule, entry, route
//! and field. Several findings of one rule on one field (six dead links in one body) are paired
//! by their messages first, then in order, so rewording a message or changing a value it quotes
//! (a title now 70 characters long instead of 64) keeps the finding unchanged.

use super::{Finding, Report, Severity};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A finding as an earlier `--format json` output recorded it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Recorded {
    /// How much it mattered.
    pub severity: Severity,
    /// The report that found it.
    pub report: Report,
    /// Its rule id within the report.
    pub rule: String,
    /// The entry it was about.
    pub entry_id: Option<String>,
    /// The entry's content type.
    pub content_type: Option<String>,
    /// The field to edit.
    pub field: Option<String>,
    /// The page that showed it.
    pub route: Option<String>,
    /// What was wrong.
    pub message: String,
    /// How to fix it.
    pub hint: String,
}

/// Whether a finding was in the baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// Not in the baseline: introduced since.
    New,
    /// In the baseline already.
    Unchanged,
}

impl State {
    /// `new` or `unchanged`.
    pub fn as_str(self) -> &'static str {
        match self {
            State::New => "new",
            State::Unchanged => "unchanged",
        }
    }
}

/// The outcome of [`compare`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// One state per current finding, in the findings' order.
    pub states: Vec<State>,
    /// The baseline's findings that are gone, in the baseline's order.
    pub fixed: Vec<Recorded>,
}

impl Comparison {
    /// The current findings that are new.
    pub fn new_findings(&self, findings: &[Finding]) -> Vec<Finding> {
        findings
            .iter()
            .zip(&self.states)
            .filter(|(_, s)| **s == State::New)
            .map(|(f, _)| f.clone())
            .collect()
    }
}

type Key<'a> = (
    Report,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
);

fn key_of(f: &Finding) -> Key<'_> {
    (
        f.report,
        f.rule,
        f.entry_id.as_deref(),
        f.route.as_deref(),
        f.field.as_deref(),
    )
}

fn recorded_key(r: &Recorded) -> Key<'_> {
    (
        r.report,
        &r.rule,
        r.entry_id.as_deref(),
        r.route.as_deref(),
        r.field.as_deref(),
    )
}

/// Compares `findings` with the `baseline`'s.
pub fn compare(findings: &[Finding], baseline: &[Recorded]) -> Comparison {
    let mut earlier: BTreeMap<Key, Vec<usize>> = BTreeMap::new();
    for (i, r) in baseline.iter().enumerate() {
        earlier.entry(recorded_key(r)).or_default().push(i);
    }
    let mut now: BTreeMap<Key, Vec<usize>> = BTreeMap::new();
    for (i, f) in findings.iter().enumerate() {
        now.entry(key_of(f)).or_default().push(i);
    }
    let mut states = vec![State::New; findings.len()];
    let mut matched = vec![false; baseline.len()];
    for (key, current) in &now {
        let Some(before) = earlier.get(key) else {
            continue;
        };
        let mut left: Vec<usize> = Vec::new();
        // Same message first, so the other findings on the field keep their partners.
        for &i in current {
            match before
                .iter()
                .find(|&&j| !matched[j] && baseline[j].message == findings[i].message)
            {
                Some(&j) => {
                    matched[j] = true;
                    states[i] = State::Unchanged;
                }
                None => left.push(i),
            }
        }
        // Then in order: the same problem, worded or valued differently.
        for i in left {
            if let Some(&j) = before.iter().find(|&&j| !matched[j]) {
                matched[j] = true;
                states[i] = State::Unchanged;
            }
        }
    }
    let fixed = baseline
        .iter()
        .zip(&matched)
        .filter(|(_, m)| !**m)
        .map(|(r, _)| r.clone())
        .collect();
    Comparison { states, fixed }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(rule: &'static str, entry: &str, message: &str) -> Finding {
        Finding {
            severity: Severity::Error,
            report: Report::Links,
            rule,
            entry_id: Some(entry.into()),
            content_type: Some("blogPost".into()),
            field: Some("bodyRichtext".into()),
            route: Some(format!("/insights/{entry}")),
            message: message.into(),
            hint: "fix it".into(),
        }
    }

    fn recorded(f: &Finding) -> Recorded {
        let json = serde_json::to_value(f).unwrap();
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn findings_in_the_baseline_are_unchanged_others_new_and_missing_ones_fixed() {
        let before = [
            finding("link-dead", "a", "link /x leads nowhere"),
            finding("link-dead", "b", "link /y leads nowhere"),
        ];
        let now = [
            finding("link-dead", "a", "link /x leads nowhere"),
            finding("link-dead", "c", "link /z leads nowhere"),
        ];
        let baseline: Vec<Recorded> = before.iter().map(recorded).collect();
        let c = compare(&now, &baseline);
        assert_eq!(c.states, [State::Unchanged, State::New]);
        assert_eq!(c.fixed, [baseline[1].clone()]);
        assert_eq!(c.new_findings(&now), [now[1].clone()]);
    }

    #[test]
    fn several_findings_on_one_field_pair_by_message_then_in_order() {
        let before = [
            finding("link-dead", "a", "link /x leads nowhere"),
            finding("link-dead", "a", "link /y leads nowhere"),
            finding("title-tag-length", "a", "titleTag is 64 characters"),
        ];
        // /x fixed, /y still there, /w added; the title got longer, same rule and place.
        let now = [
            finding("link-dead", "a", "link /w leads nowhere"),
            finding("link-dead", "a", "link /y leads nowhere"),
            finding("title-tag-length", "a", "titleTag is 70 characters"),
        ];
        let baseline: Vec<Recorded> = before.iter().map(recorded).collect();
        let c = compare(&now, &baseline);
        // Two dead links before and two now: /y pairs with /y, /w takes /x's place, as the
        // field still has two dead links to fix.
        assert_eq!(
            c.states,
            [State::Unchanged, State::Unchanged, State::Unchanged]
        );
        assert!(c.fixed.is_empty());
        let now = [finding("link-dead", "a", "link /y leads nowhere")];
        let c = compare(&now, &baseline);
        assert_eq!(c.states, [State::Unchanged]);
        assert_eq!(c.fixed, [baseline[0].clone(), baseline[2].clone()]);
    }

    #[test]
    fn a_different_rule_on_the_same_field_is_new() {
        let baseline = [recorded(&finding("link-dead", "a", "m"))];
        let now = [finding("link-to-noindex", "a", "m")];
        let c = compare(&now, &baseline);
        assert_eq!(c.states, [State::New]);
        assert_eq!(c.fixed.len(), 1);
    }
}
