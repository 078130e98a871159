//! The customer stories index (docs/behaviour.md §2): every case study by order priority ascending, with
//! the logo alternating sides from one teaser to the next.

use crate::content::{CaseStudy, ContentSet};
use serde::Serialize;

/// A side of an alternating layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum Side {
    /// Logo on the left.
    Left,
    /// Logo on the right.
    Right,
}

/// Every case study, lowest `casestudyorderpriority` first; equal priorities by slug so the
/// order never depends on how the content service happened to return them.
pub fn case_study_index(set: &ContentSet) -> impl ExactSizeIterator<Item = &CaseStudy> + Clone {
    set.case_studies_by_priority()
}

/// Where the logo of the `index`-th teaser (from 0) sits: left first, then alternating.
pub fn logo_side(index: usize) -> Side {
    if index % 2 == 0 {
        Side::Left
    } else {
        Side::Right
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;

    #[test]
    fn case_study_index_orders_by_priority_ascending_and_alternates_the_logo() {
        let set = fixture::content();
        let rows: Vec<_> = case_study_index(&set)
            .enumerate()
            .map(|(i, c)| (c.order_priority, c.slug.as_str(), logo_side(i)))
            .collect();
        assert!(rows.windows(2).all(|w| w[0].0 <= w[1].0));
        insta::assert_json_snapshot!(rows);
    }

    #[test]
    fn case_study_index_of_an_empty_set_is_empty() {
        assert_eq!(case_study_index(&ContentSet::empty()).len(), 0);
    }
}
