//! Reading one entry's fields: the default locale with fallbacks, the field types Contentful
//! stores, and a problem for every missing required field or value of the wrong type.

use super::problem::{At, Problems};
use super::raw::json_kind;
use serde_json::{Map, Value};
use supplysite_core::content::PublishDate;
use supplysite_core::richtext::Document;

/// The fields of one entry being read. A required field that is missing or unreadable marks the
/// whole entry as failed: the caller then skips it.
pub(crate) struct Fields<'a> {
    pub at: At<'a>,
    fields: Map<String, Value>,
    locales: &'a [String],
    pub problems: &'a mut Problems,
    failed: bool,
}

impl<'a> Fields<'a> {
    pub fn new(
        at: At<'a>,
        fields: Map<String, Value>,
        locales: &'a [String],
        problems: &'a mut Problems,
    ) -> Self {
        Fields {
            at,
            fields,
            locales,
            problems,
            failed: false,
        }
    }

    /// True when a required field was missing or unreadable.
    pub fn failed(&self) -> bool {
        self.failed
    }

    fn what(&self) -> &'static str {
        if self.at.content_type == "asset" {
            "asset"
        } else {
            "entry"
        }
    }

    /// The field's value in the first locale of the chain that has one.
    fn take(&mut self, field: &str) -> Option<Value> {
        match self.fields.remove(field)? {
            Value::Object(mut by_locale) => self
                .locales
                .iter()
                .find_map(|l| by_locale.remove(l).filter(|v| !v.is_null())),
            Value::Null => None,
            other => {
                self.problems.error(
                    &self.at,
                    field,
                    format!(
                        "expected values keyed by locale, found {}",
                        json_kind(&other)
                    ),
                );
                None
            }
        }
    }

    /// Reads `field` with `convert`, recording why it could not be read.
    fn read<T>(
        &mut self,
        field: &str,
        required: bool,
        convert: impl FnOnce(Value) -> Result<T, String>,
    ) -> Option<T> {
        match self.take(field).map(convert) {
            Some(Ok(value)) => Some(value),
            Some(Err(message)) => {
                if required {
                    self.failed = true;
                    let message = format!("{message}; {} not shown", self.what());
                    self.problems.error(&self.at, field, message);
                } else {
                    self.problems.error(&self.at, field, message);
                }
                None
            }
            None => {
                if required {
                    self.failed = true;
                    let message = format!("required field is missing; {} not shown", self.what());
                    self.problems.error(&self.at, field, message);
                }
                None
            }
        }
    }

    pub fn symbol(&mut self, field: &str) -> Option<String> {
        self.read(field, false, string)
            .filter(|s| !s.trim().is_empty())
    }

    /// A required short text; blank counts as missing, as in Contentful's own validation.
    pub fn required_symbol(&mut self, field: &str) -> Option<String> {
        self.read(field, true, |v| match string(v)? {
            s if s.trim().is_empty() => Err("required field is blank".to_string()),
            s => Ok(s),
        })
    }

    pub fn boolean(&mut self, field: &str) -> Option<bool> {
        self.read(field, false, boolean)
    }

    pub fn required_boolean(&mut self, field: &str) -> Option<bool> {
        self.read(field, true, boolean)
    }

    pub fn integer<T: TryFrom<i64>>(&mut self, field: &str) -> Option<T> {
        self.read(field, false, integer)
    }

    pub fn required_integer<T: TryFrom<i64>>(&mut self, field: &str) -> Option<T> {
        self.read(field, true, integer)
    }

    pub fn required_date(&mut self, field: &str) -> Option<PublishDate> {
        self.read(field, true, |v| {
            PublishDate::parse(&string(v)?).map_err(|e| e.to_string())
        })
    }

    pub fn rich_text(&mut self, field: &str) -> Option<Document> {
        self.read(field, false, |v| {
            Document::from_json(v).map_err(|e| e.to_string())
        })
    }

    /// A JSON object field (an asset's `file`).
    pub fn object(&mut self, field: &str, required: bool) -> Option<Map<String, Value>> {
        self.read(field, required, |v| match v {
            Value::Object(map) => Ok(map),
            other => Err(format!("expected an object, found {}", json_kind(&other))),
        })
    }

    /// An `Array<Symbol>`; items that are not strings are reported and dropped.
    pub fn symbols(&mut self, field: &str) -> Vec<String> {
        let items = self.read(field, false, array).unwrap_or_default();
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match item {
                Value::String(s) => out.push(s),
                other => self.problems.error(
                    &self.at,
                    field,
                    format!(
                        "expected a list of strings, found {} in it",
                        json_kind(&other)
                    ),
                ),
            }
        }
        out
    }

    /// The id a `Link<Asset>` or `Link<Entry>` field points at.
    pub fn link(&mut self, field: &str, link_type: &str, required: bool) -> Option<String> {
        self.read(field, required, |v| link_id(&v, link_type))
    }

    /// The ids an `Array<Link<…>>` field points at; malformed items are reported and dropped.
    pub fn links(&mut self, field: &str, link_type: &str) -> Vec<String> {
        let items = self.read(field, false, array).unwrap_or_default();
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match link_id(&item, link_type) {
                Ok(id) => out.push(id),
                Err(message) => self.problems.error(&self.at, field, message),
            }
        }
        out
    }
}

