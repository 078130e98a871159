//! The `inspector` report: every part of a preview page that shows content from the space must
//! carry Live Preview's inspector tags, or an editor who clicks it in Contentful's editor lands
//! nowhere.
//!
//! Each route is composed and tagged as preview composes it, then its view is walked. A value
//! shows content when it came from the space: a text equal to one of the space's texts, rich
//! text whose words are the space's, or an image of one of the space's assets. The site's own
//! words are what the fixed pages show over an empty space; a text of the space that equals
//! one of them (an article titled like a product page's heading) is not taken as the space's.
//! Such a value is tagged when the object holding it has an inspector tag under its key (for a
//! list of texts or images, one tag per item). Addresses, video ids, layout choices and the page
//! head are not shown as content and are not walked.

use super::subject::At;
use super::{Finding, Report, Severity};
use crate::compose::compose;
use crate::content::ContentSet;
use crate::inspector::{self, KEY};
use crate::routes::Route;
use crate::rules;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashSet;

/// View keys that hold no content of the space an editor would click: links, video players,
/// layout choices, machine-readable dates and product tags, the page head, the tags themselves,
/// and the site's own figures and testimonials (fixed words that may equal an editor's).
const NOT_SHOWN: [&str; 19] = [
    KEY,
    "head",
    "href",
    "imageHref",
    "url",
    "video",
    "kind",
    "action",
    "style",
    "layout",
    "justification",
    "side",
    "external",
    "fileName",
    "pagination",
    "publishedIso",
    "products",
    "claims",
    "testimonial",
];

/// Fields of the space whose values are choices from a fixed list or names, never text shown as
/// it is: their values are also the site's own words (a product's name), so they are not taken
/// as the space's texts.
const NOT_TEXT: [&str; 5] = ["id", "slug", "products", "productTags", "tags"];

/// The shortest text taken as coming from the space: shorter ones ("No", "FAQ") are as likely
/// the site's own words.
const MIN_TEXT: usize = 4;

pub(super) fn report(set: &ContentSet) -> Vec<Finding> {
    let space = Provenance::of(set);
    let mut out = Vec::new();
    for route in rules::every_route(set) {
        let Ok(mut outcome) = serde_json::to_value(compose(&route, set)) else {
            continue;
        };
        for tag in inspector::annotate(&route, set, "en-AU", &mut outcome) {
            out.push(At::page(&route, None).finding(
                Severity::Error,
                Report::Inspector, "rule-for-missing-field",
                None,
                format!("the inspector rules tag {tag}, a field this page's view does not have, so that tag is lost"),
                "Rename the key in the site's inspector rules (core's inspector module) to the view's field".to_string(),
            ));
        }
        let Some(view) = outcome.get("view") else {
            continue;
        };
        let mut missing = Vec::new();
        walk(view, "", &space, &mut missing);
        for path in missing {
            out.push(At::page(&route, None).finding(
                Severity::Error,
                Report::Inspector, "untagged-content",
                Some(&path),
                format!("{path} shows content from the space without Live Preview's inspector tags, so clicking it in Contentful's editor finds no field"),
                "Tag it in the site's inspector rules (core's inspector module)".to_string(),
            ));
        }
    }
    out
}

/// The texts and asset addresses of a space.
struct Provenance {
    texts: HashSet<String>,
    assets: HashSet<String>,
}

impl Provenance {
    fn of(set: &ContentSet) -> Provenance {
        let mut site = Provenance {
            texts: HashSet::new(),
            assets: HashSet::new(),
        };
        let empty = ContentSet::empty();
        for route in Route::fixed() {
            if let Ok(view) = serde_json::to_value(compose(&route, &empty)) {
                site.collect(&view);
            }
        }
        let mut space = Provenance {
            texts: HashSet::new(),
            assets: HashSet::new(),
        };
        space.add(set.posts());
        space.add(set.case_studies());
        space.add(set.pages());
        space.add(set.faq_lists());
        space.add(&set.timeline().collect::<Vec<_>>());
        space.add(&set.customer_logos().collect::<Vec<_>>());
        space.add(&set.privacy().into_iter().collect::<Vec<_>>());
        space.texts.retain(|text| !site.texts.contains(text));
        space
    }

    fn add<T: Serialize>(&mut self, entries: &[T]) {
        for entry in entries {
            if let Ok(value) = serde_json::to_value(entry) {
                self.collect(&value);
            }
        }
    }

