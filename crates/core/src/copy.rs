//! All fixed text of the site in one place, so the UI hard-codes no page copy: headings and
//! button labels exactly as docs/behaviour.md §2 spells them, the navigation and footer, the company's
//! claims and offices, and the copy of each product page.
//!
//! Data, not prose: static structs and consts that view models embed by reference.

mod about;
mod chrome;
mod company;
mod home;
mod interface;
mod labels;
mod products;
mod site_chrome;

pub use about::ABOUT;
pub use chrome::CHROME;
pub use company::{
    AU_PHONE, BRAND, CLAIMS, CONTACT_FORM, CONTACT_INTRO, LEGAL_NAME, LOGO, NZ_PHONE, OFFICES,
    ORGANISATION_ADDRESS, PHONES, SITE_DESCRIPTION, UK_PHONE,
};
pub use home::{HOME, OVERVIEW_VIDEO, SOLUTIONS};
pub use interface::{INTERFACE, InterfaceCopy};
pub use labels::*;
pub use products::{HOME_MODULES, product};
pub use site_chrome::{Brand, Chrome, ContactBlock, Footer, NavGroup, NavLink, SolutionsMenu};

use crate::routes::ProductPage;
use crate::video::VideoService;
use serde::Serialize;

/// A heading and its paragraphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Block {
    pub heading: &'static str,
    pub paragraphs: &'static [&'static str],
}

/// A small card: title and one or two sentences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub title: &'static str,
    pub text: &'static str,
}

/// A heading, an optional introduction and cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CardSection {
    pub heading: &'static str,
    pub intro: &'static str,
    pub cards: &'static [Card],
}

/// A claim the company makes, as a figure and what it measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Claim {
    pub figure: &'static str,
    pub text: &'static str,
}

/// A customer's words, attributed by role and kind of organisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Testimonial {
    pub quote: &'static str,
    pub role: &'static str,
    pub organisation: &'static str,
}

/// An office on the contact page.
/// A phone number as shown, and as dialled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Phone {
    /// `AU`, `NZ`, `UK`.
    pub label: &'static str,
    pub display: &'static str,
    /// `tel:+61…`.
    pub href: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Office {
    pub country: &'static str,
    pub heading: &'static str,
    pub lines: &'static [&'static str],
    pub phone: Option<Phone>,
    pub email: Option<&'static str>,
    /// E.g. 'Serviced out of our Sydney office'.
    pub note: Option<&'static str>,
}

/// The contact form's labels and messages (validation messages come from `contact`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ContactFormCopy {
    pub heading: &'static str,
    pub intro: &'static str,
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub org_name: &'static str,
    pub phone: &'static str,
    pub email: &'static str,
    pub message: &'static str,
    pub robot: &'static str,
    pub submit: &'static str,
    pub submitting: &'static str,
    pub thank_you: &'static str,
    pub failed: &'static str,
}

/// A demo or overview video with a fixed id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct FixedVideo {
    pub service: VideoService,
    pub id: &'static str,
}

/// The copy of one product page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProductCopy {
    pub page: ProductPage,
    /// The module's name in menus and on cards.
    pub name: &'static str,
    /// One line for product cards.
    pub summary: &'static str,
    /// The small icon on product cards.
    pub icon: &'static str,
    pub hero_title: &'static str,
    pub hero_lead: &'static str,
    /// The module's logo, a site path.
    pub logo: &'static str,
    /// The logo's width and height in CSS pixels (its SVG's own), so its box is kept before
    /// it loads.
    pub logo_size: (u32, u32),
    pub testimonial: Testimonial,
    pub what_it_is: Block,
    pub claim: Option<Claim>,
    /// How it works, Benefits or Features.
    pub features: CardSection,
    /// How it works, on a page whose features come first (supplier information).
    pub how_it_works: Option<CardSection>,
    /// Further sections some pages have (the food page's challenge).
    pub extra: &'static [Block],
    /// More customer quotes (the food page).
    pub quotes: &'static [Testimonial],
    pub video: FixedVideo,
    pub demo_label: &'static str,
    pub factsheet_label: &'static str,
    pub description: &'static str,
}

/// Fixed copy of the home page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HomeCopy {
    pub hero_title: &'static str,
    pub hero_lead: &'static str,
    /// Labels of the buttons to the customer story, contact and about pages.
    pub story_button: &'static str,
    pub contact_button: &'static str,
    pub hero_about_button: &'static str,
    pub platform_intro: Block,
    pub overview_video: FixedVideo,
    pub overview_label: &'static str,
    pub food_industry: Block,
    pub food_industry_button: &'static str,
    pub how_it_works: CardSection,
    /// Shown when the featured customer story is not in the content.
    pub featured_quote: Testimonial,
    pub why_others_choose: CardSection,
    pub about: Block,
    pub about_button: &'static str,
    pub description: &'static str,
}

/// Fixed copy of the solutions overview.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionsCopy {
    pub intro: &'static [&'static str],
    pub demo_label: &'static str,
    pub featured_quote: Testimonial,
    pub description: &'static str,
}

/// Fixed copy of the About Us page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AboutCopy {
    pub intro: Block,
    pub founder: Block,
    pub team: Block,
    pub culture: Block,
    pub cta: Block,
    pub cta_button: &'static str,
    pub description: &'static str,
}
