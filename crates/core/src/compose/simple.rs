//! Privacy, contact and the helpful 404.

use super::head::{self, HeadInput};
use super::pieces::{button, first_text, image_of, post_link, rich};
use crate::content::ContentSet;
use crate::copy;
use crate::routes::Route;
use crate::rules;
use crate::view::{
    ButtonStyle, ContactView, EmptyState, MiniCardList, NotFoundView, Policy, PrivacyView, Robots,
};

const PRIVACY_DESCRIPTION: &str = "How Supplysite collects, uses, stores and protects personal information, under the Australian Privacy Principles and the New Zealand Privacy Act 2020.";
const CONTACT_DESCRIPTION: &str = "Contact Supplysite in Sydney, New Zealand or the UK about eRFx, reverse auctions, supplier management or a demo of the platform.";

pub fn privacy(set: &ContentSet) -> PrivacyView {
    let route = Route::Privacy;
    match set.privacy() {
        Some(p) => {
            let title = first_text([Some(p.title.as_str())])
                .unwrap_or_else(|| copy::PRIVACY_POLICY.to_string());
            PrivacyView {
                head: head::fixed(&title, PRIVACY_DESCRIPTION, &route),
                title,
                policy: Some(Policy {
                    image1: image_of(p.image1.as_ref()),
                    sections: p
                        .sections
                        .iter()
                        .take(5)
                        .map(|d| rich(Some(d), set))
                        .collect(),
                    image5: image_of(p.image5.as_ref()),
                }),
                empty_state: None,
            }
        }
        // Without a policy the page says so plainly and offers a way to ask; it stays out of
        // search results until there is something to index.
        None => {
            let mut head = head::fixed(copy::PRIVACY_POLICY, PRIVACY_DESCRIPTION, &route);
            head.robots = Robots::NoIndex;
            PrivacyView {
                head,
                title: copy::PRIVACY_POLICY.to_string(),
                policy: None,
                empty_state: Some(EmptyState {
                    heading: copy::PRIVACY_EMPTY_HEADING,
                    text: copy::PRIVACY_EMPTY_TEXT,
                    link: button(
                        copy::CONTACT_US,
                        Route::ContactUs.path(),
                        ButtonStyle::Filled,
                    ),
                }),
            }
        }
    }
}

pub fn contact() -> ContactView {
    let route = Route::ContactUs;
    let mut head = head::fixed(copy::GET_IN_TOUCH, CONTACT_DESCRIPTION, &route);
    head.json_ld.push(head::organization());
    ContactView {
        head,
        heading: copy::GET_IN_TOUCH,
        intro: copy::CONTACT_INTRO,
        offices: copy::OFFICES,
        form: &copy::CONTACT_FORM,
    }
}

pub fn not_found(set: &ContentSet) -> NotFoundView {
    let route = Route::NotFound;
    NotFoundView {
        head: head::head(HeadInput {
            title: format!("{} | {}", copy::NOT_FOUND_TITLE, copy::BRAND),
            description: copy::NOT_FOUND_TEXT.to_string(),
            canonical: None,
            route: &route,
            robots: Robots::NoIndex,
            kind: "website",
            image: None,
        }),
        heading: copy::NOT_FOUND_TITLE,
        text: copy::NOT_FOUND_TEXT,
        links: vec![
            button(copy::BACK_TO_HOME, Route::Home.path(), ButtonStyle::Filled),
            button(
                copy::BROWSE_INSIGHTS,
                Route::Insights.path(),
                ButtonStyle::Outline,
            ),
            button(
                copy::CONTACT_US,
                Route::ContactUs.path(),
                ButtonStyle::Outline,
            ),
        ],
        latest: MiniCardList {
            heading: copy::LATEST_INSIGHTS,
            cards: rules::related_posts(set, None, rules::SIDE_LIST)
                .posts
                .iter()
                .map(|p| post_link(p))
                .collect(),
        },
    }
}
