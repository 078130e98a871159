//! Contentful Live Preview's inspector tags: which entry and field each part of a composed page
//! shows, so an editor can click a title on the preview and land on that field.
//!
//! Views carry nothing of it. [`annotate`] is called only when composing for preview: it adds
//! an `inspector` object beside the fields it knows, mapping each field's key in the view to
//! the attributes Contentful's inspector reads (`data-contentful-entry-id`, `-field-id` and
//! `-locale`), or, for a list of rich-text sections, to a list of those. The web UI puts them
//! as they are on the element showing the field.
//!
//! Articles, customer stories, the privacy page and a page's FAQ title are tagged from the
//! route; cards and teasers (blog cards, customer-story teasers, related links) are tagged
//! wherever they appear, found by the article or story their link names.

use crate::content::ContentSet;
use crate::copy;
use crate::routes::Route;
use serde_json::{Map, Value, json};

/// The key of the inspector object in an annotated view object.
pub const KEY: &str = "inspector";
/// The attribute naming the entry a tagged element shows.
pub const ENTRY_ID: &str = "data-contentful-entry-id";
/// The attribute naming the field a tagged element shows.
pub const FIELD_ID: &str = "data-contentful-field-id";

/// Adds the inspector tags of `route`'s page to `outcome` (a composed outcome, serialised),
/// for entries in `locale`. Anything but a page is left alone.
pub fn annotate(route: &Route, set: &ContentSet, locale: &str, outcome: &mut Value) {
    let Some(view) = outcome.get_mut("view") else {
        return;
    };
    let tagger = Tagger { set, locale };
    match route {
        Route::Insight(slug) => {
            if let Some(post) = set.post(slug) {
                tagger.tag(
                    view,
                    &post.id,
                    &[
                        ("title", "title"),
                        ("hero", "heroImage"),
                        ("body", "bodyRichtext"),
                    ],
                );
            }
        }
        Route::CaseStudy(slug) => {
            if let Some(story) = set.case_study(slug) {
                tagger.case_study(view, &story.id);
            }
        }
        Route::Privacy => {
            if let Some(page) = set.privacy() {
                tagger.tag(view, &page.id, &[("title", "title")]);
                if let Some(policy) = view.get_mut("policy") {
                    tagger.tag(
                        policy,
                        &page.id,
                        &[("image1", "image1"), ("image5", "image5")],
                    );
                    let count = policy
                        .get("sections")
                        .and_then(Value::as_array)
                        .map_or(0, Vec::len);
                    let sections: Vec<Value> = (1..=count)
                        .map(|n| tagger.one(&page.id, &format!("section{n}")))
                        .collect();
                    insert(policy, "sections", Value::Array(sections));
                }
            }
        }
        _ => {}
    }
    // The page's FAQ block is the FAQ list for its path. Its questions are not tagged: the
    // content model does not keep the ids of FAQ items.
    if let Some(list) = set.faq_for(&route.faq_key())
        && let Some(faq) = view.get_mut("faq")
    {
        tagger.tag(faq, &list.id, &[("title", "title")]);
    }
    tagger.cards(view);
}

struct Tagger<'a> {
    set: &'a ContentSet,
    locale: &'a str,
}

