//! Which pages a sitemap considers, and the date each last changed as far as the content says.

use crate::content::ContentSet;
use crate::routes::Route;

/// Every route that may have a page, with its last change as `YYYY-MM-DD` (the day pages print
/// in the site's zone): the fixed routes,
/// the articles newest first (each on its publish date), the customer stories by priority and
/// the page-builder pages. Entries carry no modification date, so everything but an article
/// takes the newest article's date (pages that list articles change with it), or `fallback`
/// when there are none. The server still drops pages that are not indexable or whose canonical
/// is elsewhere, which it learns from each page's head.
pub fn sitemap_candidates(set: &ContentSet, fallback: &str) -> Vec<(Route, String)> {
    let site_date = set.posts_newest().next().map_or_else(
        || fallback.to_owned(),
        |p| p.publish_date.shown_ymd(set.time_zone()),
    );
    let mut routes: Vec<(Route, String)> = Route::fixed()
        .into_iter()
        .map(|r| (r, site_date.clone()))
        .collect();
    routes.extend(set.posts_newest().map(|p| {
        (
            Route::Insight(p.slug.clone()),
            p.publish_date.shown_ymd(set.time_zone()),
        )
    }));
    routes.extend(
        set.case_studies_by_priority()
            .map(|c| (Route::CaseStudy(c.slug.clone()), site_date.clone())),
    );
    routes.extend(
        set.pages()
            .iter()
            .map(|p| (Route::Page(p.slug.clone()), site_date.clone())),
    );
    routes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;

    #[test]
    fn articles_carry_their_own_dates_and_everything_else_the_newest_article() {
        let set = fixture::content();
        let candidates = sitemap_candidates(&set, "2000-01-01");
        let newest = set.posts_newest().next().unwrap();
        assert_eq!(
            candidates[0],
            (Route::Home, newest.publish_date.shown_ymd(set.time_zone()))
        );
        for post in set.posts() {
            let at = candidates
                .iter()
                .find(|(r, _)| *r == Route::Insight(post.slug.clone()))
                .unwrap();
            assert_eq!(at.1, post.publish_date.shown_ymd(set.time_zone()));
        }
        assert_eq!(candidates.len(), super::super::every_route(&set).len());
        let empty = sitemap_candidates(&ContentSet::empty(), "2000-01-01");
        assert!(empty.iter().all(|(_, d)| d == "2000-01-01"));
    }
}
