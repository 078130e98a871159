//! Synthetic space exports of any size, for measuring how the site's costs grow with content.
//!
//! `write_export` writes a valid export (the shape `contentful space export` writes, content
//! types included) with N posts and the other entries in proportion: case studies N/20 (at least
//! 6), page-builder pages N/50 (at least 4), an FAQ list for every product page, 12 customer
//! logos, 8 timeline entries, the privacy page and N/100 redirects (at least 3, every third
//! temporary) from retired paths to posts. The same N always gives the same bytes.
//! Entries are written one at a time, so N = 100,000 needs little memory.

mod model;
mod text;

use serde_json::{Value, json};
use std::io::{self, Write};
use text::{Words, document, paragraph};

const SPACE: &str = "synthspace";
const LOCALE: &str = "en-US";
const AT: &str = "2024-01-01T00:00:00.000Z";
const PRODUCTS: [&str; 7] = ["SPM", "eRFx", "SCM", "eAuction", "SSM", "SIM", "PIM"];
/// Case studies are never tagged SSM, so the sourcing page's eRFx fall-back is exercised.
const CASE_STUDY_PRODUCTS: [&str; 6] = ["SPM", "eRFx", "SCM", "eAuction", "SIM", "PIM"];
/// Pages with an FAQ list (paths without the leading slash).
pub const FAQ_PAGES: [&str; 9] = [
    "etender",
    "reverse-auction-eauction",
    "sourcing-management",
    "supplier-information-management",
    "contract-management",
    "supplier-performance-management",
    "product-information-management",
    "food-industry-software",
    "supplier-management-platform",
];
const IMAGES: usize = 24;
const LOGOS: usize = 12;
const TIMELINE: usize = 8;

/// How many of each kind a synthesised export holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SynthSummary {
    /// Blog posts: the N asked for.
    pub posts: usize,
    /// Case studies: N/20, at least 6.
    pub case_studies: usize,
    /// Page-builder pages: N/50, at least 4.
    pub pages: usize,
    /// FAQ lists: one per product page in [`FAQ_PAGES`] and one per page-builder page.
    pub faq_lists: usize,
    /// Redirects: N/100, at least 3.
    pub redirects: usize,
    /// Every entry in the export, of every content type (posts, case studies, pages and
    /// their slices, FAQ lists and their items, logos, timeline entries, the privacy page,
    /// redirects).
    pub entries: usize,
    /// Every asset in the export: 24 pictures, the logos' images, a PDF for every second case
    /// study and a factsheet for each product page but the overview.
    pub assets: usize,
}

impl SynthSummary {
    /// The counts for `posts` posts.
    pub fn for_posts(posts: usize) -> Self {
        let case_studies = (posts / 20).max(6);
        let pages = (posts / 50).max(4);
        // Product pages and one per page-builder page (its FAQ slice).
        let faq_lists = FAQ_PAGES.len() + pages;
        let faq_entries = faq_lists * (2 + 3);
        // Per page: the page, a banner, a text-and-media slice with its button, a divider with
        // two buttons.
        let page_entries = pages * 7;
        let redirects = (posts / 100).max(3);
        SynthSummary {
            posts,
            case_studies,
            pages,
            faq_lists,
            redirects,
            entries: posts
                + case_studies
                + page_entries
                + faq_entries
                + LOGOS
                + TIMELINE
                + 1
                + redirects,
            assets: IMAGES + LOGOS + case_studies.div_ceil(2) + FAQ_PAGES.len() - 1,
        }
    }
}

