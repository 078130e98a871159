//! Laying entries and assets over an export: Live Preview's unsaved edits, as Contentful's web
//! app sends them (`sys` and `fields` keyed by field then locale, the export form).

use serde_json::{Value, json};
use std::collections::HashMap;

/// `export` with each of `entities` laid over it: an entry or asset whose `sys.id` the export
/// holds gets the entity's `fields` (its `sys`, and so its content type and published state,
/// stay the export's); any other is added as published, an entry with the entity's
/// `sys.contentType`. An entity without a `sys.id`, a `sys.type` of `Entry` or `Asset` and a
/// `fields` object is left out.
///
/// The entries and assets are indexed by id once, so laying `m` entities over `n` items is
/// `n + m` work, not `n × m`.
pub fn overlay(export: &Value, entities: &[Value]) -> Value {
    let mut out = export.clone();
    let mut entries = Indexed::new(&mut out, "entries");
    let mut assets = Indexed::new(&mut out, "assets");
    for entity in entities {
        let sys = &entity["sys"];
        let (Some(id), Some(kind), Some(fields)) = (
            sys["id"].as_str(),
            sys["type"].as_str(),
            entity.get("fields").filter(|f| f.is_object()),
        ) else {
            continue;
        };
        let list = match kind {
            "Entry" => &mut entries,
            "Asset" => &mut assets,
            _ => continue,
        };
        list.lay(id, kind, sys, fields);
    }
    let (entries, assets) = (entries.items, assets.items);
    if let Some(items) = entries {
        out["entries"] = Value::Array(items);
    }
    if let Some(items) = assets {
        out["assets"] = Value::Array(items);
    }
    out
}

/// One list of the export (taken out of it while edits are laid) and where each id is in it.
struct Indexed {
    items: Option<Vec<Value>>,
    by_id: HashMap<String, usize>,
}

impl Indexed {
    fn new(export: &mut Value, list: &str) -> Self {
        let items = export
            .get_mut(list)
            .and_then(Value::as_array_mut)
            .map(std::mem::take);
        let mut by_id = HashMap::new();
        for (at, item) in items.iter().flatten().enumerate() {
            if let Some(id) = item["sys"]["id"].as_str() {
                // The first item with an id is the one edits replace, as a search would find.
                by_id.entry(id.to_string()).or_insert(at);
            }
        }
        Indexed { items, by_id }
    }

    fn lay(&mut self, id: &str, kind: &str, sys: &Value, fields: &Value) {
        let Some(items) = self.items.as_mut() else {
            return;
        };
        match self.by_id.get(id) {
            Some(&at) => items[at]["fields"] = fields.clone(),
            None => {
                let mut new_sys = json!({"id": id, "type": kind, "publishedVersion": 1});
                if kind == "Entry" {
                    new_sys["contentType"] = sys["contentType"].clone();
                }
                self.by_id.insert(id.to_string(), items.len());
                items.push(json!({"sys": new_sys, "fields": fields}));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entity_replaces_the_fields_of_its_entry_and_a_new_one_is_added_published() {
        let export = json!({
            "entries": [{"sys": {"id": "a", "type": "Entry", "publishedVersion": 3,
                "contentType": {"sys": {"id": "blogPost"}}}, "fields": {"title": {"en-US": "Old"}}}],
            "assets": [],
        });
        let out = overlay(
            &export,
            &[
                json!({"sys": {"id": "a", "type": "Entry", "contentType": {"sys": {"id": "other"}}},
                    "fields": {"title": {"en-US": "New"}}}),
                json!({"sys": {"id": "b", "type": "Entry", "contentType": {"sys": {"id": "faqItem"}}},
                    "fields": {"question": {"en-US": "Q"}}}),
                json!({"sys": {"id": "c", "type": "Asset"}, "fields": {"title": {"en-US": "Pic"}}}),
                json!({"sys": {"id": "d", "type": "Space"}, "fields": {}}),
                json!({"sys": {"type": "Entry"}, "fields": {}}),
            ],
        );
        assert_eq!(out["entries"][0]["fields"]["title"]["en-US"], "New");
        assert_eq!(out["entries"][0]["sys"]["publishedVersion"], 3);
        assert_eq!(
            out["entries"][0]["sys"]["contentType"]["sys"]["id"],
            "blogPost"
        );
        assert_eq!(
            out["entries"][1]["sys"]["contentType"]["sys"]["id"],
            "faqItem"
        );
        assert_eq!(out["entries"][1]["sys"]["publishedVersion"], 1);
        assert_eq!(out["entries"].as_array().unwrap().len(), 2);
        assert_eq!(out["assets"][0]["fields"]["title"]["en-US"], "Pic");
        // An entity given twice is laid once, the later edit kept.
        let twice = overlay(
            &export,
            &[
                json!({"sys": {"id": "n", "type": "Asset"}, "fields": {"title": {"en-US": "1"}}}),
                json!({"sys": {"id": "n", "type": "Asset"}, "fields": {"title": {"en-US": "2"}}}),
            ],
        );
        assert_eq!(
            twice["assets"],
            json!([{"sys": {"id": "n", "type": "Asset",
            "publishedVersion": 1}, "fields": {"title": {"en-US": "2"}}}])
        );
        // The export itself is untouched.
        assert_eq!(export["entries"][0]["fields"]["title"]["en-US"], "Old");
    }
}
