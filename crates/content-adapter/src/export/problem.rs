//! What a load found wrong with an export, entry by entry, and what it counted.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// How bad a problem is. Errors mean content the export promises is not shown (a skipped entry,
/// an unreadable field, a clashing slug); warnings mean a reference was dropped the way
/// Contentful's own delivery API drops it (a draft or missing target).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Content the export promises is not shown (a skipped entry, an unreadable field, a
    /// clashing slug); the content check fails.
    Error,
    /// Nothing promised is lost, such as a link to a draft dropped the way Contentful's
    /// delivery API drops it; the content check still passes.
    Warning,
}

impl Severity {
    /// `error` or `warning`: how it is printed and serialised.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem, naming where it is: the entry (or asset) id, its content type and the field.
/// File-level problems (such as a missing default locale) have none of the three.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    /// Whether the problem fails the content check.
    pub severity: Severity,
    /// The entry's or asset's `sys.id`; `None` for a file-level or content-type problem.
    pub entry_id: Option<String>,
    /// The entry's content type id, `asset` for an asset; `None` for a file-level problem.
    pub content_type: Option<String>,
    /// The field id the problem is in; `None` when it concerns the whole entry.
    pub field: Option<String>,
    /// What is wrong and what became of it, such as `the file has no url; asset not shown`.
    pub message: String,
}

impl fmt::Display for Problem {
    /// `error: entry 5xYz (blogPost) field publishDate: invalid publish date "…"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.severity)?;
        let located = match (&self.entry_id, &self.content_type) {
            (Some(id), Some(ct)) if ct == "asset" => write!(f, "asset {id}").map(|_| true)?,
            (Some(id), Some(ct)) => write!(f, "entry {id} ({ct})").map(|_| true)?,
            (Some(id), None) => write!(f, "entry {id}").map(|_| true)?,
            (None, Some(ct)) => write!(f, "content type {ct}").map(|_| true)?,
            (None, None) => false,
        };
        match &self.field {
            Some(field) if located => write!(f, " field {field}: ")?,
            Some(field) => write!(f, "field {field}: ")?,
            None if located => f.write_str(": ")?,
            None => {}
        }
        f.write_str(&self.message)
    }
}

/// How many entries of one content type the export holds and what became of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TypeCount {
    /// Entries with `sys.publishedVersion`.
    pub published: usize,
    /// Entries without it: never shown.
    pub drafts: usize,
    /// Published entries that could not be read (an error names the reason).
    pub skipped: usize,
}

/// Counts per content type id (`asset` for assets), in name order.
pub type Counts = BTreeMap<String, TypeCount>;

/// Collects problems while a load runs.
#[derive(Debug, Default)]
pub(crate) struct Problems(pub Vec<Problem>);

impl Problems {
    pub fn at(&mut self, severity: Severity, at: &At<'_>, field: &str, message: impl Into<String>) {
        self.0.push(Problem {
            severity,
            entry_id: Some(at.id.to_string()),
            content_type: Some(at.content_type.to_string()),
            field: (!field.is_empty()).then(|| field.to_string()),
            message: message.into(),
        });
    }

    pub fn error(&mut self, at: &At<'_>, field: &str, message: impl Into<String>) {
        self.at(Severity::Error, at, field, message);
    }

    pub fn warning(&mut self, at: &At<'_>, field: &str, message: impl Into<String>) {
        self.at(Severity::Warning, at, field, message);
    }

    pub fn file(&mut self, severity: Severity, message: impl Into<String>) {
        self.0.push(Problem {
            severity,
            entry_id: None,
            content_type: None,
            field: None,
            message: message.into(),
        });
    }

    pub fn content_type(&mut self, severity: Severity, ct: &str, message: impl Into<String>) {
        self.0.push(Problem {
            severity,
            entry_id: None,
            content_type: Some(ct.to_string()),
            field: None,
            message: message.into(),
        });
    }
}

/// Where a problem is: an entry (or asset) id and its content type.
#[derive(Clone, Copy, Debug)]
pub(crate) struct At<'a> {
    pub id: &'a str,
    pub content_type: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_reads_as_severity_entry_type_field_and_message() {
        let mut p = Problems::default();
        let at = At {
            id: "5xYz",
            content_type: "blogPost",
        };
        p.error(&at, "publishDate", "invalid publish date \"soon\"");
        p.warning(
            &At {
                id: "a1",
                content_type: "asset",
            },
            "file",
            "no file",
        );
        p.file(Severity::Warning, "no default locale");
        p.content_type(Severity::Warning, "quiz", "not used");
        let lines: Vec<String> = p.0.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "error: entry 5xYz (blogPost) field publishDate: invalid publish date \"soon\"",
                "warning: asset a1 field file: no file",
                "warning: no default locale",
                "warning: content type quiz: not used",
            ]
        );
    }
}