    fn collect(&mut self, value: &Value) {
        match value {
            Value::String(text) if text.trim().chars().count() >= MIN_TEXT => {
                self.texts.insert(text.trim().to_string());
            }
            Value::Array(items) => items.iter().for_each(|i| self.collect(i)),
            Value::Object(map) => {
                if let Some(Value::String(url)) = map.get("url") {
                    self.assets.insert(url.clone());
                }
                map.iter()
                    .filter(|(key, _)| !NOT_TEXT.contains(&key.as_str()))
                    .for_each(|(_, v)| self.collect(v));
            }
            _ => {}
        }
    }

    /// Whether a view value shows content of the space.
    fn shows(&self, value: &Value) -> bool {
        match value {
            Value::String(text) => {
                self.texts.contains(text.trim())
                    || (text.contains('<') && markup_texts(text).any(|t| self.texts.contains(&t)))
            }
            Value::Object(map) if map.contains_key("alt") => map
                .get("url")
                .and_then(Value::as_str)
                .is_some_and(|url| self.assets.contains(url)),
            _ => false,
        }
    }
}

/// The text between the tags of rendered markup, unescaped and trimmed, long enough to count.
fn markup_texts(html: &str) -> impl Iterator<Item = String> + '_ {
    html.split('<')
        .filter_map(|part| part.split_once('>').map(|(_, text)| text))
        .map(|text| {
            text.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&")
                .trim()
                .to_string()
        })
        .filter(|text| text.chars().count() >= MIN_TEXT)
}

/// Collects the paths of values under `value` that show content of the space without a tag.
fn walk(value: &Value, path: &str, space: &Provenance, missing: &mut Vec<String>) {
    let Value::Object(map) = value else {
        return;
    };
    let tags = map.get(KEY);
    for (key, child) in map {
        if NOT_SHOWN.contains(&key.as_str()) {
            continue;
        }
        let here = if path.is_empty() {
            key.clone()
        } else {
            format!("{path}.{key}")
        };
        match child {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let at = format!("{here}[{i}]");
                    if space.shows(item) {
                        if !tagged(tags, key, Some(i)) {
                            missing.push(at);
                        }
                    } else {
                        walk(item, &at, space, missing);
                    }
                }
            }
            _ if space.shows(child) => {
                if !tagged(tags, key, None) {
                    missing.push(here);
                }
            }
            _ => walk(child, &here, space, missing),
        }
    }
}

/// Whether the tags of an object name an entry for `key` (its `index`th for a list).
fn tagged(tags: Option<&Value>, key: &str, index: Option<usize>) -> bool {
    let Some(tag) = tags.and_then(|t| t.get(key)) else {
        return false;
    };
    let tag = match (index, tag) {
        (Some(i), Value::Array(list)) => list.get(i),
        (None, tag) => Some(tag),
        (Some(_), _) => None,
    };
    tag.and_then(|t| t.get(inspector::ENTRY_ID))
        .and_then(Value::as_str)
        .is_some_and(|id| !id.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::fixture;
    use serde_json::json;

    #[test]
    fn the_fixture_space_is_tagged_wherever_it_shows() {
        let findings = report(&fixture::content());
        let paths: Vec<String> = findings
            .iter()
            .map(|f| {
                format!(
                    "{} {}",
                    f.route.as_deref().unwrap_or(""),
                    f.field.as_deref().unwrap_or("")
                )
            })
            .collect();
        assert!(paths.is_empty(), "untagged: {paths:#?}");
    }

    #[test]
    fn a_value_of_the_space_without_its_tag_is_found_and_one_with_it_is_not() {
        let space = Provenance {
            texts: [
                "A title from the space".to_string(),
                "Rich words here".to_string(),
            ]
            .into(),
            assets: ["//images.ctfassets.net/s/a/t/x.jpg".to_string()].into(),
        };
        let tag = json!({inspector::ENTRY_ID: "e1", inspector::FIELD_ID: "title"});
        let view = json!({
            "title": "A title from the space",
            "heading": "Our own words",
            "href": "A title from the space",
            "body": "<p>Rich words here</p>",
            "cards": [{"image": {"url": "//images.ctfassets.net/s/a/t/x.jpg", "alt": ""}}],
            "logos": [{"url": "//images.ctfassets.net/s/a/t/x.jpg", "alt": "x"}],
            "inspector": {"body": tag, "logos": [tag]},
        });
        let mut missing = Vec::new();
        walk(&view, "", &space, &mut missing);
        missing.sort();
        assert_eq!(missing, vec!["cards[0].image", "title"]);
    }
}