fn string(v: Value) -> Result<String, String> {
    match v {
        Value::String(s) => Ok(s),
        other => Err(format!("expected a string, found {}", json_kind(&other))),
    }
}

fn boolean(v: Value) -> Result<bool, String> {
    v.as_bool()
        .ok_or_else(|| format!("expected a boolean, found {}", json_kind(&v)))
}

fn integer<T: TryFrom<i64>>(v: Value) -> Result<T, String> {
    let n = v
        .as_i64()
        .ok_or_else(|| format!("expected an integer, found {}", describe(&v)))?;
    T::try_from(n).map_err(|_| format!("integer {n} is out of range"))
}

fn array(v: Value) -> Result<Vec<Value>, String> {
    match v {
        Value::Array(items) => Ok(items),
        other => Err(format!("expected a list, found {}", json_kind(&other))),
    }
}

fn link_id(v: &Value, link_type: &str) -> Result<String, String> {
    let sys = v.get("sys");
    let kind = sys.and_then(|s| s.get("type")).and_then(Value::as_str);
    let linked = sys.and_then(|s| s.get("linkType")).and_then(Value::as_str);
    let id = sys.and_then(|s| s.get("id")).and_then(Value::as_str);
    match (kind, linked, id) {
        (Some("Link"), Some(l), Some(id)) if l == link_type => Ok(id.to_string()),
        (Some("Link"), Some(l), Some(id)) => Err(format!(
            "expected a link to an {link_type}, found a link to {l} {id}"
        )),
        _ => Err(format!(
            "expected a link to an {link_type}, found {}",
            describe(v)
        )),
    }
}

/// A short description of a wrong value: its kind, and the value itself when it is short.
fn describe(v: &Value) -> String {
    match v {
        Value::String(s) if s.len() <= 40 => format!("the string {s:?}"),
        Value::Number(n) => format!("the number {n}"),
        other => json_kind(other).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => unreachable!(),
        }
    }

    const AT: At<'static> = At {
        id: "e1",
        content_type: "blogPost",
    };

    #[test]
    fn a_value_missing_in_the_default_locale_falls_back_along_the_chain() {
        let locales = ["en-NZ".to_string(), "en-AU".to_string()];
        let mut problems = Problems::default();
        let mut f = Fields::new(
            AT,
            fields(
                json!({"title": {"en-AU": "Aussie"}, "slug": {"en-NZ": "kiwi", "en-AU": "aussie"}}),
            ),
            &locales,
            &mut problems,
        );
        assert_eq!(f.symbol("title").as_deref(), Some("Aussie"));
        assert_eq!(f.symbol("slug").as_deref(), Some("kiwi"));
        assert!(!f.failed());
        assert!(problems.0.is_empty());
    }

    #[test]
    fn a_missing_required_field_fails_the_entry_and_an_optional_one_does_not() {
        let locales = ["en-US".to_string()];
        let mut problems = Problems::default();
        let mut f = Fields::new(AT, Map::new(), &locales, &mut problems);
        assert_eq!(f.symbol("titleTag"), None);
        assert!(!f.failed());
        assert_eq!(f.required_symbol("slug"), None);
        assert!(f.failed());
        assert_eq!(problems.0.len(), 1);
        assert_eq!(
            problems.0[0].to_string(),
            "error: entry e1 (blogPost) field slug: required field is missing; entry not shown"
        );
    }

    #[test]
    fn wrong_types_name_what_was_found() {
        let locales = ["en-US".to_string()];
        let mut problems = Problems::default();
        let mut f = Fields::new(
            AT,
            fields(json!({
                "estimatedreadtime": {"en-US": "five"},
                "heroImage": {"en-US": {"sys": {"type": "Link", "linkType": "Entry", "id": "x"}}},
                "tags": {"en-US": ["a", 3]},
            })),
            &locales,
            &mut problems,
        );
        assert_eq!(f.integer::<u32>("estimatedreadtime"), None);
        assert_eq!(f.link("heroImage", "Asset", false), None);
        assert_eq!(f.symbols("tags"), ["a"]);
        let messages: Vec<&str> = problems.0.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "expected an integer, found the string \"five\"",
                "expected a link to an Asset, found a link to Entry x",
                "expected a list of strings, found a number in it",
            ]
        );
    }
}
