//! A small content set that exercises the edges of every rule, for snapshot tests here and in
//! other crates (behind the `test-support` feature).
//!
//! What it holds, and why:
//! - eleven posts, so the blog listing has a second page of 9; four tagged eRFx (one of them
//!   not indexable), one tagged SSM and one more SSM post that is not indexable (so SSM has
//!   fewer than three indexable posts and the related list is topped up); two SPM posts with
//!   the same publish date (ties break by slug); one post with no read time; one flagged with a
//!   recognised video link and one with a link no service recognises; two untagged posts;
//! - four case studies: none tagged SSM (the sourcing page falls back to eRFx), none tagged PIM
//!   or SIM (those pages fall back to the lowest priority overall), one with a PDF, one flagged
//!   with a PDF but no file, one not indexable, and `manage-contractor-compliance`;
//! - three page-builder pages: one using every slice kind, button action and extra section;
//!   one not indexable; one without a banner and with more slices, FAQ items and divider
//!   buttons than the site shows;
//! - FAQ lists for a product page, the solutions page, an insight and a case study; a short
//!   timeline; the privacy page; 13 customer logos (the home page shows 12); two factsheets.

use crate::content::{
    AddComponent, Asset, BlogPost, Button, ButtonAction, ButtonFill, CaseStudy, ContentParts,
    ContentSet, CustomerLogo, DividerCta, FaqItem, FaqList, Page, PageBanner, PrivacyPage,
    ProductTag, PublishDate, Slice, TextJustification, TextLayout, TextMedia, TimelineEntry,
};
use crate::richtext::{Data, Document, Node};
use ProductTag::*;
use std::sync::Arc;

/// The fixture content set described in the module documentation.
pub fn content() -> ContentSet {
    ContentSet::new(parts(), "fixture")
}

/// The fixture with photographs where pages show large pictures: every insight's hero, every
/// case study's banner and every page banner is a camera-sized JPEG of the export.
pub fn content_with_photos() -> ContentSet {
    let mut parts = parts();
    for post in &mut parts.posts {
        Arc::make_mut(post).hero_image = Some(photo(&format!("hero-{}", post.slug)));
    }
    for story in &mut parts.case_studies {
        Arc::make_mut(story).main_image = Some(photo(&format!("main-{}", story.slug)));
    }
    for banner in parts.pages.iter_mut().filter_map(|p| p.banner.as_mut()) {
        banner.banner_image = Some(photo("banner"));
    }
    ContentSet::new(parts, "fixture-photos")
}

/// A 2400x1600 JPEG of the export.
fn photo(id: &str) -> Asset {
    Asset {
        id: id.into(),
        url: format!("/assets/images.ctfassets.net/fixture/{id}/token/{id}.jpg"),
        title: Some(format!("Photo {id}")),
        description: Some(format!("Photo {id}")),
        file_name: Some(format!("{id}.jpg")),
        content_type: Some("image/jpeg".into()),
        width: Some(2400),
        height: Some(1600),
        size: None,
    }
}

fn parts() -> ContentParts {
    let mut assets = std::collections::BTreeMap::new();
    for segment in ["etender", "sourcing-management"] {
        let id = format!("factsheet-{segment}");
        assets.insert(
            id.clone(),
            file(&id, &format!("/assets/{id}.pdf"), &format!("{id}.pdf")),
        );
    }
    ContentParts {
        posts: posts().into_iter().map(Arc::new).collect(),
        case_studies: case_studies().into_iter().map(Arc::new).collect(),
        pages: pages(),
        faq_lists: vec![
            faq("etender", "eRFx questions", 3),
            faq("supplier-management-platform", "Platform questions", 2),
            faq("insights/erfx-templates", "Templates questions", 2),
            faq(
                "case-study/manage-contractor-compliance",
                "Compliance questions",
                1,
            ),
        ],
        timeline: timeline(),
        privacy: Some(PrivacyPage {
            id: "privacy".into(),
            title: "Privacy Policy".into(),
            image1: Some(image("privacy-1", "Locked filing cabinet")),
            sections: (1..=5)
                .map(|i| paragraph(&format!("Privacy section {i}.")))
                .collect(),
            image5: Some(image("privacy-5", "Sydney office reception")),
        }),
        customer_logos: (1..=13)
            .rev()
            .map(|i| CustomerLogo {
                id: format!("logo-{i}"),
                name: format!("Customer {i}"),
                logo: image(&format!("logo-{i}"), &format!("Customer {i} logo")),
                order: i,
            })
            .collect(),
        assets,
        redirects: Vec::new(),
    }
}

