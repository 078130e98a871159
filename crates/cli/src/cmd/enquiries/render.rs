//! The leads report's formats. Every group name came from a link anyone can write (a
//! campaign parameter, a referrer), so each format makes it inert where it goes: padded text
//! in the table, quoted (and kept from being read as a formula) in CSV, escaped in Markdown and
//! HTML.

use supplysite_core::html::escape;
use supplysite_core::leads::{LeadCounts, LeadsReport};

const HEADER: [&str; 5] = ["LEADS", "DELIVERED", "PENDING", "FAILED", ""];

fn counts(c: &LeadCounts) -> [String; 4] {
    [c.leads, c.delivered, c.pending, c.failed].map(|n| n.to_string())
}

/// What the report covers, in a line: `Leads by source, 2026-01-01 to 2026-03-31: 42`.
fn title(r: &LeadsReport) -> String {
    let period = match (&r.since, &r.until) {
        (Some(s), Some(u)) => format!(", {s} to {u}"),
        (Some(s), None) => format!(", since {s}"),
        (None, Some(u)) => format!(", until {u}"),
        (None, None) => String::new(),
    };
    format!("Leads by {}{period}", r.by.as_str())
}

/// Aligned columns, the group first, then the totals.
pub fn table(r: &LeadsReport) -> String {
    let group_header = r.by.as_str().to_uppercase();
    let mut rows: Vec<[String; 5]> = vec![[
        group_header,
        HEADER[0].into(),
        HEADER[1].into(),
        HEADER[2].into(),
        HEADER[3].into(),
    ]];
    for row in &r.rows {
        let [a, b, c, d] = counts(&row.counts);
        rows.push([row.group.clone(), a, b, c, d]);
    }
    let [a, b, c, d] = counts(&r.total);
    rows.push(["TOTAL".into(), a, b, c, d]);
    let mut widths = [0usize; 5];
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = format!("{}\n\n", title(r));
    for row in &rows {
        let mut line = format!("{:<w$}", row[0], w = widths[0]);
        for (cell, w) in row[1..].iter().zip(&widths[1..]) {
            line.push_str(&format!("  {cell:>w$}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if r.rows.is_empty() {
        out.push_str("(no leads in this period)\n");
    }
    out
}

/// RFC 4180 rows under a header, one per group (no total: a spreadsheet sums).
pub fn csv(r: &LeadsReport) -> String {
    let mut out = format!("{},leads,delivered,pending,failed\r\n", r.by.as_str());
    for row in &r.rows {
        let [a, b, c, d] = counts(&row.counts);
        out.push_str(&format!("{},{a},{b},{c},{d}\r\n", csv_cell(&row.group)));
    }
    out
}

/// Quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-` or `@` gets a
/// `'` first, so a spreadsheet shows a campaign named `=HYPERLINK(…)` rather than running it.
fn csv_cell(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if text.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// A Markdown table with a heading, for a wiki or a pull request.
pub fn markdown(r: &LeadsReport) -> String {
    let mut out = format!(
        "## {}\n\n| {} | leads | delivered | pending | failed |\n|---|---:|---:|---:|---:|\n",
        title(r),
        r.by.as_str()
    );
    for row in &r.rows {
        let [a, b, c, d] = counts(&row.counts);
        out.push_str(&format!(
            "| {} | {a} | {b} | {c} | {d} |\n",
            markdown_cell(&row.group)
        ));
    }
    let [a, b, c, d] = counts(&r.total);
    out.push_str(&format!("| **total** | {a} | {b} | {c} | {d} |\n"));
    out
}

/// Markdown's own characters in a cell escaped, so a value is text and never a link, markup
/// or another column.
fn markdown_cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '|' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '!' | '(' | ')' | '~'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Pixels of the chart's bars at the most leads.
const BAR_MAX: u64 = 480;
/// Height of one bar's row.
const ROW: u64 = 28;
/// Room for the group names left of the bars.
const LABELS: u64 = 260;

/// A standalone HTML page: the title, a horizontal bar chart of leads per group as inline SVG
/// (delivered, pending and failed stacked), and the table. No script, no outside file.
pub fn html(r: &LeadsReport) -> String {
    let most = r
        .rows
        .iter()
        .map(|row| row.counts.leads)
        .max()
        .unwrap_or(0)
        .max(1);
    let rows = u64::try_from(r.rows.len()).unwrap_or(u64::MAX);
    let height = rows * ROW + 8;
    let width = LABELS + BAR_MAX + 60;
    let title = escape(&title(r));
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"chart-title\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\
         <title id=\"chart-title\">{title}</title>"
    );
    for (i, row) in (0u64..).zip(&r.rows) {
        let y = i * ROW + 4;
        let mut x = LABELS;
        svg.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            LABELS - 8,
            y + 17,
            escape(&row.group)
        ));
        for (n, class) in [
            (row.counts.delivered, "delivered"),
            (row.counts.pending, "pending"),
            (row.counts.failed, "failed"),
        ] {
            if n == 0 {
                continue;
            }
            let w = (n * BAR_MAX).div_ceil(most);
            svg.push_str(&format!(
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{}\"><title>{n} {class}</title></rect>",
                ROW - 8
            ));
            x += w;
        }
        svg.push_str(&format!(
            "<text x=\"{}\" y=\"{}\">{}</text>",
            x + 6,
            y + 17,
            row.counts.leads
        ));
    }
    svg.push_str("</svg>");
    let mut table = format!(
        "<table><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">leads</th><th scope=\"col\">delivered</th><th scope=\"col\">pending</th><th scope=\"col\">failed</th></tr></thead><tbody>",
        r.by.as_str()
    );
    for row in &r.rows {
        let [a, b, c, d] = counts(&row.counts);
        table.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td></tr>",
            escape(&row.group)
        ));
    }
    let [a, b, c, d] = counts(&r.total);
    table.push_str(&format!(
        "</tbody><tfoot><tr><th scope=\"row\">total</th><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td></tr></tfoot></table>"
    ));
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a}}\
         svg text{{font-size:13px;fill:#1a1a1a}}rect.delivered{{fill:#1f6f43}}rect.pending{{fill:#c28a00}}rect.failed{{fill:#b3261e}}\
         table{{border-collapse:collapse;margin-top:1.5rem}}th,td{{padding:.25rem .75rem;border-bottom:1px solid #ccc}}td{{text-align:right}}\
         th{{text-align:left}}</style></head>\n<body><h1>{title}</h1>\n\
         <p>Bars: delivered (green), still being delivered (amber), failed (red).</p>\n{svg}\n{table}\n</body></html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use supplysite_core::contact::{EnquiryId, clean_attribution};
    use supplysite_core::enquiry::mail_date::parse_day;
    use supplysite_core::leads::{GroupBy, LeadOutcome, LeadRecord, report};

    fn sample(by: GroupBy) -> LeadsReport {
        let lead = |n: u32, at: &str, a: serde_json::Value, outcome| LeadRecord {
            id: EnquiryId::parse(format!("e{n}")).unwrap(),
            received_at: parse_day(at).unwrap(),
            attribution: clean_attribution(Some(&a)).unwrap(),
            outcome,
        };
        let records = [
            lead(
                1,
                "2026-10-03",
                serde_json::json!({"source": "Newsletter", "campaign": "spring"}),
                LeadOutcome::Delivered,
            ),
            lead(
                2,
                "2026-10-04",
                serde_json::json!({"source": "newsletter", "campaign": "spring"}),
                LeadOutcome::Pending,
            ),
            lead(
                3,
                "2026-11-02",
                serde_json::json!({"source": "=cmd|' /C calc'!A0", "campaign": "<b>x</b>, \"q\""}),
                LeadOutcome::Failed,
            ),
            lead(
                4,
                "2026-11-09",
                serde_json::json!(null),
                LeadOutcome::Delivered,
            ),
        ];
        report(
            &records,
            by,
            Some("2026-10-01".into()),
            Some("2026-11-30".into()),
        )
    }

    #[test]
    fn the_table_aligns_counts_under_their_headers() {
        insta::assert_snapshot!(table(&sample(GroupBy::Source)));
    }

    #[test]
    fn csv_quotes_cells_and_keeps_formulas_from_running() {
        insta::assert_snapshot!(csv(&sample(GroupBy::Source)));
    }

    #[test]
    fn markdown_escapes_what_would_be_markup() {
        insta::assert_snapshot!(markdown(&sample(GroupBy::Campaign)));
    }

    #[test]
    fn the_html_page_charts_each_group_and_escapes_every_name() {
        let page = html(&sample(GroupBy::Campaign));
        assert!(!page.contains("<b>x</b>"), "{page}");
        insta::assert_snapshot!(page);
    }

    #[test]
    fn the_json_is_the_typed_report() {
        insta::assert_json_snapshot!(sample(GroupBy::Month));
    }

    #[test]
    fn an_empty_period_says_so() {
        let empty = report(&[], GroupBy::Referrer, None, None);
        assert!(table(&empty).contains("(no leads in this period)"));
        assert_eq!(csv(&empty), "referrer,leads,delivered,pending,failed\r\n");
    }
}
