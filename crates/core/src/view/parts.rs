//! View pieces several screens share: images, buttons, cards, teasers, FAQ blocks, videos,
//! downloads and rendered rich text.

use crate::video::VideoService;
use serde::Serialize;

/// Rich text already rendered to safe HTML (every text and attribute escaped, links checked).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(transparent)]
pub struct Html(pub String);

/// An image with its alt text (empty for decorative images) and, when known, its size so the
/// page can reserve the space and nothing shifts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Image {
    pub url: String,
    pub alt: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub width: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub height: Option<u32>,
    /// Renditions in the source's own format or its fallback (JPEG, or PNG where the source may
    /// be transparent), widest last, for the `<img srcset>`: `"… 320w, … 640w"`. Absent for
    /// pictures that are shown as they are (SVG, GIF, unknown width, a host that cannot resize).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub srcset: Option<String>,
    /// The same widths in smaller encodings (AVIF, then WebP), for `<picture>`'s `<source>`s,
    /// in the order the browser should try them. Empty whenever `srcset` is absent.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<ImageSource>>")]
    pub sources: Vec<ImageSource>,
    /// The `sizes` the picture is shown at, set only for a template's largest picture above the
    /// fold, whose preload in the head must name the very same `sizes`; other pictures take
    /// theirs from the component that lays them out.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sizes: Option<String>,
}

/// One `<source>` of a `<picture>`: a media type and the renditions in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ImageSource {
    /// `image/avif` or `image/webp`.
    #[serde(rename = "type")]
    #[ts(rename = "type")]
    pub kind: &'static str,
    /// `"… 320w, … 640w"`.
    pub srcset: String,
}

/// Filled or outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum ButtonStyle {
    Filled,
    Outline,
}

/// A link drawn as a button.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct LinkButton {
    pub label: String,
    /// A site path, or an absolute URL for links that leave the site.
    pub href: String,
    pub style: ButtonStyle,
}

/// A blog card: image, title, read-time line, short description and READ POST.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogCard {
    /// `/insights/{slug}`.
    pub href: String,
    pub title: String,
    pub image: Option<Image>,
    /// 'Read Time: N minutes', or the publish date when the post has no read time.
    pub read_time: String,
    pub description: String,
    pub button_label: &'static str,
}

/// A titled list of blog cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BlogCardList {
    pub heading: &'static str,
    pub cards: Vec<BlogCard>,
}

/// What a mini card links to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum MiniCardKind {
    Post,
    Page,
}

/// A mini card: a post (its title) or a page-builder page (its banner text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MiniCard {
    pub href: String,
    pub text: String,
    pub kind: MiniCardKind,
}

/// A titled list of mini cards (a carousel on the home page, a link list elsewhere).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MiniCardList {
    pub heading: &'static str,
    pub cards: Vec<MiniCard>,
}

/// A case-study teaser: who said what, the teaser heading and extract, and the way on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CaseStudyTeaser {
    /// `/case-study/{slug}`.
    pub href: String,
    pub quoted_person: String,
    pub job_title: String,
    pub organisation: String,
    pub quote: String,
    pub heading: String,
    pub extract: String,
    pub logo: Option<Image>,
    /// READ THE FULL CUSTOMER STORY NOW.
    pub read_label: &'static str,
    /// MORE CUSTOMER STORIES; absent on the customer stories index itself.
    pub more_label: Option<&'static str>,
    /// `/case-study-index`; absent on the index itself.
    pub more_href: Option<String>,
}

/// An FAQ block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Faq {
    pub title: String,
    pub items: Vec<FaqEntry>,
}

/// One question and its answer (plain text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct FaqEntry {
    pub question: String,
    pub answer: String,
}

/// A video to play in the modal: the hosting service (`youtube`, `vimeo`, …), its id, and the
/// player address the modal loads as it is ([`crate::video::Video::player_url`]), so the UI
/// needs no per-service rules and never reads the link again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Video {
    pub service: VideoService,
    pub id: String,
    pub embed_url: String,
}

impl From<crate::video::Video> for Video {
    fn from(v: crate::video::Video) -> Self {
        Video {
            embed_url: v.player_url(),
            service: v.service,
            id: v.id,
        }
    }
}

/// A button that opens the video modal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct VideoButton {
    pub label: &'static str,
    pub video: Video,
}

/// A file to fetch and save (factsheets, customer story PDFs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Download {
    pub label: String,
    pub href: String,
    /// The name the file is saved under.
    pub file_name: String,
}

/// A quotation from a customer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub quote: String,
    /// Absent where the customer is described rather than named.
    pub person: Option<String>,
    pub role: String,
    pub organisation: String,
    /// Where the full story is, when there is one.
    pub href: Option<String>,
}

/// A module of the suite as a card: icon, name, one line and DISCOVER MORE.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductCard {
    pub title: &'static str,
    pub text: &'static str,
    pub icon: Image,
    pub href: String,
    pub button_label: &'static str,
}

/// A titled list of product cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductCardList {
    pub heading: &'static str,
    pub cards: Vec<ProductCard>,
}

/// A block of fixed copy: heading, paragraphs and an optional button.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Promo {
    pub heading: &'static str,
    pub paragraphs: &'static [&'static str],
    pub button: Option<LinkButton>,
}
