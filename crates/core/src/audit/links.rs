//! The `links` report: links in rich text, on buttons and on the About Us timeline that lead
//! to no page, to an unknown slug or to a noindex entry; video links whose id cannot be found;
//! asset links with no file; and case studies flagged with a PDF they lack.

use super::subject::{
    At, Target, ct, quote, routed, served_case_studies, served_pages, served_posts, target, texts,
};
use super::{Finding, Report, Severity};
use crate::content::{Button, ButtonAction, ContentSet, EntryRef, Slice};
use crate::richtext::{Href, classify_href};
use crate::routes::Route;
use crate::video::video_id;

pub(super) fn report(set: &ContentSet) -> Vec<Finding> {
    let mut out = Vec::new();
    for e in routed(set).into_iter().filter(|e| e.route.is_none()) {
        out.push(e.at().finding(
            Severity::Error,
            Report::Links,
            "invalid-slug",
            Some("slug"),
            format!(
                "slug {} makes no valid address, so the entry cannot be opened",
                quote(e.slug, 80)
            ),
            "Change slug to letters, digits and hyphens only (no spaces or slashes)",
        ));
    }
    rich_text(&mut out, set);
    buttons(&mut out, set);
    posts(&mut out, set);
    case_studies(&mut out, set);
    for t in set.timeline() {
        let at = At::entry(&t.id, ct::TIMELINE, Some(&Route::AboutUs));
        for (field, link) in [
            ("buttonlink", &t.button_link),
            ("imagehyperlink", &t.image_hyperlink),
        ] {
            if let Some(link) = link.as_deref().filter(|l| !l.trim().is_empty()) {
                href(&mut out, set, &at, field, link);
            }
        }
    }
    out
}

fn rich_text(out: &mut Vec<Finding>, set: &ContentSet) {
    for t in texts(set) {
        let field = t.field;
        for node in t.doc.0.walk() {
            let kind = node.node_type.as_str();
            match kind {
                "hyperlink" => href(out, set, &t.at, field, node.uri().unwrap_or_default()),
                "entry-hyperlink" | "embedded-entry-block" | "embedded-entry-inline" => {
                    let Some(link) = node.target() else { continue };
                    let shown = if kind == "entry-hyperlink" {
                        "its words show without a link"
                    } else {
                        "nothing shows in its place"
                    };
                    match set.entry(link.id) {
                        None => out.push(t.at.finding(
                            Severity::Error,
                            Report::Links, "entry-link-dead",
                            Some(field),
                            format!("{kind} to entry {} leads nowhere: it is not a published post, case study or page, so {shown}", link.id),
                            format!("In {field}, link to a published insight, customer story or page, or publish entry {}", link.id),
                        )),
                        Some(r) => {
                            if !indexable(set, r) {
                                let path = entry_path(set, r);
                                out.push(t.at.finding(
                                    Severity::Warning,
                                    Report::Links, "link-to-noindex",
                                    Some(field),
                                    format!("{kind} to entry {} leads to {path}, which is noindex", link.id),
                                    format!("Link to an indexable page in {field}, or set seoIndex to true on entry {}", link.id),
                                ));
                            }
                        }
                    }
                }
                "asset-hyperlink" | "embedded-asset-block" => {
                    let Some(link) = node.target() else { continue };
                    if set.asset(link.id).is_none() {
                        out.push(t.at.finding(
                            Severity::Error,
                            Report::Links, "asset-link-dead",
                            Some(field),
                            format!("{kind} to asset {} has no file: the asset is missing, unpublished or has no upload", link.id),
                            format!("Upload and publish a file for asset {}, or remove the link from {field}", link.id),
                        ));
                    }
                }
                _ => {}
            }
        }
    }
}

fn indexable(set: &ContentSet, r: EntryRef) -> bool {
    match r {
        EntryRef::Post(i) => set.posts()[i].seo_index,
        EntryRef::CaseStudy(i) => set.case_studies()[i].seo_index,
        EntryRef::Page(i) => set.pages()[i].seo_index,
    }
}

