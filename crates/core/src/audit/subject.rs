//! What the reports look at: the entries the site serves at their own address, the rich-text
//! documents and images each page shows, and where a finding about them points.

use super::{Finding, Report, Severity};
use crate::content::{Asset, BlogPost, CaseStudy, ContentSet, Page, Slice};
use crate::richtext::Document;
use crate::routes::Route;

/// Contentful content type ids, as findings name them.
pub(crate) mod ct {
    pub const POST: &str = "blogPost";
    pub const CASE_STUDY: &str = "casestudy";
    pub const PAGE: &str = "pageBuilder";
    pub const FAQ: &str = "addOnFaqList";
    pub const TEXT_MEDIA: &str = "textAndMedia";
    pub const BUTTON: &str = "button";
    pub const TIMELINE: &str = "aboutUsTimeline";
    pub const PRIVACY: &str = "richTextPage";
}

/// Where a finding points: the entry (when there is one), its content type and the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct At {
    pub entry_id: Option<String>,
    pub content_type: Option<&'static str>,
    pub route: Option<String>,
}

impl At {
    pub fn entry(id: &str, content_type: &'static str, route: Option<&Route>) -> At {
        At {
            entry_id: Some(id.to_string()),
            content_type: Some(content_type),
            route: route.map(Route::path),
        }
    }

    /// A page that is not an entry (a product page); `content_type` names the entries that
    /// would change it.
    pub fn page(route: &Route, content_type: Option<&'static str>) -> At {
        At {
            entry_id: None,
            content_type,
            route: Some(route.path()),
        }
    }

    pub fn finding(
        &self,
        severity: Severity,
        report: Report,
        rule: &'static str,
        field: Option<&str>,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> Finding {
        Finding {
            severity,
            report,
            rule,
            entry_id: self.entry_id.clone(),
            content_type: self.content_type.map(str::to_string),
            field: field.map(str::to_string),
            route: self.route.clone(),
            message: message.into(),
            hint: hint.into(),
        }
    }
}

/// An entry with an address of its own (post, case study, page-builder page) and its SEO fields.
#[derive(Clone, Debug)]
pub(crate) struct Routed<'a> {
    pub id: &'a str,
    pub content_type: &'static str,
    pub slug: &'a str,
    pub title: &'a str,
    pub title_tag: Option<&'a str>,
    pub meta_description: Option<&'a str>,
    pub canonical: Option<&'a str>,
    pub seo_index: bool,
    /// Where the site serves it; `None` when the slug makes no valid address.
    pub route: Option<Route>,
    /// False when an earlier entry has the same slug and is served instead.
    pub served: bool,
}

impl Routed<'_> {
    pub fn at(&self) -> At {
        At::entry(self.id, self.content_type, self.route.as_ref())
    }

    /// Shown at its address: a valid slug, and not hidden by an earlier entry with the same one.
    pub fn reachable(&self) -> bool {
        self.served && self.route.is_some()
    }
}

/// Every post, case study and page-builder page, in that order (each in source order).
pub(crate) fn routed(set: &ContentSet) -> Vec<Routed<'_>> {
    let route = |prefix: &str, slug: &str| match Route::parse(&format!("/{prefix}/{slug}")) {
        Route::NotFound => None,
        r => Some(r),
    };
    // Posts, case studies and pages carry the same SEO fields, each on its own type.
    macro_rules! routed {
        ($e:expr, $content_type:expr, $prefix:literal, $first:expr) => {
            Routed {
                id: &$e.id,
                content_type: $content_type,
                slug: &$e.slug,
                title: &$e.title,
                title_tag: $e.title_tag.as_deref(),
                meta_description: $e.meta_description.as_deref(),
                canonical: $e.canonical.as_deref(),
                seo_index: $e.seo_index,
                route: route($prefix, &$e.slug),
                served: $first.is_some_and(|s| s.id == $e.id),
            }
        };
    }
    let posts = set
        .posts()
        .iter()
        .map(|p| routed!(p, ct::POST, "insights", set.post(&p.slug)));
    let cases = set
        .case_studies()
        .iter()
        .map(|c| routed!(c, ct::CASE_STUDY, "case-study", set.case_study(&c.slug)));
    let pages = set
        .pages()
        .iter()
        .map(|p| routed!(p, ct::PAGE, "page", set.page(&p.slug)));
    posts.chain(cases).chain(pages).collect()
}