impl Tagger<'_> {
    fn one(&self, entry_id: &str, field_id: &str) -> Value {
        json!({
            ENTRY_ID: entry_id,
            FIELD_ID: field_id,
            "data-contentful-locale": self.locale,
        })
    }

    /// Tags each `(key, field)` of `object` that is present and not null.
    fn tag(&self, object: &mut Value, entry_id: &str, fields: &[(&str, &str)]) {
        for (key, field) in fields {
            if object.get(*key).is_some_and(|v| !v.is_null()) {
                insert(object, key, self.one(entry_id, field));
            }
        }
    }

    fn case_study(&self, view: &mut Value, id: &str) {
        self.tag(
            view,
            id,
            &[
                ("title", "title"),
                ("organisation", "organisation"),
                ("logo", "logo"),
                ("productLogo", "productlogo"),
                ("bannerImage", "mainimage"),
                ("download", "downloadablePdf"),
            ],
        );
        if let Some(quote) = view.get_mut("quote") {
            self.tag(
                quote,
                id,
                &[
                    ("quote", "calloutquote"),
                    ("person", "nameofquotedperson"),
                    ("role", "quotedpersonjobtitle"),
                    ("organisation", "organisation"),
                ],
            );
        }
        for fact in items(view, "facts") {
            let field = match fact.get("label").and_then(Value::as_str) {
                Some(copy::CATEGORY) => "category",
                Some(copy::LOCATION) => "location",
                Some(copy::SUPPLIERS) => "suppliers",
                Some(copy::STRATEGY) => "strategy",
                Some(copy::INDUSTRY) => "industry",
                _ => continue,
            };
            self.tag(fact, id, &[("value", field)]);
        }
        for section in items(view, "sections") {
            let (html, image) = match section.get("heading").and_then(Value::as_str) {
                Some(copy::BACKGROUND) => ("backgrounder", None),
                Some(copy::THE_CHALLENGE) => ("challenge", Some("thechallengeimage")),
                Some(copy::THE_SOLUTION) => ("solution", Some("thesolutionimage")),
                Some(copy::THE_OUTCOMES) => ("outcomes", Some("theoutcomesimage")),
                _ => continue,
            };
            self.tag(section, id, &[("html", html)]);
            if let Some(image) = image {
                self.tag(section, id, &[("image", image)]);
            }
        }
    }

    /// Tags every card, teaser and related link under `value` by the entry its link names.
    fn cards(&self, value: &mut Value) {
        match value {
            Value::Array(items) => items.iter_mut().for_each(|i| self.cards(i)),
            Value::Object(map) => {
                if let Some(href) = map.get("href").and_then(Value::as_str).map(str::to_string) {
                    self.card(value, &href);
                }
                if let Value::Object(map) = value {
                    for (key, child) in map.iter_mut() {
                        if key != KEY {
                            self.cards(child);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn card(&self, card: &mut Value, href: &str) {
        let path = href.split(['?', '#']).next().unwrap_or_default();
        if let Some(slug) = path.strip_prefix("/insights/")
            && let Some(post) = self.set.post(slug)
        {
            // A blog card, or a related link whose text is the title.
            self.tag(
                card,
                &post.id,
                &[
                    ("title", "title"),
                    ("text", "title"),
                    ("description", "description"),
                    ("image", "heroImage"),
                ],
            );
        } else if let Some(slug) = path.strip_prefix("/case-study/")
            && let Some(story) = self.set.case_study(slug)
        {
            self.tag(
                card,
                &story.id,
                &[
                    ("quote", "calloutquote"),
                    ("heading", "teaserheading"),
                    ("extract", "extractforteaser"),
                    ("logo", "logo"),
                    ("quotedPerson", "nameofquotedperson"),
                    ("jobTitle", "quotedpersonjobtitle"),
                    ("organisation", "organisation"),
                    ("text", "title"),
                ],
            );
        }
    }
}

fn items<'v>(view: &'v mut Value, key: &str) -> impl Iterator<Item = &'v mut Value> {
    view.get_mut(key)
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
}

fn insert(object: &mut Value, key: &str, tag: Value) {
    if let Value::Object(map) = object {
        let inspector = map.entry(KEY).or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(inspector) = inspector {
            inspector.insert(key.to_string(), tag);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::{compose, fixture};

    fn annotated(route: &Route) -> Value {
        let set = fixture::content();
        let mut outcome = serde_json::to_value(compose(route, &set)).unwrap();
        annotate(route, &set, "en-AU", &mut outcome);
        outcome
    }

    #[test]
    fn an_article_tags_its_title_hero_and_body_and_its_cards_by_their_posts() {
        let set = fixture::content();
        let post = set.posts_newest().next().unwrap();
        let outcome = annotated(&Route::Insight(post.slug.clone()));
        let view = &outcome["view"];
        assert_eq!(
            view[KEY]["title"],
            json!({ENTRY_ID: post.id, FIELD_ID: "title", "data-contentful-locale": "en-AU"})
        );
        assert_eq!(view[KEY]["body"][FIELD_ID], "bodyRichtext");
        let cards = view["moreInsights"]["cards"].as_array().unwrap();
        assert!(!cards.is_empty());
        for card in cards {
            let slug = card["href"]
                .as_str()
                .unwrap()
                .trim_start_matches("/insights/");
            let id = &set.post(slug).unwrap().id;
            assert_eq!(card[KEY]["title"][ENTRY_ID], json!(id));
            assert_eq!(card[KEY]["description"][FIELD_ID], "description");
        }
    }

    #[test]
    fn a_view_composed_for_the_public_has_no_inspector() {
        let set = fixture::content();
        let post = set.posts_newest().next().unwrap();
        let outcome = serde_json::to_value(compose(&Route::Insight(post.slug.clone()), &set));
        assert!(!outcome.unwrap().to_string().contains("\"inspector\""));
    }

    #[test]
    fn a_customer_story_tags_its_fields_sections_and_facts() {
        let set = fixture::content();
        let story = set.case_studies_by_priority().next().unwrap();
        let outcome = annotated(&Route::CaseStudy(story.slug.clone()));
        let view = &outcome["view"];
        assert_eq!(view[KEY]["title"][ENTRY_ID], json!(story.id));
        for section in view["sections"].as_array().unwrap() {
            assert!(section[KEY]["html"][FIELD_ID].is_string(), "{section}");
        }
        for fact in view["facts"].as_array().unwrap() {
            assert!(fact[KEY]["value"][FIELD_ID].is_string(), "{fact}");
        }
    }

    #[test]
    fn a_page_with_a_faq_list_tags_its_title_with_the_list() {
        let set = fixture::content();
        let tagged = set.posts().iter().find_map(|post| {
            let route = Route::Insight(post.slug.clone());
            let list = set.faq_for(&route.faq_key())?;
            Some((annotated(&route), list.id.clone()))
        });
        let (outcome, id) = tagged.expect("the fixture has a post with a FAQ list");
        assert_eq!(outcome["view"]["faq"][KEY]["title"][ENTRY_ID], json!(id));
    }
}
