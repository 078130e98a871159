//! The GraphQL queries the adapter sends: one collection query per content type with an
//! explicit field selection, and one for assets. Every value (skip, limit, order, nested
//! limits) travels as a variable; the query texts are fixed per content type.
//!
//! Page sizes keep each request inside Contentful's query complexity limit. The estimate
//! follows Contentful's rule of counting the entries and assets a query can return: a
//! collection counts its limit times what each item may hold, a single link counts one, and a
//! rich-text `links` selection counts 1000 (it can return up to 1000 entities).

use super::model::{ContentType, Kind, NESTED_LIMIT, type_name};
use serde_json::{Value, json};

/// Contentful's limit on the complexity of one query.
pub const MAX_COMPLEXITY: u32 = 11_000;
/// Contentful's largest `limit` for a collection.
pub(crate) const MAX_LIMIT: u32 = 1000;
/// Contentful's limit on the size of a query.
pub const MAX_QUERY_BYTES: usize = 8 * 1024;
/// First published first, then by id.
const ORDER: [&str; 2] = ["sys_firstPublishedAt_ASC", "sys_id_ASC"];
/// What a rich-text `links` selection costs.
const LINKS_COMPLEXITY: u32 = 1000;

/// A query for one page of a collection.
#[derive(Clone, Debug)]
pub(crate) struct PageQuery {
    /// The root field answered: `blogPostCollection`, `assetCollection`.
    pub root: String,
    pub text: String,
    /// What each item of a page adds to the query's complexity.
    pub per_item: u32,
    /// The order of the collection, for the `order` variable.
    order: [&'static str; 2],
    nested: bool,
}

impl PageQuery {
    /// The largest page that stays within the complexity limit.
    pub fn page_size(&self) -> u32 {
        (MAX_COMPLEXITY / self.per_item.max(1)).clamp(1, MAX_LIMIT)
    }

    /// The variables for the page starting at `skip` with at most `limit` items, of published
    /// content (`preview` false; see [`Self::preview_variables`]). The order is
    /// total (the id breaks ties) so pages neither overlap nor skip anything, and it is the
    /// order editors first published in, which is the order a space export lists them in:
    /// lists the rules show in source order come out the same from both sources.
    pub fn variables(&self, skip: u32, limit: u32) -> Value {
        let mut vars = json!({"skip": skip, "limit": limit, "order": self.order, "preview": false});
        if self.nested {
            vars["nested"] = json!(NESTED_LIMIT);
        }
        vars
    }

