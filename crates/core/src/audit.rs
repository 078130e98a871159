//! Content reports for editors and SEO auditors: pure functions over a [`ContentSet`] that
//! return [`Finding`]s, each naming the entry, field and route at fault, what is wrong and
//! which field to edit in Contentful to fix it.
//!
//! Seven reports (see [`Report`]): `seo` (titles, descriptions, canonicals, noindex, alt text,
//! pictures the site cannot resize),
//! `links` (internal links, video links, asset links, case-study PDFs), `coverage` (what every
//! product tag has, and which selection-rule fall-backs the product pages use and why),
//! `freshness` (read times and the oldest posts), `faq` (FAQ lists attached to no page, pages
//! without a FAQ), `inspector` (content a preview page shows without Live Preview's
//! inspector tags) and `redirects` (loops, chains, dead targets, targets on hosts the site does not allow and redirects from a page). [`audit`] runs the ones asked for and sorts the findings, so the same content
//! always gives the same list. Each finding names its rule (`seo/title-tag-length`), a stable
//! id CI tools track it by; [`baseline`] compares an audit with an earlier one; [`external`] lists the
//! outbound links and judges how each answered, for a checker outside core to ask; [`findable`]
//! asks the site search's index whether each public page is found by its own title.

pub mod baseline;
mod coverage;
pub mod external;
mod faq;
pub mod findable;
mod finding;
mod freshness;
mod images;
mod inspector;
mod links;
mod redirects;
mod seo;
mod stats;
mod subject;

pub use finding::{ByReport, BySeverity, Finding, Report, Severity, Summary};
pub use stats::{Stats, TagCounts, stats};

use crate::content::ContentSet;
use crate::redirects::ExternalTargets;

/// Runs `reports` over `set` and returns their findings sorted: by severity (errors first),
/// then report, route, entry id, field and message. Identical findings are listed once.
pub fn audit(set: &ContentSet, reports: &[Report]) -> Vec<Finding> {
    audit_with(set, reports, &ExternalTargets::Any)
}

/// [`audit`] with the redirects' external targets held to `targets`, as the site holds them
/// (a redirect to another host is reported as the error it is there).
pub fn audit_with(set: &ContentSet, reports: &[Report], targets: &ExternalTargets) -> Vec<Finding> {
    let mut findings = Vec::new();
    for report in Report::ALL {
        if reports.contains(&report) {
            findings.extend(run(set, report, targets));
        }
    }
    sort(&mut findings);
    findings
}

/// The findings of one report, unsorted.
fn run(set: &ContentSet, report: Report, targets: &ExternalTargets) -> Vec<Finding> {
    match report {
        Report::Seo => seo::report(set),
        Report::Links => links::report(set),
        Report::Coverage => coverage::report(set),
        Report::Freshness => freshness::report(set),
        Report::Faq => faq::report(set),
        Report::Inspector => inspector::report(set),
        Report::Redirects => redirects::report(set, targets),
    }
}

/// Sorts findings into their one deterministic order and drops exact repeats (an image embedded
/// twice in one field is one thing to fix).
pub fn sort(findings: &mut Vec<Finding>) {
    findings.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    findings.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_space_reports_the_empty_coverage_and_the_product_pages_without_faqs() {
        let findings = audit(&ContentSet::empty(), &Report::ALL);
        let summary = Summary::of(&findings);
        // Seven tag summaries, and for the eight product pages no related posts and no teaser,
        // and three empty sourcing lists; eight product pages without a FAQ; nothing else.
        assert_eq!(summary.by_report.coverage, 7 + 8 + 8 + 3);
        assert_eq!(summary.by_report.faq, 8);
        assert_eq!(summary.total, 7 + 8 + 8 + 3 + 8);
        insta::assert_json_snapshot!(findings);
    }

    #[test]
    fn audit_runs_only_the_reports_asked_for() {
        let findings = audit(&ContentSet::empty(), &[Report::Faq]);
        assert!(findings.iter().all(|f| f.report == Report::Faq));
        assert!(!findings.is_empty());
    }
}
