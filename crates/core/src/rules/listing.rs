//! The insights listing (docs/behaviour.md §2, §4): every post newest first, shown 9 at a time.

use super::LISTING_PAGE_SIZE;
use crate::content::{BlogPost, ContentSet};
use serde::Serialize;

/// Every post, newest first. The listing reads all posts with no index filter, as the original
/// site's query does: a post kept out of search engines is still part of the blog.
pub fn listing(set: &ContentSet) -> impl ExactSizeIterator<Item = &BlogPost> + Clone {
    set.posts_newest()
}

/// One page of the listing.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ListingPage<'a, T> {
    /// The page number asked for, from 1.
    pub page: usize,
    /// How many pages the whole list makes (0 for an empty list).
    pub pages: usize,
    /// The items on this page, in list order; empty past the last page.
    pub items: &'a [T],
}

/// Page `page` (from 1) of `items` in pages of [`LISTING_PAGE_SIZE`]: the first click on
/// LOAD MORE INSIGHTS reveals page 2, and so on. A page past the end is empty; page 0 is
/// treated as page 1.
pub fn listing_page<T>(items: &[T], page: usize) -> ListingPage<'_, T> {
    page_of(items, page, LISTING_PAGE_SIZE)
}

/// Page `page` (from 1) of `items` in pages of `size` (at least 1).
pub fn page_of<T>(items: &[T], page: usize, size: usize) -> ListingPage<'_, T> {
    let page = page.max(1);
    let size = size.max(1);
    let start = (page - 1).saturating_mul(size).min(items.len());
    let end = (start + size).min(items.len());
    ListingPage {
        page,
        pages: items.len().div_ceil(size),
        items: &items[start..end],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;
    use crate::rules::testing::slugs;

    #[test]
    fn listing_pages_are_nine_posts_newest_first_then_the_rest() {
        let set = fixture::content();
        let all: Vec<_> = listing(&set).collect();
        let first = listing_page(&all, 1);
        let second = listing_page(&all, 2);
        assert_eq!((first.items.len(), first.pages), (9, 2));
        insta::assert_json_snapshot!(serde_json::json!({
            "page1": slugs(first.items),
            "page2": slugs(second.items),
            "page3": slugs(listing_page(&all, 3).items),
        }));
    }

    #[test]
    fn equal_publish_dates_are_ordered_by_slug() {
        let set = fixture::content();
        let all = slugs(&listing(&set).collect::<Vec<_>>());
        let a = all.iter().position(|s| s == "spm-scorecards").unwrap();
        let b = all.iter().position(|s| s == "spm-surveys").unwrap();
        assert_eq!(b, a + 1);
    }

    #[test]
    fn listing_page_zero_is_page_one_and_an_empty_list_has_no_pages() {
        let items = [1, 2, 3];
        assert_eq!(listing_page(&items, 0).items, &items);
        let empty: [u8; 0] = [];
        let page = listing_page(&empty, 1);
        assert_eq!((page.pages, page.items.len()), (0, 0));
    }
}