/// Writes an export with `posts` posts to `out`.
pub fn write_export(out: impl Write, posts: usize) -> io::Result<SynthSummary> {
    let summary = SynthSummary::for_posts(posts);
    let mut w = Out {
        out: io::BufWriter::with_capacity(1 << 16, out),
        first: true,
    };
    w.raw("{\"contentTypes\":")?;
    w.value(&Value::Array(model::content_types(SPACE, AT)))?;
    w.raw(",\"editorInterfaces\":[],\"entries\":[")?;
    w.first = true;
    let mut words = Words::new(posts as u64);
    for i in 0..posts {
        w.item(&post(i, posts, &mut words))?;
    }
    for i in 0..summary.case_studies {
        w.item(&case_study(i, &mut words))?;
    }
    for i in 0..summary.pages {
        for e in page(i, &mut words) {
            w.item(&e)?;
        }
    }
    for (i, path) in FAQ_PAGES.iter().enumerate() {
        for e in faq(&format!("product-{i}"), path, &mut words) {
            w.item(&e)?;
        }
    }
    for i in 0..LOGOS {
        let fields = json!({"name": format!("{} Group", words.title(2)), "logo": asset_link(&format!("logo-{i}")), "order": i + 1});
        w.item(&entry(&format!("logo-{i}"), "customerLogo", fields))?;
    }
    for i in 0..TIMELINE {
        w.item(&timeline(i, &mut words))?;
    }
    w.item(&privacy(&mut words))?;
    for i in 0..summary.redirects {
        w.item(&redirect(i, posts))?;
    }
    w.raw("],\"assets\":[")?;
    w.first = true;
    for i in 0..IMAGES {
        w.item(&asset(
            &format!("image-{i}"),
            &format!("picture-{i}.webp"),
            "image/webp",
            &mut words,
        ))?;
    }
    for i in 0..LOGOS {
        w.item(&asset(
            &format!("logo-{i}"),
            &format!("logo-{i}.svg"),
            "image/svg+xml",
            &mut words,
        ))?;
    }
    for i in (0..summary.case_studies).step_by(2) {
        w.item(&asset(
            &format!("story-pdf-{i}"),
            &format!("story-{i}.pdf"),
            "application/pdf",
            &mut words,
        ))?;
    }
    // Every product page but the overview has a factsheet.
    for page in &FAQ_PAGES[..FAQ_PAGES.len() - 1] {
        w.item(&asset(
            &format!("factsheet-{page}"),
            &format!("{page}-factsheet.pdf"),
            "application/pdf",
            &mut words,
        ))?;
    }
    w.raw("],\"locales\":")?;
    w.value(&json!([{
        "name": "English (United States)", "code": LOCALE, "fallbackCode": null,
        "default": true, "contentManagementApi": true, "contentDeliveryApi": true, "optional": false,
        "sys": {"id": "locale-en-us", "type": "Locale", "version": 1}
    }]))?;
    w.raw(",\"tags\":[],\"webhooks\":[],\"roles\":[]}\n")?;
    w.out.flush()?;
    Ok(summary)
}

/// Redirect `i`: a retired path to a post (the insights when there are none); every third one
/// temporary.
fn redirect(i: usize, posts: usize) -> Item {
    let to = if posts == 0 {
        "/insights".to_string()
    } else {
        format!("/insights/{}", post_slug(i % posts))
    };
    let fields = json!({"from": format!("/old-insights/{i}"), "to": to, "permanent": i % 3 != 2});
    entry(&format!("redirect-{i}"), "redirect", fields)
}

/// Writes JSON values one at a time, with commas between the items of an array.
struct Out<W: Write> {
    out: io::BufWriter<W>,
    first: bool,
}

impl<W: Write> Out<W> {
    fn raw(&mut self, s: &str) -> io::Result<()> {
        self.out.write_all(s.as_bytes())
    }

