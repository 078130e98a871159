//! The space as the Sync API delivers it, held in memory: every published entry and asset with
//! all its locales, in the order they arrived, plus the content model and locales, and the
//! token that asks for what changed since.
//!
//! An item is kept as its JSON text with the few `sys` fields the store reads, not as a tree
//! of values: the text is a third of the size, is written into the export form as it is, and
//! is read back from the snapshot on disk by scanning for those fields alone. Items are shared
//! (`Arc`), so applying a delta replaces only the changed items and never copies the rest.

use crate::export::version::Version;
use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::sync::Arc;

/// One published entry or asset: its JSON text as the export form holds it.
#[derive(Debug)]
pub(crate) struct Item {
    raw: Box<RawValue>,
    /// The content type's id (entries only).
    content_type: Option<Box<str>>,
    /// See [`Head::identity`].
    identity: u64,
}

/// The part of an item the store reads; everything else is skipped over, unread.
#[derive(Deserialize)]
struct Head<'a> {
    #[serde(borrow)]
    sys: Sys<'a>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Sys<'a> {
    #[serde(borrow)]
    id: std::borrow::Cow<'a, str>,
    #[serde(borrow, default)]
    revision: Option<&'a RawValue>,
    #[serde(borrow, default)]
    updated_at: Option<&'a RawValue>,
    #[serde(borrow, default)]
    published_version: Option<&'a RawValue>,
    #[serde(borrow, default)]
    content_type: Option<Link<'a>>,
}

#[derive(Deserialize)]
struct Link<'a> {
    #[serde(borrow)]
    sys: LinkSys<'a>,
}

#[derive(Deserialize)]
struct LinkSys<'a> {
    #[serde(borrow)]
    id: std::borrow::Cow<'a, str>,
}

impl Head<'_> {
    /// A hash of the item's id, revision and time of update (the delivery APIs raise both with
    /// every publish). Summed over a store's items it changes when any item does, whatever the
    /// order they arrived in, so two replicas holding the same content agree on it. It is
    /// taken over the fields' JSON text, which the store writes and reads back unchanged.
    fn identity(&self) -> u64 {
        let mut v = Version::new();
        v.update(self.sys.id.as_bytes());
        for field in [
            self.sys.revision,
            self.sys.updated_at,
            self.sys.published_version,
        ] {
            v.update(b"\0");
            if let Some(raw) = field {
                v.update(raw.get().as_bytes());
            }
        }
        v.number()
    }
}

impl Item {
    /// The item in `raw`, and its id.
    pub fn read(raw: Box<RawValue>) -> Result<(Arc<str>, Item), String> {
        let head: Head<'_> = serde_json::from_str(raw.get())
            .map_err(|e| format!("an item without a readable sys.id: {e}"))?;
        let id: Arc<str> = head.sys.id.as_ref().into();
        let item = Item {
            content_type: head
                .sys
                .content_type
                .as_ref()
                .map(|l| l.sys.id.as_ref().into()),
            identity: head.identity(),
            raw: Box::default(),
        };
        Ok((id, Item { raw, ..item }))
    }

    /// A delivered item, written as text.
    fn of(value: &Value) -> Result<(Arc<str>, Item), String> {
        let raw = serde_json::value::to_raw_value(value).map_err(|e| e.to_string())?;
        Item::read(raw)
    }

    /// The content type id of an entry.
    pub fn content_type(&self) -> Option<&str> {
        self.content_type.as_deref()
    }

    /// The item's JSON text.
    pub fn json(&self) -> &str {
        self.raw.get()
    }

    /// Whether the item's text holds `id` as a whole JSON string anywhere: every link to it
    /// does (and, rarely, a field whose text is the id, which costs only a read too many).
    pub fn mentions(&self, id: &str) -> bool {
        serde_json::to_string(id).is_ok_and(|quoted| self.json().contains(&quoted))
    }
}

