//! The `coverage` report: for every product tag, the posts, case studies and FAQ lists it has;
//! and for every product page, where the selection rules of core fall back (related posts
//! topped up with untagged ones, a case-study teaser from another product) and why.

use super::subject::{At, ct};
use super::{Finding, Report, Severity};
use crate::content::{ContentSet, ProductTag};
use crate::routes::{ProductPage, Route};
use crate::rules::{RELATED_POSTS, TeaserReason, related_posts, sourcing_extras, teaser};

pub(super) fn report(set: &ContentSet) -> Vec<Finding> {
    let mut out = Vec::new();
    for tag in ProductTag::ALL {
        out.push(summary(set, tag));
    }
    for page in ProductPage::ALL {
        related(&mut out, set, page);
        case_study(&mut out, set, page);
    }
    sourcing(&mut out, set);
    out
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What one product tag has, on the first product page that shows it.
fn summary(set: &ContentSet, tag: ProductTag) -> Finding {
    let posts: Vec<_> = set.posts_tagged(tag).collect();
    let indexable = posts.iter().filter(|p| p.seo_index).count();
    let cases: Vec<&str> = set
        .case_studies_by_priority()
        .filter(|c| c.has_product(tag))
        .map(|c| c.slug.as_str())
        .collect();
    let pages: Vec<ProductPage> = ProductPage::ALL
        .into_iter()
        .filter(|p| p.tag() == tag)
        .collect();
    let faqs: Vec<String> = pages
        .iter()
        .filter(|p| set.faq_for(p.segment()).is_some())
        .map(|p| format!("/{}", p.segment()))
        .collect();
    let cases_text = if cases.is_empty() {
        "0 case studies".to_string()
    } else {
        format!(
            "{} ({})",
            plural(cases.len(), "case study", "case studies"),
            cases.join(", ")
        )
    };
    let faq_text = if faqs.is_empty() {
        "no FAQ list".to_string()
    } else {
        format!("FAQ list on {}", faqs.join(", "))
    };
    let route = pages.first().map(|&p| Route::Product(p));
    let at = match &route {
        Some(r) => At::page(r, None),
        None => At {
            entry_id: None,
            content_type: None,
            route: None,
        },
    };
    at.finding(
        Severity::Info,
        Report::Coverage, "product-summary",
        None,
        format!(
            "product {tag}: {} ({indexable} indexable), {cases_text}, {faq_text}",
            plural(posts.len(), "post", "posts")
        ),
        format!("Tag posts with {tag} in blogPostProduct and case studies in casestudyproduct to change what its pages show"),
    )
}

fn related(out: &mut Vec<Finding>, set: &ContentSet, page: ProductPage) {
    let tag = page.tag();
    let related = related_posts(set, Some(tag), RELATED_POSTS);
    let at = At::page(&Route::Product(page), Some(ct::POST));
    if related.posts.is_empty() {
        out.push(at.finding(
            Severity::Warning,
            Report::Coverage,
            "related-posts-empty",
            Some("seoIndex"),
            "related posts are empty: the space has no indexable posts",
            "Publish posts with seoIndex set to true",
        ));
        return;
    }
    if related.topped_up() == 0 {
        return;
    }
    let fill: Vec<&str> = related.posts[related.tagged..]
        .iter()
        .map(|p| p.slug.as_str())
        .collect();
    out.push(at.finding(
        Severity::Warning,
        Report::Coverage, "related-posts-fall-back",
        Some("blogPostProduct"),
        format!(
            "related posts fall back: {} tagged {tag}, so the newest untagged {}: {}",
            match related.tagged {
                0 => "no indexable post is".to_string(),
                n => format!("only {}", plural(n, "indexable post is", "indexable posts are")),
            },
            if related.topped_up() == 1 { "post fills in" } else { "posts fill in" },
            fill.join(", ")
        ),
        format!("Tag more indexable posts with {tag} in blogPostProduct (the page shows {RELATED_POSTS})"),
    ));
}

fn case_study(out: &mut Vec<Finding>, set: &ContentSet, page: ProductPage) {
    let tag = page.tag();
    let t = teaser(set, Some(tag));
    let at = At::page(&Route::Product(page), Some(ct::CASE_STUDY));
    let slug = t.case_study.map(|c| c.slug.as_str()).unwrap_or_default();
    let (severity, rule, message) = match t.reason {
        TeaserReason::OwnProduct(_) => return,
        TeaserReason::FallbackProduct(fallback) => (
            Severity::Info,
            "case-study-teaser-fall-back",
            format!(
                "case-study teaser falls back: no case study is tagged {tag}, so it shows {slug}, tagged {fallback} (the sourcing page's rule)"
            ),
        ),
        TeaserReason::TopPriority => (
            Severity::Warning,
            "case-study-teaser-fall-back",
            format!(
                "case-study teaser falls back: no case study is tagged {tag}, so it shows the top-priority one, {slug} (casestudyorderpriority {})",
                t.case_study.map(|c| c.order_priority).unwrap_or_default()
            ),
        ),
        TeaserReason::NoCaseStudies => (
            Severity::Warning,
            "case-study-teaser-empty",
            "case-study teaser is empty: the space has no case studies".to_string(),
        ),
    };
    out.push(at.finding(
        severity,
        Report::Coverage,
        rule,
        Some("casestudyproduct"),
        message,
        format!("Tag a case study with {tag} in casestudyproduct"),
    ));
}

/// The sourcing page's per-module article lists are not topped up, so a module with no posts
/// shows an empty list.
fn sourcing(out: &mut Vec<Finding>, set: &ContentSet) {
    let route = Route::Product(ProductPage::SourcingManagement);
    for list in sourcing_extras(set)
        .card_lists
        .iter()
        .filter(|l| l.posts.is_empty())
    {
        let tag = list.product;
        out.push(At::page(&route, Some(ct::POST)).finding(
            Severity::Warning,
            Report::Coverage,
            "sourcing-list-empty",
            Some("blogPostProduct"),
            format!(
                "the sourcing page's {tag} article list is empty: no indexable post is tagged {tag}"
            ),
            format!("Tag an indexable post with {tag} in blogPostProduct"),
        ));
    }
}
