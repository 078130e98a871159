//! Reading the export's top level as a stream, in two passes over the file's bytes, so the
//! loader never holds the export, or even all of its entries' fields, as JSON trees.
//!
//! The first pass ([`raw_from_slice`]) reduces each entry to its id, content type and published
//! flag, noting where its `fields` lie in the bytes without parsing them, and reads the assets
//! and the locales (which Contentful writes after the entries, and which every field read
//! needs). The content model, editor interfaces and any other section are skipped unparsed.
//! The second pass ([`each_entry_fields`]) hands the loader each entry's `fields` in turn,
//! parsed from its own slice and dropped once read into a typed entry. When the export is a
//! file, the second pass reads the file again, a few megabytes at a time, rather than keeping
//! its bytes, so the bytes and the typed entries are never held at once.
//!
//! The outcome of the first pass is exactly that of parsing the whole file and calling
//! [`RawExport::from_value`]: the same errors, and the same problems in the same order.

use super::ExportError;
use super::fields::RawFields;
use super::problem::Problems;
use super::raw::{Items, RawExport, Span, raw_item};
use super::version::Version;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::Path;

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
    let top = TopLevel {
        base: bytes.as_ptr() as usize,
        ..TopLevel::default()
    }
    .deserialize(&mut de)
    .map_err(ExportError::NotJson)?;
    de.end().map_err(ExportError::NotJson)?;
    RawExport::assemble(top.entries, top.locales, top.assets, problems)
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

/// How much of the file the second pass reads at a time (more when one entry is larger).
const CHUNK: usize = 4 << 20;

