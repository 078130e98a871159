//! The About Us page.

use super::head;
use super::pieces::{
    blog_cards, button, first_text, image_of, mini_cards, product_card, rich, safe_href, teaser,
};
use crate::content::{ContentSet, TimelineEntry};
use crate::copy::{self, ABOUT};
use crate::routes::{ProductPage, Route};
use crate::rules::{self, Side};
use crate::view::{
    AboutView, BlogCardList, ButtonStyle, MiniCardList, ProductCardList, Promo, TimelineItem,
};

pub fn about(set: &ContentSet) -> AboutView {
    let route = Route::AboutUs;
    let mut head = head::fixed(ABOUT.intro.heading, ABOUT.description, &route);
    head.json_ld.push(head::organization());
    head.json_ld.push(head::breadcrumbs(&[
        ("Home", Route::Home.path()),
        (ABOUT.intro.heading, route.path()),
    ]));
    let lists = rules::about_lists(set);
    AboutView {
        head,
        intro: &ABOUT.intro,
        timeline: set
            .timeline()
            .enumerate()
            .map(|(i, e)| timeline_item(i, e, set))
            .collect(),
        founder: &ABOUT.founder,
        team: &ABOUT.team,
        culture: &ABOUT.culture,
        claims: copy::CLAIMS,
        case_study_teaser: rules::teaser(set, None)
            .case_study
            .map(|c| teaser(c, false)),
        product_cards: ProductCardList {
            heading: copy::EXPLORE_THE_SUITE,
            cards: ProductPage::ALL.into_iter().map(product_card).collect(),
        },
        insights: BlogCardList {
            heading: copy::LATEST_INSIGHTS,
            cards: blog_cards(&lists.insights, set.time_zone()),
        },
        links: MiniCardList {
            heading: copy::MORE_INSIGHTS_AND_INFORMATION,
            cards: mini_cards(&lists.links),
        },
        cta: Promo {
            heading: ABOUT.cta.heading,
            paragraphs: ABOUT.cta.paragraphs,
            button: Some(button(
                ABOUT.cta_button,
                Route::ContactUs.path(),
                ButtonStyle::Filled,
            )),
        },
    }
}

/// A timeline entry; entries alternate right and left by index, starting on the right.
fn timeline_item(index: usize, e: &TimelineEntry, set: &ContentSet) -> TimelineItem {
    let image = image_of(e.image.as_ref()).map(|mut image| {
        if let Some(alt) = first_text([e.image_alt_text.as_deref()]) {
            image.alt = alt;
        }
        image
    });
    let button = match (first_text([e.button_text.as_deref()]), &e.button_link) {
        (Some(label), Some(link)) => {
            safe_href(link).map(|(href, _)| button(&label, href, ButtonStyle::Outline))
        }
        _ => None,
    };
    TimelineItem {
        side: if index % 2 == 0 {
            Side::Right
        } else {
            Side::Left
        },
        title: rich(e.title.as_ref(), set),
        html: rich(e.main_content.as_ref(), set),
        icon_text: first_text([e.icon_text.as_deref()]),
        image_href: image
            .as_ref()
            .and(e.image_hyperlink.as_deref())
            .and_then(safe_href)
            .map(|(href, _)| href),
        image,
        button,
    }
}
