//! Reading the export's top level as a stream, in two passes over the file's bytes, so the
//! loader never holds the export, or even all of its entries' fields, as JSON trees.
//!
//! The first pass ([`raw_from_slice`]) reduces each entry to its id, content type and published
//! flag, skipping its `fields` unparsed, and reads the assets and the locales (which Contentful
//! writes after the entries, and which every field read needs). The content model, editor
//! interfaces and any other section are skipped unparsed. The second pass
//! ([`each_entry_fields`]) hands the loader each entry's `fields` in turn, parsed on its own
//! and dropped once read into a typed entry. When the export is a file, the second pass reads
//! the file again rather than keeping its bytes, so the bytes and the typed entries are never
//! held at once.
//!
//! The outcome of the first pass is exactly that of parsing the whole file and calling
//! [`RawExport::from_value`]: the same errors, and the same problems in the same order.

use super::ExportError;
use super::problem::Problems;
use super::raw::{Items, RawExport, object_or_empty, raw_item, reduce};
use super::version::Version;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::fmt;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;
use std::rc::Rc;

/// Reads the export in `bytes` without building a tree of the whole file or of any entry's
/// fields.
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
    let mut raw = RawExport::assemble(top.entries, top.locales, top.assets, problems)?;
    raw.entries_key = top.entries_keys;
    Ok(raw)
}

/// Where the second pass reads the export again: the bytes the first pass read, or the file
/// they came from.
pub(crate) enum Again<'a> {
    Bytes(&'a [u8]),
    /// The file, which must still hold the bytes whose [`super::version_of`] is `version`.
    File {
        path: &'a Path,
        version: &'a str,
    },
}

/// Calls `each(i, fields)` for every entry of `raw.entries`, in order, with its `fields` (field
/// id → locale code → value; empty when the entry has none). `again` must hold the export
/// `raw` was read from; a file that changed in between is an error.
pub(crate) fn each_entry_fields(
    again: Again<'_>,
    raw: &RawExport,
    each: impl FnMut(usize, Map<String, Value>),
) -> Result<(), ExportError> {
    let seed = EntryFields {
        key: raw.entries_key,
        each,
    };
    match again {
        Again::Bytes(bytes) => {
            let mut de = serde_json::Deserializer::from_slice(bytes);
            seed.deserialize(&mut de).map_err(ExportError::NotJson)
        }
        Again::File { path, version } => {
            let read_error = |source| ExportError::Read {
                path: path.to_path_buf(),
                source,
            };
            let file = File::open(path).map_err(read_error)?;
            // Hashed in the buffer's large reads; the parser takes its bytes one at a time
            // straight from the buffer (owned, so the standard library's fast path applies).
            let version_read = Rc::new(RefCell::new(Version::new()));
            let hashing = Hashing {
                inner: file,
                version: Rc::clone(&version_read),
            };
            let mut de =
                serde_json::Deserializer::from_reader(BufReader::with_capacity(1 << 16, hashing));
            // `end` reads to the end of the file, so every byte is hashed when it succeeds.
            let read = seed.deserialize(&mut de).and_then(|()| de.end());
            match read {
                Ok(()) if version_read.borrow().finish() == version => Ok(()),
                Err(e) if e.is_io() => Err(read_error(std::io::Error::other(e))),
                _ => Err(ExportError::Changed {
                    path: path.to_path_buf(),
                }),
            }
        }
    }
}

/// A reader that hashes what passes through it as [`super::version_of`] does.
struct Hashing<R> {
    inner: R,
    version: Rc<RefCell<Version>>,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.version.borrow_mut().update(&buf[..n]);
        Ok(n)
    }
}

/// The keys of the top level and of an item that the loader reads; any other is skipped.
enum Key {
    Entries,
    Assets,
    Locales,
    Sys,
    Fields,
    Other,
}