/// Calls `each(i, fields)` for every entry of `raw.entries`, in order, with its `fields` (field
/// id → locale code → value; empty when the entry has none). `again` must hold the export
/// `raw` was read from; a file that changed in between is an error.
///
/// The fields are parsed on a thread of their own, a bounded number ahead of `each`, so
/// parsing the next entries and reading the last ones into typed entries go on at once.
pub(crate) fn each_entry_fields(
    again: Again<'_>,
    raw: &RawExport,
    mut each: impl FnMut(usize, RawFields),
) -> Result<(), ExportError> {
    let (tx, rx) = std::sync::mpsc::sync_channel(AHEAD);
    std::thread::scope(|scope| {
        let parser = scope.spawn(move || {
            parse_entry_fields(again, raw, |i, fields| tx.send((i, fields)).is_ok())
        });
        for (i, fields) in rx {
            each(i, fields);
        }
        parser
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// How many entries' fields the parser may hold ready before they are read.
const AHEAD: usize = 256;

/// Parses the fields of every entry in turn and hands them to `send`, which answers false when
/// nobody reads them any more (then parsing stops).
fn parse_entry_fields(
    again: Again<'_>,
    raw: &RawExport,
    mut send: impl FnMut(usize, RawFields) -> bool,
) -> Result<(), ExportError> {
    match again {
        Again::Bytes(bytes) => {
            for (i, span) in raw.entry_fields.iter().enumerate() {
                let fields = match span {
                    Some(span) => RawFields::parse(&bytes[span.start..span.end])
                        .map_err(ExportError::NotJson)?,
                    None => RawFields::default(),
                };
                if !send(i, fields) {
                    return Ok(());
                }
            }
            Ok(())
        }
        Again::File { path, version } => {
            let read_error = |source| ExportError::Read {
                path: path.to_path_buf(),
                source,
            };
            let changed = || ExportError::Changed {
                path: path.to_path_buf(),
            };
            let mut file = Window::new(File::open(path).map_err(read_error)?);
            for (i, span) in raw.entry_fields.iter().enumerate() {
                let fields = match span {
                    Some(span) => {
                        let slice = file.slice(*span).map_err(read_error)?.ok_or_else(changed)?;
                        RawFields::parse(slice).map_err(|_| changed())?
                    }
                    None => RawFields::default(),
                };
                if !send(i, fields) {
                    return Ok(());
                }
            }
            // Every byte is hashed, so a file that changed anywhere is refused.
            if file.finish().map_err(read_error)? != version {
                return Err(changed());
            }
            Ok(())
        }
    }
}

/// A file read front to back in large pieces, keeping only the bytes not yet passed over and
/// hashing each piece as [`super::version_of`] does.
struct Window {
    file: File,
    /// Bytes of the file from `at` on.
    buf: Vec<u8>,
    at: usize,
    version: Version,
}

impl Window {
    fn new(file: File) -> Self {
        Window {
            file,
            buf: Vec::with_capacity(CHUNK),
            at: 0,
            version: Version::new(),
        }
    }

    /// The file's bytes in `span`, which must not start before the last span asked for;
    /// `None` when the file ends first.
    fn slice(&mut self, span: Span) -> std::io::Result<Option<&[u8]>> {
        if span.start < self.at || span.end < span.start {
            return Ok(None);
        }
        // What lies before the span is never asked for again.
        let passed = (span.start - self.at).min(self.buf.len());
        if passed >= CHUNK {
            self.buf.drain(..passed);
            self.at += passed;
        }
        while self.at + self.buf.len() < span.end {
            if self.read_more()? == 0 {
                return Ok(None);
            }
        }
        Ok(Some(&self.buf[span.start - self.at..span.end - self.at]))
    }

    /// Reads the next piece of the file onto the window; 0 at its end.
    fn read_more(&mut self) -> std::io::Result<usize> {
        let old = self.buf.len();
        self.buf.resize(old + CHUNK, 0);
        let n = loop {
            match self.file.read(&mut self.buf[old..]) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                other => break other,
            }
        };
        let n = n.inspect_err(|_| self.buf.truncate(old))?;
        self.buf.truncate(old + n);
        self.version.update(&self.buf[old..]);
        Ok(n)
    }

    /// Reads the rest of the file; the version of all of it.
    fn finish(mut self) -> std::io::Result<String> {
        loop {
            self.at += self.buf.len();
            self.buf.clear();
            if self.read_more()? == 0 {
                return Ok(self.version.finish());
            }
        }
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
/// A repeated key counts once, with its last value, as in a parsed JSON object.
#[derive(Default)]
struct TopLevel {
    entries: Option<Items>,
    locales: Option<Value>,
    assets: Option<Items>,
    /// The address of the bytes read, from which spans are measured.
    base: usize,
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
        let base = self.base;
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Entries => {
                    self.entries = map.next_value_seed(ItemList {
                        list: "entries",
                        base,
                    })?;
                }
                Key::Assets => {
                    self.assets = map.next_value_seed(ItemList {
                        list: "assets",
                        base,
                    })?;
                }
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
/// `base` is the address of the bytes read.
struct ItemList {
    list: &'static str,
    base: usize,
}

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
        let keep_fields = self.list == "assets";
        let mut i = 0;
        while let Some((sys, fields)) = seq.next_element_seed(Item { keep_fields })? {
            let (fields, span) = match fields {
                Some(ItemFields::Value(v)) => (Some(v), None),
                Some(ItemFields::At(raw)) => {
                    let start = raw.get().as_ptr() as usize - self.base;
                    let end = start + raw.get().len();
                    (None, Some(Span { start, end }))
                }
                None => (None, None),
            };
            raw_item(sys, fields, span, i, self.list, &mut items);
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
/// `Some(None)` when it has no `sys`) and its `fields`, parsed if kept, else unparsed (where
/// they lie). Everything else is skipped unparsed.
struct Item {
    keep_fields: bool,
}

/// An item's `fields`: parsed, or their text left unparsed.
enum ItemFields<'de> {
    Value(Value),
    At(&'de RawValue),
}

type ItemParts<'de> = (Option<Option<Value>>, Option<ItemFields<'de>>);

impl<'de> DeserializeSeed<'de> for Item {
    type Value = ItemParts<'de>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<ItemParts<'de>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Item {
    type Value = ItemParts<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ItemParts<'de>, A::Error> {
        let (mut sys, mut fields) = (None, None);
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Sys => sys = Some(map.next_value_seed(Sys)?),
                Key::Fields if self.keep_fields => {
                    fields = Some(ItemFields::Value(map.next_value()?));
                }
                Key::Fields => fields = Some(ItemFields::At(map.next_value()?)),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok((Some(sys), fields))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ItemParts<'de>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok((None, None))
    }

    fn visit_unit<E: de::Error>(self) -> Result<ItemParts<'de>, E> {
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
            // Where the fields lie only steers the second pass; the tree reader has no need of
            // it.
            raw.map(|r| RawExport {
                entry_fields: Vec::new(),
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
            from_bytes.push((i, f.into_value()))
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
        each_entry_fields(again, &raw, |i, f| from_file.push((i, f.into_value()))).unwrap();
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
    fn a_file_many_reads_long_hands_over_what_its_bytes_hand_over() {
        // Entries of about 3 KB each, some over a read's boundary, and one larger than a read.
        let locales = json!([{"code": "en-US", "default": true}]);
        let mut entries: Vec<Value> = (0..3000)
            .map(|i| {
                json!({"sys": {"id": format!("e{i}"), "contentType": {"sys": {"id": "blogPost"}}},
                       "fields": {"title": {"en-US": format!("{i} {}", "x".repeat(3000))}}})
            })
            .collect();
        entries.insert(
            1500,
            json!({"sys": {"id": "big", "contentType": {"sys": {"id": "blogPost"}}},
                   "fields": {"body": {"en-US": "é".repeat(CHUNK)}}}),
        );
        let text = json!({"entries": entries, "locales": locales}).to_string();
        assert!(text.len() > 3 * CHUNK);
        let (from_bytes, from_file) = second_pass(&text);
        assert_eq!(from_bytes.len(), 3001);
        assert_eq!(from_bytes, from_file);
        assert_eq!(
            from_bytes[2999].1["title"]["en-US"].as_str().unwrap()[..5],
            *"2998 "
        );
        assert_eq!(
            from_file[1500].1["body"]["en-US"].as_str().unwrap().len(),
            2 * CHUNK
        );
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
