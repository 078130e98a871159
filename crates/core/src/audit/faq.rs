//! The `faq` report: FAQ lists whose `addOnFaqListSlug` matches no page (or a page that shows
//! no FAQ), lists hidden by another with the same slug, and product pages and insights without
//! a FAQ, which therefore carry no FAQ structured data.

use super::subject::{At, Target, ct, quote, served_pages, target};
use super::{Finding, Report, Severity};
use crate::content::{ContentSet, FaqList, Slice};
use crate::routes::{ProductPage, Route};
use std::collections::BTreeSet;

pub(super) fn report(set: &ContentSet) -> Vec<Finding> {
    let mut out = Vec::new();
    // Lists placed as page slices show where they are placed; their slug decides nothing.
    let slices: BTreeSet<&str> = served_pages(set)
        .flat_map(|p| &p.slices)
        .filter_map(|s| match s {
            Slice::Faq(f) => Some(f.id.as_str()),
            _ => None,
        })
        .collect();
    for list in set
        .faq_lists()
        .iter()
        .filter(|l| !slices.contains(l.id.as_str()))
    {
        attached(&mut out, set, list);
    }
    for page in ProductPage::ALL {
        let route = Route::Product(page);
        if !has_faq(set, &route) {
            out.push(At::page(&route, Some(ct::FAQ)).finding(
                Severity::Warning,
                Report::Faq,
                "product-page-without-faq",
                Some("addOnFaqListSlug"),
                "no FAQ list, so the product page has no FAQ block and no FAQ structured data",
                format!(
                    "Create an addOnFaqList with questions and addOnFaqListSlug {}",
                    page.segment()
                ),
            ));
        }
    }
    for p in set.posts().iter().filter(|p| p.seo_index) {
        let route = Route::Insight(p.slug.clone());
        if set.post(&p.slug).is_some_and(|s| s.id == p.id) && !has_faq(set, &route) {
            out.push(At::entry(&p.id, ct::POST, Some(&route)).finding(
                Severity::Info,
                Report::Faq, "insight-without-faq",
                None,
                "no FAQ list, so the insight has no FAQ block and no FAQ structured data",
                format!("Create an addOnFaqList with addOnFaqListSlug {} if readers ask questions about it", route.faq_key()),
            ));
        }
    }
    out
}

fn has_faq(set: &ContentSet, route: &Route) -> bool {
    set.faq_for(&route.faq_key())
        .is_some_and(|f| !f.items.is_empty())
}

/// Screens that show the FAQ list attached to their path. Page-builder pages show FAQ lists
/// only where editors place them as slices.
fn shows_faq(route: &Route) -> bool {
    matches!(
        route,
        Route::Solutions | Route::Product(_) | Route::CaseStudy(_) | Route::Insight(_)
    )
}

/// Checks a list attached to a page by its slug.
fn attached(out: &mut Vec<Finding>, set: &ContentSet, list: &FaqList) {
    let slug = list.slug.trim();
    let route = Route::parse(&format!("/{slug}"));
    let at = At::entry(
        &list.id,
        ct::FAQ,
        (route != Route::NotFound).then_some(&route),
    );
    let field = Some("addOnFaqListSlug");
    let error = |message: String, hint: &str| {
        at.finding(
            Severity::Error,
            Report::Faq,
            "slug-matches-no-page",
            field,
            message,
            hint,
        )
    };
    let path_hint = "Set addOnFaqListSlug to the page's path without the leading slash, such as etender or insights/what-is-e-tendering";
    if slug.starts_with('/') {
        out.push(error(
            format!(
                "addOnFaqListSlug {} starts with a slash, so it matches no page",
                quote(slug, 80)
            ),
            "Remove the leading slash from addOnFaqListSlug",
        ));
        return;
    }
    match target(set, &route) {
        Target::NotARoute => {
            out.push(error(
                format!(
                    "addOnFaqListSlug {} matches no page of the site",
                    quote(slug, 80)
                ),
                path_hint,
            ));
            return;
        }
        Target::UnknownSlug => {
            out.push(error(
                format!(
                    "addOnFaqListSlug {} matches no entry: nothing is published at {}",
                    quote(slug, 80),
                    route.path()
                ),
                path_hint,
            ));
            return;
        }
        Target::Fixed | Target::Entry { .. } => {}
    }
    if !shows_faq(&route) {
        out.push(at.finding(
            Severity::Warning,
            Report::Faq,
            "slug-on-page-without-faq-block",
            field,
            format!(
                "addOnFaqListSlug {} matches {}, which shows no FAQ block",
                quote(slug, 80),
                route.path()
            ),
            match route {
                Route::Page(_) => "Place the list in the page's contentSlices instead",
                _ => "Attach the list to a product page, customer story or insight instead",
            },
        ));
        return;
    }
    match set.faq_for(&route.faq_key()) {
        Some(shown) if shown.id != list.id => out.push(at.finding(
            Severity::Warning,
            Report::Faq, "duplicate-slug",
            field,
            format!("FAQ list {} is hidden: list {} has the same addOnFaqListSlug {} and is shown instead", quote(&list.title, 60), shown.id, quote(slug, 80)),
            "Merge the two lists, or point this one at another page",
        )),
        _ if list.items.is_empty() => out.push(at.finding(
            Severity::Warning,
            Report::Faq, "empty-list",
            Some("faqList"),
            format!("FAQ list {} has no questions, so {} shows no FAQ block", quote(&list.title, 60), route.path()),
            "Add FAQ items to the list's faqList",
        )),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{ContentParts, FaqItem};

    fn list(id: &str, slug: &str, items: usize) -> FaqList {
        FaqList {
            id: id.into(),
            list_id: format!("{id}-list"),
            slug: slug.into(),
            title: "Questions".into(),
            items: (0..items)
                .map(|i| FaqItem {
                    id: format!("{id}-{i}"),
                    question: format!("Q{i}?"),
                    answer_text: "A.".into(),
                })
                .collect(),
        }
    }

    #[test]
    fn a_slug_with_a_leading_slash_is_an_error_and_counts_as_no_faq_for_the_page() {
        let mut lists: Vec<FaqList> = ProductPage::ALL
            .into_iter()
            .filter(|p| *p != ProductPage::Etender)
            .map(|p| list(p.segment(), p.segment(), 1))
            .collect();
        lists.push(list("slashed", "/etender", 2));
        let set = ContentSet::new(
            ContentParts {
                faq_lists: lists,
                ..ContentParts::default()
            },
            "t",
        );
        let found: Vec<(Severity, Option<String>, Option<String>)> = report(&set)
            .into_iter()
            .map(|f| (f.severity, f.entry_id, f.route))
            .collect();
        assert_eq!(
            found,
            [
                (Severity::Error, Some("slashed".into()), None),
                (Severity::Warning, None, Some("/etender".into())),
            ]
        );
    }
}
