//! Following links the way Contentful's delivery API does: a link to a draft or to something not
//! in the space is dropped (with a warning) and the entry that holds it is still shown.

use super::fields::Fields;
use super::raw::RawExport;
use std::collections::{BTreeMap, HashMap};
use supplysite_core::content::{Asset, ProductTag};

/// Resolves the links of the entry being read against the whole export.
pub(crate) struct Resolver<'a> {
    pub raw: &'a RawExport,
    pub assets: &'a BTreeMap<String, Asset>,
}

impl Resolver<'_> {
    /// The asset an optional `Link<Asset>` field points at.
    pub fn asset(&self, f: &mut Fields<'_>, field: &str) -> Option<Asset> {
        let id = f.link(field, "Asset", false)?;
        self.asset_by_id(f, field, &id)
    }

    /// The asset a required `Link<Asset>` field points at; the entry fails without it.
    pub fn required_asset(&self, f: &mut Fields<'_>, field: &str) -> Option<Asset> {
        let id = f.link(field, "Asset", true)?;
        self.asset_by_id(f, field, &id)
    }

    fn asset_by_id(&self, f: &mut Fields<'_>, field: &str, id: &str) -> Option<Asset> {
        if let Some(asset) = self.assets.get(id) {
            return Some(asset.clone());
        }
        let message = match self.raw.asset(id) {
            None => format!("links to asset {id}, which is not in the export; reference skipped"),
            Some(a) if !a.published => format!("links to draft asset {id}; reference skipped"),
            // Its own problem already says why it could not be read.
            Some(_) => format!("links to asset {id}, which has no file; reference skipped"),
        };
        f.problems.warning(&f.at, field, message);
        None
    }

    /// Checks that entry `id` exists, is published and has one of the `allowed` content types,
    /// and returns its content type.
    pub fn entry_type<'r>(
        &'r self,
        f: &mut Fields<'_>,
        field: &str,
        id: &str,
        allowed: &[&str],
    ) -> Option<&'r str> {
        let Some(entry) = self.raw.entry(id) else {
            let message =
                format!("links to entry {id}, which is not in the export; reference skipped");
            f.problems.warning(&f.at, field, message);
            return None;
        };
        if !entry.published {
            let message = format!("links to draft entry {id}; reference skipped");
            f.problems.warning(&f.at, field, message);
            return None;
        }
        if !allowed.contains(&entry.content_type.as_str()) {
            let message = format!(
                "links to entry {id} of type {}, expected {}; reference skipped",
                entry.content_type,
                allowed.join(" or ")
            );
            f.problems.error(&f.at, field, message);
            return None;
        }
        Some(&entry.content_type)
    }

    /// The already-read entry `id` of content type `ct` from `read`. An entry that exists but is
    /// missing from `read` failed on its own account, and its problem says so.
    pub fn entry<'m, T>(
        &self,
        f: &mut Fields<'_>,
        field: &str,
        id: &str,
        ct: &str,
        read: &'m HashMap<String, T>,
    ) -> Option<&'m T> {
        self.entry_type(f, field, id, &[ct])?;
        read.get(id)
    }

    /// Every entry an `Array<Link<Entry:ct>>` field points at that could be read.
    pub fn entries<T: Clone>(
        &self,
        f: &mut Fields<'_>,
        field: &str,
        ct: &str,
        read: &HashMap<String, T>,
    ) -> Vec<T> {
        f.links(field, "Entry")
            .iter()
            .filter_map(|id| self.entry(f, field, id, ct, read).cloned())
            .collect()
    }
}

/// Product tags of an `Array<Symbol>` field; unknown tags are reported and dropped.
pub(crate) fn product_tags(f: &mut Fields<'_>, field: &str) -> Vec<ProductTag> {
    let mut tags = Vec::new();
    for text in f.symbols(field) {
        match text.parse::<ProductTag>() {
            Ok(tag) if !tags.contains(&tag) => tags.push(tag),
            Ok(_) => {}
            Err(e) => f
                .problems
                .warning(&f.at, field, format!("{e}; tag ignored")),
        }
    }
    tags
}
