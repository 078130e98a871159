//! Reading one entry's fields: the default locale with fallbacks, the field types Contentful
//! stores, and a problem for every missing required field or value of the wrong type.
//!
//! An entry's fields arrive unparsed ([`RawFields`]): each value is parsed once, when it is
//! read, straight into what it becomes. A rich-text document, most of an archive's bytes, so
//! never becomes a JSON tree on its way to being a document.

use super::problem::{At, Problems};
use super::raw::json_kind;
use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::fmt;
use supplysite_core::content::PublishDate;
use supplysite_core::richtext::Document;

/// One entry's `fields`: field id → the field's values by locale, each value unparsed. A key
/// given twice counts once, with its last value, as in a parsed object.
#[derive(Debug, Default)]
pub(crate) struct RawFields(Vec<(String, ByLocale)>);

/// A field's values: locale code → value, each value unparsed; or what was found instead.
#[derive(Debug)]
enum ByLocale {
    Values(Vec<(String, Box<RawValue>)>),
    Null,
    /// Not an object: the kind of JSON value found.
    Other(&'static str),
}

impl RawFields {
    /// The fields in `bytes`, an entry's `fields` value; anything but an object has none.
    pub fn parse(bytes: &[u8]) -> Result<Self, serde_json::Error> {
        match serde_json::from_slice::<Option<RawFields>>(bytes) {
            Ok(fields) => Ok(fields.unwrap_or_default()),
            // A valid value of another kind.
            Err(_) => serde_json::from_slice::<IgnoredAny>(bytes).map(|_| RawFields::default()),
        }
    }

    /// The fields of an object already parsed.
    pub fn from_map(map: Map<String, Value>) -> Self {
        let by_locale = |v: Value| match v {
            Value::Object(values) => ByLocale::Values(
                values
                    .into_iter()
                    .filter_map(|(k, v)| Some((k, serde_json::value::to_raw_value(&v).ok()?)))
                    .collect(),
            ),
            Value::Null => ByLocale::Null,
            other => ByLocale::Other(json_kind(&other)),
        };
        RawFields(map.into_iter().map(|(k, v)| (k, by_locale(v))).collect())
    }

    /// The fields as a parsed object again.
    #[cfg(test)]
    pub fn into_value(self) -> Value {
        let by_locale = |v: ByLocale| match v {
            ByLocale::Values(values) => {
                Value::Object(values.into_iter().map(|(l, v)| (l, parsed(&v))).collect())
            }
            ByLocale::Null => Value::Null,
            ByLocale::Other(kind) => Value::String(format!("<{kind}>")),
        };
        Value::Object(self.0.into_iter().map(|(k, v)| (k, by_locale(v))).collect())
    }

    fn remove(&mut self, field: &str) -> Option<ByLocale> {
        let i = self.0.iter().position(|(k, _)| k == field)?;
        Some(self.0.swap_remove(i).1)
    }
}

/// An object's members in order, a key given twice keeping its place and its last value.
fn members<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    mut map: A,
) -> Result<Vec<(String, T)>, A::Error> {
    let mut members: Vec<(String, T)> = Vec::new();
    while let Some((key, value)) = map.next_entry::<String, T>()? {
        match members.iter_mut().find(|(k, _)| *k == key) {
            Some(member) => member.1 = value,
            None => members.push((key, value)),
        }
    }
    Ok(members)
}

impl<'de> Deserialize<'de> for RawFields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = RawFields;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawFields, A::Error> {
                members(map).map(RawFields)
            }
        }
        d.deserialize_map(Fields)
    }
}

impl<'de> Deserialize<'de> for ByLocale {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Values;
        impl<'de> Visitor<'de> for Values {
            type Value = ByLocale;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ByLocale, A::Error> {
                members(map).map(ByLocale::Values)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ByLocale, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(ByLocale::Other("an array"))
            }
            fn visit_unit<E: de::Error>(self) -> Result<ByLocale, E> {
                Ok(ByLocale::Null)
            }
            fn visit_none<E: de::Error>(self) -> Result<ByLocale, E> {
                Ok(ByLocale::Null)
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<ByLocale, E> {
                Ok(ByLocale::Other("a boolean"))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<ByLocale, E> {
                Ok(ByLocale::Other("a number"))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<ByLocale, E> {
                Ok(ByLocale::Other("a number"))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<ByLocale, E> {
                Ok(ByLocale::Other("a number"))
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<ByLocale, E> {
                Ok(ByLocale::Other("a string"))
            }
        }
        d.deserialize_any(Values)
    }
}

/// Parses a value already known to be valid JSON.
fn parsed(raw: &RawValue) -> Value {
    serde_json::from_str(raw.get()).unwrap_or(Value::Null)
}

/// The fields of one entry being read. A required field that is missing or unreadable marks the
/// whole entry as failed: the caller then skips it.
pub(crate) struct Fields<'a> {
    pub at: At<'a>,
    fields: RawFields,
    locales: &'a [String],
    pub problems: &'a mut Problems,
    failed: bool,
}

impl<'a> Fields<'a> {
    pub fn new(
        at: At<'a>,
        fields: RawFields,
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

    /// The field's value, unparsed, in the first locale of the chain that has one.
    fn take(&mut self, field: &str) -> Option<Box<RawValue>> {
        match self.fields.remove(field)? {
            ByLocale::Values(mut values) => self.locales.iter().find_map(|l| {
                let i = values
                    .iter()
                    .position(|(k, v)| k == l && v.get() != "null")?;
                Some(values.swap_remove(i).1)
            }),
            ByLocale::Null => None,
            ByLocale::Other(found) => {
                self.problems.error(
                    &self.at,
                    field,
                    format!("expected values keyed by locale, found {found}"),
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
        self.read_raw(field, required, |raw| convert(parsed(raw)))
    }

    /// [`Fields::read`], with the value unparsed.
    fn read_raw<T>(
        &mut self,
        field: &str,
        required: bool,
        convert: impl FnOnce(&RawValue) -> Result<T, String>,
    ) -> Option<T> {
        match self.take(field).map(|raw| convert(&raw)) {
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
        self.read_raw(field, false, |raw| {
            Document::from_json_text(raw.get()).map_err(|e| e.to_string())
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

    fn fields(value: Value) -> RawFields {
        RawFields::parse(value.to_string().as_bytes()).unwrap()
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
        let mut f = Fields::new(AT, RawFields::default(), &locales, &mut problems);
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
                "slug": "kiwi",
                "body": {"en-US": {"nodeType": "paragraph", "content": []}},
            })),
            &locales,
            &mut problems,
        );
        assert_eq!(f.integer::<u32>("estimatedreadtime"), None);
        assert_eq!(f.link("heroImage", "Asset", false), None);
        assert_eq!(f.symbols("tags"), ["a"]);
        assert_eq!(f.symbol("slug"), None);
        assert_eq!(f.rich_text("body"), None);
        let messages: Vec<&str> = problems.0.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "expected an integer, found the string \"five\"",
                "expected a link to an Asset, found a link to Entry x",
                "expected a list of strings, found a number in it",
                "expected values keyed by locale, found a string",
                "rich-text root node is \"paragraph\", expected \"document\"",
            ]
        );
    }
}
