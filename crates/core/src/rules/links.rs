//! Mini cards and link lists (docs/behaviour.md §2): the 'More Insights and Information' carousel and the
//! link lists of the product, about and case-study pages.

use super::{MINI_CARD_PAGES, MINI_CARD_POSTS};
use crate::content::ContentSet;
use serde::Serialize;

/// What a link points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum LinkKind {
    /// An insight, at `/insights/{slug}`.
    Post,
    /// A page-builder page, at `/page/{slug}`.
    Page,
}

/// Where a link's text came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum LinkText {
    /// A post's title.
    Title,
    /// A page's banner text.
    BannerText,
    /// A page with no banner text: its title stands in.
    TitleFallback,
}

/// One link of the site's own content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteLink<'a> {
    /// A post or a page.
    pub kind: LinkKind,
    /// The post's or page's slug.
    pub slug: &'a str,
    /// The link's text.
    pub text: &'a str,
    /// Where the text came from.
    pub text_from: LinkText,
}

impl SiteLink<'_> {
    /// The site path the link goes to.
    pub fn href(&self) -> String {
        match self.kind {
            LinkKind::Post => format!("/insights/{}", self.slug),
            LinkKind::Page => format!("/page/{}", self.slug),
        }
    }
}

/// The [`MINI_CARD_POSTS`] newest indexable posts, each with its title, then the first
/// [`MINI_CARD_PAGES`] indexable page-builder pages in the editors' order, each with its banner
/// text (its title when the banner has none). Entries that are not indexable are left out: these
/// lists exist to pass visitors and crawlers on.
///
/// Every page that shows these lists pays for them, so both are bounded: the cost of a page
/// must not grow with the number of posts.
pub fn mini_cards(set: &ContentSet) -> Vec<SiteLink<'_>> {
    let posts = set
        .posts_newest()
        .filter(|p| p.seo_index)
        .take(MINI_CARD_POSTS)
        .map(|p| SiteLink {
            kind: LinkKind::Post,
            slug: &p.slug,
            text: &p.title,
            text_from: LinkText::Title,
        });
    let pages = set
        .pages()
        .iter()
        .filter(|p| p.seo_index)
        .take(MINI_CARD_PAGES)
        .map(|p| {
            let banner = p
                .banner
                .as_ref()
                .and_then(|b| b.banner_text.as_deref())
                .filter(|t| !t.trim().is_empty());
            match banner {
                Some(text) => SiteLink {
                    kind: LinkKind::Page,
                    slug: &p.slug,
                    text,
                    text_from: LinkText::BannerText,
                },
                None => SiteLink {
                    kind: LinkKind::Page,
                    slug: &p.slug,
                    text: &p.title,
                    text_from: LinkText::TitleFallback,
                },
            }
        });
    posts.chain(pages).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;
    use crate::content::{BlogPost, ContentParts, Page};

    #[test]
    fn mini_cards_are_indexable_posts_newest_first_then_indexable_pages_with_banner_text() {
        let set = fixture::content();
        let cards = mini_cards(&set);
        let first_page = cards.iter().position(|c| c.kind == LinkKind::Page).unwrap();
        assert!(cards[first_page..].iter().all(|c| c.kind == LinkKind::Page));
        insta::assert_json_snapshot!(
            cards
                .iter()
                .map(|c| (c.href(), c.text, c.text_from))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn mini_cards_leave_out_entries_that_are_not_indexable() {
        let set = fixture::content();
        let hrefs: Vec<String> = mini_cards(&set).iter().map(SiteLink::href).collect();
        assert!(!hrefs.contains(&"/insights/erfx-internal-notes".to_string()));
        assert!(!hrefs.contains(&"/page/partner-offer".to_string()));
    }

    /// `posts` indexable posts (every third one not indexable as well) and `pages` indexable
    /// pages, all published the same day, so newest first is slug order.
    fn many(posts: usize, pages: usize) -> ContentSet {
        let base = fixture::content();
        let post = base.posts().iter().find(|p| p.seo_index).unwrap();
        let page = base.pages().iter().find(|p| p.seo_index).unwrap();
        let parts = ContentParts {
            posts: (0..posts * 3 / 2)
                .map(|i| BlogPost {
                    id: format!("post-{i}"),
                    slug: format!("post-{i:04}"),
                    seo_index: i % 3 != 1,
                    ..(**post).clone()
                })
                .map(std::sync::Arc::new)
                .collect(),
            pages: (0..pages)
                .map(|i| Page {
                    id: format!("page-{i}"),
                    slug: format!("page-{i:04}"),
                    ..page.clone()
                })
                .collect(),
            ..ContentParts::default()
        };
        ContentSet::new(parts, "many")
    }

    #[test]
    fn mini_cards_show_the_twelve_newest_indexable_posts_and_the_first_twelve_pages() {
        let set = many(40, 30);
        let hrefs: Vec<String> = mini_cards(&set).iter().map(SiteLink::href).collect();
        let posts: Vec<String> = set
            .posts_newest()
            .filter(|p| p.seo_index)
            .take(MINI_CARD_POSTS)
            .map(|p| format!("/insights/{}", p.slug))
            .collect();
        let pages: Vec<String> = (0..MINI_CARD_PAGES)
            .map(|i| format!("/page/page-{i:04}"))
            .collect();
        assert_eq!(hrefs, [posts, pages].concat());
        assert!(!hrefs.contains(&"/insights/post-0001".to_string()));
    }

    #[test]
    fn mini_cards_keep_page_links_however_many_posts_there_are() {
        let set = many(1_000, 2);
        let cards = mini_cards(&set);
        assert_eq!(cards.len(), MINI_CARD_POSTS + 2);
        assert!(
            cards[MINI_CARD_POSTS..]
                .iter()
                .all(|c| c.kind == LinkKind::Page)
        );
    }

    #[test]
    fn mini_cards_of_an_empty_set_are_empty() {
        assert!(mini_cards(&ContentSet::empty()).is_empty());
    }
}