/// Published items of one kind, in arrival order: a changed item keeps its place, a new one
/// goes last, a deleted one leaves no gap.
#[derive(Clone, Debug, Default)]
pub(crate) struct Items {
    // Ids are shared between the two maps, and with a copy of the store: copying one for a
    // snapshot copies no string.
    by_id: HashMap<Arc<str>, (u64, Arc<Item>)>,
    order: BTreeMap<u64, Arc<str>>,
    next: u64,
    /// The sum of the items' identities, kept as they come and go.
    fingerprint: u64,
}

impl Items {
    pub fn upsert(&mut self, id: Arc<str>, item: Item) {
        let added = item.identity;
        match self.by_id.get_mut(&id) {
            Some((_, existing)) => {
                self.fingerprint = self.fingerprint.wrapping_sub(existing.identity);
                *existing = Arc::new(item);
            }
            None => {
                self.order.insert(self.next, id.clone());
                self.by_id.insert(id, (self.next, Arc::new(item)));
                self.next += 1;
            }
        }
        self.fingerprint = self.fingerprint.wrapping_add(added);
    }

    pub fn remove(&mut self, id: &str) {
        if let Some((seq, item)) = self.by_id.remove(id) {
            self.order.remove(&seq);
            self.fingerprint = self.fingerprint.wrapping_sub(item.identity);
        }
    }

    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    #[cfg(test)]
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Item>> {
        self.iter_with_ids().map(|(_, v)| v)
    }

    /// The item with this id.
    pub fn get(&self, id: &str) -> Option<&Arc<Item>> {
        self.by_id.get(id).map(|(_, v)| v)
    }

    /// Every id, in order.
    pub fn ids(&self) -> Vec<Arc<str>> {
        self.order.values().cloned().collect()
    }

    fn iter_with_ids(&self) -> impl Iterator<Item = (&str, &Arc<Item>)> {
        self.order
            .values()
            .filter_map(|id| self.by_id.get_key_value(id))
            .map(|(id, (_, v))| (&**id, v))
    }
}

/// One delta or one initial sync, gathered from all its pages.
#[derive(Debug, Default)]
pub(crate) struct Delta {
    pub items: Vec<Value>,
    /// The token of the `nextSyncUrl` that ended it.
    pub token: String,
}

/// What a delta did to the store.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Applied {
    pub changed: usize,
    pub deleted: usize,
    /// The entries changed or deleted, by id.
    pub entries: Vec<String>,
    /// The assets changed or deleted, by id.
    pub assets: Vec<String>,
}

impl Applied {
    pub fn any(&self) -> bool {
        self.changed + self.deleted > 0
    }
}

/// The whole space, synced.
#[derive(Clone, Debug, Default)]
pub(crate) struct Store {
    pub locales: Vec<Value>,
    pub content_types: Vec<Value>,
    pub entries: Items,
    pub assets: Items,
    /// The sync token the next delta is asked with.
    pub token: String,
}

impl Store {
    /// Applies the items of a delta (or of an initial sync) and takes its token.
    pub fn apply(&mut self, delta: Delta) -> Applied {
        let applied = self.apply_items(delta.items);
        self.token = delta.token;
        applied
    }

    /// Applies sync items (part of a delta) without moving the token on.
    pub fn apply_items(&mut self, delta: Vec<Value>) -> Applied {
        let mut applied = Applied::default();
        for item in delta {
            let (Some(kind), Some(id)) = (
                item.get("sys")
                    .and_then(|sys| sys.get("type"))
                    .and_then(Value::as_str)
                    .map(str::to_string),
                item.get("sys")
                    .and_then(|sys| sys.get("id"))
                    .and_then(Value::as_str)
                    .map(str::to_string),
            ) else {
                tracing::warn!("contentful: a sync item without sys.type or sys.id was skipped");
                continue;
            };
            let items = match kind.as_str() {
                "Entry" => {
                    applied.entries.push(id);
                    &mut self.entries
                }
                "Asset" => {
                    applied.assets.push(id);
                    &mut self.assets
                }
                _ => {
                    self.delete(&kind, id, &mut applied);
                    continue;
                }
            };
            match Item::of(&published(item)) {
                Ok((id, item)) => {
                    items.upsert(id, item);
                    applied.changed += 1;
                }
                Err(e) => tracing::warn!(error = %e, "contentful: a sync item was skipped"),
            }
        }
        applied
    }

