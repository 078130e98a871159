//! The entries the site shows on their own: posts, case studies, page-builder pages, the
//! timeline, the privacy page and customer logos.

use super::fields::Fields;
use super::links::{Resolver, product_tags};
use super::nested::Nested;
use supplysite_core::content::{
    AddComponent, BlogPost, CaseStudy, CustomerLogo, Page, PrivacyPage, Redirect, Slice,
    TimelineEntry,
};

/// The title that marks the privacy page among rich-text pages (docs/behaviour.md §2 Privacy).
pub(crate) const PRIVACY_TITLE: &str = "Privacy Policy";

pub(crate) fn blog_post(f: &mut Fields<'_>, r: &Resolver<'_>) -> Option<BlogPost> {
    let slug = f.required_symbol("slug");
    let title = f.required_symbol("title");
    let description = f.required_symbol("description");
    let publish_date = f.required_date("publishDate");
    let seo_index = f.required_boolean("seoIndex");
    let post = BlogPost {
        id: f.at.id.to_string(),
        title_tag: f.symbol("titleTag"),
        meta_description: f.symbol("metaDescription"),
        canonical: f.symbol("canonical"),
        estimated_read_time: f.integer("estimatedreadtime"),
        hero_image: r.asset(f, "heroImage"),
        body: f.rich_text("bodyRichtext"),
        has_video: f.boolean("doesvideoexist").unwrap_or(false),
        video_link: f.symbol("blogVideoLink"),
        tags: f.symbols("tags"),
        products: product_tags(f, "blogPostProduct"),
        slug: slug?,
        title: title?,
        description: description?,
        publish_date: publish_date?,
        seo_index: seo_index?,
    };
    Some(post)
}

pub(crate) fn case_study(f: &mut Fields<'_>, r: &Resolver<'_>) -> Option<CaseStudy> {
    let slug = f.required_symbol("slug");
    let title = f.required_symbol("title");
    let organisation = f.required_symbol("organisation");
    let order_priority = f.required_integer("casestudyorderpriority");
    let seo_index = f.required_boolean("seoIndex");
    let mut products = product_tags(f, "casestudyproduct");
    // Older spaces tag case studies with `casestudytags` (docs/behaviour.md §3 names both).
    if products.is_empty() {
        products = product_tags(f, "casestudytags");
    }
    let text = |f: &mut Fields<'_>, field| f.symbol(field).unwrap_or_default();
    let study = CaseStudy {
        id: f.at.id.to_string(),
        products,
        quoted_person: text(f, "nameofquotedperson"),
        quoted_person_job_title: text(f, "quotedpersonjobtitle"),
        callout_quote: text(f, "calloutquote"),
        teaser_heading: text(f, "teaserheading"),
        extract_for_teaser: text(f, "extractforteaser"),
        logo: r.asset(f, "logo"),
        product_logo: r.asset(f, "productlogo"),
        main_image: r.asset(f, "mainimage"),
        category: f.symbol("category"),
        location: f.symbol("location"),
        suppliers: f.symbol("suppliers"),
        strategy: f.symbol("strategy"),
        industry: f.symbol("industry"),
        background: f.rich_text("backgrounder"),
        challenge: f.rich_text("challenge"),
        solution: f.rich_text("solution"),
        outcomes: f.rich_text("outcomes"),
        challenge_image: r.asset(f, "thechallengeimage"),
        solution_image: r.asset(f, "thesolutionimage"),
        outcomes_image: r.asset(f, "theoutcomesimage"),
        has_pdf: f.boolean("doesPdFexist").unwrap_or(false),
        downloadable_pdf: r.asset(f, "downloadablePdf"),
        title_tag: f.symbol("titleTag"),
        meta_description: f.symbol("metaDescription"),
        canonical: f.symbol("canonical"),
        slug: slug?,
        title: title?,
        organisation: organisation?,
        order_priority: order_priority?,
        seo_index: seo_index?,
    };
    Some(study)
}

