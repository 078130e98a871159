//! Reading the export's top level as a stream: each entry and asset is parsed on its own,
//! reduced to its id, type, published flag and `fields` at once, and the rest of it (`sys`,
//! `metadata`) dropped before the next is read. The content model, editor interfaces and any
//! other section are skipped unparsed. So the loader never holds the whole export as one JSON
//! tree; the peak is the entries' fields, not the file many times over.
//!
//! The outcome is exactly that of parsing the whole file and calling
//! [`RawExport::from_value`]: the same errors, and the same problems in the same order.

use super::ExportError;
use super::problem::Problems;
use super::raw::{Items, RawExport, raw_item};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// Reads the export in `bytes` without building a tree of the whole file.
pub(crate) fn raw_from_slice(
    bytes: &[u8],
    problems: &mut Problems,
) -> Result<RawExport, ExportError> {
    let starts_with_object = bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{');
    if !starts_with_object {
        // Not an object, or not JSON: the whole-tree path names what it is.
        let value: Value = serde_json::from_slice(bytes).map_err(ExportError::NotJson)?;
        return RawExport::from_value(value, problems);
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let top = TopLevel::default()
        .deserialize(&mut de)
        .map_err(ExportError::NotJson)?;
    de.end().map_err(ExportError::NotJson)?;
    RawExport::assemble(top.entries, top.locales, top.assets, problems)
}

/// The three sections the loader reads; `None` when absent (or, for the lists, not an array).
#[derive(Default)]
struct TopLevel {
    entries: Option<Items>,
    locales: Option<Value>,
    assets: Option<Items>,
}

impl<'de> DeserializeSeed<'de> for TopLevel {
    type Value = TopLevel;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<TopLevel, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for TopLevel {
    type Value = TopLevel;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a Contentful export object")
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<TopLevel, A::Error> {
        // A repeated key counts once, with its last value, as in a parsed JSON object.
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "entries" => self.entries = map.next_value_seed(ItemList("entries"))?,
                "assets" => self.assets = map.next_value_seed(ItemList("assets"))?,
                "locales" => self.locales = Some(map.next_value()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(self)
    }
}

/// `entries` or `assets`: each item reduced as it is read; `None` when the value is not an array.
struct ItemList(&'static str);

impl<'de> DeserializeSeed<'de> for ItemList {
    type Value = Option<Items>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Option<Items>, D::Error> {
        d.deserialize_any(self)
    }
}

macro_rules! not_a_list {
    ($($name:ident: $ty:ty),*) => {
        $(fn $name<E: de::Error>(self, _: $ty) -> Result<Option<Items>, E> {
            Ok(None)
        })*
    };
}

impl<'de> Visitor<'de> for ItemList {
    type Value = Option<Items>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<Items>, A::Error> {
        let mut items = Items::default();
        let mut i = 0;
        while let Some(item) = seq.next_element::<Value>()? {
            raw_item(item, i, self.0, &mut items);
            i += 1;
        }
        Ok(Some(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Items>, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<Items>, E> {
        Ok(None)
    }

    not_a_list!(visit_bool: bool, visit_i64: i64, visit_u64: u64, visit_f64: f64, visit_str: &str);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::problem::Problems;
    use serde_json::json;

    /// Both readers over `value`: errors as text, problems as debug text.
    fn both(text: &str) -> (Result<String, String>, Result<String, String>) {
        let run = |streamed: bool| {
            let mut problems = Problems::default();
            let raw = if streamed {
                raw_from_slice(text.as_bytes(), &mut problems)
            } else {
                serde_json::from_slice::<Value>(text.as_bytes())
                    .map_err(ExportError::NotJson)
                    .and_then(|v| RawExport::from_value(v, &mut problems))
            };
            raw.map(|r| format!("{r:?} {:?}", problems.0))
                .map_err(|e| e.to_string())
        };
        (run(true), run(false))
    }

    #[test]
    fn the_stream_reads_what_the_whole_tree_reads_including_its_faults() {
        let locales = json!([{"code": "en-US", "default": true}]);
        let good = json!({"sys": {"id": "a", "contentType": {"sys": {"id": "blogPost"}},
                          "publishedVersion": 3}, "fields": {"title": {"en-US": "T"}}});
        let cases = [
            json!({"contentTypes": [{"x": 1}], "entries": [good, 5, {"sys": {}}],
                   "assets": [{"sys": {"id": "i"}, "fields": {}}], "locales": locales}),
            json!({"locales": locales, "entries": {"not": "a list"}}),
            json!({"entries": []}),
            json!({"entries": [], "locales": []}),
            json!({"entries": [], "locales": [{"code": "de-DE"}], "assets": "none"}),
            json!([1, 2]),
            json!("text"),
        ];
        let repeated = format!(
            r#"{{"entries": [{good}], "locales": {locales}, "entries": [], "assets": [1]}}"#
        );
        let texts = cases.iter().map(Value::to_string).chain([repeated]);
        for text in texts {
            let (streamed, tree) = both(&text);
            assert_eq!(streamed, tree, "{text}");
        }
        for broken in ["{\"entries\": [", "{} x", "", "{\"entries\": [1,]}"] {
            let (streamed, tree) = both(broken);
            assert_eq!(streamed, tree, "{broken}");
            assert!(streamed.is_err());
        }
    }
}
