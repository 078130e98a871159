//! The strategic sourcing page's extra lists (docs/behaviour.md §2, §7): article cards for SSM, eRFx and
//! eAuction (the three modules a sourcing project runs through) and up to 9 eRFx articles.

use super::{SOURCING_CARDS, SOURCING_ERFX_MAX};
use crate::content::{BlogPost, ContentSet, ProductTag};
use serde::Serialize;

/// The newest indexable posts tagged with one product.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaggedList<'a> {
    /// The product the posts are tagged with.
    pub product: ProductTag,
    /// The posts, newest first.
    #[serde(serialize_with = "super::related::serialize_slugs")]
    pub posts: Vec<&'a BlogPost>,
}

/// The sourcing page's extra lists.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SourcingExtras<'a> {
    /// Up to [`SOURCING_CARDS`] posts each for SSM, eRFx and eAuction, in that order. Unlike
    /// the related cards these are not topped up: a module with no posts gets an empty list.
    pub card_lists: Vec<TaggedList<'a>>,
    /// Up to [`SOURCING_ERFX_MAX`] indexable eRFx posts, newest first.
    #[serde(serialize_with = "super::related::serialize_slugs")]
    pub erfx_articles: Vec<&'a BlogPost>,
}

fn tagged(set: &ContentSet, product: ProductTag, n: usize) -> Vec<&BlogPost> {
    set.posts_tagged(product)
        .filter(|p| p.seo_index)
        .take(n)
        .collect()
}

/// The sourcing page's extra lists.
pub fn sourcing_extras(set: &ContentSet) -> SourcingExtras<'_> {
    SourcingExtras {
        card_lists: [ProductTag::Ssm, ProductTag::ERfx, ProductTag::EAuction]
            .into_iter()
            .map(|product| TaggedList {
                product,
                posts: tagged(set, product, SOURCING_CARDS),
            })
            .collect(),
        erfx_articles: tagged(set, ProductTag::ERfx, SOURCING_ERFX_MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;

    #[test]
    fn sourcing_extras_list_indexable_posts_per_module_without_top_up() {
        let set = fixture::content();
        let extras = sourcing_extras(&set);
        assert!(extras.erfx_articles.len() <= SOURCING_ERFX_MAX);
        assert!(extras.erfx_articles.iter().all(|p| p.seo_index));
        insta::assert_json_snapshot!(extras);
    }

    #[test]
    fn sourcing_extras_of_an_empty_set_are_empty_lists() {
        let empty = ContentSet::empty();
        let extras = sourcing_extras(&empty);
        assert_eq!(extras.card_lists.len(), 3);
        assert!(extras.card_lists.iter().all(|l| l.posts.is_empty()));
    }
}
