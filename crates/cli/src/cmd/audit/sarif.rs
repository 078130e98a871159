//! `--format sarif`: SARIF 2.1.0, the format code-scanning views read. One run per report (its
//! `automationDetails.id` names the report, so each is tracked apart), one result per finding.
//!
//! Identifiers stay stable across runs so CI tools can follow a finding: the rule id is
//! [`Finding::rule_id`] (`seo/title-tag-length`); the logical location is the entry and field
//! (`entries/{entryId}/fields/{field}`), or the page for a finding about a page that is no
//! entry (`pages/{route}/fields/{field}`); the partial fingerprint is the rule, location and the
//! finding's rank among those sharing both. The physical location is the export file audited,
//! or the entry in Contentful's web app when the space is read live.
//!
//! Written with `serde_json::json!` rather than a typed SARIF crate: the output uses a dozen of
//! the format's properties, and the tests validate it against the published 2.1.0 schema.

use super::{Source, entry_app_url, logical_name};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use supplysite_core::audit::baseline::{Comparison, State};
use supplysite_core::audit::{Finding, Report, Severity};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

pub fn render(
    findings: &[Finding],
    reports: &[Report],
    source: &Source,
    baseline: Option<&Comparison>,
) -> anyhow::Result<String> {
    let runs: Vec<Value> = reports
        .iter()
        .map(|&report| run(report, findings, source, baseline))
        .collect();
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": runs,
    });
    Ok(serde_json::to_string_pretty(&log)? + "\n")
}

fn run(
    report: Report,
    findings: &[Finding],
    source: &Source,
    baseline: Option<&Comparison>,
) -> Value {
    let mine: Vec<(usize, &Finding)> = findings
        .iter()
        .enumerate()
        .filter(|(_, f)| f.report == report)
        .collect();
    // The rules this run reports, sorted by id; results point at them by index.
    let mut rules: BTreeMap<String, usize> = BTreeMap::new();
    for (_, f) in &mine {
        rules.entry(f.rule_id()).or_default();
    }
    for (i, index) in rules.values_mut().enumerate() {
        *index = i;
    }
    let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
    let results: Vec<Value> = mine
        .iter()
        .map(|&(i, f)| {
            let rule_id = f.rule_id();
            let location = logical_name(f);
            let rank = seen.entry((rule_id.clone(), location.clone())).or_default();
            *rank += 1;
            let mut result = json!({
                "ruleId": rule_id,
                "ruleIndex": rules[&rule_id],
                "level": level(f.severity),
                "message": { "text": format!("{}\n{}", f.message, f.hint) },
                "locations": [location_of(f, &location, source)],
                "partialFingerprints": {
                    "supplysiteFinding/v1": format!("{rule_id}:{location}:{rank}")
                },
                "properties": properties(f),
            });
            if let Some(c) = baseline {
                result["baselineState"] = json!(match c.states[i] {
                    State::New => "new",
                    State::Unchanged => "unchanged",
                });
            }
            result
        })
        .collect();
    let mut results = results;
    if let Some(c) = baseline {
        // Fixed findings are results whose baseline state is "absent"; their rule may no longer
        // be among this run's, so they name it by id alone.
        for r in c.fixed.iter().filter(|r| r.report == report) {
            results.push(json!({
                "ruleId": format!("{}/{}", r.report, r.rule),
                "level": "none",
                "kind": "pass",
                "message": { "text": format!("fixed: {}", r.message) },
                "baselineState": "absent",
            }));
        }
    }
    let rules: Vec<Value> = rules
        .keys()
        .map(|id| {
            json!({
                "id": id,
                "shortDescription": { "text": format!("{} ({} report)", id, report) },
                "fullDescription": { "text": report.describe() },
                "properties": { "report": report.as_str() },
            })
        })
        .collect();
    json!({
        "tool": {
            "driver": {
                "name": "supplysite audit",
                "rules": rules,
            }
        },
        "automationDetails": { "id": format!("supplysite-audit/{report}/") },
        "columnKind": "unicodeCodePoints",
        "results": results,
    })
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn location_of(f: &Finding, logical: &str, source: &Source) -> Value {
    let uri = match (source, &f.entry_id) {
        (Source::File(path), _) => path.clone(),
        (Source::Space { space, environment }, Some(id)) => {
            entry_app_url(space, environment, f, id)
        }
        (Source::Space { space, environment }, None) => {
            format!("https://app.contentful.com/spaces/{space}/environments/{environment}/entries")
        }
    };
    let kind = if f.field.is_some() {
        "member"
    } else if f.entry_id.is_some() {
        "object"
    } else {
        "resource"
    };
    json!({
        "physicalLocation": { "artifactLocation": { "uri": uri } },
        "logicalLocations": [{
            "name": f.field.as_deref().or(f.entry_id.as_deref()).or(f.route.as_deref()).unwrap_or("space"),
            "fullyQualifiedName": logical,
            "kind": kind,
        }],
    })
}

fn properties(f: &Finding) -> Value {
    let mut p = serde_json::Map::new();
    p.insert("report".into(), json!(f.report.as_str()));
    for (k, v) in [
        ("entryId", &f.entry_id),
        ("contentType", &f.content_type),
        ("field", &f.field),
        ("route", &f.route),
    ] {
        if let Some(v) = v {
            p.insert(k.into(), json!(v));
        }
    }
    p.insert("hint".into(), json!(f.hint));
    Value::Object(p)
}
