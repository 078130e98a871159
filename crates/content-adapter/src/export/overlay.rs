//! Laying entries and assets over an export: Live Preview's unsaved edits, as Contentful's web
//! app sends them (`sys` and `fields` keyed by field then locale, the export form).

use serde_json::{Value, json};

/// `export` with each of `entities` laid over it: an entry or asset whose `sys.id` the export
/// holds gets the entity's `fields` (its `sys`, and so its content type and published state,
/// stay the export's); any other is added as published, an entry with the entity's
/// `sys.contentType`. An entity without a `sys.id`, a `sys.type` of `Entry` or `Asset` and a
/// `fields` object is left out.
pub fn overlay(export: &Value, entities: &[Value]) -> Value {
    let mut out = export.clone();
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
            "Entry" => "entries",
            "Asset" => "assets",
            _ => continue,
        };
        let Some(items) = out.get_mut(list).and_then(Value::as_array_mut) else {
            continue;
        };
        match items.iter_mut().find(|item| item["sys"]["id"] == id) {
            Some(item) => item["fields"] = fields.clone(),
            None => {
                let mut new_sys = json!({"id": id, "type": kind, "publishedVersion": 1});
                if kind == "Entry" {
                    new_sys["contentType"] = sys["contentType"].clone();
                }
                items.push(json!({"sys": new_sys, "fields": fields}));
            }
        }
    }
    out
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
        // The export itself is untouched.
        assert_eq!(export["entries"][0]["fields"]["title"]["en-US"], "Old");
    }
}