    fn value(&mut self, v: &Value) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, v).map_err(io::Error::other)
    }

    /// Writes the envelope as text: building it as a `Value` per entry costs more than the
    /// fields themselves.
    fn item(&mut self, item: &Item) -> io::Result<()> {
        if !std::mem::take(&mut self.first) {
            self.raw(",")?;
        }
        let id = Value::String(item.id.clone());
        let space = format!(r#"{{"sys":{{"type":"Link","linkType":"Space","id":"{SPACE}"}}}}"#);
        let times = format!(
            r#""createdAt":"{AT}","updatedAt":"{AT}","publishedVersion":2,"publishedAt":"{AT}","firstPublishedAt":"{AT}","publishedCounter":1,"version":3"#
        );
        match item.content_type {
            Some(ct) => write!(
                self.out,
                r#"{{"metadata":{{"tags":[]}},"sys":{{"space":{space},"id":{id},"type":"Entry",{times},"environment":{{"sys":{{"type":"Link","linkType":"Environment","id":"master"}}}},"contentType":{{"sys":{{"type":"Link","linkType":"ContentType","id":"{ct}"}}}}}},"fields":{{"#
            )?,
            None => write!(
                self.out,
                r#"{{"metadata":{{"tags":[]}},"sys":{{"space":{space},"id":{id},"type":"Asset",{times}}},"fields":{{"#
            )?,
        }
        let mut first = true;
        for (key, value) in item.fields.as_object().into_iter().flatten() {
            if value.is_null() {
                continue;
            }
            if !std::mem::take(&mut first) {
                self.raw(",")?;
            }
            write!(self.out, r#""{key}":{{"{LOCALE}":"#)?;
            self.value(value)?;
            self.raw("}")?;
        }
        self.raw("}}")
    }
}

fn sys_link(kind: &str, id: &str) -> Value {
    json!({"sys": {"type": "Link", "linkType": kind, "id": id}})
}

fn asset_link(id: &str) -> Value {
    sys_link("Asset", id)
}

fn entry_link(id: &str) -> Value {
    sys_link("Entry", id)
}

/// An entry or asset to write: its id, content type (`None` for assets) and its fields, each
/// written under the one locale. Null fields are left out, as Contentful leaves out empty ones.
struct Item {
    id: String,
    content_type: Option<&'static str>,
    fields: Value,
}

fn entry(id: &str, content_type: &'static str, fields: Value) -> Item {
    Item {
        id: id.to_string(),
        content_type: Some(content_type),
        fields,
    }
}

fn asset(id: &str, file_name: &str, content_type: &str, words: &mut Words) -> Item {
    let mut file = json!({
        "url": format!("//images.ctfassets.net/{SPACE}/{id}/0123456789abcdef/{file_name}"),
        "fileName": file_name,
        "contentType": content_type,
        "details": {"size": 2048},
    });
    if content_type.starts_with("image/") {
        file["details"]["image"] = json!({"width": 1200, "height": 800});
    }
    Item {
        id: id.to_string(),
        content_type: None,
        fields: json!({"title": words.title(3), "description": words.sentence(8), "file": file}),
    }
}

pub(crate) fn post_slug(i: usize) -> String {
    format!("synthetic-insight-{i}")
}

fn post(i: usize, posts: usize, words: &mut Words) -> Item {
    // Spread dates over 2012–2024 so "newest first" has real work to do.
    let date = format!(
        "{:04}-{:02}-{:02}T09:{:02}+10:00",
        2012 + (i * 7919 % 13),
        1 + (i * 31 % 12),
        1 + (i * 17 % 28),
        i % 60
    );
    let products: Vec<&str> = if i % 5 == 0 {
        vec![PRODUCTS[i % 7], PRODUCTS[(i + 3) % 7]]
    } else {
        vec![PRODUCTS[i % 7]]
    };
    let link_to = post_slug((i + 1) % posts.max(1));
    let next_id = format!("post-{}", (i + 1) % posts.max(1));
    let body = document(vec![
        json!({"nodeType": "heading-2", "data": {}, "content": [text::text(&words.title(4))]}),
        paragraph(&words.sentence(30)),
        json!({"nodeType": "paragraph", "data": {}, "content": [
            text::text("Read next: "),
            {"nodeType": "entry-hyperlink", "data": {"target": entry_link(&next_id)}, "content": [text::text(&link_to)]},
            text::text("."),
        ]}),
        json!({"nodeType": "unordered-list", "data": {}, "content": (0..3).map(|_| json!({"nodeType": "list-item", "data": {}, "content": [paragraph(&words.sentence(6))]})).collect::<Vec<_>>()}),
        json!({"nodeType": "embedded-asset-block", "data": {"target": asset_link(&format!("image-{}", (i + 7) % IMAGES))}, "content": []}),
        paragraph(&words.sentence(24)),
    ]);
    let video = i % 9 == 0;
    entry(
        &format!("post-{i}"),
        "blogPost",
        json!({
            "slug": post_slug(i),
            "title": format!("{} {i}", words.title(5)),
            "titleTag": (i % 3 == 0).then(|| words.title(6)),
            "metaDescription": words.sentence(20),
            "description": words.sentence(18),
            "publishDate": date,
            "estimatedreadtime": (i % 7 != 0).then_some(3 + i % 12),
            "heroImage": asset_link(&format!("image-{}", i % IMAGES)),
            "bodyRichtext": body,
            "doesvideoexist": video,
            "blogVideoLink": video.then(|| format!("https://vimeo.com/{}", 100_000_000 + i)),
            "tags": ["synthetic"],
            "blogPostProduct": products,
            "seoIndex": i % 25 != 0,
        }),
    )
}

pub(crate) fn case_study_slug(i: usize) -> String {
    if i == 0 {
        "manage-contractor-compliance".to_string()
    } else {
        format!("synthetic-customer-story-{i}")
    }
}

fn case_study(i: usize, words: &mut Words) -> Item {
    let rich = |words: &mut Words| document(vec![paragraph(&words.sentence(40))]);
    let pdf = i % 2 == 0;
    entry(
        &format!("story-{i}"),
        "casestudy",
        json!({
            "slug": case_study_slug(i),
            "title": words.title(6),
            "organisation": format!("{} Pty Ltd", words.title(2)),
            "casestudyproduct": [CASE_STUDY_PRODUCTS[i % 6]],
            "casestudyorderpriority": i + 1,
            "nameofquotedperson": words.title(2),
            "quotedpersonjobtitle": "Head of Procurement",
            "calloutquote": words.sentence(20),
            "teaserheading": words.title(5),
            "extractforteaser": words.sentence(30),
            "logo": asset_link(&format!("logo-{}", i % LOGOS)),
            "mainimage": asset_link(&format!("image-{}", i % IMAGES)),
            "category": "Supplier management",
            "location": if i % 2 == 0 { "Sydney, Australia" } else { "Auckland, New Zealand" },
            "suppliers": format!("{}+", 100 * (i % 9 + 1)),
            "strategy": "Consolidate suppliers",
            "industry": "Food and beverage",
            "backgrounder": rich(words),
            "challenge": rich(words),
            "solution": rich(words),
            "outcomes": rich(words),
            "doesPdFexist": pdf,
            "downloadablePdf": pdf.then(|| asset_link(&format!("story-pdf-{i}"))),
            "seoIndex": i % 10 != 9,
        }),
    )
}

pub(crate) fn page_slug(i: usize) -> String {
    format!("synthetic-page-{i}")
}

/// A page and the entries it links to.
fn page(i: usize, words: &mut Words) -> Vec<Item> {
    const LAYOUTS: [&str; 3] = ["Left Column", "Right Column", "Full Width"];
    const JUSTIFICATIONS: [&str; 4] = [
        "Fully Justified",
        "Centre Justified",
        "Right Justified",
        "Left Justified",
    ];
    const COMPONENTS: [&str; 3] = [
        "Product Cards Panel",
        "Case Study Teaser",
        "Insights (Blog) Teasers",
    ];
    let id = |part: &str| format!("page-{i}-{part}");
    let mut out = vec![
        entry(
            &id("banner"),
            "pageBanner",
            json!({
                "bannerImage": asset_link(&format!("image-{}", i % IMAGES)),
                "bannerText": words.title(4),
                "bannerTextBox": document(vec![paragraph(&words.sentence(12))]),
                "bannerBodyText": words.sentence(16),
            }),
        ),
        button(&id("button-0"), i, words),
        button(&id("button-1"), i + 1, words),
        button(&id("button-2"), i + 2, words),
        entry(
            &id("text"),
            "textAndMedia",
            json!({
                "sideImage": asset_link(&format!("image-{}", (i + 1) % IMAGES)),
                "textBlockTitle": words.title(4),
                "textContent": document(vec![paragraph(&words.sentence(40))]),
                "textLayout": LAYOUTS[i % 3],
                "textJustification": JUSTIFICATIONS[i % 4],
                "button": entry_link(&id("button-0")),
            }),
        ),
        entry(
            &id("divider"),
            "dividerCta",
            json!({
                "title": words.title(4),
                "text": words.sentence(12),
                "buttons": [entry_link(&id("button-1")), entry_link(&id("button-2"))],
            }),
        ),
    ];
    out.extend(faq(&id("faq"), &format!("page/{}", page_slug(i)), words));
    out.push(entry(
        &format!("page-{i}"),
        "pageBuilder",
        json!({
            "title": words.title(4),
            "slug": page_slug(i),
            "metaDescription": words.sentence(20),
            "seoIndex": i % 4 != 3,
            "addComponents": [COMPONENTS[i % 3]],
            "pageBuilderProduct": [PRODUCTS[i % 7]],
            "pageBanner": entry_link(&id("banner")),
            "contentSlices": [entry_link(&id("text")), entry_link(&id("faq")), entry_link(&id("divider"))],
        }),
    ));
    out
}

fn button(id: &str, i: usize, words: &mut Words) -> Item {
    let (action, url, asset) = match i % 3 {
        0 => (
            "View Video",
            Some(format!("https://vimeo.com/{}", 200_000_000 + i)),
            None,
        ),
        1 => ("Go To URL", Some("/contact-us".to_string()), None),
        _ => (
            "Download Asset (Doc, Preso, Image)",
            None,
            Some(asset_link("factsheet-etender")),
        ),
    };
    entry(
        id,
        "button",
        json!({
            "buttonAction": action,
            "buttonActionUrl": url,
            "buttonActionAsset": asset,
            "buttonFill": i % 2 == 0,
            "buttonInternalId": id,
            "buttonLabel": words.title(2).to_uppercase(),
        }),
    )
}

/// An add-on FAQ list for `path`, its list and three items.
fn faq(id: &str, path: &str, words: &mut Words) -> Vec<Item> {
    let mut out: Vec<Item> = (0..3)
        .map(|k| {
            entry(
                &format!("{id}-item-{k}"),
                "faqItem",
                json!({"question": format!("{}?", words.sentence(7)), "answerText": words.sentence(30)}),
            )
        })
        .collect();
    out.push(entry(
        &format!("{id}-list"),
        "faqList",
        json!({
            "title": "Frequently asked questions",
            "faqItems": (0..3).map(|k| entry_link(&format!("{id}-item-{k}"))).collect::<Vec<_>>(),
        }),
    ));
    out.push(entry(
        id,
        "addOnFaqList",
        json!({"addOnFaqListSlug": path, "faqList": entry_link(&format!("{id}-list"))}),
    ));
    out
}

fn timeline(i: usize, words: &mut Words) -> Item {
    let with_image = i % 2 == 0;
    let with_button = i % 3 == 0;
    entry(
        &format!("timeline-{i}"),
        "aboutUsTimeline",
        json!({
            "position": i + 1,
            "title": document(vec![paragraph(&format!("{}", 2007 + 2 * i))]),
            "maincontent": document(vec![paragraph(&words.sentence(30))]),
            "iconText": format!("{}", 2007 + 2 * i),
            "image": with_image.then(|| asset_link(&format!("image-{}", i % IMAGES))),
            "imagealttext": with_image.then(|| words.sentence(6)),
            "buttontext": with_button.then(|| words.title(2)),
            "buttonlink": with_button.then_some("https://example.com/news"),
        }),
    )
}

fn privacy(words: &mut Words) -> Item {
    let mut fields = json!({
        "title": "Privacy Policy",
        "image1": asset_link("image-0"),
        "image5": asset_link("image-1"),
    });
    for s in 1..=5 {
        fields[format!("section{s}")] = document(vec![
            json!({"nodeType": "heading-2", "data": {}, "content": [text::text(&words.title(3))]}),
            paragraph(&words.sentence(60)),
        ]);
    }
    entry("privacy", "richTextPage", fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_size_always_gives_the_same_bytes() {
        let mut a = Vec::new();
        let mut b = Vec::new();
        write_export(&mut a, 30).unwrap();
        write_export(&mut b, 30).unwrap();
        assert_eq!(a, b);
        let mut c = Vec::new();
        write_export(&mut c, 31).unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn the_summary_counts_what_was_written() {
        let mut bytes = Vec::new();
        let summary = write_export(&mut bytes, 120).unwrap();
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(value["entries"].as_array().unwrap().len(), summary.entries);
        assert_eq!(value["assets"].as_array().unwrap().len(), summary.assets);
        assert_eq!((summary.case_studies, summary.pages), (6, 4));
        assert_eq!(value["contentTypes"].as_array().unwrap().len(), 14);
        let redirects = value["entries"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["sys"]["contentType"]["sys"]["id"] == "redirect")
            .count();
        assert_eq!((redirects, summary.redirects), (3, 3));
    }
}
