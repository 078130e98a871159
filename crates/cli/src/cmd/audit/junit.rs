//! `--format junit`: JUnit XML, the test report every CI shows. One test suite per report, one
//! test case per finding: an error is a failure; a warning or an info finding passes, its
//! message kept in the case's output so the CI's view still shows it.
//!
//! A case's class name is the rule id (`links/link-dead`) and its name the entry and field
//! (`entries/{entryId}/fields/{field}`, or `pages/{route}/…` for a page that is no entry), with
//! ` #2`, ` #3` … for further findings of one rule on one field, so CI tools that track cases
//! across runs follow each finding.

use super::logical_name;
use quick_junit::{NonSuccessKind, Property, TestCase, TestCaseStatus, TestSuite};
use std::collections::BTreeMap;
use supplysite_core::audit::baseline::Comparison;
use supplysite_core::audit::{Finding, Report, Severity};

pub fn render(
    findings: &[Finding],
    reports: &[Report],
    baseline: Option<&Comparison>,
) -> anyhow::Result<String> {
    let mut out = quick_junit::Report::new("supplysite audit");
    for &report in reports {
        let mut suite = TestSuite::new(report.as_str());
        suite.add_property(Property::new("description", report.describe()));
        let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
        for (i, f) in findings
            .iter()
            .enumerate()
            .filter(|(_, f)| f.report == report)
        {
            let rule_id = f.rule_id();
            let location = logical_name(f);
            let rank = seen.entry((rule_id.clone(), location.clone())).or_default();
            *rank += 1;
            let name = if *rank == 1 {
                location
            } else {
                format!("{location} #{rank}")
            };
            let text = format!("{}\n{}", f.message, f.hint);
            let status = if f.severity == Severity::Error {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status
                    .set_message(f.message.as_str())
                    .set_type(rule_id.as_str())
                    .set_description(text.as_str());
                status
            } else {
                TestCaseStatus::success()
            };
            let mut case = TestCase::new(name, status);
            case.set_classname(rule_id.as_str());
            case.add_property(Property::new("severity", f.severity.as_str()));
            for (key, value) in [
                ("entryId", &f.entry_id),
                ("contentType", &f.content_type),
                ("field", &f.field),
                ("route", &f.route),
            ] {
                if let Some(value) = value {
                    case.add_property(Property::new(key, value.as_str()));
                }
            }
            if let Some(c) = baseline {
                case.add_property(Property::new("baseline", c.states[i].as_str()));
            }
            if f.severity != Severity::Error {
                case.set_system_out(text);
            }
            suite.add_test_case(case);
        }
        out.add_test_suite(suite);
    }
    Ok(out.to_string()? + "\n")
}
