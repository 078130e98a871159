//! The export file as Contentful writes it, cut down to what the loader reads: the locale chain,
//! and every entry and asset with its id, content type, published flag and localised fields.

use super::ExportError;
use super::problem::{Problems, Severity};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// An entry or asset before it is read into an entity.
#[derive(Debug)]
pub(crate) struct RawEntry {
    pub id: String,
    /// The content type id, or `asset`.
    pub content_type: String,
    /// Has `sys.publishedVersion`: drafts are never shown.
    pub published: bool,
}

#[derive(Debug)]
pub(crate) struct RawExport {
    /// The locales to read, in order: the default one, then its fallbacks.
    pub locales: Vec<String>,
    pub entries: Vec<RawEntry>,
    pub assets: Vec<RawEntry>,
    /// The `fields` of each asset (field id → locale code → value), parallel to `assets`. The
    /// entries' fields are not kept: the loader reads them in a second pass over the file, one
    /// entry at a time (see [`super::stream::each_entry_fields`]).
    pub asset_fields: Vec<Map<String, Value>>,
    pub entry_index: HashMap<String, usize>,
    pub asset_index: HashMap<String, usize>,
    /// Where each entry's `fields` lie in the export's bytes, parallel to `entries` (`None`:
    /// the entry has none), so the second pass parses each from its own slice of the file.
    pub entry_fields: Vec<Option<Span>>,
}

/// A range of the export's bytes: `start..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub start: usize,
    pub end: usize,
}

impl RawExport {
    /// Takes the parts of `value` the loader needs. Fails only when `value` is not an export.
    pub fn from_value(value: Value, problems: &mut Problems) -> Result<Self, ExportError> {
        let mut top = match value {
            Value::Object(map) => map,
            other => return Err(ExportError::NotAnObject(json_kind(&other))),
        };
        let entries = match top.remove("entries") {
            Some(Value::Array(entries)) => Some(raw_items(entries, "entries")),
            _ => None,
        };
        let locales = top.remove("locales");
        let assets = match top.remove("assets") {
            Some(Value::Array(assets)) => Some(raw_items(assets, "assets")),
            _ => None,
        };
        Self::assemble(entries, locales, assets, problems)
    }

    /// Puts the read sections together: `entries` and `locales` must be there, `assets` may be
    /// missing (an export of content only, `--skip-content-model` with no assets, has none).
    /// Problems are reported in file order: the locales', then the entries', then the assets'.
    pub fn assemble(
        entries: Option<Items>,
        locales: Option<Value>,
        assets: Option<Items>,
        problems: &mut Problems,
    ) -> Result<Self, ExportError> {
        let entries = entries.ok_or(ExportError::NoEntries)?;
        let locales = match locales {
            Some(Value::Array(locales)) if !locales.is_empty() => locales,
            _ => return Err(ExportError::NoLocales),
        };
        let locales = locale_chain(&locales, problems)?;
        let assets = assets.unwrap_or_default();
        for message in entries.problems.into_iter().chain(assets.problems) {
            problems.file(Severity::Error, message);
        }
        Ok(RawExport {
            locales,
            asset_fields: assets.fields,
            entry_index: index(&entries.items),
            asset_index: index(&assets.items),
            entries: entries.items,
            entry_fields: entries.spans,
            assets: assets.items,
        })
    }

    pub fn entry(&self, id: &str) -> Option<&RawEntry> {
        self.entry_index.get(id).map(|&i| &self.entries[i])
    }

    pub fn asset(&self, id: &str) -> Option<&RawEntry> {
        self.asset_index.get(id).map(|&i| &self.assets[i])
    }
}

fn index(items: &[RawEntry]) -> HashMap<String, usize> {
    let mut map = HashMap::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        map.entry(item.id.clone()).or_insert(i);
    }
    map
}

/// The default locale followed by its `fallbackCode` chain, stopping at a cycle.
fn locale_chain(locales: &[Value], problems: &mut Problems) -> Result<Vec<String>, ExportError> {
    let code = |l: &Value| l.get("code").and_then(Value::as_str).map(str::to_string);
    let default = locales
        .iter()
        .find(|l| l.get("default").and_then(Value::as_bool) == Some(true));
    let first = match default {
        Some(l) => code(l),
        None => {
            let first = locales.iter().find_map(code);
            if let Some(first) = &first {
                problems.file(
                    Severity::Warning,
                    format!("no locale is marked default; reading locale {first:?}"),
                );
            }
            first
        }
    };
    let Some(first) = first else {
        return Err(ExportError::NoLocales);
    };
    let mut chain = vec![first];
    loop {
        let current = chain.last().expect("chain starts non-empty");
        let next = locales
            .iter()
            .find(|l| code(l).as_deref() == Some(current.as_str()))
            .and_then(|l| l.get("fallbackCode"))
            .and_then(Value::as_str);
        match next {
            Some(next) if !chain.iter().any(|c| c == next) => chain.push(next.to_string()),
            _ => break,
        }
    }
    Ok(chain)
}

