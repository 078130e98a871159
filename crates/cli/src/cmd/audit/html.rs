//! `--format html`: one self-contained page to open, print or attach to an email. Inline CSS,
//! inline SVG charts (each with a text alternative) and a small inline script that sorts and
//! filters the tables; nothing is loaded from anywhere (its Content-Security-Policy forbids it),
//! and without the script the tables read in their listed order.
//!
//! The summary counts findings by report and severity and charts them, with the posts and case
//! studies per product tag and the indexable posts by year published. One table per report
//! follows; each finding links to its page on the site and, when the space is known, to its
//! entry in Contentful's web app. Every value from the content is escaped.

use super::{Source, entry_app_url};
use std::fmt::Write;
use supplysite_core::audit::baseline::{Comparison, State};
use supplysite_core::audit::{Finding, Report, Severity, Stats, Summary};
use supplysite_core::html::escape;

/// Where a finding's links lead.
pub struct Links<'a> {
    /// The site's public origin, without a trailing slash.
    pub site: &'a str,
    /// The space and environment, when known, for links to Contentful's web app.
    pub space: Option<(&'a str, &'a str)>,
}

/// Everything the page shows.
pub struct Page<'a> {
    pub findings: &'a [Finding],
    pub summary: &'a Summary,
    pub reports: &'a [Report],
    pub stats: &'a Stats,
    pub source: &'a Source,
    pub links: Links<'a>,
    pub baseline: Option<&'a Comparison>,
}

