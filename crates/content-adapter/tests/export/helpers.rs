//! Building small exports in the shape `contentful space export` writes.

use serde_json::{Map, Value, json};
use supplysite_content_adapter::{Loaded, load_export_value};

pub fn export(entries: Vec<Value>, assets: Vec<Value>) -> Value {
    json!({
        "contentTypes": [],
        "entries": entries,
        "assets": assets,
        "locales": [{"code": "en-US", "name": "English (United States)", "default": true, "fallbackCode": null}],
    })
}

fn localise(fields: Value, locale: &str) -> Value {
    let Value::Object(fields) = fields else {
        panic!("fields must be an object")
    };
    let fields: Map<String, Value> = fields
        .into_iter()
        .map(|(k, v)| (k, json!({ locale: v })))
        .collect();
    Value::Object(fields)
}

/// A published entry with its fields in en-US.
pub fn entry(id: &str, content_type: &str, fields: Value) -> Value {
    json!({
        "sys": {
            "id": id, "type": "Entry", "publishedVersion": 4, "version": 5,
            "contentType": {"sys": {"type": "Link", "linkType": "ContentType", "id": content_type}},
        },
        "fields": localise(fields, "en-US"),
    })
}

/// An entry that was never published.
pub fn draft(id: &str, content_type: &str, fields: Value) -> Value {
    let mut e = entry(id, content_type, fields);
    e["sys"].as_object_mut().unwrap().remove("publishedVersion");
    e
}

pub fn image(id: &str) -> Value {
    json!({
        "sys": {"id": id, "type": "Asset", "publishedVersion": 2},
        "fields": localise(json!({
            "title": "Warehouse",
            "description": "Pallets in a warehouse",
            "file": {"url": format!("//images.ctfassets.net/space/{id}/tok/{id}.webp"), "fileName": format!("{id}.webp"),
                     "contentType": "image/webp", "details": {"size": 10, "image": {"width": 640, "height": 480}}},
        }), "en-US"),
    })
}

pub fn link(kind: &str, id: &str) -> Value {
    json!({"sys": {"type": "Link", "linkType": kind, "id": id}})
}

/// The fields of a valid blog post.
pub fn post_fields(slug: &str) -> Value {
    json!({
        "slug": slug,
        "title": "Five signs your tender process needs a rethink",
        "description": "What slows a tender down, and what to do about it.",
        "publishDate": "2024-03-05T09:00+10:00",
        "seoIndex": true,
    })
}

pub fn with(mut fields: Value, key: &str, value: Value) -> Value {
    fields[key] = value;
    fields
}

pub fn without(mut fields: Value, key: &str) -> Value {
    fields.as_object_mut().unwrap().remove(key);
    fields
}

pub fn load(value: Value) -> Loaded {
    load_export_value(value, None).expect("an export")
}

/// Every problem as the content check prints it.
pub fn problems(loaded: &Loaded) -> Vec<String> {
    loaded.problems.iter().map(ToString::to_string).collect()
}
