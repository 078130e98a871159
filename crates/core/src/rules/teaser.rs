//! The case-study teaser (docs/behaviour.md §4): the product's own case study with the lowest order
//! priority, else (sourcing only) one tagged eRFx, else the lowest priority overall.

use crate::content::{CaseStudy, ContentSet, ProductTag};
use serde::Serialize;

/// Which case study a teaser shows, and which rule picked it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Teaser<'a> {
    /// The case study to show; none when the space has none to offer.
    #[serde(serialize_with = "serialize_slug")]
    pub case_study: Option<&'a CaseStudy>,
    /// Which rule picked it.
    pub reason: TeaserReason,
}

/// Why the teaser shows what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "product", rename_all = "camelCase")]
pub enum TeaserReason {
    /// A case study tagged with the page's own product.
    OwnProduct(ProductTag),
    /// None was tagged with the page's product; one tagged with the fall-back product was.
    FallbackProduct(ProductTag),
    /// The case study with the lowest priority overall (the home page, or nothing tagged).
    TopPriority,
    /// The space has no case studies.
    NoCaseStudies,
}

/// The product whose case studies stand in when none is tagged with `product`: the sourcing
/// page (SSM) shows an eRFx story, because strategic sourcing runs its events in eRFx.
pub fn fallback_tag(product: ProductTag) -> Option<ProductTag> {
    match product {
        ProductTag::Ssm => Some(ProductTag::ERfx),
        _ => None,
    }
}

/// The teaser for a page about `product`, or for a page about no product (the home page).
pub fn teaser(set: &ContentSet, product: Option<ProductTag>) -> Teaser<'_> {
    let tagged = |tag: ProductTag| set.case_studies_tagged(tag).next();
    if let Some(tag) = product {
        if let Some(c) = tagged(tag) {
            return Teaser {
                case_study: Some(c),
                reason: TeaserReason::OwnProduct(tag),
            };
        }
        let fallback = fallback_tag(tag).and_then(|f| tagged(f).map(|c| (f, c)));
        if let Some((fallback, c)) = fallback {
            return Teaser {
                case_study: Some(c),
                reason: TeaserReason::FallbackProduct(fallback),
            };
        }
    }
    match set.case_studies_by_priority().next() {
        Some(c) => Teaser {
            case_study: Some(c),
            reason: TeaserReason::TopPriority,
        },
        None => Teaser {
            case_study: None,
            reason: TeaserReason::NoCaseStudies,
        },
    }
}

fn serialize_slug<S: serde::Serializer>(c: &Option<&CaseStudy>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => s.serialize_some(&c.slug),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;
    use std::collections::BTreeMap;

    #[test]
    fn every_product_gets_its_own_case_study_or_the_documented_fallback() {
        let set = fixture::content();
        let table: BTreeMap<&str, Teaser> = ProductTag::ALL
            .into_iter()
            .map(|tag| (tag.as_str(), teaser(&set, Some(tag))))
            .collect();
        insta::assert_json_snapshot!(table);
    }

    #[test]
    fn the_tagged_index_picks_what_a_scan_by_priority_picks() {
        let set = fixture::content();
        for tag in ProductTag::ALL {
            let scanned = set.case_studies_by_priority().find(|c| c.has_product(tag));
            assert_eq!(set.case_studies_tagged(tag).next(), scanned, "{tag:?}");
        }
    }

    #[test]
    fn sourcing_falls_back_to_an_erfx_case_study_when_none_is_tagged_ssm() {
        let set = fixture::content();
        let t = teaser(&set, Some(ProductTag::Ssm));
        assert_eq!(t.reason, TeaserReason::FallbackProduct(ProductTag::ERfx));
        assert!(t.case_study.unwrap().has_product(ProductTag::ERfx));
    }

    #[test]
    fn a_product_with_no_case_study_gets_the_lowest_priority_overall() {
        let set = fixture::content();
        let t = teaser(&set, Some(ProductTag::Pim));
        assert_eq!(t.reason, TeaserReason::TopPriority);
        let lowest = set.case_studies().iter().map(|c| c.order_priority).min();
        assert_eq!(t.case_study.map(|c| c.order_priority), lowest);
    }

    #[test]
    fn own_product_picks_the_lowest_priority_among_tagged() {
        let set = fixture::content();
        let t = teaser(&set, Some(ProductTag::Scm));
        assert_eq!(t.case_study.unwrap().slug, "university-scorecards");
    }

    #[test]
    fn the_home_page_teaser_is_the_lowest_priority_and_an_empty_set_has_none() {
        let set = fixture::content();
        assert_eq!(teaser(&set, None).reason, TeaserReason::TopPriority);
        let nothing = ContentSet::empty();
        let empty = teaser(&nothing, Some(ProductTag::Ssm));
        assert_eq!(empty.reason, TeaserReason::NoCaseStudies);
        assert!(empty.case_study.is_none());
    }
}