/// What a site route leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target<'a> {
    /// A screen with no entry behind it (home, a product page, the insights listing, …).
    Fixed,
    /// A post, case study or page: its id and whether search engines may index it.
    Entry { id: &'a str, seo_index: bool },
    /// A slugged route whose slug no entry has.
    UnknownSlug,
    /// No route of the site.
    NotARoute,
}

pub(crate) fn target<'a>(set: &'a ContentSet, route: &Route) -> Target<'a> {
    let entry = |found: Option<(&'a str, bool)>| match found {
        Some((id, seo_index)) => Target::Entry { id, seo_index },
        None => Target::UnknownSlug,
    };
    match route {
        Route::NotFound => Target::NotARoute,
        Route::Insight(slug) => entry(set.post(slug).map(|p| (p.id.as_str(), p.seo_index))),
        Route::CaseStudy(slug) => entry(set.case_study(slug).map(|c| (c.id.as_str(), c.seo_index))),
        Route::Page(slug) => entry(set.page(slug).map(|p| (p.id.as_str(), p.seo_index))),
        _ => Target::Fixed,
    }
}

/// A rich-text field some page shows.
pub(crate) struct Text<'a> {
    pub at: At,
    pub field: &'static str,
    pub doc: &'a Document,
}

/// An image field some page shows.
pub(crate) struct Picture<'a> {
    pub at: At,
    pub field: &'static str,
    pub asset: &'a Asset,
}

/// Every rich-text field of every entry the site shows, with the page it shows on.
pub(crate) fn texts<'a>(set: &'a ContentSet) -> Vec<Text<'a>> {
    shown(set)
        .into_iter()
        .filter_map(|(at, field, shown)| match shown {
            Field::Text(doc) => Some(Text { at, field, doc }),
            Field::Picture(_) => None,
        })
        .collect()
}

/// Every image field of every post, case study, page and the privacy page.
pub(crate) fn pictures<'a>(set: &'a ContentSet) -> Vec<Picture<'a>> {
    shown(set)
        .into_iter()
        .filter_map(|(at, field, shown)| match shown {
            Field::Picture(asset) => Some(Picture { at, field, asset }),
            Field::Text(_) => None,
        })
        .collect()
}