pub(crate) fn page(f: &mut Fields<'_>, r: &Resolver<'_>, n: &Nested) -> Option<Page> {
    let title = f.required_symbol("title");
    let slug = f.required_symbol("slug");
    let seo_index = f.required_boolean("seoIndex");
    let mut add_components = Vec::new();
    for text in f.symbols("addComponents") {
        match AddComponent::parse(&text) {
            Some(c) if !add_components.contains(&c) => add_components.push(c),
            Some(_) => {}
            None => {
                let allowed = AddComponent::ALL.map(AddComponent::as_str).join(", ");
                let message =
                    format!("unknown component {text:?} (expected one of {allowed}); ignored");
                f.problems.warning(&f.at, "addComponents", message);
            }
        }
    }
    let banner = match f.link("pageBanner", "Entry", false) {
        Some(id) => r
            .entry(f, "pageBanner", &id, "pageBanner", &n.banners)
            .cloned(),
        None => None,
    };
    let mut slices = Vec::new();
    for id in f.links("contentSlices", "Entry") {
        let allowed = ["textAndMedia", "addOnFaqList", "dividerCta"];
        let slice = match r.entry_type(f, "contentSlices", &id, &allowed) {
            Some("textAndMedia") => n
                .text_media
                .get(&id)
                .map(|t| Slice::TextMedia(Box::new(t.clone()))),
            Some("addOnFaqList") => n.add_ons.get(&id).cloned().map(Slice::Faq),
            Some(_) => n.dividers.get(&id).cloned().map(Slice::DividerCta),
            None => None,
        };
        slices.extend(slice);
    }
    let page = Page {
        id: f.at.id.to_string(),
        title_tag: f.symbol("titleTag"),
        meta_description: f.symbol("metaDescription"),
        canonical: f.symbol("canonical"),
        add_components,
        products: product_tags(f, "pageBuilderProduct"),
        banner,
        slices,
        title: title?,
        slug: slug?,
        seo_index: seo_index?,
    };
    Some(page)
}

pub(crate) fn timeline_entry(f: &mut Fields<'_>, r: &Resolver<'_>) -> Option<TimelineEntry> {
    let position = f.required_integer("position");
    let entry = TimelineEntry {
        id: f.at.id.to_string(),
        title: f.rich_text("title"),
        main_content: f.rich_text("maincontent"),
        image_alt_text: f.symbol("imagealttext"),
        icon_text: f.symbol("iconText"),
        image: r.asset(f, "image"),
        image_hyperlink: f.symbol("imagehyperlink"),
        button_text: f.symbol("buttontext"),
        button_link: f.symbol("buttonlink"),
        position: position?,
    };
    Some(entry)
}

/// A rich-text page; the loader keeps the one titled [`PRIVACY_TITLE`].
pub(crate) fn rich_text_page(f: &mut Fields<'_>, r: &Resolver<'_>) -> Option<PrivacyPage> {
    let title = f.required_symbol("title");
    let image1 = r.asset(f, "image1");
    let sections = (1..=5)
        .filter_map(|i| f.rich_text(&format!("section{i}")))
        .collect();
    let image5 = r.asset(f, "image5");
    Some(PrivacyPage {
        id: f.at.id.to_string(),
        title: title?,
        image1,
        sections,
        image5,
    })
}

pub(crate) fn customer_logo(f: &mut Fields<'_>, r: &Resolver<'_>) -> Option<CustomerLogo> {
    let name = f.required_symbol("name");
    let order = f.required_integer("order");
    let logo = r.required_asset(f, "logo");
    Some(CustomerLogo {
        id: f.at.id.to_string(),
        name: name?,
        logo: logo?,
        order: order?,
    })
}

/// A redirect; `permanent` defaults to true, as the content type's default value says.
pub(crate) fn redirect(f: &mut Fields<'_>) -> Option<Redirect> {
    let from = f.required_symbol("from");
    let to = f.required_symbol("to");
    let permanent = f.boolean("permanent").unwrap_or(true);
    Some(Redirect {
        id: f.at.id.to_string(),
        from: from?.trim().to_string(),
        to: to?.trim().to_string(),
        permanent,
    })
}
