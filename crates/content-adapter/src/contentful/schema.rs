//! The GraphQL schema Contentful generates for a content model, as SDL, by its documented
//! naming rules: one object type per content type (PascalCase of its id) implementing `Entry`,
//! a `…Collection` type and root field per type, `…Filter` inputs, `…Order` enums, rich-text
//! `json`/`links` types, and `…Collection` fields for arrays of links.
//!
//! The repository keeps the SDL for its own model in `schema/contentful.graphql`; a test checks
//! that file against this generator and every query the adapter sends against the file. The
//! fake Contentful validates and answers queries with the schema of the export it serves.

use super::model::type_name;
use serde_json::Value;
use std::fmt::Write;

const BASE: &str = r#"scalar DateTime
scalar JSON
scalar Dimension
scalar HexColor
scalar Quality

type Sys {
  id: String!
  spaceId: String!
  environmentId: String!
  publishedAt: DateTime
  firstPublishedAt: DateTime
  publishedVersion: Int
  locale: String
}

type ContentfulTag {
  id: String
  name: String
}

type ContentfulMetadata {
  tags: [ContentfulTag]!
}

interface Entry {
  sys: Sys!
  contentfulMetadata: ContentfulMetadata!
}

enum ImageResizeStrategy {
  FIT
  PAD
  FILL
  SCALE
  CROP
  THUMB
}

enum ImageResizeFocus {
  CENTER
  TOP
  TOP_RIGHT
  RIGHT
  BOTTOM_RIGHT
  BOTTOM
  BOTTOM_LEFT
  LEFT
  TOP_LEFT
  FACE
  FACES
}

enum ImageFormat {
  JPG
  JPG_PROGRESSIVE
  PNG
  PNG8
  WEBP
  AVIF
}

input ImageTransformOptions {
  width: Dimension
  height: Dimension
  quality: Quality
  cornerRadius: Int
  resizeStrategy: ImageResizeStrategy
  resizeFocus: ImageResizeFocus
  backgroundColor: HexColor
  format: ImageFormat
}

type Asset {
  sys: Sys!
  contentfulMetadata: ContentfulMetadata!
  title(locale: String): String
  description(locale: String): String
  contentType(locale: String): String
  fileName(locale: String): String
  size(locale: String): Int
  url(transform: ImageTransformOptions, locale: String): String
  width(locale: String): Int
  height(locale: String): Int
  linkedFrom(allowedLocales: [String]): AssetLinkingCollections
}

type AssetCollection {
  total: Int!
  skip: Int!
  limit: Int!
  items: [Asset]!
}

type AssetLinkingCollections {
  entryCollection(skip: Int = 0, limit: Int = 100, preview: Boolean, locale: String): EntryCollection
}

type EntryCollection {
  total: Int!
  skip: Int!
  limit: Int!
  items: [Entry]!
}

input SysFilter {
  id_exists: Boolean
  id: String
  id_not: String
  id_in: [String]
  id_not_in: [String]
  id_contains: String
  id_not_contains: String
  publishedAt_exists: Boolean
  publishedAt: DateTime
  publishedAt_not: DateTime
  publishedAt_in: [DateTime]
  publishedAt_not_in: [DateTime]
  publishedAt_gt: DateTime
  publishedAt_gte: DateTime
  publishedAt_lt: DateTime
  publishedAt_lte: DateTime
  firstPublishedAt_exists: Boolean
  firstPublishedAt: DateTime
  firstPublishedAt_not: DateTime
  firstPublishedAt_in: [DateTime]
  firstPublishedAt_not_in: [DateTime]
  firstPublishedAt_gt: DateTime
  firstPublishedAt_gte: DateTime
  firstPublishedAt_lt: DateTime
  firstPublishedAt_lte: DateTime
  publishedVersion_exists: Boolean
  publishedVersion: Float
  publishedVersion_not: Float
  publishedVersion_in: [Float]
  publishedVersion_not_in: [Float]
  publishedVersion_gt: Float
  publishedVersion_gte: Float
  publishedVersion_lt: Float
  publishedVersion_lte: Float
}

input ContentfulMetadataTagsFilter {
  id_contains_all: [String]
  id_contains_some: [String]
  id_contains_none: [String]
}

