//! The `seo` report: title tags and meta descriptions (missing, outside the lengths search
//! engines display, or shared by two pages), canonicals (missing, malformed or pointing at
//! another page), noindex entries, images without alt text, and pictures the site cannot serve
//! at the right size (see `images`).

use super::subject::{At, Routed, Target, is_image, pictures, quote, routed, target, texts};
use super::{Finding, Report, Severity};
use crate::content::ContentSet;
use crate::routes::Route;
use std::collections::BTreeMap;

/// Title lengths search engines display in full (characters).
pub const TITLE_LENGTH: (usize, usize) = (30, 60);
/// Meta description lengths search engines display in full (characters).
pub const DESCRIPTION_LENGTH: (usize, usize) = (70, 160);

pub(super) fn report(set: &ContentSet) -> Vec<Finding> {
    let entries: Vec<Routed> = routed(set).into_iter().filter(Routed::reachable).collect();
    let mut out = Vec::new();
    for e in &entries {
        let at = e.at();
        if e.seo_index {
            length(
                &mut out,
                &at,
                ("title-tag-missing", "title-tag-length"),
                "titleTag",
                e.title_tag,
                TITLE_LENGTH,
            );
            length(
                &mut out,
                &at,
                ("meta-description-missing", "meta-description-length"),
                "metaDescription",
                e.meta_description,
                DESCRIPTION_LENGTH,
            );
        } else {
            out.push(at.finding(
                Severity::Info,
                Report::Seo, "noindex",
                Some("seoIndex"),
                format!(
                    "noindex: seoIndex is false, so {:?} carries 'noindex, follow' and is left out of related posts and link lists",
                    e.title
                ),
                "Set seoIndex to true on this entry if search engines should list it",
            ));
        }
        canonical(&mut out, set, e, &at);
    }
    let indexable: Vec<&Routed> = entries.iter().filter(|e| e.seo_index).collect();
    duplicates(
        &mut out,
        &indexable,
        "duplicate-title-tag",
        "titleTag",
        |e| e.title_tag,
    );
    duplicates(
        &mut out,
        &indexable,
        "duplicate-meta-description",
        "metaDescription",
        |e| e.meta_description,
    );
    alt_text(&mut out, set);
    super::images::report(&mut out, set);
    out
}

fn length(
    out: &mut Vec<Finding>,
    at: &At,
    (missing, length): (&'static str, &'static str),
    field: &str,
    value: Option<&str>,
    (min, max): (usize, usize),
) {
    let value = value.map(str::trim).unwrap_or_default();
    let n = value.chars().count();
    let rule = if n == 0 { missing } else { length };
    let (message, hint) = if n == 0 {
        (
            format!("{field} is empty"),
            format!("Write a {field} of {min} to {max} characters in this entry"),
        )
    } else if n < min {
        (
            format!(
                "{field} {} is {n} characters, shorter than the {min} to {max} search engines display",
                quote(value, 80)
            ),
            format!("Lengthen {field} to {min} to {max} characters"),
        )
    } else if n > max {
        (
            format!(
                "{field} {} is {n} characters; search engines cut it off after about {max}",
                quote(value, 80)
            ),
            format!("Shorten {field} to at most {max} characters"),
        )
    } else {
        return;
    };
    out.push(at.finding(
        Severity::Warning,
        Report::Seo,
        rule,
        Some(field),
        message,
        hint,
    ));
}

/// A canonical must be an `http(s)` URL or a site path, and name the page it is on: one that
/// names another page tells search engines to index that page instead.
fn canonical(out: &mut Vec<Finding>, set: &ContentSet, e: &Routed, at: &At) {
    let own = e.route.as_ref().map(Route::path).unwrap_or_default();
    let value = e.canonical.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        if e.seo_index {
            out.push(at.finding(
                Severity::Info,
                Report::Seo, "canonical-empty",
                Some("canonical"),
                format!("canonical is empty, so the page names its own address {own} as canonical"),
                "Nothing to do unless this page copies another; then set canonical to that page's address",
            ));
        }
        return;
    }
    let Some(path) = canonical_path(value) else {
        out.push(at.finding(
            Severity::Error,
            Report::Seo,
            "canonical-malformed",
            Some("canonical"),
            format!(
                "canonical {} is neither an http(s) URL nor a site path starting with /",
                quote(value, 80)
            ),
            format!("Set canonical to this page's address ({own}) or clear it"),
        ));
        return;
    };
    let route = Route::parse(path);
    if e.route.as_ref() == Some(&route) {
        return;
    }
    let (severity, rule, why) = match target(set, &route) {
        Target::NotARoute => (
            Severity::Error,
            "canonical-dead",
            "which is no page of the site",
        ),
        Target::UnknownSlug => (
            Severity::Error,
            "canonical-dead",
            "and no entry has that slug",
        ),
        Target::Fixed | Target::Entry { .. } => (
            Severity::Warning,
            "canonical-elsewhere",
            "another page: search engines will index that page instead of this one",
        ),
    };
    out.push(at.finding(
        severity,
        Report::Seo, rule,
        Some("canonical"),
        format!("canonical {} points at {}, {why}", quote(value, 80), route_or(path, &route)),
        format!("Set canonical to this page's address ({own}), or clear it, unless this page duplicates that one"),
    ));
}

