//! The fake's GraphQL endpoint: parses and validates each query against the schema Contentful
//! would generate for the export, refuses queries over the complexity or size limits as
//! Contentful does, and executes the rest over the export: collections with skip, limit and
//! order by id, links resolved (unresolvable ones null with an `UNRESOLVABLE_LINK` error, as a
//! partial answer), rich text with its `links`.

use super::space::{self, Space};
use crate::contentful::model::type_name;
use crate::contentful::{MAX_COMPLEXITY, MAX_QUERY_BYTES};
use apollo_compiler::ExecutableDocument;
use apollo_compiler::ast::Value as GqlValue;
use apollo_compiler::executable::{Field, Selection, SelectionSet};
use serde_json::{Map, Value, json};

/// An HTTP status and a JSON body.
pub(crate) type Answer = (u16, Value);

pub(crate) fn error(message: &str, code: &str) -> Value {
    json!({"errors": [{"message": message, "extensions": {"contentful": {"code": code, "requestId": "fake-request"}}}]})
}

/// Answers one GraphQL request body. `preview_token`: whether it came with the preview
/// token; only then may its root fields ask for `preview: true`, which reads drafts and the
/// latest version of changed entries in every nested link too.
pub(crate) fn answer(space: &mut Space, body: &[u8], preview_token: bool) -> Answer {
    if body.len() > MAX_QUERY_BYTES {
        return (
            413,
            error("Query size exceeds the limit of 8kb", "QUERY_TOO_BIG"),
        );
    }
    let Ok(request) = serde_json::from_slice::<Value>(body) else {
        return (400, error("Request body is not JSON", "BAD_REQUEST"));
    };
    let Some(query) = request.get("query").and_then(Value::as_str) else {
        return (400, error("No query in the request", "BAD_REQUEST"));
    };
    let vars = request
        .get("variables")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let doc = match ExecutableDocument::parse_and_validate(&space.schema, query, "query.graphql") {
        Ok(doc) => doc,
        Err(e) => {
            return (
                400,
                error(&e.errors.to_string(), "GRAPHQL_VALIDATION_FAILED"),
            );
        }
    };
    let Ok(op) = doc.operations.get(None) else {
        return (
            400,
            error("Exactly one operation is expected", "BAD_REQUEST"),
        );
    };
    let preview = asks_for_preview(&op.selection_set, &vars);
    if preview && !preview_token {
        return (
            401,
            error(
                "A preview access token is required for preview content",
                "ACCESS_TOKEN_INVALID",
            ),
        );
    }
    space.preview = preview;
    let space = &*space;
    let mut exec = Exec {
        space,
        doc: &doc,
        vars: &vars,
        errors: Vec::new(),
    };
    let complexity = exec.cost(&op.selection_set);
    if complexity > u64::from(MAX_COMPLEXITY) {
        let message = format!(
            "Query cannot be executed. The maximum allowed complexity for a query is {MAX_COMPLEXITY} but it was {complexity}. Simplify the query e.g. by setting lower limits for collections."
        );
        return (400, error(&message, "TOO_COMPLEX_QUERY"));
    }
    let data = exec.select(&Obj::Query, "Query", &op.selection_set, &mut Vec::new());
    let mut out = json!({"data": data});
    if !exec.errors.is_empty() {
        out["errors"] = Value::Array(exec.errors);
    }
    (200, out)
}

/// Whether a root field of `set` has `preview: true` (a literal or a variable).
fn asks_for_preview(set: &SelectionSet, vars: &Map<String, Value>) -> bool {
    set.selections.iter().any(|s| match s {
        Selection::Field(f) => f.arguments.iter().any(|a| {
            a.name == "preview"
                && match a.value.as_ref() {
                    GqlValue::Boolean(b) => *b,
                    GqlValue::Variable(n) => vars.get(n.as_str()) == Some(&Value::Bool(true)),
                    _ => false,
                }
        }),
        _ => false,
    })
}

