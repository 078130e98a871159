//! View pieces several screens share: images, buttons, cards, teasers, FAQ blocks, videos,
//! downloads and rendered rich text.

use crate::video::VideoService;
use serde::Serialize;

/// Rich text already rendered to safe HTML (every text and attribute escaped, links checked).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct Html(pub String);

/// An image with its alt text (empty for decorative images) and, when known, its size so the
/// page can reserve the space and nothing shifts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Image {
    /// The address the `<img src>` loads: a site path or the asset's own URL.
    pub url: String,
    /// The alt text; empty for a decorative image.
    pub alt: String,
    /// The width in pixels, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub width: Option<u32>,
    /// The height in pixels, when known.
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum ButtonStyle {
    /// A solid button.
    Filled,
    /// A button drawn as an outline.
    Outline,
}

/// A link drawn as a button.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LinkButton {
    /// The button's text.
    pub label: String,
    /// A site path, or an absolute URL for links that leave the site.
    pub href: String,
    /// Filled or outline.
    pub style: ButtonStyle,
}

/// A blog card: image, title, read-time line, short description and READ POST.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BlogCard {
    /// `/insights/{slug}`.
    pub href: String,
    /// The post's title.
    pub title: String,
    /// The post's picture, when it has one.
    pub image: Option<Image>,
    /// 'Read Time: N minutes', or the publish date when the post has no read time.
    pub read_time: String,
    /// The post's short description.
    pub description: String,
    /// 'READ POST'.
    pub button_label: &'static str,
}

/// A titled list of blog cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BlogCardList {
    /// The heading above the cards.
    pub heading: &'static str,
    /// The cards, in the order shown.
    pub cards: Vec<BlogCard>,
}

/// What a mini card links to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum MiniCardKind {
    /// Links to an insight post.
    Post,
    /// Links to a page-builder page.
    Page,
}

/// A mini card: a post (its title) or a page-builder page (its banner text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MiniCard {
    /// The site path the card links to.
    pub href: String,
    /// The post's title or the page's banner text.
    pub text: String,
    /// Whether the card links to a post or a page.
    pub kind: MiniCardKind,
}

/// A titled list of mini cards (a carousel on the home page, a link list elsewhere).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MiniCardList {
    /// The heading above the cards.
    pub heading: &'static str,
    /// The cards, in the order shown.
    pub cards: Vec<MiniCard>,
}

/// A case-study teaser: who said what, the teaser heading and extract, and the way on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CaseStudyTeaser {
    /// `/case-study/{slug}`.
    pub href: String,
    /// The name of the customer quoted; may be empty.
    pub quoted_person: String,
    /// The quoted person's job title.
    pub job_title: String,
    /// The customer's organisation.
    pub organisation: String,
    /// The call-out quote.
    pub quote: String,
    /// The teaser's heading.
    pub heading: String,
    /// The teaser's extract: a sentence or two from the story.
    pub extract: String,
    /// The customer's logo, when the story has one.
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Faq {
    /// The block's heading.
    pub title: String,
    /// The questions, in editor order.
    pub items: Vec<FaqEntry>,
}

/// One question and its answer (plain text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FaqEntry {
    /// The question.
    pub question: String,
    /// The answer, as plain text.
    pub answer: String,
}

/// A video to play in the modal: the hosting service (`youtube`, `vimeo`, …), its id, and the
/// player address the modal loads as it is ([`crate::video::Video::player_url`]), so the UI
/// needs no per-service rules and never reads the link again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Video {
    /// The service that hosts the video.
    pub service: VideoService,
    /// The video's id on that service.
    pub id: String,
    /// The player address the modal loads in its frame.
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct VideoButton {
    /// The button's text.
    pub label: &'static str,
    /// The video it plays.
    pub video: Video,
}

/// A file to fetch and save (factsheets, customer story PDFs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Download {
    /// The link's text.
    pub label: String,
    /// The file's address.
    pub href: String,
    /// The name the file is saved under.
    pub file_name: String,
}

/// A quotation from a customer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    /// The customer's words.
    pub quote: String,
    /// Absent where the customer is described rather than named.
    pub person: Option<String>,
    /// The speaker's role or job title.
    pub role: String,
    /// The customer's organisation, or a description of it.
    pub organisation: String,
    /// Where the full story is, when there is one.
    pub href: Option<String>,
}

/// A module of the suite as a card: icon, name, one line and DISCOVER MORE.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProductCard {
    /// The module's name.
    pub title: &'static str,
    /// One line about the module.
    pub text: &'static str,
    /// The module's small icon.
    pub icon: Image,
    /// The module's product page, a site path.
    pub href: String,
    /// 'DISCOVER MORE'.
    pub button_label: &'static str,
}

/// A titled list of product cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProductCardList {
    /// The heading above the cards.
    pub heading: &'static str,
    /// The cards, in the order shown.
    pub cards: Vec<ProductCard>,
}

/// A block of fixed copy: heading, paragraphs and an optional button.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Promo {
    /// The block's heading.
    pub heading: &'static str,
    /// The paragraphs under the heading.
    pub paragraphs: &'static [&'static str],
    /// A button after the paragraphs, when the block has one.
    pub button: Option<LinkButton>,
}
