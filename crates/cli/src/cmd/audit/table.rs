//! The default output: one block per finding, its location in aligned columns and its message
//! and hint below, then the counts. Coloured only when asked (stdout is a terminal).

use super::{cell, counts_line, reports_line};
use supplysite_core::audit::{Finding, Severity, Summary};

const HEADER: [&str; 5] = ["SEVERITY", "REPORT", "ROUTE", "ENTRY", "FIELD"];
const GAP: &str = "  ";

pub fn render(findings: &[Finding], summary: &Summary, colour: bool) -> String {
    let paint = |code: &str, text: &str| {
        if colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    };
    let mut out = String::new();
    if findings.is_empty() {
        out.push_str("No findings.\n");
    } else {
        let rows: Vec<[String; 5]> = findings.iter().map(columns).collect();
        let mut widths = HEADER.map(str::len);
        for row in &rows {
            for (w, c) in widths.iter_mut().zip(row) {
                *w = (*w).max(c.chars().count());
            }
        }
        let indent = " ".repeat(widths[0] + GAP.len());
        out.push_str(&paint(
            "1",
            line(&HEADER.map(String::from), &widths).as_str(),
        ));
        out.push('\n');
        for (f, row) in findings.iter().zip(&rows) {
            let text = line(row, &widths);
            // Colour only the severity word; the padding after it stays outside the escape.
            let (word, rest) = text.split_at(row[0].len());
            out.push_str(&paint(severity_colour(f.severity), word));
            out.push_str(rest);
            out.push('\n');
            out.push_str(&format!("{indent}{}\n", f.message));
            out.push_str(&format!(
                "{indent}{}\n",
                paint("2", &format!("hint: {}", f.hint))
            ));
        }
    }
    out.push('\n');
    out.push_str(&format!(
        "{} ({})\n",
        counts_line(summary),
        reports_line(summary)
    ));
    out
}

fn severity_colour(s: Severity) -> &'static str {
    match s {
        Severity::Error => "1;31",
        Severity::Warning => "33",
        Severity::Info => "36",
    }
}

fn columns(f: &Finding) -> [String; 5] {
    let or_dash = |s: &str| {
        if s.is_empty() {
            "-".to_string()
        } else {
            s.to_string()
        }
    };
    let entry = match (&f.entry_id, &f.content_type) {
        (Some(id), Some(ct)) => format!("{id} ({ct})"),
        (Some(id), None) => id.clone(),
        (None, Some(ct)) => format!("({ct})"),
        (None, None) => "-".to_string(),
    };
    [
        f.severity.as_str().to_string(),
        f.report.as_str().to_string(),
        or_dash(cell(&f.route)),
        entry,
        or_dash(cell(&f.field)),
    ]
}

/// Cells padded to their column's width; the last one unpadded so lines have no trailing spaces.
fn line(cells: &[String; 5], widths: &[usize; 5]) -> String {
    let mut out = String::new();
    for (i, (c, w)) in cells.iter().zip(widths).enumerate() {
        if i + 1 == cells.len() {
            out.push_str(c);
        } else {
            out.push_str(c);
            out.push_str(&" ".repeat(w - c.chars().count()));
            out.push_str(GAP);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use supplysite_core::audit::Report;

    fn finding() -> Finding {
        Finding {
            severity: Severity::Error,
            report: Report::Links,
            rule: "pdf-missing",
            entry_id: Some("case-1".into()),
            content_type: Some("casestudy".into()),
            field: Some("downloadablePdf".into()),
            route: Some("/case-study/a".into()),
            message: "no PDF".into(),
            hint: "attach one".into(),
        }
    }

    #[test]
    fn colour_wraps_only_the_severity_and_hint_and_plain_output_has_no_escapes() {
        let findings = [finding()];
        let summary = Summary::of(&findings);
        let plain = render(&findings, &summary, false);
        assert!(!plain.contains('\x1b'));
        let lines: Vec<&str> = plain.lines().take(4).collect();
        assert_eq!(
            lines,
            [
                "SEVERITY  REPORT  ROUTE          ENTRY               FIELD",
                "error     links   /case-study/a  case-1 (casestudy)  downloadablePdf",
                "          no PDF",
                "          hint: attach one",
            ]
        );
        let coloured = render(&findings, &summary, true);
        assert!(coloured.contains("\x1b[1;31merror\x1b[0m     links"));
        assert!(coloured.contains("\x1b[2mhint: attach one\x1b[0m"));
    }

    #[test]
    fn no_findings_says_so_with_the_counts() {
        let summary = Summary::of(&[]);
        assert_eq!(
            render(&[], &summary, false),
            "No findings.\n\n0 findings: 0 errors, 0 warnings, 0 info (seo 0, links 0, coverage 0, freshness 0, faq 0, inspector 0, redirects 0)\n"
        );
    }
}
