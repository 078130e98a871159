//! Turning what the live APIs answer into the space-export form (`sys` plus `fields` keyed by
//! field id then locale), so live content goes through the same reader, checks and mapping as
//! an export file, and `content pull` can write it out as one.

use super::model::{ContentType, Kind};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// What the live APIs gave, gathered in export form.
#[derive(Debug, Default)]
pub(crate) struct Gathered {
    /// Entries by content type, each in id order.
    pub entries: Vec<Value>,
    /// Assets by id.
    pub assets: BTreeMap<String, Value>,
    /// Rich-text link targets seen in `links`, to check the documents against.
    pub resolvable: std::collections::HashSet<String>,
    /// Rich-text targets (content type, entry id, field, target id) to check once all is read.
    pub rich_targets: Vec<(String, String, String, String)>,
    /// What was skipped or cut and why, one line each (also logged).
    pub notices: Vec<String>,
}

impl Gathered {
    pub fn notice(&mut self, message: String) {
        tracing::warn!("{message}");
        self.notices.push(message);
    }
}

/// Export-form `sys` of an entry or asset from GraphQL's `sys` selection.
fn sys(kind: &str, sys: &Value, content_type: Option<&str>) -> Option<Value> {
    let id = sys.get("id")?.as_str()?;
    let mut out = json!({
        "id": id,
        "type": kind,
        // Everything the delivery APIs return is published.
        "publishedVersion": sys.get("publishedVersion").filter(|v| !v.is_null()).cloned().unwrap_or(json!(1)),
    });
    for key in ["publishedAt", "firstPublishedAt"] {
        if let Some(v) = sys.get(key).filter(|v| !v.is_null()) {
            out[key] = v.clone();
        }
    }
    if let Some(ct) = content_type {
        out["contentType"] = json!({"sys": {"type": "Link", "linkType": "ContentType", "id": ct}});
    }
    Some(out)
}

fn link(link_type: &str, id: &str) -> Value {
    json!({"sys": {"type": "Link", "linkType": link_type, "id": id}})
}

/// Adds one GraphQL item of content type `ct`. A null item was already reported by the
/// response's errors and is skipped.
pub(crate) fn entry(ct: &ContentType, item: &Value, locale: &str, out: &mut Gathered) {
    let Some(sys) = item.get("sys").and_then(|s| sys("Entry", s, Some(ct.id))) else {
        out.notice(format!(
            "contentful: a {} item without sys.id was skipped",
            ct.id
        ));
        return;
    };
    let id = sys["id"].as_str().unwrap_or_default().to_string();
    let mut fields = Map::new();
    for field in ct.fields {
        let key = match field.kind {
            Kind::Entries | Kind::MixedEntries => format!("{}Collection", field.id),
            _ => field.id.to_string(),
        };
        let Some(value) = item.get(&key).filter(|v| !v.is_null()) else {
            continue;
        };
        let mapped = match field.kind {
            Kind::Value => Some(value.clone()),
            Kind::Asset => link_id(value).map(|id| link("Asset", id)),
            Kind::Entry => link_id(value).map(|id| link("Entry", id)),
            Kind::RichText => rich_text(ct.id, &id, field.id, value, out),
            Kind::Entries | Kind::MixedEntries => {
                let items = value.get("items").and_then(Value::as_array);
                let links: Vec<Value> = items
                    .into_iter()
                    .flatten()
                    .filter_map(link_id)
                    .map(|id| link("Entry", id))
                    .collect();
                let total = value.get("total").and_then(Value::as_u64).unwrap_or(0);
                if total > links.len() as u64 {
                    out.notice(format!(
                        "contentful: entry {id} ({}) field {}: {} of {total} links read; the others are unpublished or beyond the first {}",
                        ct.id,
                        field.id,
                        links.len(),
                        super::model::NESTED_LIMIT
                    ));
                }
                Some(Value::Array(links))
            }
        };
        if let Some(mapped) = mapped {
            fields.insert(field.id.to_string(), json!({ locale: mapped }));
        }
    }
    out.entries.push(json!({"sys": sys, "fields": fields}));
}

fn link_id(value: &Value) -> Option<&str> {
    value.pointer("/sys/id").and_then(Value::as_str)
}