/// The items of `entries` or `assets`, reduced, with the messages of those skipped.
#[derive(Debug, Default)]
pub(crate) struct Items {
    pub items: Vec<RawEntry>,
    /// The `fields` of each item, parallel to `items` (assets only).
    pub fields: Vec<Map<String, Value>>,
    /// Where each item's `fields` lie in the bytes read, parallel to `items` (entries read from
    /// bytes only).
    pub spans: Vec<Option<Span>>,
    /// Why items were skipped, in order (each an error of the file).
    pub problems: Vec<String>,
}

fn raw_items(items: Vec<Value>, list: &'static str) -> Items {
    let keep_fields = list == "assets";
    let mut out = Items {
        items: Vec::with_capacity(items.len()),
        fields: Vec::with_capacity(items.len()),
        spans: Vec::new(),
        problems: Vec::new(),
    };
    for (i, item) in items.into_iter().enumerate() {
        let (sys, fields) = match item {
            Value::Object(mut item) => {
                let fields = if keep_fields {
                    item.remove("fields")
                } else {
                    None
                };
                (Some(item.remove("sys")), fields)
            }
            _ => (None, None),
        };
        raw_item(sys, fields, None, i, list, &mut out);
    }
    out
}

/// Reduces item `i` of `list` (`entries` or `assets`) to what the loader reads, or notes why
/// it is skipped. `sys` is `None` when the item is not an object (`Some(None)`: an object
/// without `sys`); `fields` is the item's `fields` when the caller keeps them, `span` where
/// they lie when it notes that instead.
pub(crate) fn raw_item(
    sys: Option<Option<Value>>,
    fields: Option<Value>,
    span: Option<Span>,
    i: usize,
    list: &str,
    out: &mut Items,
) {
    match reduce(sys, i, list) {
        Ok(entry) => {
            out.items.push(entry);
            if list == "assets" {
                out.fields.push(object_or_empty(fields));
            } else {
                out.spans.push(span);
            }
        }
        Err(message) => out.problems.push(message),
    }
}

/// The id, content type and published flag of item `i` of `list`, from its `sys`.
pub(crate) fn reduce(sys: Option<Option<Value>>, i: usize, list: &str) -> Result<RawEntry, String> {
    let Some(sys) = sys else {
        return Err(format!("{list}[{i}] is not an object; skipped"));
    };
    let sys = sys.as_ref();
    let id = sys.and_then(|s| s.get("id")).and_then(Value::as_str);
    let published = sys
        .and_then(|s| s.get("publishedVersion"))
        .is_some_and(|v| !v.is_null());
    let content_type = if list == "assets" {
        Some("asset")
    } else {
        sys.and_then(|s| s.pointer("/contentType/sys/id"))
            .and_then(Value::as_str)
    };
    let (Some(id), Some(content_type)) = (id, content_type) else {
        return Err(format!(
            "{list}[{i}] has no sys.id or sys.contentType; skipped"
        ));
    };
    Ok(RawEntry {
        id: id.to_string(),
        content_type: content_type.to_string(),
        published,
    })
}

/// An item's `fields` as read: an object, else (missing or of another kind) no fields.
pub(crate) fn object_or_empty(fields: Option<Value>) -> Map<String, Value> {
    match fields {
        Some(Value::Object(fields)) => fields,
        _ => Map::new(),
    }
}

pub(crate) fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn chain(locales: Value) -> Vec<String> {
        let Value::Array(locales) = locales else {
            unreachable!()
        };
        locale_chain(&locales, &mut Problems::default()).unwrap()
    }

    #[test]
    fn the_chain_starts_at_the_default_locale_and_follows_fallbacks_until_a_cycle() {
        let locales = json!([
            {"code": "en-US", "default": false, "fallbackCode": "en-AU"},
            {"code": "en-NZ", "default": true, "fallbackCode": "en-AU"},
            {"code": "en-AU", "default": false, "fallbackCode": "en-US"},
        ]);
        assert_eq!(chain(locales), ["en-NZ", "en-AU", "en-US"]);
    }

    #[test]
    fn without_a_default_the_first_locale_is_read() {
        let mut problems = Problems::default();
        let locales = [json!({"code": "de-DE"}), json!({"code": "en-US"})];
        assert_eq!(locale_chain(&locales, &mut problems).unwrap(), ["de-DE"]);
        assert_eq!(problems.0.len(), 1);
    }
}