/// A field some page shows: a rich-text document or an image.
enum Field<'a> {
    Text(&'a Document),
    Picture(&'a Asset),
}

/// The fields found so far by [`shown`], each with the page it shows on.
#[derive(Default)]
struct Shown<'a>(Vec<(At, &'static str, Field<'a>)>);

impl<'a> Shown<'a> {
    fn text(&mut self, at: &At, field: &'static str, doc: &'a Option<Document>) {
        if let Some(doc) = doc {
            self.0.push((at.clone(), field, Field::Text(doc)));
        }
    }

    fn picture(&mut self, at: &At, field: &'static str, asset: &'a Option<Asset>) {
        if let Some(asset) = asset {
            self.0.push((at.clone(), field, Field::Picture(asset)));
        }
    }
}

/// The one walk over what the site shows: the rich-text and image fields of every served post,
/// case study and page-builder page (with its text-and-media slices), of the about page's
/// timeline and of the privacy page, in that order.
fn shown(set: &ContentSet) -> Vec<(At, &'static str, Field<'_>)> {
    let mut out = Shown::default();
    for (p, at) in served_posts(set) {
        out.text(&at, "bodyRichtext", &p.body);
        out.picture(&at, "heroImage", &p.hero_image);
    }
    for (c, at) in served_case_studies(set) {
        out.picture(&at, "logo", &c.logo);
        out.picture(&at, "productlogo", &c.product_logo);
        out.picture(&at, "mainimage", &c.main_image);
        out.picture(&at, "thechallengeimage", &c.challenge_image);
        out.picture(&at, "thesolutionimage", &c.solution_image);
        out.picture(&at, "theoutcomesimage", &c.outcomes_image);
        out.text(&at, "backgrounder", &c.background);
        out.text(&at, "challenge", &c.challenge);
        out.text(&at, "solution", &c.solution);
        out.text(&at, "outcomes", &c.outcomes);
    }
    for page in served_pages(set) {
        let route = Route::Page(page.slug.clone());
        if let Some(banner) = &page.banner {
            let at = At::entry(&page.id, ct::PAGE, Some(&route));
            out.text(&at, "pageBanner", &banner.banner_text_box);
            out.picture(&at, "pageBanner", &banner.banner_image);
            out.picture(&at, "pageBanner", &banner.banner_logo);
        }
        for slice in &page.slices {
            if let Slice::TextMedia(tm) = slice {
                let at = At::entry(&tm.id, ct::TEXT_MEDIA, Some(&route));
                out.text(&at, "textContent", &tm.text_content);
                out.picture(&at, "sideImage", &tm.side_image);
            }
        }
    }
    for t in set.timeline() {
        let at = At::entry(&t.id, ct::TIMELINE, Some(&Route::AboutUs));
        out.text(&at, "title", &t.title);
        out.text(&at, "maincontent", &t.main_content);
    }
    if let Some(privacy) = set.privacy() {
        let at = At::entry(&privacy.id, ct::PRIVACY, Some(&Route::Privacy));
        const FIELDS: [&str; 5] = ["section1", "section2", "section3", "section4", "section5"];
        for (field, doc) in FIELDS.into_iter().zip(&privacy.sections) {
            out.0.push((at.clone(), field, Field::Text(doc)));
        }
        out.picture(&at, "image1", &privacy.image1);
        out.picture(&at, "image5", &privacy.image5);
    }
    out.0
}

/// Posts the site serves at their address (first of each slug), each with where a finding
/// about it points.
pub(crate) fn served_posts(set: &ContentSet) -> impl Iterator<Item = (&BlogPost, At)> {
    set.posts()
        .iter()
        .filter(|p| set.post(&p.slug).is_some_and(|s| s.id == p.id))
        .map(|p| {
            let route = Route::Insight(p.slug.clone());
            (&**p, At::entry(&p.id, ct::POST, Some(&route)))
        })
}

/// Case studies the site serves at their address (first of each slug), each with where a
/// finding about it points.
pub(crate) fn served_case_studies(set: &ContentSet) -> impl Iterator<Item = (&CaseStudy, At)> {
    set.case_studies()
        .iter()
        .filter(|c| set.case_study(&c.slug).is_some_and(|s| s.id == c.id))
        .map(|c| {
            let route = Route::CaseStudy(c.slug.clone());
            (&**c, At::entry(&c.id, ct::CASE_STUDY, Some(&route)))
        })
}

/// Page-builder pages the site serves (first of each slug).
pub(crate) fn served_pages(set: &ContentSet) -> impl Iterator<Item = &Page> {
    set.pages()
        .iter()
        .filter(|p| set.page(&p.slug).is_some_and(|s| s.id == p.id))
}

/// Whether an asset is an image (and so needs alt text) rather than a PDF or other file.
pub(crate) fn is_image(asset: &Asset) -> bool {
    match asset.content_type.as_deref() {
        Some(t) => t.starts_with("image/"),
        None => {
            let name = asset
                .file_name
                .as_deref()
                .unwrap_or(&asset.url)
                .to_ascii_lowercase();
            [".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".avif"]
                .iter()
                .any(|ext| name.ends_with(ext))
        }
    }
}

/// The first `n` characters of `s`, with an ellipsis when it was longer, for quoting a value
/// in a message.
pub(crate) fn quote(s: &str, n: usize) -> String {
    let mut chars = s.chars();
    let head: String = chars.by_ref().take(n).collect();
    if chars.next().is_some() {
        format!("{:?}", format!("{head}…"))
    } else {
        format!("{head:?}")
    }
}