/// A rich-text document of one paragraph.
pub fn paragraph(text: &str) -> Document {
    let text = Node {
        node_type: "text".into(),
        value: Some(text.into()),
        marks: vec![],
        data: Data::Empty,
        content: vec![],
    };
    let p = Node {
        node_type: "paragraph".into(),
        value: None,
        marks: vec![],
        data: Data::Empty,
        content: vec![text],
    };
    Document(Node {
        node_type: "document".into(),
        value: None,
        marks: vec![],
        data: Data::Empty,
        content: vec![p],
    })
}

fn image(id: &str, alt: &str) -> Asset {
    Asset {
        id: id.into(),
        url: format!("/assets/{id}.svg"),
        title: Some(alt.into()),
        description: Some(alt.into()),
        file_name: Some(format!("{id}.svg")),
        content_type: Some("image/svg+xml".into()),
        width: Some(800),
        height: Some(450),
        size: None,
    }
}

fn file(id: &str, url: &str, name: &str) -> Asset {
    Asset {
        id: id.into(),
        url: url.into(),
        title: Some(name.into()),
        description: None,
        file_name: Some(name.into()),
        content_type: Some("application/pdf".into()),
        width: None,
        height: None,
        size: None,
    }
}

fn post(slug: &str, date: &str, products: &[ProductTag]) -> BlogPost {
    BlogPost {
        id: format!("post-{slug}"),
        slug: slug.into(),
        title: format!("Title of {slug}"),
        title_tag: None,
        meta_description: None,
        canonical: None,
        description: format!("Description of {slug}."),
        publish_date: PublishDate::parse(date).expect("fixture dates are valid"),
        estimated_read_time: Some(5),
        hero_image: Some(image(&format!("hero-{slug}"), &format!("Hero of {slug}"))),
        body: Some(paragraph(&format!("Body of {slug}."))),
        has_video: false,
        video_link: None,
        tags: vec![],
        products: products.to_vec(),
        seo_index: true,
    }
}

fn posts() -> Vec<BlogPost> {
    let mut templates = post("erfx-templates", "2024-03-05T09:00+10:00", &[ERfx]);
    templates.title_tag = Some("RFx templates that suppliers answer".into());
    templates.meta_description = Some("How to write RFx templates suppliers answer.".into());
    let mut hidden_erfx = post("erfx-internal-notes", "2024-06-01", &[ERfx]);
    hidden_erfx.seo_index = false;
    let mut hidden_ssm = post("ssm-draft-thinking", "2024-07-01", &[Ssm]);
    hidden_ssm.seo_index = false;
    let mut no_read_time = post("spm-scorecards", "2023-11-20", &[Spm]);
    no_read_time.estimated_read_time = None;
    let mut auction_video = post("auction-day", "2023-09-12", &[EAuction, ERfx]);
    auction_video.has_video = true;
    auction_video.video_link = Some("https://www.youtube.com/watch?v=dQw4w9WgXcQ".into());
    let mut odd_video = post("supplier-onboarding", "2023-05-02", &[Sim]);
    odd_video.has_video = true;
    odd_video.video_link = Some("https://media.example.com/videos/onboarding-tour/".into());
    let mut canonical = post("contract-renewals", "2022-12-01", &[Scm]);
    canonical.canonical = Some("https://example.org/original/contract-renewals".into());
    vec![
        templates,
        hidden_erfx,
        hidden_ssm,
        post("ssm-pipeline", "2024-02-10", &[Ssm]),
        post("erfx-evaluation", "2024-01-15", &[ERfx]),
        no_read_time,
        post("spm-surveys", "2023-11-20", &[Spm]),
        auction_video,
        odd_video,
        canonical,
        post("procurement-trends", "2024-08-20", &[]),
        post("category-planning", "2021-04-30", &[]),
    ]
}

