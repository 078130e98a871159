//! The fake's content: an export, read the way the delivery APIs read a space (published
//! items only, values in the default locale with fallbacks), and editable so tests can publish
//! and unpublish while it runs.
//!
//! The preview APIs read it the way Contentful's Content Preview API does: drafts and the
//! latest, unpublished version of changed entries, archived items left out. A changed entry
//! keeps its published version in the export and its latest version in `drafts`.

use crate::contentful::model::type_name;
use crate::contentful::schema;
use apollo_compiler::Schema;
use apollo_compiler::validation::Valid;
use serde_json::Value;
use std::collections::HashMap;

pub(crate) struct Space {
    pub export: Value,
    /// The default locale, then its fallbacks.
    pub locales: Vec<String>,
    pub schema: Valid<Schema>,
    /// GraphQL type name → content type id.
    pub type_to_ct: HashMap<String, String>,
    /// The latest versions of entries changed since they were published, by id.
    pub drafts: HashMap<String, Value>,
    /// Whether the request being answered reads preview content.
    pub preview: bool,
    /// What the Sync API has handed out, to answer deltas.
    pub sync: super::sync::Log,
}

impl Space {
    pub fn new(export: Value) -> Result<Space, String> {
        let content_types = export
            .get("contentTypes")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let sdl = schema::sdl(&content_types);
        let schema = Schema::parse_and_validate(sdl, "contentful.graphql")
            .map_err(|e| format!("the generated schema is invalid: {}", e.errors))?;
        let type_to_ct = content_types
            .iter()
            .filter_map(|ct| ct.pointer("/sys/id").and_then(Value::as_str))
            .map(|id| (type_name(id), id.to_string()))
            .collect();
        let locales = locale_chain(&export);
        let mut space = Space {
            export,
            locales,
            schema,
            type_to_ct,
            drafts: HashMap::new(),
            preview: false,
            sync: super::sync::Log::default(),
        };
        super::sync::Log::note(&mut space);
        Ok(space)
    }

    pub fn list(&self, key: &str) -> &[Value] {
        self.export
            .get(key)
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// Whether `item` is delivered to the request being answered: published for delivery,
    /// anything not archived for preview.
    fn visible(&self, item: &Value) -> bool {
        if self.preview {
            !archived(item)
        } else {
            published(item)
        }
    }

    /// The version of `item` the request being answered reads: the latest for preview.
    fn version<'v>(&'v self, item: &'v Value) -> &'v Value {
        if self.preview {
            self.drafts.get(id(item)).unwrap_or(item)
        } else {
            item
        }
    }

    /// A delivered entry.
    pub fn entry(&self, id: &str) -> Option<&Value> {
        find(self.list("entries"), id)
            .filter(|e| self.visible(e))
            .map(|e| self.version(e))
    }

    /// A delivered asset.
    pub fn asset(&self, id: &str) -> Option<&Value> {
        find(self.list("assets"), id)
            .filter(|e| self.visible(e))
            .map(|e| self.version(e))
    }

    /// Delivered entries of content type `ct`, by id.
    pub fn entries_of(&self, ct: &str) -> Vec<&Value> {
        let mut out: Vec<&Value> = self
            .list("entries")
            .iter()
            .filter(|e| self.visible(e) && content_type(e) == Some(ct))
            .map(|e| self.version(e))
            .collect();
        out.sort_by_key(|e| id(e));
        out
    }

    pub fn assets(&self) -> Vec<&Value> {
        let mut out: Vec<&Value> = self
            .list("assets")
            .iter()
            .filter(|e| self.visible(e))
            .map(|e| self.version(e))
            .collect();
        out.sort_by_key(|e| id(e));
        out
    }

    /// A field's value in the first locale of the chain that has one.
    pub fn field<'v>(&self, item: &'v Value, field: &str) -> Option<&'v Value> {
        let by_locale = item.get("fields")?.get(field)?;
        self.locales
            .iter()
            .find_map(|l| by_locale.get(l).filter(|v| !v.is_null()))
    }

    /// The definition of field `field` of content type `ct`.
    pub fn field_def(&self, ct: &str, field: &str) -> Option<&Value> {
        self.list("contentTypes")
            .iter()
            .find(|t| t.pointer("/sys/id").and_then(Value::as_str) == Some(ct))?
            .get("fields")?
            .as_array()?
            .iter()
            .find(|f| f.get("id").and_then(Value::as_str) == Some(field))
    }
}

// `sys` fields are read with `get` rather than `Value::pointer`, which allocates for every
// part of the pointer: a delta walks the whole space, and at 100,000 entries that was most of
// its answer's time.

fn sys<'v>(item: &'v Value, key: &str) -> Option<&'v Value> {
    item.get("sys").and_then(|sys| sys.get(key))
}

pub(crate) fn id(item: &Value) -> &str {
    sys(item, "id").and_then(Value::as_str).unwrap_or_default()
}

pub(crate) fn content_type(item: &Value) -> Option<&str> {
    sys(item, "contentType")
        .and_then(|ct| ct.get("sys"))
        .and_then(|s| s.get("id"))
        .and_then(Value::as_str)
}

pub(crate) fn published(item: &Value) -> bool {
    sys(item, "publishedVersion").is_some_and(|v| !v.is_null())
}

pub(crate) fn archived(item: &Value) -> bool {
    sys(item, "archivedVersion").is_some_and(|v| !v.is_null())
}

fn find<'a>(items: &'a [Value], wanted: &str) -> Option<&'a Value> {
    items.iter().find(|i| id(i) == wanted)
}

fn locale_chain(export: &Value) -> Vec<String> {
    let locales = export
        .get("locales")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let code = |l: &Value| l.get("code").and_then(Value::as_str).map(str::to_string);
    let Some(first) = locales
        .iter()
        .find(|l| l.get("default").and_then(Value::as_bool) == Some(true))
        .or(locales.first())
        .and_then(code)
    else {
        return vec!["en-US".to_string()];
    };
    let mut chain = vec![first];
    while let Some(next) = locales
        .iter()
        .find(|l| code(l).as_deref() == chain.last().map(String::as_str))
        .and_then(|l| l.get("fallbackCode"))
        .and_then(Value::as_str)
    {
        if chain.iter().any(|c| c == next) {
            break;
        }
        chain.push(next.to_string());
    }
    chain
}
