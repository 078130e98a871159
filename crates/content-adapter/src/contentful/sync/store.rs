//! The space as the Sync API delivers it, held in memory: every published entry and asset with
//! all its locales, in the order they arrived, plus the content model and locales, and the
//! token that asks for what changed since.
//!
//! Items are shared (`Arc`), so applying a delta replaces only the changed items and never
//! copies the rest; the export form the export reader reads is written from them on demand.

use crate::export::version::Version;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::sync::Arc;

/// Published items of one kind, in arrival order: a changed item keeps its place, a new one
/// goes last, a deleted one leaves no gap.
#[derive(Clone, Debug, Default)]
pub(crate) struct Items {
    // Ids are shared between the two maps, and with a copy of the store: copying one for a
    // snapshot copies no string.
    by_id: HashMap<Arc<str>, (u64, Arc<Value>)>,
    order: BTreeMap<u64, Arc<str>>,
    next: u64,
    /// The sum of [`identity`] over the items, kept as they come and go.
    fingerprint: u64,
}

impl Items {
    pub fn upsert(&mut self, id: String, item: Arc<Value>) {
        let id: Arc<str> = id.into();
        let added = identity(&id, &item);
        match self.by_id.get_mut(&id) {
            Some((_, existing)) => {
                let removed = identity(&id, existing);
                self.fingerprint = self.fingerprint.wrapping_sub(removed);
                *existing = item;
            }
            None => {
                self.order.insert(self.next, id.clone());
                self.by_id.insert(id, (self.next, item));
                self.next += 1;
            }
        }
        self.fingerprint = self.fingerprint.wrapping_add(added);
    }

    pub fn remove(&mut self, id: &str) {
        if let Some((seq, item)) = self.by_id.remove(id) {
            self.order.remove(&seq);
            self.fingerprint = self.fingerprint.wrapping_sub(identity(id, &item));
        }
    }

    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    #[cfg(test)]
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Value>> {
        self.iter_with_ids().map(|(_, v)| v)
    }

    /// The item with this id.
    pub fn get(&self, id: &str) -> Option<&Arc<Value>> {
        self.by_id.get(id).map(|(_, v)| v)
    }

    /// Every id, in order.
    pub fn ids(&self) -> Vec<Arc<str>> {
        self.order.values().cloned().collect()
    }

    fn iter_with_ids(&self) -> impl Iterator<Item = (&str, &Arc<Value>)> {
        self.order
            .values()
            .filter_map(|id| self.by_id.get_key_value(id))
            .map(|(id, (_, v))| (&**id, v))
    }
}

/// A hash of an item's id, revision and time of update (the delivery APIs raise both with
/// every publish). Summed over a store's items it changes when any item does, whatever the
/// order they arrived in, so two replicas holding the same content agree on it.
fn identity(id: &str, item: &Value) -> u64 {
    let mut v = Version::new();
    v.update(id.as_bytes());
    for key in ["revision", "updatedAt", "publishedVersion"] {
        v.update(b"\0");
        match item.get("sys").and_then(|sys| sys.get(key)) {
            Some(Value::String(s)) => v.update(s.as_bytes()),
            Some(Value::Number(n)) => v.update(n.to_string().as_bytes()),
            _ => {}
        }
    }
    v.number()
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
        let mut applied = Applied::default();
        for item in delta.items {
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
            match kind.as_str() {
                "Entry" => {
                    applied.entries.push(id.clone());
                    self.entries.upsert(id, Arc::new(published(item)));
                    applied.changed += 1;
                }
                "Asset" => {
                    applied.assets.push(id.clone());
                    self.assets.upsert(id, Arc::new(published(item)));
                    applied.changed += 1;
                }
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
        self.token = delta.token;
        applied
    }

    /// The space in export form (`locales`, `contentTypes`, `entries`, `assets`), as the
    /// export reader reads it.
    pub fn export_bytes(&self) -> Vec<u8> {
        self.export_bytes_of(|_, _| true, true)
    }

    /// [`Self::export_bytes`] with only the entries for which `wanted` answers true (given
    /// the id and the item), and with the assets or none: the reader takes the rest from what
    /// it read before.
    pub fn export_bytes_of(&self, wanted: impl Fn(&str, &Value) -> bool, assets: bool) -> Vec<u8> {
        let mut out = Vec::with_capacity(4096);
        self.write_export(&mut out, wanted, assets)
            .expect("writing JSON into memory cannot fail");
        out
    }

    /// The content type id of an entry.
    pub fn content_type(item: &Value) -> Option<&str> {
        item.get("sys")
            .and_then(|sys| sys.get("contentType"))
            .and_then(|ct| ct.get("sys"))
            .and_then(|sys| sys.get("id"))
            .and_then(Value::as_str)
    }

    fn write_export(
        &self,
        out: &mut Vec<u8>,
        wanted: impl Fn(&str, &Value) -> bool,
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
                serde_json::to_writer(&mut *out, item.as_ref())?;
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

    /// A store from the export form [`Self::export_bytes`] wrote, and its token.
    pub fn from_export(export: Value, token: String) -> Result<Store, String> {
        let Value::Object(mut export) = export else {
            return Err("the saved export is not an object".into());
        };
        let mut list = |key: &str| match export.remove(key) {
            Some(Value::Array(items)) => Ok(items),
            _ => Err(format!("the saved export has no {key:?} array")),
        };
        let mut store = Store {
            locales: list("locales")?,
            content_types: list("contentTypes")?,
            token,
            ..Store::default()
        };
        for (items, list) in [
            (&mut store.entries, list("entries")?),
            (&mut store.assets, list("assets")?),
        ] {
            for item in list {
                let id = item
                    .get("sys")
                    .and_then(|sys| sys.get("id"))
                    .and_then(Value::as_str)
                    .map(str::to_string);
                match id {
                    Some(id) => items.upsert(id, Arc::new(item)),
                    None => return Err("the saved export has an item without sys.id".into()),
                }
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
        let titles: Vec<&str> = store
            .entries
            .iter()
            .map(|e| e["fields"]["title"]["en-US"].as_str().unwrap())
            .collect();
        assert_eq!(titles, ["A2", "C", "D"]);
        assert!(
            Arc::ptr_eq(&untouched, store.entries.iter().nth(1).unwrap()),
            "shared, not copied"
        );
        assert_eq!(store.assets.len(), 0);
        assert_eq!(
            store.entries.iter().next().unwrap()["sys"]["publishedVersion"],
            2
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
        let back = Store::from_export(serde_json::from_slice(&bytes).unwrap(), "t".into()).unwrap();
        assert_eq!(back.export_bytes(), bytes);
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