fn case_study(slug: &str, priority: i32, products: &[ProductTag]) -> CaseStudy {
    CaseStudy {
        id: format!("cs-{slug}"),
        slug: slug.into(),
        title: format!("Title of {slug}"),
        organisation: format!("Organisation of {slug}"),
        products: products.to_vec(),
        order_priority: priority,
        quoted_person: format!("Person of {slug}"),
        quoted_person_job_title: "Head of Procurement".into(),
        callout_quote: format!("Quote of {slug}."),
        teaser_heading: format!("Teaser heading of {slug}"),
        extract_for_teaser: format!("Extract of {slug}."),
        logo: Some(image(&format!("logo-{slug}"), &format!("Logo of {slug}"))),
        product_logo: Some(image(&format!("product-logo-{slug}"), "Product logo")),
        main_image: Some(image(
            &format!("main-{slug}"),
            &format!("Main image of {slug}"),
        )),
        category: Some("Facilities".into()),
        location: Some("Sydney, NSW".into()),
        suppliers: Some("420".into()),
        strategy: Some("Consolidate and compete".into()),
        industry: None,
        background: Some(paragraph("Background.")),
        challenge: Some(paragraph("Challenge.")),
        solution: Some(paragraph("Solution.")),
        outcomes: Some(paragraph("Outcomes.")),
        challenge_image: Some(image("challenge", "Challenge image")),
        solution_image: None,
        outcomes_image: Some(image("outcomes", "Outcomes image")),
        has_pdf: false,
        downloadable_pdf: None,
        seo_index: true,
        title_tag: None,
        meta_description: None,
        canonical: None,
    }
}

fn case_studies() -> Vec<CaseStudy> {
    let mut with_pdf = case_study("regional-council-tenders", 2, &[ERfx]);
    with_pdf.has_pdf = true;
    with_pdf.downloadable_pdf = Some(file(
        "pdf-council",
        "/assets/council-story.pdf",
        "council-story.pdf",
    ));
    with_pdf.title_tag = Some("How a regional council ran tenders online".into());
    let mut hidden = case_study("university-scorecards", 1, &[Spm, Scm]);
    hidden.seo_index = false;
    let mut compliance = case_study("manage-contractor-compliance", 3, &[Scm]);
    compliance.meta_description = Some("Contractor compliance in one place.".into());
    let mut missing_pdf = case_study("dairy-auction", 5, &[EAuction]);
    missing_pdf.has_pdf = true;
    vec![compliance, with_pdf, missing_pdf, hidden]
}

fn button(label: &str, action: ButtonAction, fill: ButtonFill) -> Button {
    Button {
        id: format!("button-{label}"),
        action,
        url: None,
        asset: None,
        fill,
        internal_id: None,
        label: label.into(),
    }
}

fn text_media(
    title: &str,
    layout: TextLayout,
    justification: TextJustification,
    button: Option<Button>,
) -> Slice {
    Slice::TextMedia(Box::new(TextMedia {
        id: format!("tm-{title}"),
        side_image: Some(image("side", "Side image")),
        text_block_title: Some(title.into()),
        text_content: Some(paragraph(&format!("Text of {title}."))),
        text_layout: layout,
        text_justification: justification,
        button,
    }))
}

