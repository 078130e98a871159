//! Every route a content set has a page for: the fixed screens, then each article, customer
//! story and page-builder page by its slug. The one enumeration the server's checks, the
//! parity tests and the audits share.

use crate::content::ContentSet;
use crate::routes::Route;

/// Every route of `set`: [`Route::fixed`], then the articles, the customer stories and the
/// page-builder pages in the order the set holds them. Listing pages beyond the first are not
/// included (they follow from the listings' own pagination).
pub fn every_route(set: &ContentSet) -> Vec<Route> {
    let mut routes = Route::fixed();
    routes.extend(set.posts().iter().map(|p| Route::Insight(p.slug.clone())));
    routes.extend(
        set.case_studies()
            .iter()
            .map(|c| Route::CaseStudy(c.slug.clone())),
    );
    routes.extend(set.pages().iter().map(|p| Route::Page(p.slug.clone())));
    routes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;

    #[test]
    fn every_entry_with_a_slug_has_its_route_after_the_fixed_ones() {
        let set = fixture::content();
        let routes = every_route(&set);
        let fixed = Route::fixed().len();
        assert_eq!(routes[..fixed], Route::fixed()[..]);
        assert_eq!(
            routes.len(),
            fixed + set.posts().len() + set.case_studies().len() + set.pages().len()
        );
        for post in set.posts() {
            assert!(routes.contains(&Route::Insight(post.slug.clone())));
        }
        assert!(routes.iter().all(|r| *r != Route::NotFound));
    }
}
