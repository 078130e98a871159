//! The About Us page's lists (docs/behaviour.md §2): the 3 latest insights and the link list of indexable
//! articles and pages.

use super::{ABOUT_LATEST, SiteLink, latest, mini_cards};
use crate::content::{BlogPost, ContentSet};
use serde::Serialize;

/// What the About Us page lists.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AboutLists<'a> {
    /// The newest indexable insights, newest first.
    #[serde(serialize_with = "super::related::serialize_slugs")]
    pub insights: Vec<&'a BlogPost>,
    /// Indexable articles and pages to pass visitors on to.
    pub links: Vec<SiteLink<'a>>,
}

/// The About Us lists: the latest [`ABOUT_LATEST`] posts, and the same indexable links as the
/// mini cards.
pub fn about_lists(set: &ContentSet) -> AboutLists<'_> {
    AboutLists {
        insights: latest(set, ABOUT_LATEST),
        links: mini_cards(set),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;

    #[test]
    fn about_lists_show_three_latest_insights_and_every_indexable_link() {
        let set = fixture::content();
        let lists = about_lists(&set);
        assert_eq!(lists.insights.len(), 3);
        insta::assert_json_snapshot!(lists);
    }
}
