//! What a report finds: one [`Finding`] per problem, and the [`Summary`] that counts them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How much a finding matters.
///
/// Ordered from most to least serious, so sorting puts errors first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Visitors or search engines meet something broken: a dead link, a missing PDF, a
    /// canonical that sends search engines elsewhere.
    Error,
    /// Works, but below what the site promises: a title search engines cut off, an image with
    /// no alt text, a product page topped up with other products' posts.
    Warning,
    /// Worth knowing, nothing to fix necessarily: noindex entries, coverage per product, the
    /// oldest posts.
    Info,
}

impl Severity {
    /// Every severity, most serious first.
    pub const ALL: [Severity; 3] = [Severity::Error, Severity::Warning, Severity::Info];

    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One of the seven reports ([`Report::describe`] says what each looks at).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Report {
    /// Titles, descriptions, canonicals, noindex, alt text, pictures.
    Seo,
    /// Internal, video and asset links, case-study PDFs.
    Links,
    /// What each product tag has; the product pages' fall-backs.
    Coverage,
    /// Read times and the oldest posts.
    Freshness,
    /// FAQ lists on no page; pages without a FAQ.
    Faq,
    /// Preview content without inspector tags.
    Inspector,
    /// Loops, chains, dead targets, redirects from a page.
    Redirects,
}

impl Report {
    /// Every report, in the order `supplysite audit` runs them.
    pub const ALL: [Report; 7] = [
        Report::Seo,
        Report::Links,
        Report::Coverage,
        Report::Freshness,
        Report::Faq,
        Report::Inspector,
        Report::Redirects,
    ];

    /// What the report looks at, in a line (`supplysite audit --help` lists it).
    pub fn describe(self) -> &'static str {
        match self {
            Report::Seo => {
                "Title tags, meta descriptions, canonicals, noindex entries, image alt text and \
                 pictures the site cannot resize"
            }
            Report::Links => "Internal links, video links, asset links and case-study PDFs",
            Report::Coverage => {
                "Posts, case studies and FAQ lists per product tag, and the product pages' \
                 fall-backs"
            }
            Report::Freshness => "Read times and the oldest posts",
            Report::Faq => {
                "FAQ lists attached to no page; product pages and insights without a FAQ"
            }
            Report::Inspector => {
                "Content a preview page shows without Live Preview's inspector tags"
            }
            Report::Redirects => {
                "Redirect loops, chains, targets that are no page and redirects from a page"
            }
        }
    }

    /// `seo`, `links`, `coverage`, `freshness`, `faq`, `inspector` or `redirects`.
    pub fn as_str(self) -> &'static str {
        match self {
            Report::Seo => "seo",
            Report::Links => "links",
            Report::Coverage => "coverage",
            Report::Freshness => "freshness",
            Report::Faq => "faq",
            Report::Inspector => "inspector",
            Report::Redirects => "redirects",
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem (or, at `info`, one fact) a report found.
///
/// `entry_id`, `content_type` and `field` say what to open and edit in Contentful; `route` says
/// which page of the site shows the problem. A finding about a page that is not an entry (a
/// product page) has no entry id; `content_type` and `field` then name the entries and field
/// that would fix it (tag posts in `blogPostProduct`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// How much the finding matters.
    pub severity: Severity,
    /// The report that found it.
    pub report: Report,
    /// What kind of problem it is, as a stable id within the report (`title-tag-length`,
    /// `link-dead`): [`Finding::rule_id`] names it across reports, and CI tools (SARIF, JUnit)
    /// track findings by it, so a rule keeps its id when its message's wording changes.
    pub rule: &'static str,
    /// The Contentful entry (`sys.id`) to open, when the finding is about one.
    pub entry_id: Option<String>,
    /// The Contentful content type id (`blogPost`, `casestudy`, …).
    pub content_type: Option<String>,
    /// The Contentful field id to edit (`titleTag`, `downloadablePdf`, …).
    pub field: Option<String>,
    /// The site path that shows the problem (`/insights/some-post`), when there is one.
    pub route: Option<String>,
    /// What is wrong, naming the bad value.
    pub message: String,
    /// How to fix it in Contentful: which entry and field to edit.
    pub hint: String,
}

impl Finding {
    /// The rule's id across reports: `seo/title-tag-length`.
    pub fn rule_id(&self) -> String {
        format!("{}/{}", self.report, self.rule)
    }

