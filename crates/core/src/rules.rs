//! The selection rules of docs/behaviour.md §4 and §9: which posts, case studies and links each screen
//! shows, in which order, and how many. One small module per rule.
//!
//! Every rule is a pure function of the [`ContentSet`](crate::content::ContentSet) and returns,
//! besides its selection, enough to explain *why* (which fall-back was used, how many entries
//! were topped up), so the content audit can report it and a snapshot shows it.

mod about;
mod case_study_index;
mod every_route;
mod latest;
mod links;
mod listing;
mod related;
mod site_map;
mod sourcing;
mod teaser;

pub use about::{AboutLists, about_lists};
pub use case_study_index::{Side, case_study_index, logo_side};
pub use every_route::every_route;
pub use latest::{latest, latest_excluding};
pub use links::{LinkKind, LinkText, SiteLink, mini_cards};
pub use listing::{ListingPage, listing, listing_page, page_of};
pub use related::{Related, related_posts};
pub use site_map::sitemap_candidates;
pub use sourcing::{SourcingExtras, TaggedList, sourcing_extras};
pub use teaser::{Teaser, TeaserReason, fallback_tag, teaser};

/// Latest posts on the home page.
pub const HOME_LATEST: usize = 3;
/// Related blog cards on product pages, case studies and page-builder pages.
pub const RELATED_POSTS: usize = 3;
/// The 'More Insights' side list of an insight.
pub const SIDE_LIST: usize = 3;
/// Latest insights on the About Us page.
pub const ABOUT_LATEST: usize = 3;
/// Blog cards per page of the insights listing (and per LOAD MORE INSIGHTS click).
pub const LISTING_PAGE_SIZE: usize = 9;
/// Teasers per page of the customer stories index.
pub const INDEX_PAGE_SIZE: usize = 12;
/// The sourcing page's extra list of eRFx articles.
pub const SOURCING_ERFX_MAX: usize = 9;
/// Article cards per product list on the sourcing page.
pub const SOURCING_CARDS: usize = 3;
/// Content slices a page-builder page shows.
pub const PAGE_SLICES_MAX: usize = 12;
/// Items an FAQ list shows on a page-builder page.
pub const FAQ_ITEMS_MAX: usize = 8;
/// Buttons a divider call-to-action shows.
pub const DIVIDER_BUTTONS_MAX: usize = 4;
/// Customer logos in the home page carousel.
pub const CUSTOMER_LOGOS: usize = 12;
/// Posts in the 'More Insights and Information' mini cards and the link lists (the newest
/// indexable ones).
///
/// The original read these through GraphQL collections with no explicit limit, so Contentful's
/// default of 100 applied; no particular count is asked for. Every product, case-study,
/// about and home page carries this list, so its length is paid on every page: in compose time,
/// page weight and DOM size. The carousel shows 3 at a time, so 12 is four full turns; crawlers
/// and visitors reach every article through the insights listing and the sitemap.
pub const MINI_CARD_POSTS: usize = 12;
/// Page-builder pages in the mini cards and link lists, capped separately from the posts (as the
/// original's two collections were) so that pages still show when there are many posts.
pub const MINI_CARD_PAGES: usize = 12;

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers that reduce rule results to slugs, so snapshots read as claims about content.

    use crate::content::BlogPost;

    pub fn slugs(posts: &[&BlogPost]) -> Vec<String> {
        posts.iter().map(|p| p.slug.clone()).collect()
    }
}