fn entry_path(set: &ContentSet, r: EntryRef) -> String {
    match r {
        EntryRef::Post(i) => Route::Insight(set.posts()[i].slug.clone()),
        EntryRef::CaseStudy(i) => Route::CaseStudy(set.case_studies()[i].slug.clone()),
        EntryRef::Page(i) => Route::Page(set.pages()[i].slug.clone()),
    }
    .path()
}

/// Checks a link an editor typed, on the page `at.route`.
fn href(out: &mut Vec<Finding>, set: &ContentSet, at: &At, field: &str, uri: &str) {
    let uri = uri.trim();
    let Some(kind) = classify_href(uri) else {
        out.push(at.finding(
            Severity::Error,
            Report::Links, "link-not-allowed",
            Some(field),
            format!("link {} is not shown as a link: only http(s), mailto, tel and site paths are allowed", quote(uri, 80)),
            format!("Fix the link's URL in {field}"),
        ));
        return;
    };
    if kind != Href::Internal || uri.starts_with(['#', '?']) {
        return;
    }
    let base = at.route.as_deref().unwrap_or("/");
    let path = resolve(base, uri);
    // Downloaded asset files are served under /assets/; they are not routes.
    if path.starts_with("/assets/") {
        return;
    }
    let route = Route::parse(&path);
    let shown = if path == uri {
        String::new()
    } else {
        format!(" ({path})")
    };
    let link = format!("link {}{shown}", quote(uri, 80));
    let (severity, rule, message, hint) = match target(set, &route) {
        Target::Fixed
        | Target::Entry {
            seo_index: true, ..
        } => return,
        Target::Entry { id, .. } => (
            Severity::Warning,
            "link-to-noindex",
            format!("{link} leads to a noindex page (entry {id})"),
            format!("Link to an indexable page in {field}, or set seoIndex to true on entry {id}"),
        ),
        Target::UnknownSlug => (
            Severity::Error,
            "link-dead",
            format!("{link} leads nowhere: no published entry has that slug"),
            format!("In {field}, correct the slug or link to a published entry"),
        ),
        Target::NotARoute => (
            Severity::Error,
            "link-dead",
            format!("{link} leads nowhere: no page of the site has that address"),
            format!(
                "In {field}, link to one of the site's pages (such as /etender or /insights/…)"
            ),
        ),
    };
    out.push(at.finding(severity, Report::Links, rule, Some(field), message, hint));
}

/// Resolves a relative link against the page it is on, as a browser does.
fn resolve(base: &str, link: &str) -> String {
    if link.starts_with('/') {
        return link.to_string();
    }
    let (link, tail) = match link.find(['?', '#']) {
        Some(i) => link.split_at(i),
        None => (link, ""),
    };
    let mut segments: Vec<&str> = base.split('/').filter(|s| !s.is_empty()).collect();
    segments.pop();
    for seg in link.split('/') {
        match seg {
            "." | "" => {}
            ".." => {
                segments.pop();
            }
            s => segments.push(s),
        }
    }
    format!("/{}{tail}", segments.join("/"))
}

fn buttons(out: &mut Vec<Finding>, set: &ContentSet) {
    for page in served_pages(set) {
        let route = Route::Page(page.slug.clone());
        for slice in &page.slices {
            let buttons: Vec<&Button> = match slice {
                Slice::TextMedia(tm) => tm.button.iter().collect(),
                Slice::DividerCta(d) => d.buttons.iter().collect(),
                Slice::Faq(_) => Vec::new(),
            };
            for b in buttons {
                button(out, set, &At::entry(&b.id, ct::BUTTON, Some(&route)), b);
            }
        }
    }
}