    /// Applies a deletion (or warns of an item of an unknown type).
    fn delete(&mut self, kind: &str, id: String, applied: &mut Applied) {
        match kind {
            "DeletedEntry" => {
                self.entries.remove(&id);
                applied.entries.push(id);
                applied.deleted += 1;
            }
            "DeletedAsset" => {
                self.assets.remove(&id);
                applied.assets.push(id);
                applied.deleted += 1;
            }
            other => tracing::warn!(
                kind = other,
                "contentful: a sync item of an unknown type was skipped"
            ),
        }
    }

    /// The space in export form (`locales`, `contentTypes`, `entries`, `assets`), as the
    /// export reader reads it.
    pub fn export_bytes(&self) -> Vec<u8> {
        self.export_bytes_of(|_, _| true, true)
    }

    /// [`Self::export_bytes`] with only the entries for which `wanted` answers true (given
    /// the id and the item), and with the assets or none: the reader takes the rest from what
    /// it read before.
    pub fn export_bytes_of(&self, wanted: impl Fn(&str, &Item) -> bool, assets: bool) -> Vec<u8> {
        let mut out = Vec::with_capacity(4096);
        self.write_export(&mut out, wanted, assets)
            .expect("writing JSON into memory cannot fail");
        out
    }

    fn write_export(
        &self,
        out: &mut Vec<u8>,
        wanted: impl Fn(&str, &Item) -> bool,
        with_assets: bool,
    ) -> std::io::Result<()> {
        out.write_all(b"{\"locales\":")?;
        serde_json::to_writer(&mut *out, &self.locales)?;
        out.write_all(b",\"contentTypes\":")?;
        serde_json::to_writer(&mut *out, &self.content_types)?;
        for (key, items) in [("entries", &self.entries), ("assets", &self.assets)] {
            write!(out, ",\"{key}\":[")?;
            let mut first = true;
            for (id, item) in items.iter_with_ids() {
                let skip = match key {
                    "entries" => !wanted(id, item),
                    _ => !with_assets,
                };
                if skip {
                    continue;
                }
                if !first {
                    out.push(b',');
                }
                first = false;
                out.write_all(item.json().as_bytes())?;
            }
            out.push(b']');
        }
        out.push(b'}');
        Ok(())
    }

    /// The content version of what the store holds: it changes when any item or the content
    /// model does, and does not depend on the order items arrived in (see
    /// [`identity`]).
    pub fn version(&self) -> String {
        let mut model = Version::new();
        for part in [&self.locales, &self.content_types] {
            model.update(serde_json::to_string(part).unwrap_or_default().as_bytes());
        }
        let sum = model
            .number()
            .wrapping_add(self.entries.fingerprint)
            .wrapping_add(self.assets.fingerprint.rotate_left(1));
        format!("{sum:016x}")
    }

    /// A store from the export form [`Self::export_bytes`] wrote, and its token. Each item is
    /// kept as the text it is in `export`; only its `sys` is read.
    pub fn from_export(export: &[u8], token: String) -> Result<Store, String> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Export<'a> {
            locales: Vec<Value>,
            content_types: Vec<Value>,
            #[serde(borrow)]
            entries: Vec<&'a RawValue>,
            #[serde(borrow)]
            assets: Vec<&'a RawValue>,
        }
        let export: Export<'_> = serde_json::from_slice(export)
            .map_err(|e| format!("the saved export cannot be read: {e}"))?;
        let mut store = Store {
            locales: export.locales,
            content_types: export.content_types,
            token,
            ..Store::default()
        };
        for (items, list) in [
            (&mut store.entries, export.entries),
            (&mut store.assets, export.assets),
        ] {
            for raw in list {
                let (id, item) =
                    Item::read(raw.to_owned()).map_err(|e| format!("the saved export has {e}"))?;
                items.upsert(id, item);
            }
        }
        Ok(store)
    }
}

