//! Contentful Live Preview's inspector tags: which entry and field each part of a composed page
//! shows, so an editor can click a title on the preview and land on that field.
//!
//! Views carry nothing of it. [`annotate`] is called only when composing for preview: it adds
//! an `inspector` object beside the fields it knows, mapping each field's key in the view to
//! the attributes Contentful's inspector reads (`data-contentful-entry-id`, `-field-id` and
//! `-locale`), or, for a list of rich-text sections, to a list of those. The web UI puts them
//! as they are on the element showing the field.
//!
//! Articles, customer stories, page-builder pages (banner, slices, their buttons and FAQ
//! lists), the About Us timeline, the home page's customer logos, the privacy page and a page's
//! FAQ block are tagged from the route, following the same choice of what is shown that
//! composing made; cards and teasers (blog cards, customer-story teasers, related links) are
//! tagged wherever they appear, found by the article or story their link names.

use crate::compose::{banner_text, shown_buttons, shown_logos, shown_slices};
use crate::content::{Button, ContentSet, FaqList, Page, Slice};
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
        Route::Page(slug) => {
            if let Some(page) = set.page(slug) {
                tagger.page(view, page);
            }
        }
        Route::AboutUs => tagger.timeline(view),
        Route::Home => tagger.logos(view),
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
    // The page's FAQ block is the FAQ list for its path.
    if let Some(list) = set.faq_for(&route.faq_key())
        && let Some(faq) = view.get_mut("faq")
    {
        tagger.faq(faq, list);
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

    /// An FAQ block: its title from the list, each question and answer from its own entry.
    fn faq(&self, faq: &mut Value, list: &FaqList) {
        if !list.list_id.is_empty() {
            self.tag(faq, &list.list_id, &[("title", "title")]);
        }
        for (item, entry) in items(faq, "items").zip(&list.items) {
            if !entry.id.is_empty() {
                self.tag(
                    item,
                    &entry.id,
                    &[("question", "question"), ("answer", "answerText")],
                );
            }
        }
    }

    /// A page-builder page: its title, banner, and each slice it shows with the slice's buttons.
    fn page(&self, view: &mut Value, page: &Page) {
        // The heading is the banner's text, else the page's title.
        match &page.banner {
            Some(banner) if banner_text(page).is_some() => {
                self.tag(view, &banner.id, &[("heading", "bannerText")]);
            }
            _ => self.tag(view, &page.id, &[("heading", "title")]),
        }
        if let Some(banner) = &page.banner
            && !banner.id.is_empty()
            && let Some(shown) = view.get_mut("banner")
        {
            self.tag(
                shown,
                &banner.id,
                &[
                    ("image", "bannerImage"),
                    ("logo", "bannerLogo"),
                    ("textBox", "bannerTextBox"),
                    ("bodyText", "bannerBodyText"),
                ],
            );
        }
        let shown: Vec<&Slice> = shown_slices(page, self.set).map(|(s, _)| s).collect();
        for (view, slice) in items(view, "slices").zip(shown) {
            match slice {
                Slice::TextMedia(t) => {
                    self.tag(
                        view,
                        &t.id,
                        &[
                            ("title", "textBlockTitle"),
                            ("html", "textContent"),
                            ("image", "sideImage"),
                        ],
                    );
                    if let (Some(button), Some(shown)) = (&t.button, view.get_mut("button")) {
                        self.button(shown, button);
                    }
                }
                Slice::Faq(list) => self.faq(view, list),
                Slice::DividerCta(d) => {
                    self.tag(view, &d.id, &[("title", "title"), ("text", "text")]);
                    let buttons: Vec<&Button> = shown_buttons(&d.buttons).map(|(b, _)| b).collect();
                    for (shown, button) in items(view, "buttons").zip(buttons) {
                        self.button(shown, button);
                    }
                }
            }
        }
    }

    /// An editor's button: its label.
    fn button(&self, shown: &mut Value, button: &Button) {
        self.tag(shown, &button.id, &[("label", "buttonLabel")]);
    }

    /// The About Us timeline: every entry is shown, in order.
    fn timeline(&self, view: &mut Value) {
        for (item, entry) in items(view, "timeline").zip(self.set.timeline()) {
            self.tag(
                item,
                &entry.id,
                &[
                    ("title", "title"),
                    ("html", "maincontent"),
                    ("iconText", "iconText"),
                    ("image", "image"),
                ],
            );
            if let Some(button) = item.get_mut("button") {
                self.tag(button, &entry.id, &[("label", "buttontext")]);
            }
        }
    }

    /// The home page's customer logos, each from its `customerLogo` entry: a list of tags, one
    /// per logo shown.
    fn logos(&self, view: &mut Value) {
        let count = view
            .get("logos")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        let tags: Vec<Value> = shown_logos(self.set)
            .take(count)
            .map(|logo| self.one(&logo.id, "logo"))
            .collect();
        if !tags.is_empty() {
            insert(view, "logos", Value::Array(tags));
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
                    ("person", "nameofquotedperson"),
                    ("jobTitle", "quotedpersonjobtitle"),
                    ("role", "quotedpersonjobtitle"),
                    ("organisation", "organisation"),
                    ("text", "title"),
                ],
            );
        } else if let Some(slug) = path.strip_prefix("/page/")
            && let Some(page) = self.set.page(slug)
        {
            // A related link to a page-builder page, whose text is the title.
            self.tag(card, &page.id, &[("text", "title")]);
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
    fn a_page_with_a_faq_list_tags_its_title_with_the_list_and_each_question_with_its_item() {
        let set = fixture::content();
        let tagged = set.posts().iter().find_map(|post| {
            let route = Route::Insight(post.slug.clone());
            let list = set.faq_for(&route.faq_key())?;
            Some((annotated(&route), list.list_id.clone()))
        });
        let (outcome, id) = tagged.expect("the fixture has a post with a FAQ list");
        assert_eq!(outcome["view"]["faq"][KEY]["title"][ENTRY_ID], json!(id));
        for item in outcome["view"]["faq"]["items"].as_array().unwrap() {
            assert!(item[KEY]["question"][ENTRY_ID].is_string(), "{item}");
            assert_eq!(item[KEY]["answer"][FIELD_ID], "answerText");
        }
    }

    #[test]
    fn a_page_builder_page_tags_its_banner_slices_buttons_and_faq_items() {
        let set = fixture::content();
        let page = set.page("why-supplysite").unwrap();
        let outcome = annotated(&Route::Page(page.slug.clone()));
        let view = &outcome["view"];
        // The banner's text is the heading.
        let banner = page.banner.as_ref().unwrap();
        assert_eq!(view[KEY]["heading"][ENTRY_ID], json!(banner.id));
        assert_eq!(view[KEY]["heading"][FIELD_ID], "bannerText");
        assert_eq!(view["banner"][KEY]["image"][FIELD_ID], "bannerImage");
        assert_eq!(view["banner"][KEY]["textBox"][FIELD_ID], "bannerTextBox");
        let slices = view["slices"].as_array().unwrap();
        let mut kinds = Vec::new();
        for slice in slices {
            let kind = slice["kind"].as_str().unwrap();
            kinds.push(kind);
            match kind {
                "textMedia" => {
                    assert_eq!(slice[KEY]["html"][FIELD_ID], "textContent", "{slice}");
                    if !slice["button"].is_null() {
                        assert_eq!(slice["button"][KEY]["label"][FIELD_ID], "buttonLabel");
                    }
                }
                "faq" => {
                    for item in slice["items"].as_array().unwrap() {
                        assert_eq!(item[KEY]["question"][FIELD_ID], "question");
                    }
                }
                _ => {
                    assert_eq!(slice[KEY]["title"][FIELD_ID], "title");
                    let buttons = slice["buttons"].as_array().unwrap();
                    assert!(!buttons.is_empty());
                    for button in buttons {
                        assert_eq!(button[KEY]["label"][FIELD_ID], "buttonLabel", "{button}");
                    }
                }
            }
        }
        assert!(
            kinds.contains(&"faq") && kinds.contains(&"dividerCta"),
            "{kinds:?}"
        );
    }

    #[test]
    fn slices_past_the_limit_are_not_tagged_with_another_slice() {
        let set = fixture::content();
        let page = set.page("big-guide").unwrap();
        let outcome = annotated(&Route::Page(page.slug.clone()));
        let slices = outcome["view"]["slices"].as_array().unwrap();
        let shown: Vec<&Slice> = shown_slices(page, &set).map(|(s, _)| s).collect();
        assert_eq!(slices.len(), shown.len());
        for (view, slice) in slices.iter().zip(shown) {
            if let Slice::TextMedia(t) = slice {
                assert_eq!(view[KEY]["html"][ENTRY_ID], json!(t.id));
            }
        }
    }

    #[test]
    fn the_about_timeline_and_the_home_logos_are_tagged_by_their_entries() {
        let set = fixture::content();
        let about = annotated(&Route::AboutUs);
        let items = about["view"]["timeline"].as_array().unwrap();
        assert_eq!(items.len(), set.timeline().len());
        for (item, entry) in items.iter().zip(set.timeline()) {
            assert_eq!(item[KEY]["title"][ENTRY_ID], json!(entry.id));
            assert_eq!(item[KEY]["html"][FIELD_ID], "maincontent");
        }
        let home = annotated(&Route::Home);
        let logos = home["view"]["logos"].as_array().unwrap();
        let tags = home["view"][KEY]["logos"].as_array().unwrap();
        assert!(!logos.is_empty());
        assert_eq!(tags.len(), logos.len());
        for (tag, logo) in tags.iter().zip(shown_logos(&set)) {
            assert_eq!(tag[ENTRY_ID], json!(logo.id));
        }
    }
}