    /// The order findings are listed in: errors first, then by report, route, entry and field.
    pub fn sort_key(&self) -> impl Ord + '_ {
        (
            self.severity,
            self.report,
            &self.route,
            &self.entry_id,
            &self.field,
            &self.message,
            &self.hint,
        )
    }
}

/// Counts of findings by severity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BySeverity {
    /// Findings visitors or search engines meet as something broken.
    pub error: usize,
    /// Findings below what the site promises.
    pub warning: usize,
    /// Findings worth knowing.
    pub info: usize,
}

/// Counts of findings by report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ByReport {
    /// Findings of the SEO report.
    pub seo: usize,
    /// Findings of the links report.
    pub links: usize,
    /// Findings of the coverage report.
    pub coverage: usize,
    /// Findings of the freshness report.
    pub freshness: usize,
    /// Findings of the FAQ report.
    pub faq: usize,
    /// Findings of the inspector report.
    pub inspector: usize,
    /// Findings of the redirects report.
    pub redirects: usize,
}

/// How many findings there are, in total, by severity and by report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Every finding.
    pub total: usize,
    /// Counts by severity.
    pub by_severity: BySeverity,
    /// Counts by report.
    pub by_report: ByReport,
}

impl Summary {
    /// Counts `findings`.
    pub fn of(findings: &[Finding]) -> Summary {
        let mut s = Summary {
            total: findings.len(),
            ..Summary::default()
        };
        for f in findings {
            *match f.severity {
                Severity::Error => &mut s.by_severity.error,
                Severity::Warning => &mut s.by_severity.warning,
                Severity::Info => &mut s.by_severity.info,
            } += 1;
            *match f.report {
                Report::Seo => &mut s.by_report.seo,
                Report::Links => &mut s.by_report.links,
                Report::Coverage => &mut s.by_report.coverage,
                Report::Freshness => &mut s.by_report.freshness,
                Report::Faq => &mut s.by_report.faq,
                Report::Inspector => &mut s.by_report.inspector,
                Report::Redirects => &mut s.by_report.redirects,
            } += 1;
        }
        s
    }

    /// How many findings are at `severity` or more serious.
    pub fn at_least(&self, severity: Severity) -> usize {
        let s = &self.by_severity;
        match severity {
            Severity::Error => s.error,
            Severity::Warning => s.error + s.warning,
            Severity::Info => s.error + s.warning + s.info,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(severity: Severity, report: Report) -> Finding {
        Finding {
            severity,
            report,
            rule: "test",
            entry_id: None,
            content_type: None,
            field: None,
            route: None,
            message: String::new(),
            hint: String::new(),
        }
    }

    #[test]
    fn summary_counts_by_severity_and_report_and_at_least_includes_the_more_serious() {
        let findings = [
            finding(Severity::Error, Report::Links),
            finding(Severity::Warning, Report::Seo),
            finding(Severity::Warning, Report::Seo),
            finding(Severity::Info, Report::Faq),
        ];
        let s = Summary::of(&findings);
        assert_eq!(s.total, 4);
        assert_eq!(
            (s.by_report.seo, s.by_report.links, s.by_report.faq),
            (2, 1, 1)
        );
        assert_eq!(s.at_least(Severity::Error), 1);
        assert_eq!(s.at_least(Severity::Warning), 3);
        assert_eq!(s.at_least(Severity::Info), 4);
    }

    #[test]
    fn findings_sort_errors_first_then_by_report() {
        let mut findings = [
            finding(Severity::Info, Report::Seo),
            finding(Severity::Warning, Report::Faq),
            finding(Severity::Warning, Report::Seo),
            finding(Severity::Error, Report::Faq),
        ];
        findings.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
        let order: Vec<_> = findings.iter().map(|f| (f.severity, f.report)).collect();
        assert_eq!(
            order,
            [
                (Severity::Error, Report::Faq),
                (Severity::Warning, Report::Seo),
                (Severity::Warning, Report::Faq),
                (Severity::Info, Report::Seo),
            ]
        );
    }
}