/// A rich-text field: its document, with the `links` Contentful resolved noted so that
/// targets it could not resolve are reported, and embedded assets kept.
fn rich_text(ct: &str, id: &str, field: &str, value: &Value, out: &mut Gathered) -> Option<Value> {
    let json = value.get("json").filter(|j| !j.is_null())?.clone();
    if let Some(links) = value.get("links") {
        for group in ["block", "inline", "hyperlink"] {
            for target in links
                .pointer(&format!("/entries/{group}"))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(target) = link_id(target) {
                    out.resolvable.insert(target.to_string());
                }
            }
        }
        for group in ["block", "hyperlink"] {
            for target in links
                .pointer(&format!("/assets/{group}"))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some((asset_id, asset)) = asset(target) {
                    out.resolvable.insert(asset_id.clone());
                    out.assets.entry(asset_id).or_insert(asset);
                }
            }
        }
    }
    let mut targets = Vec::new();
    collect_targets(&json, &mut targets);
    for target in targets {
        out.rich_targets
            .push((ct.to_string(), id.to_string(), field.to_string(), target));
    }
    Some(json)
}

/// Ids of the entries and assets a rich-text document links to.
fn collect_targets(node: &Value, out: &mut Vec<String>) {
    if let Some(id) = node.pointer("/data/target/sys/id").and_then(Value::as_str) {
        out.push(id.to_string());
    }
    for child in node
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        collect_targets(child, out);
    }
}

/// Reports rich-text targets that Contentful did not resolve (drafts, deleted entries).
pub(crate) fn check_rich_targets(out: &mut Gathered) {
    let targets = std::mem::take(&mut out.rich_targets);
    for (ct, id, field, target) in targets {
        if !out.resolvable.contains(&target) {
            out.notice(format!(
                "contentful: entry {id} ({ct}) field {field}: rich-text link to {target} does not resolve (unpublished or deleted)"
            ));
        }
    }
}

/// An asset from GraphQL, keyed by id, with its file in export form. Contentful's GraphQL
/// URLs are absolute; exports hold them protocol-relative.
pub(crate) fn asset(item: &Value) -> Option<(String, Value)> {
    let sys = sys("Asset", item.get("sys")?, None)?;
    let id = sys["id"].as_str()?.to_string();
    let text = |key: &str| item.get(key).and_then(Value::as_str);
    let mut fields = Map::new();
    for key in ["title", "description"] {
        if let Some(v) = text(key) {
            fields.insert(key.to_string(), json!(v));
        }
    }
    if let Some(url) = text("url") {
        let url = url.strip_prefix("https:").unwrap_or(url);
        let mut file = json!({"url": url});
        for key in ["fileName", "contentType"] {
            if let Some(v) = text(key) {
                file[key] = json!(v);
            }
        }
        let mut details = Map::new();
        if let Some(size) = item.get("size").filter(|v| v.is_u64()) {
            details.insert("size".to_string(), size.clone());
        }
        if let (Some(w), Some(h)) = (
            item.get("width").filter(|v| v.is_u64()),
            item.get("height").filter(|v| v.is_u64()),
        ) {
            details.insert("image".to_string(), json!({"width": w, "height": h}));
        }
        file["details"] = Value::Object(details);
        fields.insert("file".to_string(), file);
    }
    Some((id, json!({"sys": sys, "fields": fields})))
}

/// Keys every field of a delivery-API item (one locale, so unkeyed) by `locale`.
pub(crate) fn cda_item(item: &Value, locale: &str) -> Option<Value> {
    let sys = item.get("sys")?;
    let kind = sys.get("type")?.as_str()?;
    let content_type = sys.pointer("/contentType/sys/id").and_then(Value::as_str);
    let mut out_sys = self::sys(kind, sys, content_type)?;
    if let Some(rev) = sys.get("revision").filter(|v| v.is_u64()) {
        out_sys["publishedVersion"] = rev.clone();
    }
    let fields: Map<String, Value> = item
        .get("fields")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(k, v)| (k.clone(), json!({ locale: v })))
        .collect();
    Some(json!({"sys": out_sys, "fields": fields}))
}