fn pages() -> Vec<Page> {
    let mut video = button(
        "Watch the tour",
        ButtonAction::ViewVideo,
        ButtonFill::Filled,
    );
    video.url = Some("https://vimeo.com/76979871".into());
    let mut bad_video = button("Broken video", ButtonAction::ViewVideo, ButtonFill::Outline);
    bad_video.url = Some("https://example.com/not-a-video".into());
    let mut internal = button("See eRFx", ButtonAction::GoToUrl, ButtonFill::Outline);
    internal.url = Some("/etender".into());
    let mut external = button(
        "Read the standard",
        ButtonAction::GoToUrl,
        ButtonFill::Filled,
    );
    external.url = Some("https://www.iso.org/standard/27001".into());
    let mut script = button("Sneaky", ButtonAction::GoToUrl, ButtonFill::Filled);
    script.url = Some("javascript:alert(1)".into());
    let mut download = button(
        "Get the guide",
        ButtonAction::DownloadAsset,
        ButtonFill::Filled,
    );
    download.asset = Some(file("guide", "/assets/guide.pdf", "buyers-guide.pdf"));

    let why = Page {
        id: "page-why-supplysite".into(),
        title: "Why Supplysite".into(),
        slug: "why-supplysite".into(),
        title_tag: Some("Why procurement teams choose Supplysite".into()),
        meta_description: Some("Why teams choose us.".into()),
        canonical: None,
        seo_index: true,
        add_components: AddComponent::ALL.to_vec(),
        products: vec![Sim, ERfx],
        banner: Some(PageBanner {
            id: "banner-why-supplysite".into(),
            banner_image: Some(image("banner", "Banner")),
            banner_text: Some("Why teams choose us".into()),
            banner_logo: Some(image("banner-logo", "Banner logo")),
            banner_text_box: Some(paragraph("Banner text box.")),
            banner_body_text: Some("Banner body text.".into()),
        }),
        slices: vec![
            text_media(
                "Left",
                TextLayout::LeftColumn,
                TextJustification::LeftJustified,
                Some(video),
            ),
            text_media(
                "Right",
                TextLayout::RightColumn,
                TextJustification::RightJustified,
                Some(download),
            ),
            text_media(
                "Full",
                TextLayout::FullWidth,
                TextJustification::CentreJustified,
                Some(bad_video),
            ),
            Slice::Faq(faq("page/why-supplysite", "Page questions", 2)),
            Slice::DividerCta(DividerCta {
                id: "divider".into(),
                title: Some("Ready to talk?".into()),
                text: Some("Book a walkthrough.".into()),
                buttons: vec![internal, external, script],
            }),
        ],
    };
    let mut hidden = Page {
        id: "page-partner-offer".into(),
        title: "Partner offer".into(),
        slug: "partner-offer".into(),
        title_tag: None,
        meta_description: None,
        canonical: Some("/page/why-supplysite".into()),
        seo_index: false,
        add_components: vec![],
        products: vec![],
        banner: Some(PageBanner {
            id: "banner-partner-offer".into(),
            banner_text: Some("Offer for partners".into()),
            ..PageBanner::default()
        }),
        slices: vec![],
    };
    hidden.add_components = vec![AddComponent::CaseStudyTeaser];
    let mut many: Vec<Slice> = (1..=13)
        .map(|i| {
            text_media(
                &format!("Slice {i}"),
                TextLayout::FullWidth,
                TextJustification::FullyJustified,
                None,
            )
        })
        .collect();
    many.insert(
        0,
        Slice::Faq(faq("page/big-guide", "Big guide questions", 9)),
    );
    many.insert(
        1,
        Slice::DividerCta(DividerCta {
            id: "five-buttons".into(),
            title: None,
            text: None,
            buttons: (1..=5)
                .map(|i| {
                    let mut b = button(
                        &format!("Link {i}"),
                        ButtonAction::GoToUrl,
                        ButtonFill::Outline,
                    );
                    b.url = Some(format!("/page/link-{i}"));
                    b
                })
                .collect(),
        }),
    );
    let big = Page {
        id: "page-big-guide".into(),
        title: "Big guide".into(),
        slug: "big-guide".into(),
        title_tag: None,
        meta_description: None,
        canonical: None,
        seo_index: true,
        add_components: vec![AddComponent::InsightsTeasers],
        products: vec![],
        banner: None,
        slices: many,
    };
    vec![why, hidden, big]
}

fn faq(slug: &str, title: &str, items: usize) -> FaqList {
    FaqList {
        id: format!("faq-{slug}"),
        list_id: format!("faq-list-{slug}"),
        slug: slug.into(),
        title: title.into(),
        items: (1..=items)
            .map(|i| FaqItem {
                id: format!("faq-item-{slug}-{i}"),
                question: format!("{title} question {i}?"),
                answer_text: format!("{title} answer {i}."),
            })
            .collect(),
    }
}

fn timeline() -> Vec<TimelineEntry> {
    let entry = |position: i32, year: &str| TimelineEntry {
        id: format!("timeline-{position}"),
        position,
        title: Some(paragraph(year)),
        main_content: Some(paragraph(&format!("What happened in {year}."))),
        image_alt_text: None,
        icon_text: Some(year.into()),
        image: None,
        image_hyperlink: None,
        button_text: None,
        button_link: None,
    };
    let mut founded = entry(1, "2007");
    founded.image = Some(image("sydney", "Sydney harbour"));
    founded.image_alt_text = Some("The first office in Sydney".into());
    founded.image_hyperlink = Some("https://example.com/history".into());
    let mut later = entry(3, "2019");
    later.button_text = Some("Read the announcement".into());
    later.button_link = Some("https://example.com/news".into());
    // Given out of order: the timeline sorts by position.
    vec![later, founded, entry(2, "2012")]
}
