//! Checks across entries, once everything is read: slugs that clash, a missing privacy page,
//! and rich-text links to things the site cannot show.

use super::entries::PRIVACY_TITLE;
use super::problem::{At, Problems, Severity};
use super::raw::RawExport;
use std::collections::HashMap;
use supplysite_core::content::{ContentParts, ContentSet, Slice};
use supplysite_core::richtext::Document;

pub(crate) fn run(parts: &ContentParts, raw: &RawExport, problems: &mut Problems) {
    duplicates(
        "blogPost",
        parts.posts.iter().map(|p| (p.id.as_str(), p.slug.as_str())),
        Severity::Error,
        problems,
    );
    duplicates(
        "casestudy",
        parts
            .case_studies
            .iter()
            .map(|c| (c.id.as_str(), c.slug.as_str())),
        Severity::Error,
        problems,
    );
    duplicates(
        "pageBuilder",
        parts.pages.iter().map(|p| (p.id.as_str(), p.slug.as_str())),
        Severity::Error,
        problems,
    );
    // Two lists for one path is legal in Contentful; only the first is shown.
    duplicates(
        "addOnFaqList",
        parts
            .faq_lists
            .iter()
            .map(|l| (l.id.as_str(), l.slug.as_str())),
        Severity::Warning,
        problems,
    );
    // A rich-text page exists but none has the title the site looks for: most likely renamed.
    if parts.privacy.is_none() && raw.entries.iter().any(|e| e.content_type == "richTextPage") {
        let message = format!(
            "no published richTextPage is titled {PRIVACY_TITLE:?}; /privacy has no content"
        );
        problems.content_type(Severity::Warning, "richTextPage", message);
    }
}

fn duplicates<'a>(
    ct: &str,
    items: impl ExactSizeIterator<Item = (&'a str, &'a str)>,
    severity: Severity,
    problems: &mut Problems,
) {
    let mut first: HashMap<&str, &str> = HashMap::with_capacity(items.len());
    for (id, slug) in items {
        match first.get(slug) {
            Some(winner) => {
                let field = if ct == "addOnFaqList" {
                    "addOnFaqListSlug"
                } else {
                    "slug"
                };
                let message =
                    format!("duplicate slug {slug:?}, already used by entry {winner}; not shown");
                problems.at(
                    severity,
                    &At {
                        id,
                        content_type: ct,
                    },
                    field,
                    message,
                );
            }
            None => {
                first.insert(slug, id);
            }
        }
    }
}

/// Rich-text links resolve by id when a page is composed; report those that cannot. Posts
/// and case studies for which `kept` answers true were checked when they were read and are not walked again.
pub(crate) fn rich_text_links(
    set: &ContentSet,
    kept: impl Fn(&str) -> bool,
    problems: &mut Problems,
) {
    let mut check = |id: &str, ct: &str, field: &str, doc: &Option<Document>| {
        let Some(doc) = doc else { return };
        for node in doc.0.walk() {
            let Some(target) = node.target() else {
                continue;
            };
            let message = if target.link_type == "Asset" {
                if set.asset(target.id).is_some() {
                    continue;
                }
                format!(
                    "rich text links to asset {}, which is not a published asset with a file",
                    target.id
                )
            } else {
                if set.entry(target.id).is_some() {
                    continue;
                }
                format!(
                    "rich text links to entry {}, which is not a published insight, case study or page",
                    target.id
                )
            };
            problems.warning(
                &At {
                    id,
                    content_type: ct,
                },
                field,
                message,
            );
        }
    };
    for p in set.posts().iter().filter(|p| !kept(&p.id)) {
        check(&p.id, "blogPost", "bodyRichtext", &p.body);
    }
    for c in set.case_studies().iter().filter(|c| !kept(&c.id)) {
        for (field, doc) in [
            ("backgrounder", &c.background),
            ("challenge", &c.challenge),
            ("solution", &c.solution),
            ("outcomes", &c.outcomes),
        ] {
            check(&c.id, "casestudy", field, doc);
        }
    }
    for page in set.pages() {
        if let Some(banner) = &page.banner {
            check(
                &page.id,
                "pageBuilder",
                "pageBanner",
                &banner.banner_text_box,
            );
        }
        for slice in &page.slices {
            if let Slice::TextMedia(t) = slice {
                check(&t.id, "textAndMedia", "textContent", &t.text_content);
            }
        }
    }
    for t in set.timeline() {
        check(&t.id, "aboutUsTimeline", "title", &t.title);
        check(&t.id, "aboutUsTimeline", "maincontent", &t.main_content);
    }
    if let Some(p) = set.privacy() {
        for (i, section) in p.sections.iter().enumerate() {
            let field = format!("section{}", i + 1);
            check(&p.id, "richTextPage", &field, &Some(section.clone()));
        }
    }
}
