//! Paginated listings: which slice of a listing a route shows, and the links and head tags
//! that lead to its neighbours.

use crate::copy;
use crate::routes::Route;
use crate::view::{Head, Pagination};

/// The entries of `items` that `route` (a listing route) shows in pages of `size`, with its
/// pagination; `None` when the page is past the end, which is not found. Page 1 always exists,
/// even for an empty listing. Only the shown entries are visited (skipping to a later page is a
/// step per entry, never a copy), so page 1 costs the same at any size of archive.
pub fn slice<T>(
    route: &Route,
    page: usize,
    items: impl ExactSizeIterator<Item = T>,
    size: usize,
) -> Option<(Vec<T>, Pagination)> {
    let page = page.max(1);
    let size = size.max(1);
    let total = items.len();
    let pages = total.div_ceil(size).max(1);
    if page > pages {
        return None;
    }
    let offset = (page - 1) * size;
    let href = |n: usize| route.listing_page(n).map(|r| r.href());
    let pagination = Pagination {
        page,
        pages,
        total,
        offset,
        page_size: size,
        prev: (page > 1).then(|| href(page - 1)).flatten(),
        next: (page < pages).then(|| href(page + 1)).flatten(),
        prev_label: copy::PREVIOUS_PAGE,
    };
    Some((items.skip(offset).take(size).collect(), pagination))
}

/// Points the head at this page of the listing: its own address as canonical, `rel=prev` and
/// `rel=next` at its neighbours, and the page number in the title beyond page 1, so no two
/// pages share a title.
pub fn tag_head(head: &mut Head, route: &Route, pagination: &Pagination) {
    head.canonical = route.href();
    head.open_graph.url = route.href();
    head.prev = pagination.prev.clone();
    head.next = pagination.next.clone();
    if pagination.page > 1 {
        head.title = match head.title.split_once(" | ") {
            Some((heading, brand)) => format!("{heading}, page {} | {brand}", pagination.page),
            None => format!("{}, page {}", head.title, pagination.page),
        };
        head.open_graph.title = head.title.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_middle_page_links_both_ways_and_the_edges_one_way() {
        let items: Vec<usize> = (0..20).collect();
        let (first, p1) = slice(&Route::Insights, 1, items.iter().copied(), 9).unwrap();
        assert_eq!((first.len(), p1.pages, p1.offset), (9, 3, 0));
        assert_eq!(
            (p1.prev, p1.next.as_deref()),
            (None, Some("/insights?page=2"))
        );
        let (middle, p2) = slice(&Route::InsightsPage(2), 2, items.iter().copied(), 9).unwrap();
        assert_eq!(middle[0], 9);
        assert_eq!(p2.prev.as_deref(), Some("/insights"));
        assert_eq!(p2.next.as_deref(), Some("/insights?page=3"));
        let (last, p3) = slice(&Route::InsightsPage(3), 3, items.iter().copied(), 9).unwrap();
        assert_eq!((last, p3.next), (vec![18, 19], None));
        assert!(slice(&Route::InsightsPage(4), 4, items.iter().copied(), 9).is_none());
    }

    #[test]
    fn an_empty_listing_has_one_empty_page_and_no_second() {
        let items: [u8; 0] = [];
        let (shown, p) = slice(&Route::CaseStudyIndex, 1, items.iter(), 12).unwrap();
        assert_eq!((shown.len(), p.pages, p.next), (0, 1, None));
        assert!(slice(&Route::CaseStudyIndexPage(2), 2, items.iter(), 12).is_none());
    }
}