#[derive(Clone)]
enum Obj<'a> {
    Query,
    Entry(&'a Value),
    Asset(&'a Value),
    Sys(&'a Value),
    Collection {
        items: Vec<Option<Obj<'a>>>,
        total: usize,
        skip: usize,
        limit: usize,
    },
    RichText(&'a Value),
    Links(&'a Value),
    LinkedEntries(&'a Value),
    LinkedAssets(&'a Value),
}

struct Exec<'a> {
    space: &'a Space,
    doc: &'a ExecutableDocument,
    vars: &'a Map<String, Value>,
    errors: Vec<Value>,
}

impl<'a> Exec<'a> {
    fn arg(&self, field: &Field, name: &str) -> Option<Value> {
        let arg = field.arguments.iter().find(|a| a.name == name)?;
        Some(self.value(&arg.value))
    }

    fn value(&self, v: &GqlValue) -> Value {
        match v {
            GqlValue::Null => Value::Null,
            GqlValue::Enum(n) => json!(n.as_str()),
            GqlValue::Variable(n) => self.vars.get(n.as_str()).cloned().unwrap_or(Value::Null),
            GqlValue::String(s) => json!(s),
            GqlValue::Float(f) => json!(f.try_to_f64().unwrap_or(0.0)),
            GqlValue::Int(i) => json!(i.try_to_i32().unwrap_or(0)),
            GqlValue::Boolean(b) => json!(b),
            GqlValue::List(items) => Value::Array(items.iter().map(|i| self.value(i)).collect()),
            GqlValue::Object(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(k, v)| (k.to_string(), self.value(v)))
                    .collect(),
            ),
        }
    }

    /// Contentful's complexity: the entries and assets a query can return.
    fn cost(&self, set: &SelectionSet) -> u64 {
        set.selections
            .iter()
            .map(|sel| match sel {
                Selection::Field(f) => {
                    let ty = f.ty().inner_named_type().as_str();
                    if f.name == "links" && ty.ends_with("Links") {
                        1000
                    } else if ty.ends_with("Collection") {
                        let limit = self.arg(f, "limit").and_then(|l| l.as_u64()).unwrap_or(100);
                        limit * (1 + self.cost(&f.selection_set))
                    } else if f.name == "items" || !self.is_entity(ty) {
                        self.cost(&f.selection_set)
                    } else {
                        1 + self.cost(&f.selection_set)
                    }
                }
                Selection::FragmentSpread(s) => self
                    .doc
                    .fragments
                    .get(&s.fragment_name)
                    .map_or(0, |f| self.cost(&f.selection_set)),
                Selection::InlineFragment(f) => self.cost(&f.selection_set),
            })
            .sum()
    }

    fn is_entity(&self, ty: &str) -> bool {
        ty == "Asset"
            || ty == "Entry"
            || self.space.type_to_ct.contains_key(ty)
            || ty.ends_with("Item")
    }

    fn applies(&self, condition: &str, typename: &str) -> bool {
        condition == typename || self.space.schema.is_subtype(condition, typename)
    }

    fn select(
        &mut self,
        obj: &Obj<'a>,
        typename: &str,
        set: &SelectionSet,
        path: &mut Vec<Value>,
    ) -> Value {
        let mut out = Map::new();
        self.select_into(obj, typename, set, path, &mut out);
        Value::Object(out)
    }

    fn select_into(
        &mut self,
        obj: &Obj<'a>,
        typename: &str,
        set: &SelectionSet,
        path: &mut Vec<Value>,
        out: &mut Map<String, Value>,
    ) {
        for sel in &set.selections {
            match sel {
                Selection::Field(f) => {
                    let key = f.response_key().to_string();
                    path.push(json!(key));
                    let value = self.field(obj, typename, f, path);
                    path.pop();
                    match (out.get_mut(&key), value) {
                        // The same field selected twice (through fragments): merge.
                        (Some(Value::Object(existing)), Value::Object(more)) => {
                            existing.extend(more);
                        }
                        (_, value) => {
                            out.insert(key, value);
                        }
                    }
                }
                Selection::FragmentSpread(s) => {
                    if let Some(fragment) = self.doc.fragments.get(&s.fragment_name)
                        && self.applies(fragment.type_condition().as_str(), typename)
                    {
                        self.select_into(obj, typename, &fragment.selection_set, path, out);
                    }
                }
                Selection::InlineFragment(f) => {
                    let applies = f
                        .type_condition
                        .as_ref()
                        .is_none_or(|c| self.applies(c.as_str(), typename));
                    if applies {
                        self.select_into(obj, typename, &f.selection_set, path, out);
                    }
                }
            }
        }
    }

    fn typename_of(&self, obj: &Obj<'_>) -> String {
        match obj {
            Obj::Entry(e) => type_name(space::content_type(e).unwrap_or_default()),
            Obj::Asset(_) => "Asset".to_string(),
            _ => String::new(),
        }
    }

    fn unresolvable(&mut self, path: &[Value], kind: &str, id: &str) {
        self.errors.push(json!({
            "message": format!("Link from entry to {kind} '{id}' cannot be resolved, it does not exist or is not published"),
            "path": path,
            "extensions": {"contentful": {"code": "UNRESOLVABLE_LINK", "requestId": "fake-request",
                "details": {"type": kind, "linkingType": kind, "id": id}}}
        }));
    }

    fn resolve_link(&mut self, link: &Value, path: &[Value]) -> Option<Obj<'a>> {
        let kind = link.pointer("/sys/linkType").and_then(Value::as_str)?;
        let id = link.pointer("/sys/id").and_then(Value::as_str)?;
        let found = match kind {
            "Asset" => self.space.asset(id).map(Obj::Asset),
            _ => self.space.entry(id).map(Obj::Entry),
        };
        if found.is_none() {
            self.unresolvable(path, kind, id);
        }
        found
    }

    fn field(&mut self, obj: &Obj<'a>, typename: &str, f: &Field, path: &mut Vec<Value>) -> Value {
        let name = f.name.as_str();
        if name == "__typename" {
            return json!(typename);
        }
        let result_type = f.ty().inner_named_type().to_string();
        let child: Option<Obj<'a>> = match obj {
            Obj::Query => self.root(f, &result_type),
            Obj::Collection {
                items,
                total,
                skip,
                limit,
            } => {
                return match name {
                    "total" => json!(total),
                    "skip" => json!(skip),
                    "limit" => json!(limit),
                    "items" => {
                        let items = items.clone();
                        let mut out = Vec::with_capacity(items.len());
                        for (i, item) in items.iter().enumerate() {
                            path.push(json!(i));
                            out.push(match item {
                                Some(item) => {
                                    let tn = self.typename_of(item);
                                    self.select(item, &tn, &f.selection_set, path)
                                }
                                None => Value::Null,
                            });
                            path.pop();
                        }
                        Value::Array(out)
                    }
                    _ => Value::Null,
                };
            }
            Obj::Entry(e) => match name {
                "sys" => e.get("sys").map(Obj::Sys),
                "contentfulMetadata" => return json!({"tags": []}),
                "linkedFrom" => None,
                _ => return self.entry_field(e, f, &result_type, path),
            },
            Obj::Asset(a) => {
                if name == "sys" {
                    a.get("sys").map(Obj::Sys)
                } else {
                    return self.asset_field(a, name);
                }
            }
            Obj::Sys(sys) => {
                return match name {
                    "spaceId" => json!("fake"),
                    "environmentId" => json!("master"),
                    other => sys.get(other).cloned().unwrap_or(Value::Null),
                };
            }
            Obj::RichText(doc) => match name {
                "json" => return (*doc).clone(),
                "links" => Some(Obj::Links(doc)),
                _ => None,
            },
            Obj::Links(doc) => match name {
                "entries" => Some(Obj::LinkedEntries(doc)),
                "assets" => Some(Obj::LinkedAssets(doc)),
                _ => None,
            },
            Obj::LinkedEntries(doc) | Obj::LinkedAssets(doc) => {
                let node_type = match (obj, name) {
                    (Obj::LinkedEntries(_), "block") => "embedded-entry-block",
                    (Obj::LinkedEntries(_), "inline") => "embedded-entry-inline",
                    (Obj::LinkedEntries(_), "hyperlink") => "entry-hyperlink",
                    (_, "block") => "embedded-asset-block",
                    _ => "asset-hyperlink",
                };
                let mut ids = Vec::new();
                targets(doc, node_type, &mut ids);
                let mut out = Vec::new();
                for id in ids {
                    // Contentful lists only the targets it can resolve.
                    let target = match obj {
                        Obj::LinkedEntries(_) => self.space.entry(&id).map(Obj::Entry),
                        _ => self.space.asset(&id).map(Obj::Asset),
                    };
                    if let Some(target) = target {
                        let tn = self.typename_of(&target);
                        out.push(self.select(&target, &tn, &f.selection_set, path));
                    }
                }
                return Value::Array(out);
            }
        };
        match child {
            Some(child) => {
                let tn = match &child {
                    Obj::Entry(_) | Obj::Asset(_) => self.typename_of(&child),
                    _ => result_type,
                };
                self.select(&child, &tn, &f.selection_set, path)
            }
            None => Value::Null,
        }
    }

    fn root(&mut self, f: &Field, result_type: &str) -> Option<Obj<'a>> {
        let typename = result_type.strip_suffix("Collection")?;
        let mut items: Vec<&'a Value> = if typename == "Asset" {
            self.space.assets()
        } else {
            let ct = self.space.type_to_ct.get(typename)?;
            self.space.entries_of(ct)
        };
        let order: Vec<String> = self
            .arg(f, "order")
            .and_then(|o| o.as_array().cloned())
            .unwrap_or_default()
            .iter()
            .filter_map(|o| o.as_str().map(str::to_string))
            .collect();
        sort(self.space, &mut items, &order);
        let skip = self.arg(f, "skip").and_then(|v| v.as_u64()).unwrap_or(0) as usize;
        let limit = self.arg(f, "limit").and_then(|v| v.as_u64()).unwrap_or(100) as usize;
        let total = items.len();
        let page = items
            .into_iter()
            .skip(skip)
            .take(limit)
            .map(|i| {
                Some(if typename == "Asset" {
                    Obj::Asset(i)
                } else {
                    Obj::Entry(i)
                })
            })
            .collect();
        Some(Obj::Collection {
            items: page,
            total,
            skip,
            limit,
        })
    }

    fn entry_field(
        &mut self,
        e: &'a Value,
        f: &Field,
        result_type: &str,
        path: &mut Vec<Value>,
    ) -> Value {
        let ct = space::content_type(e).unwrap_or_default();
        let name = f.name.as_str();
        if let Some(base) = name.strip_suffix("Collection")
            && self
                .space
                .field_def(ct, base)
                .and_then(|d| d.get("type"))
                .and_then(Value::as_str)
                == Some("Array")
        {
            let links: Vec<Value> = self
                .space
                .field(e, base)
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let skip = self.arg(f, "skip").and_then(|v| v.as_u64()).unwrap_or(0) as usize;
            let limit = self.arg(f, "limit").and_then(|v| v.as_u64()).unwrap_or(100) as usize;
            let mut items = Vec::new();
            for (i, link) in links.iter().enumerate().skip(skip).take(limit) {
                path.push(json!("items"));
                path.push(json!(i - skip));
                let resolved = self.resolve_link(link, path);
                path.pop();
                path.pop();
                items.push(resolved);
            }
            let collection = Obj::Collection {
                items,
                total: links.len(),
                skip,
                limit,
            };
            return self.select(&collection, result_type, &f.selection_set, path);
        }
        let Some(def) = self.space.field_def(ct, name) else {
            return Value::Null;
        };
        let Some(value) = self.space.field(e, name) else {
            return Value::Null;
        };
        match def.get("type").and_then(Value::as_str) {
            Some("RichText") => {
                self.select(&Obj::RichText(value), result_type, &f.selection_set, path)
            }
            Some("Link") => match self.resolve_link(value, path) {
                Some(target) => {
                    let tn = self.typename_of(&target);
                    self.select(&target, &tn, &f.selection_set, path)
                }
                None => Value::Null,
            },
            _ => value.clone(),
        }
    }

    fn asset_field(&self, a: &Value, name: &str) -> Value {
        let file = self.space.field(a, "file");
        let file_value = |pointer: &str| {
            file.and_then(|f| f.pointer(pointer))
                .cloned()
                .unwrap_or(Value::Null)
        };
        match name {
            "title" | "description" => self.space.field(a, name).cloned().unwrap_or(Value::Null),
            "url" => match file.and_then(|f| f.get("url")).and_then(Value::as_str) {
                Some(url) if url.starts_with("//") => json!(format!("https:{url}")),
                Some(url) => json!(url),
                None => Value::Null,
            },
            "fileName" => file_value("/fileName"),
            "contentType" => file_value("/contentType"),
            "size" => file_value("/details/size"),
            "width" => file_value("/details/image/width"),
            "height" => file_value("/details/image/height"),
            "contentfulMetadata" => json!({"tags": []}),
            _ => Value::Null,
        }
    }
}

