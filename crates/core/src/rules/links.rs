//! Mini cards and link lists (SPEC §2): the 'More Insights and Information' carousel and the
//! link lists of the product, about and case-study pages.

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
    pub kind: LinkKind,
    pub slug: &'a str,
    pub text: &'a str,
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

/// Indexable posts newest first, each with its title, then indexable page-builder pages in the
/// editors' order, each with its banner text (its title when the banner has none). Entries that
/// are not indexable are left out: these lists exist to pass visitors and crawlers on.
pub fn mini_cards(set: &ContentSet) -> Vec<SiteLink<'_>> {
    let posts = set
        .posts_newest()
        .filter(|p| p.seo_index)
        .map(|p| SiteLink {
            kind: LinkKind::Post,
            slug: &p.slug,
            text: &p.title,
            text_from: LinkText::Title,
        });
    let pages = set.pages().iter().filter(|p| p.seo_index).map(|p| {
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

    #[test]
    fn mini_cards_of_an_empty_set_are_empty() {
        assert!(mini_cards(&ContentSet::empty()).is_empty());
    }
}
