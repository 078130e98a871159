//! Related blog cards for a product (docs/behaviour.md §4): the newest indexable posts tagged with it,
//! topped up with the newest indexable posts not tagged with it. A page about no product gets
//! the newest indexable posts.

use crate::content::{BlogPost, ContentSet, ProductTag};
use serde::Serialize;

/// The related posts and how they were chosen.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Related<'a> {
    /// The tag the posts were chosen for; none for a page about no product.
    pub product: Option<ProductTag>,
    /// Tagged posts first, then the top-up.
    #[serde(serialize_with = "serialize_slugs")]
    pub posts: Vec<&'a BlogPost>,
    /// How many of `posts` carry the tag; the rest are the top-up.
    pub tagged: usize,
}

impl Related<'_> {
    /// How many posts were added because fewer than `n` were tagged.
    pub fn topped_up(&self) -> usize {
        self.posts.len() - self.tagged
    }
}

/// Up to `n` indexable posts for `product`: tagged ones newest first, then untagged ones newest
/// first. Posts that are not indexable never show here (the original site's query asked for indexed only).
/// With no product, every post counts as untagged: the newest indexable posts.
pub fn related_posts(set: &ContentSet, product: Option<ProductTag>, n: usize) -> Related<'_> {
    let mut posts: Vec<&BlogPost> = match product {
        Some(tag) => set
            .posts_tagged(tag)
            .filter(|p| p.seo_index)
            .take(n)
            .collect(),
        None => Vec::new(),
    };
    let tagged = posts.len();
    let untagged = |p: &&BlogPost| product.is_none_or(|tag| !p.has_product(tag));
    posts.extend(
        set.posts_newest()
            .filter(|p| p.seo_index)
            .filter(untagged)
            .take(n - tagged),
    );
    Related {
        product,
        posts,
        tagged,
    }
}

pub(crate) fn serialize_slugs<S: serde::Serializer>(
    posts: &[&BlogPost],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(posts.iter().map(|p| &p.slug))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;

    #[test]
    fn related_posts_are_the_three_newest_indexable_tagged_when_there_are_enough() {
        let set = fixture::content();
        let related = related_posts(&set, Some(ProductTag::ERfx), 3);
        assert_eq!(related.tagged, 3);
        insta::assert_json_snapshot!(related);
    }

    #[test]
    fn related_posts_tops_up_with_untagged_newest_when_fewer_than_three_tagged() {
        let set = fixture::content();
        let related = related_posts(&set, Some(ProductTag::Ssm), 3);
        assert_eq!((related.tagged, related.topped_up()), (1, 2));
        assert!(
            related.posts[1..]
                .iter()
                .all(|p| !p.has_product(ProductTag::Ssm))
        );
        insta::assert_json_snapshot!(related);
    }

    #[test]
    fn related_posts_never_include_posts_that_are_not_indexable() {
        let set = fixture::content();
        for tag in ProductTag::ALL {
            assert!(
                related_posts(&set, Some(tag), 3)
                    .posts
                    .iter()
                    .all(|p| p.seo_index)
            );
        }
    }

    #[test]
    fn related_posts_of_a_product_nobody_wrote_about_are_the_newest_indexable() {
        let set = fixture::content();
        let related = related_posts(&set, Some(ProductTag::Pim), 3);
        assert_eq!(related.tagged, 0);
        insta::assert_json_snapshot!(related);
    }

    #[test]
    fn related_posts_for_no_product_are_the_newest_indexable() {
        let set = fixture::content();
        let related = related_posts(&set, None, 3);
        let newest: Vec<&BlogPost> = set.posts_newest().filter(|p| p.seo_index).take(3).collect();
        assert_eq!(related.posts, newest);
        assert_eq!(related.tagged, 0);
    }

    #[test]
    fn related_posts_of_an_empty_set_are_empty() {
        let empty = ContentSet::empty();
        let related = related_posts(&empty, Some(ProductTag::Spm), 3);
        assert!(related.posts.is_empty());
    }
}
