//! `--format markdown`: a heading, the counts and one table row per finding, for pasting into
//! an issue or a pull request.

use super::{cell, counts_line, reports_line};
use supplysite_core::audit::{Finding, Summary};

pub fn render(findings: &[Finding], summary: &Summary) -> String {
    let mut out = String::from("# Content audit\n\n");
    out.push_str(&format!(
        "{} ({}).\n",
        counts_line(summary),
        reports_line(summary)
    ));
    if findings.is_empty() {
        return out;
    }
    out.push_str(
        "\n| Severity | Report | Route | Entry | Content type | Field | Message | Hint |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|---|\n");
    for f in findings {
        let cells = [
            f.severity.as_str().to_string(),
            f.report.as_str().to_string(),
            code(cell(&f.route)),
            code(cell(&f.entry_id)),
            code(cell(&f.content_type)),
            code(cell(&f.field)),
            escape(&f.message),
            escape(&f.hint),
        ];
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    out
}

/// Text safe inside a table cell: pipes escaped, line breaks as spaces, and characters that
/// would start inline markup (`*`, `_`, `` ` ``, `<`, `[`) escaped so editors' text shows as typed.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '|' | '*' | '_' | '`' | '<' | '[' | ']' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\r' | '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// An id, field or route as inline code; empty stays empty.
fn code(s: &str) -> String {
    if s.is_empty() {
        String::new()
    } else if s.contains(['`', '|', '\n']) {
        escape(s)
    } else {
        format!("`{s}`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_escape_pipes_markup_and_line_breaks() {
        assert_eq!(escape("a | b"), "a \\| b");
        assert_eq!(escape("*bold* [x]"), "\\*bold\\* \\[x\\]");
        assert_eq!(escape("two\nlines"), "two lines");
        assert_eq!(code("/etender"), "`/etender`");
        assert_eq!(code(""), "");
        assert_eq!(code("a|b"), "a\\|b");
    }
}
