//! The fake's Content Delivery API: `locales`, `content_types` and `entries` (with
//! `content_type`, `fields.*` equality, `skip`, `limit` and `include`), in the delivery
//! shapes: one locale, so fields are not keyed by locale, and linked items under `includes`.

use super::graphql::{Answer, targets};
use super::space::{self, Space};
use serde_json::{Map, Value, json};
use std::collections::HashMap;

pub(crate) fn error(status: u16, id: &str, message: &str) -> Answer {
    (
        status,
        json!({"sys": {"type": "Error", "id": id}, "message": message, "requestId": "fake-request"}),
    )
}

fn array(items: Vec<Value>, skip: usize, limit: usize, total: usize) -> Value {
    json!({"sys": {"type": "Array"}, "total": total, "skip": skip, "limit": limit, "items": items})
}

pub(crate) fn answer(space: &Space, path: &str, query: &HashMap<String, String>) -> Answer {
    let number = |key: &str, default: usize| {
        query
            .get(key)
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(default)
    };
    let (skip, limit) = (number("skip", 0), number("limit", 100));
    if limit > 1000 {
        return error(
            400,
            "BadRequest",
            "The limit parameter must be 1000 or lower",
        );
    }
    match path {
        "locales" => {
            let items = space.list("locales").to_vec();
            let total = items.len();
            (200, array(items, 0, limit, total))
        }
        "content_types" => {
            let items = space.list("contentTypes").to_vec();
            let total = items.len();
            (200, array(items, 0, limit, total))
        }
        "entries" => entries(space, query, skip, limit),
        _ => error(404, "NotFound", "The resource could not be found."),
    }
}

fn entries(space: &Space, query: &HashMap<String, String>, skip: usize, limit: usize) -> Answer {
    let Some(ct) = query.get("content_type") else {
        return error(
            400,
            "InvalidQuery",
            "content_type is required for this fake",
        );
    };
    let filters: Vec<(&str, &String)> = query
        .iter()
        .filter_map(|(k, v)| k.strip_prefix("fields.").map(|f| (f, v)))
        .collect();
    let matching: Vec<&Value> = space
        .entries_of(ct)
        .into_iter()
        .filter(|e| {
            filters.iter().all(|(field, wanted)| {
                space.field(e, field).and_then(Value::as_str) == Some(wanted.as_str())
            })
        })
        .collect();
    let total = matching.len();
    let page: Vec<&Value> = matching.into_iter().skip(skip).take(limit).collect();
    let include = query
        .get("include")
        .and_then(|v| v.parse::<u32>().ok())
        .unwrap_or(1);
    let mut assets = Vec::new();
    let mut entries = Vec::new();
    if include > 0 {
        for item in &page {
            linked(space, item, &mut assets, &mut entries);
        }
    }
    let items = page.iter().map(|e| delivered(space, e)).collect();
    let mut body = array(items, skip, limit, total);
    body["includes"] = json!({
        "Asset": assets.iter().filter_map(|id| space.asset(id)).map(|a| delivered(space, a)).collect::<Vec<_>>(),
        "Entry": entries.iter().filter_map(|id| space.entry(id)).map(|e| delivered(space, e)).collect::<Vec<_>>(),
    });
    (200, body)
}

/// Ids of the assets and entries `item` links to, in fields and in rich text.
fn linked(space: &Space, item: &Value, assets: &mut Vec<String>, entries: &mut Vec<String>) {
    let fields = item.get("fields").and_then(Value::as_object);
    for key in fields.into_iter().flat_map(|f| f.keys()) {
        let Some(value) = space.field(item, key) else {
            continue;
        };
        let values: Vec<&Value> = match value {
            Value::Array(items) => items.iter().collect(),
            other => vec![other],
        };
        for v in values {
            match v.pointer("/sys/linkType").and_then(Value::as_str) {
                Some("Asset") => push(assets, v),
                Some("Entry") => push(entries, v),
                _ => {}
            }
            if v.get("nodeType").is_some() {
                targets(v, "embedded-asset-block", assets);
                targets(v, "embedded-entry-block", entries);
                targets(v, "embedded-entry-inline", entries);
                targets(v, "entry-hyperlink", entries);
                targets(v, "asset-hyperlink", assets);
            }
        }
    }
}

fn push(out: &mut Vec<String>, link: &Value) {
    if let Some(id) = link.pointer("/sys/id").and_then(Value::as_str)
        && !out.iter().any(|o| o == id)
    {
        out.push(id.to_string());
    }
}

/// An entry or asset as the delivery API returns it in the default locale.
fn delivered(space: &Space, item: &Value) -> Value {
    let sys = item.get("sys").cloned().unwrap_or(Value::Null);
    let mut out_sys = json!({
        "id": space::id(item),
        "type": sys.get("type").cloned().unwrap_or(json!("Entry")),
        "createdAt": sys.get("createdAt").cloned().unwrap_or(Value::Null),
        "updatedAt": sys.get("publishedAt").cloned().unwrap_or(Value::Null),
        "revision": sys.get("publishedVersion").cloned().unwrap_or(json!(1)),
        "locale": space.locales[0],
    });
    if let Some(ct) = sys.get("contentType") {
        out_sys["contentType"] = ct.clone();
    }
    let mut fields = Map::new();
    for key in item
        .get("fields")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|f| f.keys())
    {
        if let Some(v) = space.field(item, key) {
            fields.insert(key.clone(), v.clone());
        }
    }
    json!({"sys": out_sys, "fields": fields})
}