input ContentfulMetadataFilter {
  tags_exists: Boolean
  tags: ContentfulMetadataTagsFilter
}

input AssetFilter {
  sys: SysFilter
  contentfulMetadata: ContentfulMetadataFilter
  title_exists: Boolean
  title: String
  title_not: String
  title_in: [String]
  title_not_in: [String]
  title_contains: String
  title_not_contains: String
  url_exists: Boolean
  url: String
  url_not: String
  url_in: [String]
  url_not_in: [String]
  url_contains: String
  url_not_contains: String
  contentType_exists: Boolean
  contentType: String
  contentType_not: String
  contentType_in: [String]
  contentType_not_in: [String]
  fileName_exists: Boolean
  fileName: String
  fileName_not: String
  size_exists: Boolean
  size: Int
  size_gt: Int
  size_lt: Int
  OR: [AssetFilter]
  AND: [AssetFilter]
}

enum AssetOrder {
  url_ASC
  url_DESC
  size_ASC
  size_DESC
  contentType_ASC
  contentType_DESC
  fileName_ASC
  fileName_DESC
  width_ASC
  width_DESC
  height_ASC
  height_DESC
  sys_id_ASC
  sys_id_DESC
  sys_publishedAt_ASC
  sys_publishedAt_DESC
  sys_firstPublishedAt_ASC
  sys_firstPublishedAt_DESC
  sys_publishedVersion_ASC
  sys_publishedVersion_DESC
}

input EntryFilter {
  sys: SysFilter
  contentfulMetadata: ContentfulMetadataFilter
  OR: [EntryFilter]
  AND: [EntryFilter]
}

enum EntryOrder {
  sys_id_ASC
  sys_id_DESC
  sys_publishedAt_ASC
  sys_publishedAt_DESC
  sys_firstPublishedAt_ASC
  sys_firstPublishedAt_DESC
  sys_publishedVersion_ASC
  sys_publishedVersion_DESC
}
"#;

const SYS_ORDER: [&str; 4] = [
    "sys_id",
    "sys_publishedAt",
    "sys_firstPublishedAt",
    "sys_publishedVersion",
];

/// A content type's field as the schema sees it.
struct FieldDef<'a> {
    id: &'a str,
    kind: &'a str,
    link_type: Option<&'a str>,
    items: Option<&'a Value>,
    /// Content type ids a link may point at (`linkContentType`), empty when unrestricted.
    allowed: Vec<&'a str>,
}

fn fields(ct: &Value) -> Vec<FieldDef<'_>> {
    ct.get("fields")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|f| f.get("omitted").and_then(Value::as_bool) != Some(true))
        .filter(|f| f.get("disabled").and_then(Value::as_bool) != Some(true))
        .filter_map(|f| {
            let items = f.get("items");
            let validations = items
                .and_then(|i| i.get("validations"))
                .or_else(|| f.get("validations"));
            let allowed = validations
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|v| v.get("linkContentType").and_then(Value::as_array))
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            Some(FieldDef {
                id: f.get("id")?.as_str()?,
                kind: f.get("type")?.as_str()?,
                link_type: f.get("linkType").and_then(Value::as_str),
                items,
                allowed,
            })
        })
        .collect()
}

