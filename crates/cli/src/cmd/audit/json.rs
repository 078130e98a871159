//! `--format json`: `{"findings":[…],"summary":{…}}`, for CI and other tools. Keys keep the
//! order the findings' fields are declared in (severity, report, entryId, …).

use serde::Serialize;
use supplysite_core::audit::{Finding, Summary};

#[derive(Serialize)]
struct Output<'a> {
    findings: &'a [Finding],
    summary: &'a Summary,
}

pub fn render(findings: &[Finding], summary: &Summary) -> anyhow::Result<String> {
    Ok(serde_json::to_string_pretty(&Output { findings, summary })? + "\n")
}