fn route_or(path: &str, route: &Route) -> String {
    match route {
        Route::NotFound => path.to_string(),
        r => r.path(),
    }
}

/// The site path a canonical names, or `None` when it is malformed.
fn canonical_path(value: &str) -> Option<&str> {
    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return None;
    }
    let lower = value.to_ascii_lowercase();
    let rest = if lower.starts_with("https://") {
        &value[8..]
    } else if lower.starts_with("http://") {
        &value[7..]
    } else if value.starts_with('/') && !value.starts_with("//") {
        return Some(value);
    } else {
        return None;
    };
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if host_end == 0 {
        return None;
    }
    match &rest[host_end..] {
        "" => Some("/"),
        p if p.starts_with('/') => Some(p),
        // `https://host?x` or `https://host#x`: the home page.
        _ => Some("/"),
    }
}

/// The same title or description on two indexable pages: search engines show one of them.
fn duplicates<'a>(
    out: &mut Vec<Finding>,
    entries: &[&'a Routed<'a>],
    rule: &'static str,
    field: &str,
    value: impl Fn(&Routed<'a>) -> Option<&'a str>,
) {
    let mut groups: BTreeMap<String, Vec<&Routed>> = BTreeMap::new();
    for e in entries {
        let v = value(e).map(str::trim).unwrap_or_default();
        if !v.is_empty() {
            groups.entry(v.to_lowercase()).or_default().push(e);
        }
    }
    for group in groups.values().filter(|g| g.len() > 1) {
        for e in group {
            let others: Vec<String> = group
                .iter()
                .filter(|o| o.id != e.id)
                .filter_map(|o| o.route.as_ref().map(Route::path))
                .collect();
            let v = value(e).unwrap_or_default().trim();
            out.push(e.at().finding(
                Severity::Warning,
                Report::Seo,
                rule,
                Some(field),
                format!(
                    "{field} {} is also used by {}",
                    quote(v, 80),
                    others.join(", ")
                ),
                format!("Give each page its own {field}"),
            ));
        }
    }
}

fn alt_text(out: &mut Vec<Finding>, set: &ContentSet) {
    let mut missing = |at: &At, field: &str, asset: &crate::content::Asset| {
        if !is_image(asset)
            || asset
                .description
                .as_deref()
                .is_some_and(|d| !d.trim().is_empty())
        {
            return;
        }
        let name = asset.file_name.as_deref().unwrap_or(&asset.url);
        let shown = match asset.title.as_deref().map(str::trim) {
            Some(t) if !t.is_empty() => {
                format!("; the site falls back to its title {}", quote(t, 60))
            }
            _ => "; the site shows it as decorative".to_string(),
        };
        out.push(at.finding(
            Severity::Warning,
            Report::Seo, "image-without-alt-text",
            Some(field),
            format!("image {name:?} (asset {}) has no alt text (description){shown}", asset.id),
            format!("Open asset {} in Contentful's Media and describe the image in its Description field", asset.id),
        ));
    };
    for p in pictures(set) {
        missing(&p.at, p.field, p.asset);
    }
    for t in texts(set) {
        for node in t.doc.0.walk() {
            if node.node_type != "embedded-asset-block" {
                continue;
            }
            if let Some(asset) = node.target().and_then(|l| set.asset(l.id)) {
                missing(&t.at, t.field, asset);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_path_reads_absolute_urls_and_site_paths_and_refuses_the_rest() {
        assert_eq!(
            canonical_path("https://example.com/insights/a"),
            Some("/insights/a")
        );
        assert_eq!(canonical_path("HTTP://example.com"), Some("/"));
        assert_eq!(canonical_path("https://example.com?x=1"), Some("/"));
        assert_eq!(canonical_path("/etender"), Some("/etender"));
        for bad in [
            "insights/a",
            "//example.com/a",
            "https://",
            "ftp://x/a",
            "/a b",
            "mailto:x@y",
        ] {
            assert_eq!(canonical_path(bad), None, "{bad}");
        }
    }
}
