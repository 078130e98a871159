//! Entries that only appear inside others: FAQ items and lists, buttons, page banners and the
//! slices of page-builder pages. Each is read once, then shared by every entry that links to it.

use super::fields::Fields;
use super::links::Resolver;
use std::collections::HashMap;
use supplysite_core::content::{
    Button, ButtonAction, ButtonFill, DividerCta, FaqItem, FaqList, PageBanner, TextJustification,
    TextLayout, TextMedia,
};

/// The nested entries read so far, by entry id.
#[derive(Default)]
pub(crate) struct Nested {
    pub faq_items: HashMap<String, FaqItem>,
    /// `faqList` entries: their title and items.
    pub faq_lists: HashMap<String, (String, Vec<FaqItem>)>,
    /// `addOnFaqList` entries, which are also top-level (they attach to a page path).
    pub add_ons: HashMap<String, FaqList>,
    pub buttons: HashMap<String, Button>,
    pub banners: HashMap<String, PageBanner>,
    pub text_media: HashMap<String, TextMedia>,
    pub dividers: HashMap<String, DividerCta>,
}

pub(crate) fn faq_item(f: &mut Fields<'_>) -> Option<FaqItem> {
    Some(FaqItem {
        id: f.at.id.to_string(),
        question: f.required_symbol("question")?,
        answer_text: f.required_symbol("answerText")?,
    })
}

pub(crate) fn faq_list(
    f: &mut Fields<'_>,
    r: &Resolver<'_>,
    n: &Nested,
) -> Option<(String, Vec<FaqItem>)> {
    let title = f.required_symbol("title");
    let items = r.entries(f, "faqItems", "faqItem", &n.faq_items);
    Some((title?, items))
}

pub(crate) fn add_on(f: &mut Fields<'_>, r: &Resolver<'_>, n: &Nested) -> Option<FaqList> {
    let slug = f.required_symbol("addOnFaqListSlug");
    let list_id = f.link("faqList", "Entry", true);
    let list_id = list_id?;
    let (title, items) = r
        .entry(f, "faqList", &list_id, "faqList", &n.faq_lists)?
        .clone();
    Some(FaqList {
        id: f.at.id.to_string(),
        list_id,
        // Editors sometimes paste the path with its slash; the page looks it up without one.
        slug: slug?.trim().trim_start_matches('/').to_string(),
        title,
        items,
    })
}

pub(crate) fn button(f: &mut Fields<'_>, r: &Resolver<'_>) -> Option<Button> {
    let action = f.required_symbol("buttonAction");
    let label = f.required_symbol("buttonLabel");
    let url = f.symbol("buttonActionUrl");
    let asset = r.asset(f, "buttonActionAsset");
    let fill = match f.boolean("buttonFill") {
        Some(false) => ButtonFill::Outline,
        _ => ButtonFill::Filled,
    };
    let internal_id = f.symbol("buttonInternalId");
    let action = action?;
    let Some(action) = ButtonAction::parse(&action) else {
        let allowed = ButtonAction::ALL.map(ButtonAction::as_str).join(", ");
        let message = format!(
            "unknown button action {action:?} (expected one of {allowed}); entry not shown"
        );
        f.problems.error(&f.at, "buttonAction", message);
        return None;
    };
    Some(Button {
        id: f.at.id.to_string(),
        action,
        url,
        asset,
        fill,
        internal_id,
        label: label?,
    })
}

pub(crate) fn banner(f: &mut Fields<'_>, r: &Resolver<'_>) -> Option<PageBanner> {
    Some(PageBanner {
        id: f.at.id.to_string(),
        banner_image: r.asset(f, "bannerImage"),
        banner_text: f.symbol("bannerText"),
        banner_logo: r.asset(f, "bannerLogo"),
        banner_text_box: f.rich_text("bannerTextBox"),
        banner_body_text: f.symbol("bannerBodyText"),
    })
}

pub(crate) fn text_media(f: &mut Fields<'_>, r: &Resolver<'_>, n: &Nested) -> Option<TextMedia> {
    let layout = f.required_symbol("textLayout");
    let justification = f.required_symbol("textJustification");
    let side_image = r.asset(f, "sideImage");
    let text_block_title = f.symbol("textBlockTitle");
    let text_content = f.rich_text("textContent");
    let button = match f.link("button", "Entry", false) {
        Some(id) => r.entry(f, "button", &id, "button", &n.buttons).cloned(),
        None => None,
    };
    let text_layout = one_of(f, "textLayout", &layout?, TextLayout::parse, || {
        TextLayout::ALL.map(TextLayout::as_str).join(", ")
    })?;
    let text_justification = one_of(
        f,
        "textJustification",
        &justification?,
        TextJustification::parse,
        || {
            TextJustification::ALL
                .map(TextJustification::as_str)
                .join(", ")
        },
    )?;
    Some(TextMedia {
        id: f.at.id.to_string(),
        side_image,
        text_block_title,
        text_content,
        text_layout,
        text_justification,
        button,
    })
}

pub(crate) fn divider(f: &mut Fields<'_>, r: &Resolver<'_>, n: &Nested) -> Option<DividerCta> {
    Some(DividerCta {
        id: f.at.id.to_string(),
        title: f.symbol("title"),
        text: f.symbol("text"),
        buttons: r.entries(f, "buttons", "button", &n.buttons),
    })
}

/// One of the values a Contentful `in` validation allows.
fn one_of<T>(
    f: &mut Fields<'_>,
    field: &str,
    value: &str,
    parse: impl Fn(&str) -> Option<T>,
    allowed: impl Fn() -> String,
) -> Option<T> {
    let parsed = parse(value);
    if parsed.is_none() {
        let message = format!(
            "unknown value {value:?} (expected one of {}); entry not shown",
            allowed()
        );
        f.problems.error(&f.at, field, message);
    }
    parsed
}
