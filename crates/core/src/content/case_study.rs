//! Case studies (customer stories).

use super::{Asset, ProductTag};
use crate::richtext::Document;
use serde::{Deserialize, Serialize};

/// A customer story (Contentful content type `casestudy`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CaseStudy {
    /// The entry's `sys.id`.
    pub id: String,
    /// The address segment after `/case-study/`.
    pub slug: String,
    /// The story's title: its heading, and its `<title>` when no title tag is set.
    pub title: String,
    /// The customer organisation the story is about.
    pub organisation: String,
    /// `casestudyproduct` (or `casestudytags`).
    pub products: Vec<ProductTag>,
    /// `casestudyorderpriority`: lower comes first.
    pub order_priority: i32,
    /// `nameofquotedperson`: who the call-out quote is from; may be empty.
    pub quoted_person: String,
    /// `quotedpersonjobtitle`: the quoted person's job title.
    pub quoted_person_job_title: String,
    /// `calloutquote`: the quote shown on the story and its teasers.
    pub callout_quote: String,
    /// `teaserheading`: the heading of the story's teaser.
    pub teaser_heading: String,
    /// `extractforteaser`: a sentence or two for the teaser, also the fallback meta description.
    pub extract_for_teaser: String,
    /// `logo`: the customer's logo.
    pub logo: Option<Asset>,
    /// `productlogo`: the logo of the module the story is about.
    pub product_logo: Option<Asset>,
    /// `mainimage`: the story's banner picture, also its share image.
    pub main_image: Option<Asset>,
    /// `category`: the spend category, e.g. `Facilities`; shown among the story's facts.
    pub category: Option<String>,
    /// `location`: where the customer is; shown among the story's facts.
    pub location: Option<String>,
    /// `suppliers`: the suppliers involved, e.g. `420`; shown among the story's facts.
    pub suppliers: Option<String>,
    /// `strategy`: the sourcing strategy, e.g. `Consolidate and compete`; shown among the story's facts.
    pub strategy: Option<String>,
    /// `industry`: the customer's industry; shown among the story's facts.
    pub industry: Option<String>,
    /// `backgrounder`: the Background section.
    pub background: Option<Document>,
    /// `challenge`: The Challenge section.
    pub challenge: Option<Document>,
    /// `solution`: The Solution section.
    pub solution: Option<Document>,
    /// `outcomes`: The Outcomes section.
    pub outcomes: Option<Document>,
    /// `thechallengeimage`: the picture of The Challenge section.
    pub challenge_image: Option<Asset>,
    /// `thesolutionimage`: the picture of The Solution section.
    pub solution_image: Option<Asset>,
    /// `theoutcomesimage`: the picture of The Outcomes section.
    pub outcomes_image: Option<Asset>,
    /// `doesPdFexist`.
    pub has_pdf: bool,
    /// `downloadablePdf`: the full story as a PDF, offered only when `has_pdf` is set.
    pub downloadable_pdf: Option<Asset>,
    /// `seoIndex`: false asks search engines not to index the story (`noindex, follow`).
    pub seo_index: bool,
    /// `titleTag`: the `<title>` to use instead of the title, when an editor set one.
    pub title_tag: Option<String>,
    /// `metaDescription`; without it the teaser extract, then the call-out quote, is used.
    pub meta_description: Option<String>,
    /// A canonical address to announce instead of the story's own; blank means its own.
    pub canonical: Option<String>,
}

impl CaseStudy {
    /// The picture the story shows largest on its first screen and preloads: its main image.
    /// The picture warm-up makes it first, at every width.
    pub fn first_screen_picture(&self) -> Option<&Asset> {
        self.main_image.as_ref()
    }

    /// Whether the story is tagged with the product.
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