fn button(out: &mut Vec<Finding>, set: &ContentSet, at: &At, b: &Button) {
    let label = quote(&b.label, 60);
    let url = b.url.as_deref().map(str::trim).unwrap_or_default();
    let mut error = |rule: &'static str, field: &str, message: String, hint: &str| {
        out.push(at.finding(
            Severity::Error,
            Report::Links,
            rule,
            Some(field),
            message,
            hint,
        ));
    };
    match b.action {
        ButtonAction::GoToUrl if url.is_empty() => error(
            "button-without-url",
            "buttonActionUrl",
            format!("button {label} goes to a URL but has none"),
            "Fill in buttonActionUrl with a site path (/contact-us) or a full https:// URL",
        ),
        ButtonAction::GoToUrl => href(out, set, at, "buttonActionUrl", url),
        ButtonAction::ViewVideo if video_id(url).is_none() => error(
            "button-video-unrecognised",
            "buttonActionUrl",
            if url.is_empty() {
                format!("button {label} plays a video but has no video link")
            } else {
                format!(
                    "button {label} plays a video, but no video id can be found in {}",
                    quote(url, 80)
                )
            },
            "Paste the video's YouTube, Vimeo, Vine, VideoPress, Microsoft Stream, TikTok or Dailymotion link into buttonActionUrl",
        ),
        ButtonAction::ViewVideo => {}
        ButtonAction::DownloadAsset => {
            if b.asset.as_ref().is_none_or(|a| a.url.trim().is_empty()) {
                error(
                    "button-without-file",
                    "buttonActionAsset",
                    format!("button {label} downloads an asset but has no file"),
                    "Link a published asset with an uploaded file in buttonActionAsset",
                );
            }
        }
    }
}

fn posts(out: &mut Vec<Finding>, set: &ContentSet) {
    for (p, at) in served_posts(set) {
        let link = p.video_link.as_deref().map(str::trim).unwrap_or_default();
        if p.has_video && link.is_empty() {
            out.push(at.finding(
                Severity::Error,
                Report::Links, "video-link-missing",
                Some("blogVideoLink"),
                "doesvideoexist is true but blogVideoLink is empty, so 'Watch Insight Video' has nothing to play",
                "Paste the video's link into blogVideoLink, or set doesvideoexist to false",
            ));
        } else if p.has_video && video_id(link).is_none() {
            out.push(at.finding(
                Severity::Error,
                Report::Links, "video-link-unrecognised",
                Some("blogVideoLink"),
                format!(
                    "no video service recognises blogVideoLink {}, so 'Watch Insight Video' plays the wrong video or none",
                    quote(link, 80)
                ),
                "Paste the video's YouTube, Vimeo, Vine, VideoPress, Microsoft Stream, TikTok or Dailymotion link into blogVideoLink",
            ));
        } else if !p.has_video && !link.is_empty() {
            out.push(at.finding(
                Severity::Info,
                Report::Links,
                "video-link-unused",
                Some("doesvideoexist"),
                format!(
                    "blogVideoLink {} is set but doesvideoexist is false, so no video button shows",
                    quote(link, 80)
                ),
                "Set doesvideoexist to true to show the video, or clear blogVideoLink",
            ));
        }
    }
}

fn case_studies(out: &mut Vec<Finding>, set: &ContentSet) {
    for (c, at) in served_case_studies(set) {
        if c.has_pdf && c.pdf().is_none() {
            out.push(at.finding(
                Severity::Error,
                Report::Links, "pdf-missing",
                Some("downloadablePdf"),
                "doesPdFexist is true but downloadablePdf has no file, so 'DOWNLOAD THE FULL CUSTOMER STORY NOW' is hidden",
                "Attach the customer story PDF in downloadablePdf, or set doesPdFexist to false",
            ));
        } else if !c.has_pdf && c.downloadable_pdf.is_some() {
            out.push(at.finding(
                Severity::Info,
                Report::Links, "pdf-unflagged",
                Some("doesPdFexist"),
                "a PDF is attached in downloadablePdf but doesPdFexist is false, so the download button is hidden",
                "Set doesPdFexist to true to offer the PDF",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_links_resolve_against_the_page_they_are_on() {
        assert_eq!(resolve("/insights/a", "b"), "/insights/b");
        assert_eq!(resolve("/insights/a", "../etender?x=1"), "/etender?x=1");
        assert_eq!(resolve("/about-us", "contact-us"), "/contact-us");
        assert_eq!(resolve("/page/x", "/etender"), "/etender");
        assert_eq!(resolve("/", "./insights"), "/insights");
    }
}