/// A delivered item marked published, as the export reader expects (an export holds drafts
/// too, told apart by `sys.publishedVersion`); the delivery APIs deliver only published
/// items, each with its `sys.revision`.
fn published(mut item: Value) -> Value {
    if let Some(sys) = item.get_mut("sys").and_then(Value::as_object_mut) {
        let version = sys.get("revision").cloned().unwrap_or(Value::from(1));
        sys.entry("publishedVersion").or_insert(version);
    }
    item
}

/// The `sync_token` of a `nextSyncUrl` or `nextPageUrl`, percent-decoded.
pub(crate) fn token_of(url: &str) -> Option<String> {
    let query = url.split_once('?')?.1;
    let raw = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("sync_token="))?;
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = (bytes[i] == b'%' && i + 2 < bytes.len())
            .then(|| std::str::from_utf8(&bytes[i + 1..i + 3]).ok())
            .flatten()
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match hex {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok().filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn entry(id: &str, title: &str) -> Value {
        json!({"sys": {"type": "Entry", "id": id, "revision": 2,
            "contentType": {"sys": {"type": "Link", "linkType": "ContentType", "id": "blogPost"}}},
            "fields": {"title": {"en-US": title}}})
    }

    #[test]
    fn a_delta_replaces_changed_items_in_place_appends_new_ones_and_removes_deleted_ones() {
        let mut store = Store::default();
        store.apply(Delta {
            items: vec![
                entry("a", "A"),
                entry("b", "B"),
                entry("c", "C"),
                json!({"sys": {"type": "Asset", "id": "x", "revision": 1}, "fields": {}}),
            ],
            token: "t1".into(),
        });
        let untouched = Arc::clone(store.entries.iter().nth(2).unwrap());
        let applied = store.apply(Delta {
            items: vec![
                entry("a", "A2"),
                json!({"sys": {"type": "DeletedEntry", "id": "b"}}),
                entry("d", "D"),
                json!({"sys": {"type": "DeletedAsset", "id": "x"}}),
            ],
            token: "t2".into(),
        });
        assert_eq!(
            applied,
            Applied {
                changed: 2,
                deleted: 2,
                entries: vec!["a".into(), "b".into(), "d".into()],
                assets: vec!["x".into()],
            }
        );
        assert_eq!(store.token, "t2");
        let held: Vec<Value> = store
            .entries
            .iter()
            .map(|e| serde_json::from_str(e.json()).unwrap())
            .collect();
        let titles: Vec<&str> = held
            .iter()
            .map(|e| e["fields"]["title"]["en-US"].as_str().unwrap())
            .collect();
        assert_eq!(titles, ["A2", "C", "D"]);
        assert!(
            Arc::ptr_eq(&untouched, store.entries.iter().nth(1).unwrap()),
            "shared, not copied"
        );
        assert_eq!(store.assets.len(), 0);
        assert_eq!(held[0]["sys"]["publishedVersion"], 2);
        assert_eq!(
            store.entries.get("a").unwrap().content_type(),
            Some("blogPost")
        );
    }

    #[test]
    fn the_export_form_reads_back_into_the_same_store() {
        let mut store = Store {
            locales: vec![json!({"code": "en-US", "default": true})],
            ..Store::default()
        };
        store.apply(Delta {
            items: vec![entry("a", "A"), entry("b", "B")],
            token: "t".into(),
        });
        let bytes = store.export_bytes();
        let back = Store::from_export(&bytes, "t".into()).unwrap();
        assert_eq!(back.export_bytes(), bytes);
        assert_eq!(back.version(), store.version());
    }

    #[test]
    fn the_token_is_read_from_a_sync_url_and_decoded() {
        assert_eq!(
            token_of(
                "https://cdn.contentful.com/spaces/s/environments/e/sync?sync_token=ab%3Dc&x=1"
            )
            .as_deref(),
            Some("ab=c")
        );
        assert_eq!(token_of("https://cdn/sync?initial=true"), None);
        assert_eq!(
            token_of("https://cdn/sync?sync_token=a%2"),
            Some("a%2".into())
        );
    }
}
