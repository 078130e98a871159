//! `--format csv`: one row per finding under a header row, quoted as RFC 4180 says, for
//! spreadsheets.

use super::cell;
use supplysite_core::audit::Finding;

const HEADER: [&str; 8] = [
    "severity",
    "report",
    "entryId",
    "contentType",
    "field",
    "route",
    "message",
    "hint",
];

pub fn render(findings: &[Finding]) -> String {
    let mut out = row(HEADER.iter().copied());
    for f in findings {
        out.push_str(&row([
            f.severity.as_str(),
            f.report.as_str(),
            cell(&f.entry_id),
            cell(&f.content_type),
            cell(&f.field),
            cell(&f.route),
            &f.message,
            &f.hint,
        ]));
    }
    out
}

fn row<'a>(cells: impl IntoIterator<Item = &'a str>) -> String {
    let cells: Vec<String> = cells.into_iter().map(quote).collect();
    cells.join(",") + "\r\n"
}

/// Quotes a cell when it holds a comma, quote or line break, doubling its quotes.
fn quote(cell: &str) -> String {
    if cell.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_with_commas_quotes_or_newlines_are_quoted_and_others_are_not() {
        assert_eq!(quote("plain"), "plain");
        assert_eq!(quote("a, b"), "\"a, b\"");
        assert_eq!(quote("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(quote("two\nlines"), "\"two\nlines\"");
    }
}
