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
use std::cell::RefCell;

/// The key of the inspector object in an annotated view object.
pub const KEY: &str = "inspector";
/// The attribute naming the entry a tagged element shows.
pub const ENTRY_ID: &str = "data-contentful-entry-id";
/// The attribute naming the field a tagged element shows.
pub const FIELD_ID: &str = "data-contentful-field-id";

/// Adds the inspector tags of `route`'s page to `outcome` (a composed outcome, serialised),
/// for entries in `locale`. Anything but a page is left alone.
///
/// Returns the tags that could not be placed because the view has no field (or list) under
/// the key these rules name, each as `key (field of entry)`: empty while the rules follow the
/// view models. A view field renamed without its rule shows up here instead of losing its tag
/// silently. A field that is present but null (an article without a hero) is simply not
/// tagged. Cards are tagged by whichever of their kind's keys they have, so they report nothing.
#[must_use = "tags naming a field the view lacks are lost unless reported"]
pub fn annotate(route: &Route, set: &ContentSet, locale: &str, outcome: &mut Value) -> Vec<String> {
    let Some(view) = outcome.get_mut("view") else {
        return Vec::new();
    };
    let tagger = Tagger {
        set,
        locale,
        unplaced: RefCell::new(Vec::new()),
    };
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
                if let Some(policy) = tagger.field(view, "policy", &page.id) {
                    tagger.tag(
                        policy,
                        &page.id,
                        &[("image1", "image1"), ("image5", "image5")],
                    );
                    let count = tagger.items(policy, "sections", &page.id).count();
                    let sections: Vec<Value> = (1..=count)
                        .map(|n| tagger.one(&page.id, &format!("section{n}")))
                        .collect();
                    insert(policy, "sections", Value::Array(sections));
                }
            }
        }
        _ => {}
    }
    // The page's FAQ block is the FAQ list for its path, on the screens that show one (a
    // page-builder page shows its FAQ lists as slices instead).
    if let Some(list) = set.faq_for(&route.faq_key())
        && let Some(faq) = view.get_mut("faq")
    {
        tagger.faq(faq, list);
    }
    tagger.cards(view);
    tagger.unplaced.into_inner()
}

struct Tagger<'a> {
    set: &'a ContentSet,
    locale: &'a str,
    /// The tags whose key the view does not have (see [`annotate`]).
    unplaced: RefCell<Vec<String>>,
}

impl Tagger<'_> {
    fn one(&self, entry_id: &str, field_id: &str) -> Value {
        json!({
            ENTRY_ID: entry_id,
            FIELD_ID: field_id,
            "data-contentful-locale": self.locale,
        })
    }

    /// Tags each `(key, field)` of `object` that is not null; a key `object` does not have at
    /// all is reported as unplaced. A null `object` (a button left off the page) has nothing to
    /// tag.
    fn tag(&self, object: &mut Value, entry_id: &str, fields: &[(&str, &str)]) {
        if object.is_null() {
            return;
        }
        for (key, field) in fields {
            match object.get(*key) {
                Some(Value::Null) => {}
                Some(_) => insert(object, key, self.one(entry_id, field)),
                None => self.unplaced(key, field, entry_id),
            }
        }
    }

    /// Tags each `(key, field)` that `card` has and is not null: cards of several kinds share
    /// one list of keys, each kind having some of them.
    fn tag_card(&self, card: &mut Value, entry_id: &str, fields: &[(&str, &str)]) {
        for (key, field) in fields {
            if card.get(*key).is_some_and(|v| !v.is_null()) {
                insert(card, key, self.one(entry_id, field));
            }
        }
    }

    /// The value under `key` in `object`, unless null; a missing key is reported as unplaced
    /// (the tags of `entry_id` meant for it are lost).
    fn field<'v>(&self, object: &'v mut Value, key: &str, entry_id: &str) -> Option<&'v mut Value> {
        match object.get_mut(key) {
            Some(Value::Null) => None,
            Some(value) => Some(value),
            None => {
                self.unplaced(key, "*", entry_id);
                None
            }
        }
    }

    /// The items of the list under `key` in `object`; a missing key is reported as unplaced.
    fn items<'v>(
        &self,
        object: &'v mut Value,
        key: &str,
        entry_id: &str,
    ) -> impl Iterator<Item = &'v mut Value> + use<'v> {
        self.field(object, key, entry_id)
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
    }

    fn unplaced(&self, key: &str, field: &str, entry_id: &str) {
        self.unplaced
            .borrow_mut()
            .push(format!("{key} ({field} of {entry_id})"));
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
        if let Some(quote) = self.field(view, "quote", id) {
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
        for fact in self.items(view, "facts", id) {
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
        for section in self.items(view, "sections", id) {
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
        for (item, entry) in self.items(faq, "items", &list.list_id).zip(&list.items) {
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
            && let Some(shown) = self.field(view, "banner", &banner.id)
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
        for (view, slice) in self.items(view, "slices", &page.id).zip(shown) {
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
                    for (shown, button) in self.items(view, "buttons", &d.id).zip(buttons) {
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
        for (item, entry) in self
            .items(view, "timeline", "timeline")
            .zip(self.set.timeline())
        {
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
        let count = self.items(view, "logos", "customerLogo").count();
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
            self.tag_card(
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
            self.tag_card(
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
            self.tag_card(card, &page.id, &[("text", "title")]);
        }
    }
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
        let unplaced = annotate(route, &set, "en-AU", &mut outcome);
        assert!(unplaced.is_empty(), "{route:?}: {unplaced:?}");
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

    /// The keys of every inspector object under `value` that name no field of the object
    /// holding it, as `path.key`.
    pub(crate) fn keys_without_a_field(value: &Value, path: &str, out: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::Object(tags)) = map.get(KEY) {
                    for key in tags.keys() {
                        if map.get(key).is_none_or(Value::is_null) {
                            out.push(format!("{path}.{key}"));
                        }
                    }
                }
                for (key, child) in map.iter().filter(|(k, _)| *k != KEY) {
                    keys_without_a_field(child, &format!("{path}.{key}"), out);
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    keys_without_a_field(item, &format!("{path}[{i}]"), out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_route_places_every_tag_beside_the_field_it_names() {
        let set = fixture::content();
        let mut tagged = 0;
        for route in crate::rules::every_route(&set) {
            let outcome = annotated(&route);
            let mut stray = Vec::new();
            keys_without_a_field(&outcome, "", &mut stray);
            assert!(stray.is_empty(), "{route:?}: {stray:?}");
            tagged += usize::from(outcome.to_string().contains("\"inspector\""));
        }
        assert!(tagged > 10, "{tagged} routes tagged");
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
