//! `--format json`: `{"findings":[…],"summary":{…}}`, for CI and other tools. Keys keep the
//! order the findings' fields are declared in (severity, report, rule, entryId, …).
//!
//! With `--baseline`, each finding also has `"baseline": "new"` or `"unchanged"`, `fixed` lists
//! the baseline's findings that are gone (as the baseline recorded them), and `baselineSummary`
//! counts the three. The output is itself a baseline for the next run.

use serde::Serialize;
use supplysite_core::audit::baseline::{Comparison, Recorded, State};
use supplysite_core::audit::{Finding, Summary};

#[derive(Serialize)]
struct Output<'a> {
    findings: Vec<Compared<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fixed: Option<&'a [Recorded]>,
    summary: &'a Summary,
    #[serde(rename = "baselineSummary", skip_serializing_if = "Option::is_none")]
    baseline_summary: Option<BaselineSummary>,
}

#[derive(Serialize)]
struct Compared<'a> {
    #[serde(flatten)]
    finding: &'a Finding,
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<State>,
}

#[derive(Serialize)]
struct BaselineSummary {
    new: usize,
    unchanged: usize,
    fixed: usize,
}

pub fn render(
    findings: &[Finding],
    summary: &Summary,
    baseline: Option<&Comparison>,
) -> anyhow::Result<String> {
    let compared = findings
        .iter()
        .enumerate()
        .map(|(i, finding)| Compared {
            finding,
            baseline: baseline.map(|c| c.states[i]),
        })
        .collect();
    let output = Output {
        findings: compared,
        fixed: baseline.map(|c| c.fixed.as_slice()),
        summary,
        baseline_summary: baseline.map(|c| {
            let new = c.states.iter().filter(|s| **s == State::New).count();
            BaselineSummary {
                new,
                unchanged: c.states.len() - new,
                fixed: c.fixed.len(),
            }
        }),
    };
    Ok(serde_json::to_string_pretty(&output)? + "\n")
}
