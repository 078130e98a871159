//! Building each page's `<head>`: titles, descriptions, canonicals, robots, Open Graph and
//! JSON-LD (Organization and WebSite on home, Article on insights, FAQPage wherever FAQ items
//! show, BreadcrumbList below the top level).

use super::picture;
use crate::content::BlogPost;
use crate::copy;
use crate::routes::Route;
use crate::time_zone::TimeZone;
use crate::view::{Faq, Head, Image, OpenGraph, Robots};
use serde_json::{Value, json};

/// What a head is made from.
pub struct HeadInput<'a> {
    pub title: String,
    pub description: String,
    /// The entry's own canonical, when an editor set one.
    pub canonical: Option<&'a str>,
    pub route: &'a Route,
    pub robots: Robots,
    /// `website` or `article`.
    pub kind: &'static str,
    /// The picture link previews show ([`picture::share`]).
    pub image: Option<Image>,
}

/// A head with no structured data yet.
pub fn head(input: HeadInput) -> Head {
    let canonical = input
        .canonical
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map_or_else(|| input.route.path(), str::to_string);
    Head {
        open_graph: OpenGraph {
            kind: input.kind,
            title: input.title.clone(),
            description: input.description.clone(),
            image: input.image,
            url: canonical.clone(),
            site_name: copy::BRAND,
        },
        title: input.title,
        description: input.description,
        canonical,
        robots: input.robots,
        preload: None,
        prev: None,
        next: None,
        json_ld: Vec::new(),
    }
}

/// The head of a page of fixed copy: its heading followed by the brand, indexable.
pub fn fixed(heading: &str, description: &str, route: &Route) -> Head {
    head(HeadInput {
        title: format!("{heading} | {}", copy::BRAND),
        description: description.to_string(),
        canonical: None,
        route,
        robots: Robots::Index,
        kind: "website",
        image: None,
    })
}

/// The organisation behind the site.
pub fn organization() -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "Organization",
        "name": copy::BRAND,
        "legalName": copy::LEGAL_NAME,
        "url": "/",
        "logo": copy::LOGO,
        "foundingDate": "2007",
        "foundingLocation": {"@type": "Place", "name": "Sydney, Australia"},
        "areaServed": ["AU", "NZ", "GB"],
        "address": {
            "@type": "PostalAddress",
            "streetAddress": copy::ORGANISATION_ADDRESS[0],
            "addressLocality": "Sydney",
            "addressRegion": "NSW",
            "postalCode": "2000",
            "addressCountry": "AU",
        },
        "contactPoint": copy::PHONES.iter().map(|p| json!({
            "@type": "ContactPoint",
            "telephone": p.href.trim_start_matches("tel:"),
            "contactType": "sales",
            "areaServed": p.label,
        })).collect::<Vec<_>>(),
    })
}

/// The site itself.
pub fn website() -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": copy::BRAND,
        "url": "/",
    })
}

/// An FAQ page, from the FAQ blocks a page shows.
pub fn faq_page<'a>(faqs: impl IntoIterator<Item = &'a Faq>) -> Option<Value> {
    let questions: Vec<Value> = faqs
        .into_iter()
        .flat_map(|f| &f.items)
        .map(|i| {
            json!({
                "@type": "Question",
                "name": i.question,
                "acceptedAnswer": {"@type": "Answer", "text": i.answer},
            })
        })
        .collect();
    (!questions.is_empty()).then(|| {
        json!({
            "@context": "https://schema.org",
            "@type": "FAQPage",
            "mainEntity": questions,
        })
    })
}

/// An insight as an Article; its image is the hero's rendition for link previews, its
/// `datePublished` on the day the page prints in the site's `zone`.
pub fn article(post: &BlogPost, canonical: &str, description: &str, zone: &TimeZone) -> Value {
    let publisher = json!({
        "@type": "Organization",
        "name": copy::BRAND,
        "url": "/",
        "logo": {"@type": "ImageObject", "url": copy::LOGO},
    });
    let mut article = json!({
        "@context": "https://schema.org",
        "@type": "Article",
        "headline": post.title,
        "description": description,
        "datePublished": post.publish_date.shown_date_time(zone),
        "author": {"@type": "Organization", "name": copy::BRAND, "url": "/"},
        "publisher": publisher,
        "mainEntityOfPage": canonical,
    });
    if let Some(hero) = post.hero_image.as_ref().filter(|a| !a.url.is_empty()) {
        article["image"] = json!([picture::share(hero).url]);
    }
    article
}

/// A breadcrumb trail from the home page to the current page.
pub fn breadcrumbs(trail: &[(&str, String)]) -> Value {
    let items: Vec<Value> = trail
        .iter()
        .enumerate()
        .map(|(i, (name, path))| {
            json!({
                "@type": "ListItem",
                "position": i + 1,
                "name": name,
                "item": path,
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items,
    })
}