/// Keys every field of a GraphQL-mapped asset by `locale`.
pub(crate) fn localise(mut item: Value, locale: &str) -> Value {
    if let Some(fields) = item.get_mut("fields").and_then(Value::as_object_mut) {
        for value in fields.values_mut() {
            *value = json!({ locale: value.take() });
        }
    }
    item
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contentful::model::TYPES;

    fn ct(id: &str) -> &'static ContentType {
        TYPES.iter().find(|t| t.id == id).unwrap()
    }

    #[test]
    fn a_graphql_item_becomes_an_export_entry_keyed_by_locale() {
        let mut out = Gathered::default();
        let item = json!({
            "sys": {"id": "p1", "publishedVersion": 3, "publishedAt": "2024-01-01T00:00:00.000Z", "firstPublishedAt": null},
            "slug": "a", "title": "A", "titleTag": null, "tags": ["x"],
            "heroImage": {"sys": {"id": "img"}},
            "bodyRichtext": {"json": {"nodeType": "document", "data": {}, "content": []}, "links": {}},
            "seoIndex": true
        });
        entry(ct("blogPost"), &item, "en-AU", &mut out);
        assert_eq!(
            out.entries[0],
            json!({
                "sys": {"id": "p1", "type": "Entry", "publishedVersion": 3, "publishedAt": "2024-01-01T00:00:00.000Z",
                        "contentType": {"sys": {"type": "Link", "linkType": "ContentType", "id": "blogPost"}}},
                "fields": {
                    "slug": {"en-AU": "a"}, "title": {"en-AU": "A"}, "tags": {"en-AU": ["x"]},
                    "heroImage": {"en-AU": {"sys": {"type": "Link", "linkType": "Asset", "id": "img"}}},
                    "bodyRichtext": {"en-AU": {"nodeType": "document", "data": {}, "content": []}},
                    "seoIndex": {"en-AU": true}
                }
            })
        );
        assert!(out.notices.is_empty());
    }

    #[test]
    fn null_links_in_a_collection_are_dropped_and_a_short_read_is_reported() {
        let mut out = Gathered::default();
        let item = json!({
            "sys": {"id": "l1"}, "title": "FAQ",
            "faqItemsCollection": {"total": 3, "items": [{"sys": {"id": "a"}}, null, {"sys": {"id": "c"}}]}
        });
        entry(ct("faqList"), &item, "en-AU", &mut out);
        let links = &out.entries[0]["fields"]["faqItems"]["en-AU"];
        assert_eq!(links.as_array().unwrap().len(), 2);
        assert_eq!(links[1]["sys"]["id"], "c");
        assert_eq!(out.notices.len(), 1);
        assert!(
            out.notices[0].contains("2 of 3 links read"),
            "{}",
            out.notices[0]
        );
    }

    #[test]
    fn rich_text_targets_contentful_did_not_resolve_are_reported() {
        let mut out = Gathered::default();
        let doc = json!({"nodeType": "document", "data": {}, "content": [
            {"nodeType": "embedded-entry-block", "data": {"target": {"sys": {"id": "ok", "type": "Link", "linkType": "Entry"}}}, "content": []},
            {"nodeType": "embedded-asset-block", "data": {"target": {"sys": {"id": "gone", "type": "Link", "linkType": "Asset"}}}, "content": []}
        ]});
        let item = json!({"sys": {"id": "p"}, "bodyRichtext": {"json": doc, "links": {
            "entries": {"block": [{"__typename": "BlogPost", "sys": {"id": "ok"}}], "inline": [], "hyperlink": []},
            "assets": {"block": [], "hyperlink": []}
        }}});
        entry(ct("blogPost"), &item, "en-AU", &mut out);
        check_rich_targets(&mut out);
        assert_eq!(
            out.notices,
            [
                "contentful: entry p (blogPost) field bodyRichtext: rich-text link to gone does not resolve (unpublished or deleted)"
            ]
        );
    }

    #[test]
    fn a_graphql_asset_gets_its_protocol_relative_url_back() {
        let (id, asset) = asset(&json!({
            "sys": {"id": "a1", "publishedVersion": 2}, "title": "T", "description": null,
            "url": "https://images.ctfassets.net/s/a1/t/x.png", "fileName": "x.png",
            "contentType": "image/png", "size": 10, "width": 3, "height": 4
        }))
        .unwrap();
        assert_eq!(id, "a1");
        assert_eq!(
            localise(asset, "en-AU")["fields"],
            json!({
                "title": {"en-AU": "T"},
                "file": {"en-AU": {"url": "//images.ctfassets.net/s/a1/t/x.png", "fileName": "x.png",
                    "contentType": "image/png", "details": {"size": 10, "image": {"width": 3, "height": 4}}}}
            })
        );
    }
}