/// Sorts by Contentful order values (`sys_id_ASC`, `publishDate_DESC`, …); the default is
/// by id. Missing values sort last.
fn sort(space: &Space, items: &mut [&Value], order: &[String]) {
    let key = |item: &Value, name: &str| -> Value {
        match name.strip_prefix("sys_") {
            Some(sys) => item
                .pointer(&format!("/sys/{sys}"))
                .cloned()
                .unwrap_or(Value::Null),
            None => space.field(item, name).cloned().unwrap_or(Value::Null),
        }
    };
    let compare = |a: &Value, b: &Value| match (a, b) {
        (Value::Null, Value::Null) => std::cmp::Ordering::Equal,
        (Value::Null, _) => std::cmp::Ordering::Greater,
        (_, Value::Null) => std::cmp::Ordering::Less,
        (Value::Number(x), Value::Number(y)) => x
            .as_f64()
            .partial_cmp(&y.as_f64())
            .unwrap_or(std::cmp::Ordering::Equal),
        (x, y) => x.to_string().cmp(&y.to_string()),
    };
    items.sort_by(|a, b| {
        for o in order {
            let (name, descending) = match (o.strip_suffix("_ASC"), o.strip_suffix("_DESC")) {
                (Some(n), _) => (n, false),
                (_, Some(n)) => (n, true),
                _ => continue,
            };
            let mut ord = compare(&key(a, name), &key(b, name));
            if descending {
                ord = ord.reverse();
            }
            if ord.is_ne() {
                return ord;
            }
        }
        space::id(a).cmp(space::id(b))
    });
}

/// Ids of the targets of every `node_type` node in a rich-text document.
pub(crate) fn targets(node: &Value, node_type: &str, out: &mut Vec<String>) {
    if node.get("nodeType").and_then(Value::as_str) == Some(node_type)
        && let Some(id) = node.pointer("/data/target/sys/id").and_then(Value::as_str)
        && !out.iter().any(|o| o == id)
    {
        out.push(id.to_string());
    }
    for child in node
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        targets(child, node_type, out);
    }
}