impl<'de> de::Deserialize<'de> for Key {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object key")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
                Ok(match key {
                    "entries" => Key::Entries,
                    "assets" => Key::Assets,
                    "locales" => Key::Locales,
                    "sys" => Key::Sys,
                    "fields" => Key::Fields,
                    _ => Key::Other,
                })
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// The three sections the loader reads; `None` when absent (or, for the lists, not an array).
#[derive(Default)]
struct TopLevel {
    entries: Option<Items>,
    locales: Option<Value>,
    assets: Option<Items>,
    /// How many `entries` keys the object has: the last one counts.
    entries_keys: usize,
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
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Entries => {
                    self.entries_keys += 1;
                    self.entries = map.next_value_seed(ItemList("entries"))?;
                }
                Key::Assets => self.assets = map.next_value_seed(ItemList("assets"))?,
                Key::Locales => self.locales = Some(map.next_value()?),
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

macro_rules! not_a_container {
    ($out:expr; $($name:ident: $ty:ty),*) => {
        $(fn $name<E: de::Error>(self, _: $ty) -> Result<Self::Value, E> {
            Ok($out)
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
        let keep_fields = self.0 == "assets";
        let mut i = 0;
        while let Some((sys, fields)) = seq.next_element_seed(Item { keep_fields })? {
            raw_item(sys, fields, i, self.0, &mut items);
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

    not_a_container!(None; visit_bool: bool, visit_i64: i64, visit_u64: u64, visit_f64: f64, visit_str: &str);
}

/// One item of `entries` or `assets`: its `sys` (`None` when the item is not an object,
/// `Some(None)` when it has no `sys`) and, if kept, its `fields`. Everything else is skipped
/// unparsed.
struct Item {
    keep_fields: bool,
}

type ItemParts = (Option<Option<Value>>, Option<Value>);

impl<'de> DeserializeSeed<'de> for Item {
    type Value = ItemParts;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<ItemParts, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Item {
    type Value = ItemParts;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ItemParts, A::Error> {
        let (mut sys, mut fields) = (None, None);
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Sys => sys = Some(map.next_value_seed(Sys)?),
                Key::Fields if self.keep_fields => fields = Some(map.next_value::<Value>()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok((Some(sys), fields))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ItemParts, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok((None, None))
    }

    fn visit_unit<E: de::Error>(self) -> Result<ItemParts, E> {
        Ok((None, None))
    }

    not_a_container!((None, None); visit_bool: bool, visit_i64: i64, visit_u64: u64, visit_f64: f64, visit_str: &str);
}

/// An item's `sys`, cut down to the keys the loader reads (`id`, `publishedVersion`,
/// `contentType`); anything but an object reads as `null`, which has none of them either.
struct Sys;

impl<'de> DeserializeSeed<'de> for Sys {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Sys {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut kept = Map::new();
        while let Some(key) = map.next_key::<SysKey>()? {
            match key {
                SysKey::Kept(key) => {
                    kept.insert(key.to_string(), map.next_value()?);
                }
                SysKey::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Value::Object(kept))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Value::Null)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    not_a_container!(Value::Null; visit_bool: bool, visit_i64: i64, visit_u64: u64, visit_f64: f64, visit_str: &str);
}

/// A key of `sys`: one the loader reads, or another.
enum SysKey {
    Kept(&'static str),
    Other,
}

impl<'de> de::Deserialize<'de> for SysKey {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<SysKey, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = SysKey;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object key")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<SysKey, E> {
                Ok(match key {
                    "id" => SysKey::Kept("id"),
                    "publishedVersion" => SysKey::Kept("publishedVersion"),
                    "contentType" => SysKey::Kept("contentType"),
                    _ => SysKey::Other,
                })
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// The second pass: the `fields` of every entry the first pass kept, in order.
struct EntryFields<F> {
    /// Which `entries` key to read (1 for the first): the last one, as in the first pass.
    key: usize,
    each: F,
}

impl<'de, F: FnMut(usize, Map<String, Value>)> DeserializeSeed<'de> for EntryFields<F> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, F: FnMut(usize, Map<String, Value>)> Visitor<'de> for EntryFields<F> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a Contentful export object")
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        let mut seen = 0;
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Entries if seen + 1 == self.key => {
                    seen += 1;
                    map.next_value_seed(EachEntry(&mut self.each))?;
                }
                Key::Entries => {
                    seen += 1;
                    map.next_value::<IgnoredAny>()?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

struct EachEntry<'f, F>(&'f mut F);

impl<'de, F: FnMut(usize, Map<String, Value>)> DeserializeSeed<'de> for EachEntry<'_, F> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(usize, Map<String, Value>)> Visitor<'de> for EachEntry<'_, F> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the entries array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let (mut i, mut kept) = (0, 0);
        while let Some((sys, fields)) = seq.next_element_seed(Item { keep_fields: true })? {
            // The same rule as the first pass: an item it skipped is skipped here.
            if reduce(sys, i, "entries").is_ok() {
                (self.0)(kept, object_or_empty(fields));
                kept += 1;
            }
            i += 1;
        }
        Ok(())
    }
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
            // Which `entries` key was read only steers the second pass; the tree reader has no
            // need of it.
            raw.map(|r| RawExport {
                entries_key: 1,
                ..r
            })
            .map(|r| format!("{r:?} {:?}", problems.0))
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

    /// Entry indexes and the fields handed over for each.
    type Handed = Vec<(usize, Value)>;

    /// The fields the second pass hands over, from the bytes and from a file of them.
    fn second_pass(text: &str) -> (Handed, Handed) {
        let raw = raw_from_slice(text.as_bytes(), &mut Problems::default()).unwrap();
        let mut from_bytes = Vec::new();
        each_entry_fields(Again::Bytes(text.as_bytes()), &raw, |i, f| {
            from_bytes.push((i, Value::Object(f)))
        })
        .unwrap();
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), text).unwrap();
        let version = super::super::version_of(text.as_bytes());
        let again = Again::File {
            path: file.path(),
            version: &version,
        };
        let mut from_file = Vec::new();
        each_entry_fields(again, &raw, |i, f| from_file.push((i, Value::Object(f)))).unwrap();
        (from_bytes, from_file)
    }

    #[test]
    fn the_second_pass_hands_over_the_fields_of_the_entries_the_first_pass_kept() {
        let locales = json!([{"code": "en-US", "default": true}]);
        let entry = |id: &str, fields: Value| json!({"sys": {"id": id, "contentType": {"sys": {"id": "blogPost"}}}, "fields": fields});
        let (a, b, c) = (
            entry("a", json!({"title": {"en-US": "A"}})),
            entry("b", json!("not an object")),
            json!({"sys": {"id": "c", "contentType": {"sys": {"id": "x"}}}}),
        );
        let text = format!(
            r#"{{"entries": [{a}], "locales": {locales}, "entries": [{a}, 5, {b}, {{"sys": {{}}}}, {c}]}} "#
        );
        let (from_bytes, from_file) = second_pass(&text);
        let expected = vec![
            (0, json!({"title": {"en-US": "A"}})),
            (1, json!({})),
            (2, json!({})),
        ];
        assert_eq!(from_bytes, expected);
        assert_eq!(from_file, expected);
    }

    #[test]
    fn a_file_that_changed_since_the_first_pass_is_refused() {
        let text = r#"{"entries": [], "locales": [{"code": "en-US", "default": true}]}"#;
        let raw = raw_from_slice(text.as_bytes(), &mut Problems::default()).unwrap();
        let file = tempfile::NamedTempFile::new().unwrap();
        let changed = text.replace("[]", "[{\"sys\": {\"id\": \"new\"}}]");
        for on_disk in [changed.as_str(), "{", "[]"] {
            std::fs::write(file.path(), on_disk).unwrap();
            let version = super::super::version_of(text.as_bytes());
            let again = Again::File {
                path: file.path(),
                version: &version,
            };
            let err = each_entry_fields(again, &raw, |_, _| {}).unwrap_err();
            assert!(
                matches!(&err, ExportError::Changed { path } if path == file.path()),
                "{on_disk}: {err}"
            );
        }
    }
}
