//! The figures an audit report charts beside its findings: what each product tag has, and how
//! old the posts are.

use crate::content::{ContentSet, ProductTag};
use serde::Serialize;
use std::collections::BTreeMap;

/// Posts and case studies one product tag has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TagCounts {
    /// The tag as editors type it (`eRFx`).
    pub tag: &'static str,
    /// Posts tagged with it in `blogPostProduct`.
    pub posts: usize,
    /// Case studies tagged with it in `casestudyproduct`.
    pub case_studies: usize,
}

/// The figures of a space.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Every product tag, in [`ProductTag::ALL`]'s order.
    pub tags: Vec<TagCounts>,
    /// Indexable posts the site serves, counted by the year of their publish date, oldest
    /// year first, with the years between that have none: the age of what search engines see,
    /// the same posts the freshness report ranks.
    pub posts_by_year: Vec<(i32, usize)>,
}

/// The figures of `set`.
pub fn stats(set: &ContentSet) -> Stats {
    let tags = ProductTag::ALL
        .into_iter()
        .map(|tag| TagCounts {
            tag: tag.as_str(),
            posts: set.posts_tagged(tag).count(),
            case_studies: set.case_studies_tagged(tag).count(),
        })
        .collect();
    let mut years: BTreeMap<i32, usize> = BTreeMap::new();
    for p in set.posts_newest() {
        let served = set.post(&p.slug).is_some_and(|s| s.id == p.id);
        if served && p.seo_index {
            *years.entry(p.publish_date.year).or_default() += 1;
        }
    }
    let posts_by_year = match (years.keys().next(), years.keys().next_back()) {
        (Some(&first), Some(&last)) => (first..=last)
            .map(|y| (y, years.get(&y).copied().unwrap_or(0)))
            .collect(),
        _ => Vec::new(),
    };
    Stats {
        tags,
        posts_by_year,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_space_has_every_tag_at_zero_and_no_years() {
        let s = stats(&ContentSet::empty());
        assert_eq!(s.tags.len(), 7);
        assert!(s.tags.iter().all(|t| t.posts == 0 && t.case_studies == 0));
        assert_eq!(s.tags[1].tag, "eRFx");
        assert!(s.posts_by_year.is_empty());
    }
}