fn pascal(id: &str) -> String {
    let mut chars = id.chars();
    match chars.next() {
        Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

fn lower_first(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) => c.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

const COLLECTION_ARGS: &str = "skip: Int = 0, limit: Int = 100, preview: Boolean, locale: String";

/// The SDL Contentful generates for the content types of an export (`contentTypes`).
pub fn sdl(content_types: &[Value]) -> String {
    let mut types: Vec<&Value> = content_types.iter().collect();
    types.sort_by_key(|ct| {
        ct.pointer("/sys/id")
            .and_then(Value::as_str)
            .unwrap_or_default()
    });
    let mut out = String::from(BASE);
    let mut query = String::from(
        "\ntype Query {\n  asset(id: String!, preview: Boolean, locale: String): Asset\n",
    );
    let _ = writeln!(
        query,
        "  assetCollection({COLLECTION_ARGS}, where: AssetFilter, order: [AssetOrder]): AssetCollection"
    );
    let _ = writeln!(
        query,
        "  entryCollection({COLLECTION_ARGS}, where: EntryFilter, order: [EntryOrder]): EntryCollection"
    );
    for ct in types {
        let Some(id) = ct.pointer("/sys/id").and_then(Value::as_str) else {
            continue;
        };
        let name = type_name(id);
        let field = lower_first(&name);
        content_type(&mut out, &name, ct);
        let _ = writeln!(
            query,
            "  {field}(id: String!, preview: Boolean, locale: String): {name}"
        );
        let _ = writeln!(
            query,
            "  {field}Collection({COLLECTION_ARGS}, where: {name}Filter, order: [{name}Order]): {name}Collection"
        );
    }
    query.push_str("}\n");
    out.push_str(&query);
    out
}

/// Whether a field of this kind can be ordered by.
fn orderable(kind: &str) -> bool {
    matches!(kind, "Symbol" | "Integer" | "Number" | "Boolean" | "Date")
}

fn content_type(out: &mut String, name: &str, ct: &Value) {
    let defs = fields(ct);
    let mut object = format!(
        "\ntype {name} implements Entry {{\n  sys: Sys!\n  contentfulMetadata: ContentfulMetadata!\n  linkedFrom(allowedLocales: [String]): {name}LinkingCollections\n"
    );
    let mut extra = String::new();
    let mut filter = format!(
        "\ninput {name}Filter {{\n  sys: SysFilter\n  contentfulMetadata: ContentfulMetadataFilter\n"
    );
    let mut order = Vec::new();
    for f in &defs {
        let id = f.id;
        let nested = format!("{name}{}", pascal(id));
        let scalar = |ty: &str| format!("  {id}(locale: String): {ty}\n");
        match (f.kind, f.link_type) {
            ("Symbol" | "Text", _) => {
                object.push_str(&scalar("String"));
                filters(
                    &mut filter,
                    id,
                    "String",
                    &["", "_not", "_in", "_not_in", "_contains", "_not_contains"],
                );
            }
            ("Integer", _) => {
                object.push_str(&scalar("Int"));
                filters(
                    &mut filter,
                    id,
                    "Int",
                    &["", "_not", "_in", "_not_in", "_gt", "_gte", "_lt", "_lte"],
                );
            }
            ("Number", _) => {
                object.push_str(&scalar("Float"));
                filters(
                    &mut filter,
                    id,
                    "Float",
                    &["", "_not", "_in", "_not_in", "_gt", "_gte", "_lt", "_lte"],
                );
            }
            ("Boolean", _) => {
                object.push_str(&scalar("Boolean"));
                filters(&mut filter, id, "Boolean", &["", "_not"]);
            }
            ("Date", _) => {
                object.push_str(&scalar("DateTime"));
                filters(
                    &mut filter,
                    id,
                    "DateTime",
                    &["", "_not", "_in", "_not_in", "_gt", "_gte", "_lt", "_lte"],
                );
            }
            ("Object" | "Location", _) => {
                object.push_str(&scalar("JSON"));
                let _ = writeln!(filter, "  {id}_exists: Boolean");
            }
            ("RichText", _) => {
                object.push_str(&scalar(&nested));
                let _ = write!(
                    extra,
                    "\ntype {nested} {{\n  json: JSON!\n  links: {nested}Links!\n}}\n\ntype {nested}Links {{\n  entries: {nested}Entries!\n  assets: {nested}Assets!\n}}\n\ntype {nested}Entries {{\n  inline: [Entry]!\n  hyperlink: [Entry]!\n  block: [Entry]!\n}}\n\ntype {nested}Assets {{\n  hyperlink: [Asset]!\n  block: [Asset]!\n}}\n"
                );
                let _ = writeln!(
                    filter,
                    "  {id}_exists: Boolean\n  {id}_contains: String\n  {id}_not_contains: String"
                );
            }
            ("Link", Some("Asset")) => {
                let _ = writeln!(object, "  {id}(preview: Boolean, locale: String): Asset");
                let _ = writeln!(filter, "  {id}_exists: Boolean");
            }
            ("Link", _) => {
                match f.allowed.as_slice() {
                    [one] => {
                        let target = type_name(one);
                        let _ = writeln!(
                            object,
                            "  {id}(preview: Boolean, locale: String, where: {target}Filter): {target}"
                        );
                    }
                    _ => {
                        let _ = writeln!(object, "  {id}(preview: Boolean, locale: String): Entry");
                    }
                }
                let _ = writeln!(filter, "  {id}_exists: Boolean");
            }
            ("Array", _) => {
                let item_kind = f.items.and_then(|i| i.get("type")).and_then(Value::as_str);
                let item_link = f
                    .items
                    .and_then(|i| i.get("linkType"))
                    .and_then(Value::as_str);
                match (item_kind, item_link) {
                    (Some("Symbol"), _) => {
                        object.push_str(&scalar("[String]"));
                        let _ = writeln!(
                            filter,
                            "  {id}_exists: Boolean\n  {id}_contains_all: [String]\n  {id}_contains_some: [String]\n  {id}_contains_none: [String]"
                        );
                    }
                    (Some("Link"), Some("Asset")) => {
                        let _ = writeln!(
                            object,
                            "  {id}Collection({COLLECTION_ARGS}): AssetCollection"
                        );
                        let _ = writeln!(filter, "  {id}Collection_exists: Boolean");
                    }
                    (Some("Link"), _) => {
                        match f.allowed.as_slice() {
                            [one] => {
                                let target = type_name(one);
                                let _ = writeln!(
                                    object,
                                    "  {id}Collection({COLLECTION_ARGS}, where: {target}Filter, order: [{nested}CollectionOrder]): {nested}Collection"
                                );
                                let _ = write!(
                                    extra,
                                    "\ntype {nested}Collection {{\n  total: Int!\n  skip: Int!\n  limit: Int!\n  items: [{target}]!\n}}\n"
                                );
                                let _ = write!(extra, "\nenum {nested}CollectionOrder {{\n");
                                for v in sys_order_values() {
                                    let _ = writeln!(extra, "  {v}");
                                }
                                extra.push_str("}\n");
                            }
                            [] => {
                                let _ = writeln!(
                                    object,
                                    "  {id}Collection({COLLECTION_ARGS}): {nested}Collection"
                                );
                                let _ = write!(
                                    extra,
                                    "\ntype {nested}Collection {{\n  total: Int!\n  skip: Int!\n  limit: Int!\n  items: [Entry]!\n}}\n"
                                );
                            }
                            many => {
                                let _ = writeln!(
                                    object,
                                    "  {id}Collection({COLLECTION_ARGS}): {nested}Collection"
                                );
                                let members: Vec<String> =
                                    many.iter().map(|m| type_name(m)).collect();
                                let _ = write!(
                                    extra,
                                    "\ntype {nested}Collection {{\n  total: Int!\n  skip: Int!\n  limit: Int!\n  items: [{nested}Item]!\n}}\n\nunion {nested}Item = {}\n",
                                    members.join(" | ")
                                );
                            }
                        }
                        let _ = writeln!(filter, "  {id}Collection_exists: Boolean");
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        if orderable(f.kind) {
            order.push(id.to_string());
        }
    }
    object.push_str("}\n");
    let _ = writeln!(filter, "  OR: [{name}Filter]\n  AND: [{name}Filter]\n}}");
    let _ = write!(
        out,
        "{object}\ntype {name}LinkingCollections {{\n  entryCollection({COLLECTION_ARGS}): EntryCollection\n}}\n\ntype {name}Collection {{\n  total: Int!\n  skip: Int!\n  limit: Int!\n  items: [{name}]!\n}}\n{filter}\nenum {name}Order {{\n"
    );
    for field in order {
        let _ = writeln!(out, "  {field}_ASC\n  {field}_DESC");
    }
    for v in sys_order_values() {
        let _ = writeln!(out, "  {v}");
    }
    out.push_str("}\n");
    out.push_str(&extra);
}

fn sys_order_values() -> impl Iterator<Item = String> {
    SYS_ORDER
        .iter()
        .flat_map(|s| [format!("{s}_ASC"), format!("{s}_DESC")])
}

fn filters(out: &mut String, id: &str, ty: &str, suffixes: &[&str]) {
    let _ = writeln!(out, "  {id}_exists: Boolean");
    for s in suffixes {
        let list = s.ends_with("_in");
        let ty = if list {
            format!("[{ty}]")
        } else {
            ty.to_string()
        };
        let _ = writeln!(out, "  {id}{s}: {ty}");
    }
}
