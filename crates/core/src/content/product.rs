//! Product tags: the modules of the suite as content editors tag entries with them.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A product tag as stored in Contentful (`blogPostProduct`, `casestudyproduct`, …).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ts_rs::TS,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ProductTag {
    /// Supplier performance management.
    #[serde(rename = "SPM")]
    Spm,
    /// eRFx: electronic tenders and requests for quotes.
    #[serde(rename = "eRFx")]
    ERfx,
    /// Supplier contract management.
    #[serde(rename = "SCM")]
    Scm,
    /// Reverse auctions.
    #[serde(rename = "eAuction")]
    EAuction,
    /// Strategic sourcing management.
    #[serde(rename = "SSM")]
    Ssm,
    /// Supplier information management.
    #[serde(rename = "SIM")]
    Sim,
    /// Product information management (also the food industry page).
    #[serde(rename = "PIM")]
    Pim,
}

impl ProductTag {
    /// Every tag, in the order docs/behaviour.md §3 lists them.
    pub const ALL: [ProductTag; 7] = [
        ProductTag::Spm,
        ProductTag::ERfx,
        ProductTag::Scm,
        ProductTag::EAuction,
        ProductTag::Ssm,
        ProductTag::Sim,
        ProductTag::Pim,
    ];

    /// The tag exactly as editors type it.
    pub fn as_str(self) -> &'static str {
        match self {
            ProductTag::Spm => "SPM",
            ProductTag::ERfx => "eRFx",
            ProductTag::Scm => "SCM",
            ProductTag::EAuction => "eAuction",
            ProductTag::Ssm => "SSM",
            ProductTag::Sim => "SIM",
            ProductTag::Pim => "PIM",
        }
    }
}

impl fmt::Display for ProductTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tag that is not one of [`ProductTag::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown product tag {0:?} (expected one of SPM, eRFx, SCM, eAuction, SSM, SIM, PIM)")]
pub struct UnknownProductTag(pub String);

impl FromStr for ProductTag {
    type Err = UnknownProductTag;

    /// Exact spelling first; a case-insensitive match is accepted too because editors type
    /// these by hand (`ERFX`, `spm`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        ProductTag::ALL
            .into_iter()
            .find(|p| p.as_str() == t)
            .or_else(|| {
                ProductTag::ALL
                    .into_iter()
                    .find(|p| p.as_str().eq_ignore_ascii_case(t))
            })
            .ok_or_else(|| UnknownProductTag(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tag_parses_back_from_its_spelling() {
        for tag in ProductTag::ALL {
            assert_eq!(tag.as_str().parse::<ProductTag>(), Ok(tag));
        }
    }

    #[test]
    fn tags_parse_case_insensitively_and_reject_others() {
        assert_eq!("erfx".parse::<ProductTag>(), Ok(ProductTag::ERfx));
        assert_eq!(
            "CRM".parse::<ProductTag>(),
            Err(UnknownProductTag("CRM".into()))
        );
    }
}
