//! Latest posts, newest first: the home page's three (docs/behaviour.md §9) and an insight's 'More
//! Insights' side list, which leaves out the article being read.

use crate::content::{BlogPost, ContentSet};

/// The `n` newest posts (ties by slug). The home page's query has no index filter, so posts
/// that are not indexable still show: `seoIndex` only keeps a page out of search engines.
pub fn latest(set: &ContentSet, n: usize) -> Vec<&BlogPost> {
    set.posts_newest().take(n).collect()
}

/// The `n` newest posts other than the one whose slug is `current`.
///
/// The original query filtered on "slug does not contain the current slug", which also drops
/// unrelated posts whose slug happens to contain it (`pricing` would hide `pricing-models`);
/// the intent is "other articles", so only the current one is left out.
pub fn latest_excluding<'a>(set: &'a ContentSet, current: &str, n: usize) -> Vec<&'a BlogPost> {
    set.posts_newest()
        .filter(|p| p.slug != current)
        .take(n)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;
    use crate::rules::testing::slugs;

    #[test]
    fn latest_gives_the_newest_posts_first_including_ones_not_indexable() {
        let set = fixture::content();
        insta::assert_json_snapshot!(slugs(&latest(&set, 3)));
    }

    #[test]
    fn latest_excluding_leaves_out_only_the_current_article() {
        let set = fixture::content();
        let side = latest_excluding(&set, "procurement-trends", 3);
        assert!(side.iter().all(|p| p.slug != "procurement-trends"));
        insta::assert_json_snapshot!(slugs(&side));
    }

    #[test]
    fn latest_excluding_keeps_posts_whose_slug_merely_contains_the_current_one() {
        let set = fixture::content();
        let side = latest_excluding(&set, "erfx", 12);
        assert!(side.iter().any(|p| p.slug == "erfx-templates"));
        assert_eq!(side.len(), set.posts().len());
    }

    #[test]
    fn latest_of_an_empty_set_is_empty() {
        assert!(latest(&ContentSet::empty(), 3).is_empty());
        assert!(latest_excluding(&ContentSet::empty(), "x", 3).is_empty());
    }
}