    /// [`Self::variables`] asking for preview content: drafts and the latest version of
    /// changed entries, in the collection and every link inside it.
    pub fn preview_variables(&self, skip: u32, limit: u32) -> Value {
        let mut vars = self.variables(skip, limit);
        vars["preview"] = json!(true);
        vars
    }
}

const SYS: &str = "fragment SysFields on Sys { id publishedVersion publishedAt firstPublishedAt }";
const ENTRY: &str = "fragment EntryRef on Entry { __typename sys { id } }";
const ASSET: &str = "fragment AssetFields on Asset { sys { ...SysFields } title description url fileName contentType size width height }";
const LINKS: &str = "links { entries { block { ...EntryRef } inline { ...EntryRef } hyperlink { ...EntryRef } } assets { block { ...AssetFields } hyperlink { ...AssetFields } } }";

/// The page query of content type `ct`.
pub(crate) fn for_type(ct: &ContentType) -> PageQuery {
    let name = type_name(ct.id);
    let root = super::model::collection_field(ct.id);
    let mut fields = vec!["sys { ...SysFields }".to_string()];
    let mut per_item = 1;
    let (mut nested, mut rich, mut entry_refs) = (false, false, false);
    for field in ct.fields {
        let id = field.id;
        let selection = match field.kind {
            Kind::Value => id.to_string(),
            Kind::Asset | Kind::Entry => {
                per_item += 1;
                format!("{id} {{ sys {{ id }} }}")
            }
            Kind::RichText => {
                per_item += LINKS_COMPLEXITY;
                rich = true;
                format!("{id} {{ json {LINKS} }}")
            }
            Kind::Entries => {
                per_item += NESTED_LIMIT;
                nested = true;
                format!("{id}Collection(limit: $nested) {{ total items {{ sys {{ id }} }} }}")
            }
            Kind::MixedEntries => {
                per_item += NESTED_LIMIT;
                nested = true;
                entry_refs = true;
                format!("{id}Collection(limit: $nested) {{ total items {{ ...EntryRef }} }}")
            }
        };
        fields.push(selection);
    }
    let nested_var = if nested { ", $nested: Int!" } else { "" };
    let mut text = format!(
        "query {name}Page($skip: Int!, $limit: Int!, $order: [{name}Order], $preview: Boolean{nested_var}) {{ {root}(skip: $skip, limit: $limit, order: $order, preview: $preview) {{ total skip limit items {{ {} }} }} }}\n{SYS}",
        fields.join(" ")
    );
    if rich || entry_refs {
        text.push('\n');
        text.push_str(ENTRY);
    }
    if rich {
        text.push('\n');
        text.push_str(ASSET);
    }
    PageQuery {
        root,
        text,
        per_item,
        order: ORDER,
        nested,
    }
}

/// The page query of every published asset.
pub(crate) fn assets() -> PageQuery {
    let root = "assetCollection".to_string();
    let text = format!(
        "query AssetPage($skip: Int!, $limit: Int!, $order: [AssetOrder], $preview: Boolean) {{ {root}(skip: $skip, limit: $limit, order: $order, preview: $preview) {{ total skip limit items {{ ...AssetFields }} }} }}\n{SYS}\n{ASSET}"
    );
    PageQuery {
        root,
        text,
        per_item: 1,
        order: ORDER,
        nested: false,
    }
}

/// Every query the adapter sends, for the schema test and the request-size test.
pub fn all_queries() -> Vec<(String, String, Value)> {
    let mut out: Vec<PageQuery> = super::model::TYPES.iter().map(for_type).collect();
    out.push(assets());
    out.into_iter()
        .map(|q| {
            let vars = q.variables(0, q.page_size());
            (q.root, q.text, vars)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contentful::model::TYPES;

    fn query(id: &str) -> PageQuery {
        for_type(TYPES.iter().find(|t| t.id == id).unwrap())
    }

    #[test]
    fn rich_text_links_make_pages_small_and_plain_types_use_the_largest_page() {
        // A post: itself, its hero image and 1000 for its body's links.
        assert_eq!(query("blogPost").per_item, 1002);
        assert_eq!(query("blogPost").page_size(), 10);
        // A case study has four rich-text fields and eight asset links.
        assert_eq!(query("casestudy").page_size(), 2);
        assert_eq!(query("faqItem").page_size(), MAX_LIMIT);
        assert_eq!(query("faqList").page_size(), 108);
        assert_eq!(assets().page_size(), MAX_LIMIT);
    }

    #[test]
    fn every_query_fits_contentfuls_size_limit_and_interpolates_no_values() {
        for (root, text, vars) in all_queries() {
            let body = json!({"query": text, "variables": vars}).to_string();
            assert!(body.len() < MAX_QUERY_BYTES, "{root}: {} bytes", body.len());
            let page = query_page_size(&vars);
            assert!(page >= 1, "{root}");
            // Arguments are only ever variables (after the variable definitions).
            let body = &text[text.find(") {").unwrap()..];
            for arg in ["skip:", "limit:", "order:"] {
                for (i, _) in body.match_indices(arg) {
                    let after = body[i + arg.len()..].trim_start();
                    assert!(after.starts_with('$'), "{root}: {arg} is not a variable");
                }
            }
        }
    }

    fn query_page_size(vars: &Value) -> u64 {
        vars["limit"].as_u64().unwrap()
    }

    #[test]
    fn the_variables_page_in_publishing_order_and_carry_the_nested_limit_only_when_used() {
        assert_eq!(
            query("faqList").variables(108, 108),
            json!({"skip": 108, "limit": 108, "order": ["sys_firstPublishedAt_ASC", "sys_id_ASC"], "preview": false, "nested": 100})
        );
        assert_eq!(
            query("faqItem").variables(0, 5),
            json!({"skip": 0, "limit": 5, "order": ["sys_firstPublishedAt_ASC", "sys_id_ASC"], "preview": false})
        );
    }
}