const STYLE: &str = r#"
:root { color-scheme: light; --error: #b42318; --warning: #93370d; --info: #175cd3; --ink: #1d2939; --muted: #475467; --line: #d0d5dd; --band: #f2f4f7; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
header, main, footer { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
header { padding-top: 1.5rem; }
h1 { font-size: 1.75rem; margin: 0 0 .25rem; }
h2 { font-size: 1.35rem; margin: 2rem 0 .5rem; border-bottom: 2px solid var(--line); padding-bottom: .25rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
a { color: #1849a9; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #1849a9; outline-offset: 2px; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; padding: 0; margin: .75rem 0 0; }
.meta { color: var(--muted); margin: 0; }
.counts { border-collapse: collapse; margin: .5rem 0 1rem; }
.counts th, .counts td { border: 1px solid var(--line); padding: .25rem .75rem; text-align: right; }
.counts th:first-child { text-align: left; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr)); gap: 1rem 2rem; }
figure { margin: 0; }
figcaption { font-weight: 600; margin-bottom: .25rem; }
svg { max-width: 100%; height: auto; }
svg text { font: 12px system-ui, sans-serif; fill: var(--ink); }
.legend { display: flex; gap: 1rem; margin: .25rem 0 0; padding: 0; list-style: none; font-size: .85rem; }
.swatch { display: inline-block; width: .8em; height: .8em; margin-right: .3em; vertical-align: -.05em; }
.tools { margin: .5rem 0; }
.tools input { font: inherit; padding: .25rem .5rem; border: 1px solid var(--muted); border-radius: 4px; min-width: 16rem; }
table.findings { border-collapse: collapse; width: 100%; font-size: .9rem; }
table.findings caption { text-align: left; color: var(--muted); padding: .25rem 0; }
table.findings th, table.findings td { border-bottom: 1px solid var(--line); padding: .4rem .5rem; vertical-align: top; text-align: left; }
table.findings thead th { background: var(--band); position: sticky; top: 0; }
table.findings th button { font: inherit; font-weight: 600; border: 0; background: none; padding: 0; cursor: pointer; color: inherit; }
th[aria-sort="ascending"] button::after { content: " \25B2"; }
th[aria-sort="descending"] button::after { content: " \25BC"; }
.sev { font-weight: 600; white-space: nowrap; }
.sev-error { color: var(--error); }
.sev-warning { color: var(--warning); }
.sev-info { color: var(--info); }
.hint { display: block; color: var(--muted); }
code { font: .85em ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
.new { font-weight: 600; }
footer { color: var(--muted); padding: 2rem 1rem; font-size: .85rem; }
@media print {
  body { font-size: 10pt; }
  nav, .tools { display: none !important; }
  a { color: inherit; text-decoration: none; }
  table.findings thead th { position: static; }
  tr, figure { break-inside: avoid; }
  h2 { break-after: avoid; }
}
"#;

/// Sorting and filtering, added when scripts run; the page reads the same without it.
const SCRIPT: &str = r#"
(function () {
  for (const tools of document.querySelectorAll('.tools')) tools.hidden = false;
  for (const input of document.querySelectorAll('input[data-filter]')) {
    const table = document.getElementById(input.dataset.filter);
    const status = document.getElementById(input.dataset.filter + '-shown');
    input.addEventListener('input', function () {
      const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      let shown = 0;
      for (const row of table.tBodies[0].rows) {
        const text = row.textContent.toLowerCase();
        const match = words.every(function (w) { return text.includes(w); });
        row.hidden = !match;
        if (match) shown++;
      }
      status.textContent = shown + ' of ' + table.tBodies[0].rows.length + ' shown';
    });
  }
  for (const button of document.querySelectorAll('th button[data-col]')) {
    button.addEventListener('click', function () {
      const th = button.parentElement;
      const table = th.closest('table');
      const col = Number(button.dataset.col);
      const ascending = th.getAttribute('aria-sort') !== 'ascending';
      for (const other of table.tHead.rows[0].cells) other.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      const key = function (row) {
        const cell = row.cells[col];
        return cell.dataset.sort !== undefined ? cell.dataset.sort : cell.textContent.trim().toLowerCase();
      };
      const body = table.tBodies[0];
      const rows = Array.from(body.rows);
      rows.sort(function (a, b) {
        const x = key(a), y = key(b);
        const c = x < y ? -1 : x > y ? 1 : 0;
        return ascending ? c : -c;
      });
      for (const row of rows) body.appendChild(row);
    });
  }
})();
"#;

/// The page's policy: inline style and script only; no request for anything.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

pub fn render(page: &Page) -> String {
    let mut out = String::with_capacity(64 * 1024);
    let title = "Content audit";
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">\n\
         <meta name=\"referrer\" content=\"no-referrer\">\n\
         <title>{title} of {site}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        site = escape(page.links.site),
    );
    header(&mut out, page);
    out.push_str("<main>\n");
    summary(&mut out, page);
    for &report in page.reports {
        report_section(&mut out, page, report);
    }
    if let Some(c) = page.baseline {
        fixed(&mut out, c);
    }
    out.push_str("</main>\n<footer><p>Made by <code>supplysite audit --format html</code>. Every figure and finding is computed from the content named above; nothing on this page is loaded from elsewhere.</p></footer>\n");
    let _ = write!(out, "<script>{SCRIPT}</script>\n</body>\n</html>\n");
    out
}

fn header(out: &mut String, page: &Page) {
    let source = match page.source {
        Source::File(path) => format!("the export <code>{}</code>", escape(path)),
        Source::Space { space, environment } => format!(
            "the space <code>{}</code>, environment <code>{}</code>",
            escape(space),
            escape(environment)
        ),
    };
    let _ = write!(
        out,
        "<header>\n<h1>Content audit</h1>\n<p class=\"meta\">Of {source}, for the site <a href=\"{site}/\">{site}</a>.</p>\n<nav aria-label=\"Reports\"><ul>\n<li><a href=\"#summary\">Summary</a></li>\n",
        site = escape(page.links.site),
    );
    for &r in page.reports {
        let _ = writeln!(
            out,
            "<li><a href=\"#report-{r}\">{} ({})</a></li>",
            heading(r),
            count(page.summary, r)
        );
    }
    if page.baseline.is_some() {
        out.push_str("<li><a href=\"#fixed\">Fixed</a></li>\n");
    }
    out.push_str("</ul></nav>\n</header>\n");
}

fn heading(r: Report) -> &'static str {
    match r {
        Report::Seo => "SEO",
        Report::Links => "Links",
        Report::Coverage => "Coverage",
        Report::Freshness => "Freshness",
        Report::Faq => "FAQ",
        Report::Inspector => "Inspector",
        Report::Redirects => "Redirects",
    }
}

fn count(s: &Summary, r: Report) -> usize {
    let b = &s.by_report;
    match r {
        Report::Seo => b.seo,
        Report::Links => b.links,
        Report::Coverage => b.coverage,
        Report::Freshness => b.freshness,
        Report::Faq => b.faq,
        Report::Inspector => b.inspector,
        Report::Redirects => b.redirects,
    }
}

/// Findings of `report` at `severity`.
fn cell_count(findings: &[Finding], report: Report, severity: Severity) -> usize {
    findings
        .iter()
        .filter(|f| f.report == report && f.severity == severity)
        .count()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn colour(s: Severity) -> &'static str {
    match s {
        Severity::Error => "#b42318",
        Severity::Warning => "#dc6803",
        Severity::Info => "#2e90fa",
    }
}

fn summary(out: &mut String, page: &Page) {
    let s = &page.summary.by_severity;
    out.push_str("<section aria-labelledby=\"summary\">\n<h2 id=\"summary\">Summary</h2>\n");
    let _ = write!(
        out,
        "<p>{}: {}, {}, {} info.",
        plural(page.summary.total, "finding", "findings"),
        plural(s.error, "error", "errors"),
        plural(s.warning, "warning", "warnings"),
        s.info
    );
    if let Some(c) = page.baseline {
        let new = c.states.iter().filter(|s| **s == State::New).count();
        let _ = write!(
            out,
            " Compared with the baseline: {new} new, {} unchanged, {} fixed.",
            c.states.len() - new,
            c.fixed.len()
        );
    }
    out.push_str("</p>\n<table class=\"counts\">\n<caption class=\"meta\">Findings by report and severity</caption>\n<thead><tr><th scope=\"col\">Report</th><th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th><th scope=\"col\">Info</th><th scope=\"col\">Total</th></tr></thead>\n<tbody>\n");
    for &r in page.reports {
        let _ = writeln!(
            out,
            "<tr><th scope=\"row\"><a href=\"#report-{r}\">{}</a></th><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            heading(r),
            cell_count(page.findings, r, Severity::Error),
            cell_count(page.findings, r, Severity::Warning),
            cell_count(page.findings, r, Severity::Info),
            count(page.summary, r)
        );
    }
    out.push_str("</tbody>\n</table>\n<div class=\"charts\">\n");
    findings_chart(out, page);
    tags_chart(out, page.stats);
    years_chart(out, page.stats);
    out.push_str("</div>\n</section>\n");
}

/// A horizontal bar chart: one row per label, each bar made of coloured parts.
struct Bars<'a> {
    id: &'a str,
    caption: &'a str,
    /// The text alternative: every figure the chart shows.
    description: String,
    rows: Vec<(String, Vec<(usize, &'static str)>)>,
    legend: &'a [(&'a str, &'static str)],
}

fn bars(out: &mut String, chart: &Bars) {
    const LABEL: f64 = 120.0;
    const WIDTH: f64 = 420.0;
    const ROW: f64 = 26.0;
    let max = chart
        .rows
        .iter()
        .map(|(_, parts)| parts.iter().map(|p| p.0).sum::<usize>())
        .max()
        .unwrap_or(0)
        .max(1);
    let bar_width = WIDTH - LABEL - 40.0;
    let height = ROW * chart.rows.len() as f64 + 8.0;
    let _ = write!(
        out,
        "<figure>\n<figcaption id=\"{id}-caption\">{caption}</figcaption>\n\
         <svg role=\"img\" aria-labelledby=\"{id}-title\" aria-describedby=\"{id}-desc\" viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" height=\"{height}\" xmlns=\"http://www.w3.org/2000/svg\">\n\
         <title id=\"{id}-title\">{caption}</title>\n<desc id=\"{id}-desc\">{desc}</desc>\n",
        id = chart.id,
        caption = escape(chart.caption),
        desc = escape(&chart.description),
    );
    for (i, (label, parts)) in chart.rows.iter().enumerate() {
        let y = 4.0 + ROW * i as f64;
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{ty}\" text-anchor=\"end\">{label}</text>",
            x = LABEL - 6.0,
            ty = y + ROW / 2.0 + 4.0,
            label = escape(label),
        );
        let mut x = LABEL;
        for &(n, fill) in parts {
            if n == 0 {
                continue;
            }
            let w = bar_width * n as f64 / max as f64;
            let _ = writeln!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"{fill}\"/>",
                h = ROW - 8.0,
            );
            x += w;
        }
        let total: usize = parts.iter().map(|p| p.0).sum();
        let _ = writeln!(
            out,
            "<text x=\"{tx:.1}\" y=\"{ty}\">{total}</text>",
            tx = x + 4.0,
            ty = y + ROW / 2.0 + 4.0,
        );
    }
    out.push_str("</svg>\n");
    if chart.legend.len() > 1 {
        out.push_str("<ul class=\"legend\" aria-hidden=\"true\">");
        for (name, fill) in chart.legend {
            let _ = write!(
                out,
                "<li><span class=\"swatch\" style=\"background:{fill}\"></span>{name}</li>"
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</figure>\n");
}

fn findings_chart(out: &mut String, page: &Page) {
    let rows: Vec<(String, Vec<(usize, &'static str)>)> = page
        .reports
        .iter()
        .map(|&r| {
            (
                heading(r).to_string(),
                Severity::ALL
                    .iter()
                    .map(|&s| (cell_count(page.findings, r, s), colour(s)))
                    .collect(),
            )
        })
        .collect();
    let description = page
        .reports
        .iter()
        .map(|&r| {
            format!(
                "{}: {}, {}, {} info",
                heading(r),
                plural(
                    cell_count(page.findings, r, Severity::Error),
                    "error",
                    "errors"
                ),
                plural(
                    cell_count(page.findings, r, Severity::Warning),
                    "warning",
                    "warnings"
                ),
                cell_count(page.findings, r, Severity::Info)
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    bars(
        out,
        &Bars {
            id: "chart-findings",
            caption: "Findings by report and severity",
            description: description + ".",
            rows,
            legend: &[
                ("Errors", "#b42318"),
                ("Warnings", "#dc6803"),
                ("Info", "#2e90fa"),
            ],
        },
    );
}

fn tags_chart(out: &mut String, stats: &Stats) {
    const POSTS: &str = "#7f56d9";
    const CASES: &str = "#039855";
    let rows = stats
        .tags
        .iter()
        .flat_map(|t| {
            [
                (format!("{} posts", t.tag), vec![(t.posts, POSTS)]),
                (format!("{} stories", t.tag), vec![(t.case_studies, CASES)]),
            ]
        })
        .collect();
    let description = stats
        .tags
        .iter()
        .map(|t| {
            format!(
                "{}: {}, {}",
                t.tag,
                plural(t.posts, "post", "posts"),
                plural(t.case_studies, "case study", "case studies")
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    bars(
        out,
        &Bars {
            id: "chart-tags",
            caption: "Posts and customer stories per product tag",
            description: description + ".",
            rows,
            legend: &[("Posts", POSTS), ("Customer stories", CASES)],
        },
    );
}

fn years_chart(out: &mut String, stats: &Stats) {
    const FILL: &str = "#1570ef";
    let rows = stats
        .posts_by_year
        .iter()
        .map(|(y, n)| (y.to_string(), vec![(*n, FILL)]))
        .collect();
    let description = if stats.posts_by_year.is_empty() {
        "No indexable posts.".to_string()
    } else {
        stats
            .posts_by_year
            .iter()
            .map(|(y, n)| format!("{y}: {}", plural(*n, "post", "posts")))
            .collect::<Vec<_>>()
            .join("; ")
            + "."
    };
    bars(
        out,
        &Bars {
            id: "chart-years",
            caption: "Indexable posts by year published",
            description,
            rows,
            legend: &[("Posts", FILL)],
        },
    );
}

/// A path segment as it may appear in a URL: unreserved characters kept, the rest
/// percent-encoded (entry ids are letters, digits, `-`, `_` and `.`; anything else is encoded).
fn segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// A site path as a link target: each segment encoded, so a path from the content can only
/// name a page of the site.
fn site_path(route: &str) -> String {
    route.split('/').map(segment).collect::<Vec<_>>().join("/")
}

fn report_section(out: &mut String, page: &Page, report: Report) {
    let id = format!("report-{report}");
    let rows: Vec<(usize, &Finding)> = page
        .findings
        .iter()
        .enumerate()
        .filter(|(_, f)| f.report == report)
        .collect();
    let _ = write!(
        out,
        "<section aria-labelledby=\"{id}\">\n<h2 id=\"{id}\">{} <span class=\"meta\">({})</span></h2>\n<p class=\"meta\">{}.</p>\n",
        heading(report),
        plural(rows.len(), "finding", "findings"),
        escape(report.describe())
    );
    if rows.is_empty() {
        out.push_str("<p>No findings.</p>\n</section>\n");
        return;
    }
    let table = format!("table-{report}");
    let _ = write!(
        out,
        "<div class=\"tools\" hidden><label>Filter {h} findings <input type=\"search\" data-filter=\"{table}\"></label> <span id=\"{table}-shown\" role=\"status\"></span></div>\n\
         <table class=\"findings\" id=\"{table}\">\n<caption>{h} findings, most serious first; sort by a column's heading</caption>\n<thead><tr>",
        h = heading(report),
    );
    let mut columns = vec!["Severity", "Rule", "Page", "Entry", "Field", "Finding"];
    if page.baseline.is_some() {
        columns.push("Baseline");
    }
    for (i, c) in columns.iter().enumerate() {
        let _ = write!(
            out,
            "<th scope=\"col\"><button type=\"button\" data-col=\"{i}\">{c}</button></th>"
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (i, f) in rows {
        let rank = Severity::ALL
            .iter()
            .position(|s| *s == f.severity)
            .unwrap_or(0);
        let _ = write!(
            out,
            "<tr><td class=\"sev sev-{s}\" data-sort=\"{rank}\">{s}</td><td><code>{rule}</code></td><td>",
            s = f.severity.as_str(),
            rule = escape(f.rule),
        );
        if let Some(route) = f.route.as_deref() {
            if route.starts_with('/') {
                let _ = write!(
                    out,
                    "<a href=\"{}{}\">{}</a>",
                    escape(page.links.site),
                    escape(&site_path(route)),
                    escape(route)
                );
            } else {
                out.push_str(&escape(route));
            }
        }
        out.push_str("</td><td>");
        if let Some(entry) = f.entry_id.as_deref() {
            match page.links.space {
                Some((space, environment)) => {
                    let _ = write!(
                        out,
                        "<a href=\"{}\" title=\"Open in Contentful\"><code>{}</code></a>",
                        escape(&entry_app_url(
                            &segment(space),
                            &segment(environment),
                            f,
                            &segment(entry)
                        )),
                        escape(entry)
                    );
                }
                None => {
                    let _ = write!(out, "<code>{}</code>", escape(entry));
                }
            }
        }
        if let Some(ct) = f.content_type.as_deref() {
            let _ = write!(out, " <span class=\"meta\">({})</span>", escape(ct));
        }
        let _ = write!(
            out,
            "</td><td><code>{}</code></td><td>{}<span class=\"hint\">{}</span></td>",
            escape(f.field.as_deref().unwrap_or("")),
            escape(&f.message),
            escape(&f.hint)
        );
        if let Some(c) = page.baseline {
            let state = c.states[i];
            let class = if state == State::New {
                " class=\"new\""
            } else {
                ""
            };
            let _ = write!(out, "<td{class}>{}</td>", state.as_str());
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

fn fixed(out: &mut String, c: &Comparison) {
    out.push_str(
        "<section aria-labelledby=\"fixed\">\n<h2 id=\"fixed\">Fixed since the baseline</h2>\n",
    );
    if c.fixed.is_empty() {
        out.push_str("<p>None.</p>\n</section>\n");
        return;
    }
    out.push_str("<table class=\"findings\">\n<caption>Findings of the baseline that are gone</caption>\n<thead><tr><th scope=\"col\">Severity</th><th scope=\"col\">Rule</th><th scope=\"col\">Page</th><th scope=\"col\">Entry</th><th scope=\"col\">Field</th><th scope=\"col\">Finding</th></tr></thead>\n<tbody>\n");
    for r in &c.fixed {
        let _ = writeln!(
            out,
            "<tr><td class=\"sev sev-{s}\">{s}</td><td><code>{report}/{rule}</code></td><td>{route}</td><td><code>{entry}</code></td><td><code>{field}</code></td><td>{message}</td></tr>",
            s = r.severity.as_str(),
            report = r.report,
            rule = escape(&r.rule),
            route = escape(r.route.as_deref().unwrap_or("")),
            entry = escape(r.entry_id.as_deref().unwrap_or("")),
            field = escape(r.field.as_deref().unwrap_or("")),
            message = escape(&r.message),
        );
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_ids_from_the_content_are_encoded_into_links() {
        assert_eq!(site_path("/insights/a b"), "/insights/a%20b");
        assert_eq!(site_path("/x\"><script>"), "/x%22%3E%3Cscript%3E");
        assert_eq!(segment("post-1_a.b"), "post-1_a.b");
        assert_eq!(segment("a/b?c"), "a%2Fb%3Fc");
    }

    #[test]
    fn every_value_from_the_content_is_escaped() {
        let finding = Finding {
            severity: Severity::Error,
            report: Report::Links,
            rule: "link-dead",
            entry_id: Some("<b>id".into()),
            content_type: Some("blog<Post>".into()),
            field: Some("body\"Richtext".into()),
            route: Some("/insights/<x>".into()),
            message: "link <script>alert(1)</script> & more".into(),
            hint: "it's \"broken\"".into(),
        };
        let findings = [finding];
        let summary = Summary::of(&findings);
        let stats = Stats {
            tags: Vec::new(),
            posts_by_year: Vec::new(),
        };
        let source = Source::File("a<b>.json".into());
        let html = render(&Page {
            findings: &findings,
            summary: &summary,
            reports: &[Report::Links],
            stats: &stats,
            source: &source,
            links: Links {
                site: "https://www.example.com",
                space: Some(("space1", "master")),
            },
            baseline: None,
        });
        for raw in [
            "<b>id",
            "<script>alert",
            "blog<Post>",
            "body\"Richtext",
            "a<b>",
            "<x>",
        ] {
            assert!(!html.contains(raw), "{raw} unescaped");
        }
        assert!(html.contains("link &lt;script&gt;alert(1)&lt;/script&gt; &amp; more"));
        assert!(html.contains(
            "href=\"https://app.contentful.com/spaces/space1/environments/master/entries/%3Cb%3Eid\""
        ));
        assert!(html.contains("href=\"https://www.example.com/insights/%3Cx%3E\""));
        // One script, ours; nothing that loads from elsewhere.
        assert_eq!(html.matches("<script>").count(), 1);
        for loads in ["src=", "<link", "@import", "url("] {
            assert!(!html.contains(loads), "{loads}");
        }
    }
}
