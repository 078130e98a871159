//! Case studies (customer stories).

use super::{Asset, ProductTag};
use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// A customer story (Contentful content type `casestudy`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CaseStudy {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub organisation: String,
    /// `casestudyproduct` (or `casestudytags`).
    pub products: Vec<ProductTag>,
    /// `casestudyorderpriority`: lower comes first.
    pub order_priority: i32,
    pub quoted_person: String,
    pub quoted_person_job_title: String,
    pub callout_quote: String,
    pub teaser_heading: String,
    pub extract_for_teaser: String,
    pub logo: Option<Asset>,
    pub product_logo: Option<Asset>,
    pub main_image: Option<Asset>,
    pub category: Option<String>,
    pub location: Option<String>,
    pub suppliers: Option<String>,
    pub strategy: Option<String>,
    pub industry: Option<String>,
    pub background: Option<Document>,
    pub challenge: Option<Document>,
    pub solution: Option<Document>,
    pub outcomes: Option<Document>,
    pub challenge_image: Option<Asset>,
    pub solution_image: Option<Asset>,
    pub outcomes_image: Option<Asset>,
    /// `doesPdFexist`.
    pub has_pdf: bool,
    pub downloadable_pdf: Option<Asset>,
    pub seo_index: bool,
    pub title_tag: Option<String>,
    pub meta_description: Option<String>,
    pub canonical: Option<String>,
}

impl CaseStudy {
    pub fn has_product(&self, tag: ProductTag) -> bool {
        self.products.contains(&tag)
    }

    /// The PDF to offer, only when the entry says one exists and it has a file.
    pub fn pdf(&self) -> Option<&Asset> {
        if self.has_pdf {
            self.downloadable_pdf.as_ref().filter(|a| !a.url.is_empty())
        } else {
            None
        }
    }
}
