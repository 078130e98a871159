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
pub use interface::{INTERFACE, InterfaceCopy, SEARCH, SEARCH_FIELD, SearchCopy, SearchFieldCopy};
pub use labels::*;
pub use products::{HOME_MODULES, product};
pub use site_chrome::{Brand, Chrome, ContactBlock, Footer, NavGroup, NavLink, SolutionsMenu};

use crate::routes::ProductPage;
use crate::video::VideoService;
use serde::Serialize;

/// A heading and its paragraphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Block {
    /// The block's heading.
    pub heading: &'static str,
    /// The paragraphs under the heading, in order.
    pub paragraphs: &'static [&'static str],
}

/// A small card: title and one or two sentences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Card {
    /// The card's title.
    pub title: &'static str,
    /// One or two sentences under the title.
    pub text: &'static str,
}

/// A heading, an optional introduction and cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CardSection {
    /// The section's heading.
    pub heading: &'static str,
    /// A sentence under the heading.
    pub intro: &'static str,
    /// The cards, in the order shown.
    pub cards: &'static [Card],
}

/// A claim the company makes, as a figure and what it measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Claim {
    /// The figure as shown, e.g. `2007` or `14%`.
    pub figure: &'static str,
    /// What the figure measures.
    pub text: &'static str,
}

/// A customer's words, attributed by role and kind of organisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Testimonial {
    /// The customer's words, without quotation marks.
    pub quote: &'static str,
    /// The speaker's role, e.g. `General Manager, Procurement`.
    pub role: &'static str,
    /// The kind of organisation the speaker works for (never its name).
    pub organisation: &'static str,
}

/// A phone number as shown, and as dialled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Phone {
    /// `AU`, `NZ`, `UK`.
    pub label: &'static str,
    /// The number as shown to a visitor.
    pub display: &'static str,
    /// `tel:+61…`.
    pub href: &'static str,
}

/// An office on the contact page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Office {
    /// The country the office serves; tells the offices apart.
    pub country: &'static str,
    /// The office's heading, e.g. `London`.
    pub heading: &'static str,
    /// The address, or where the country is served from, one line per entry.
    pub lines: &'static [&'static str],
    /// The office's phone number, when it has one.
    pub phone: Option<Phone>,
    /// The office's e-mail address, when it has one.
    pub email: Option<&'static str>,
    /// A remark under the address, e.g. the business hours the country is served in.
    pub note: Option<&'static str>,
}

/// The contact form's labels and messages (validation messages come from `contact`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ContactFormCopy {
    /// The heading above the form.
    pub heading: &'static str,
    /// The sentence under the heading.
    pub intro: &'static str,
    /// Label of the first-name field.
    pub first_name: &'static str,
    /// Label of the last-name field.
    pub last_name: &'static str,
    /// Label of the organisation-name field.
    pub org_name: &'static str,
    /// Label of the phone-number field.
    pub phone: &'static str,
    /// Label of the e-mail field.
    pub email: &'static str,
    /// Label of the message field (optional to fill in).
    pub message: &'static str,
    /// Label of the robot check.
    pub robot: &'static str,
    /// Label of the send button.
    pub submit: &'static str,
    /// The send button's label while the message is being sent.
    pub submitting: &'static str,
    /// Shown in place of the form once the message has been accepted.
    pub thank_you: &'static str,
    /// Shown when the message could not be sent.
    pub failed: &'static str,
}

/// A demo or overview video with a fixed id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FixedVideo {
    /// The service that hosts the video.
    pub service: VideoService,
    /// The video's id on that service.
    pub id: &'static str,
}

/// The copy of one product page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProductCopy {
    /// The product page this copy belongs to.
    pub page: ProductPage,
    /// The module's name in menus and on cards.
    pub name: &'static str,
    /// One line for product cards.
    pub summary: &'static str,
    /// The small icon on product cards.
    pub icon: &'static str,
    /// The hero's heading.
    pub hero_title: &'static str,
    /// The hero's lead paragraph.
    pub hero_lead: &'static str,
    /// The module's logo, a site path.
    pub logo: &'static str,
    /// The logo's width and height in CSS pixels (its SVG's own), so its box is kept before
    /// it loads.
    pub logo_size: (u32, u32),
    /// The customer quote in the hero.
    pub testimonial: Testimonial,
    /// The "what it is" section.
    pub what_it_is: Block,
    /// A figure the module is known for, when the page shows one.
    pub claim: Option<Claim>,
    /// How it works, Benefits or Features.
    pub features: CardSection,
    /// How it works, on a page whose features come first (supplier information).
    pub how_it_works: Option<CardSection>,
    /// Further sections some pages have (the food page's challenge).
    pub extra: &'static [Block],
    /// More customer quotes (the food page).
    pub quotes: &'static [Testimonial],
    /// The module's demo video.
    pub video: FixedVideo,
    /// Label of the button that plays the demo video.
    pub demo_label: &'static str,
    /// Label of the link to the module's factsheet.
    pub factsheet_label: &'static str,
    /// The page's meta description.
    pub description: &'static str,
}

/// Fixed copy of the home page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HomeCopy {
    /// The hero's heading (also the page title).
    pub hero_title: &'static str,
    /// The hero's lead paragraph.
    pub hero_lead: &'static str,
    /// Labels of the buttons to the customer story, contact and about pages.
    pub story_button: &'static str,
    /// Label of the hero's button to the contact page.
    pub contact_button: &'static str,
    /// Label of the hero's button to the About Us page.
    pub hero_about_button: &'static str,
    /// The section that introduces the platform.
    pub platform_intro: Block,
    /// The platform overview video.
    pub overview_video: FixedVideo,
    /// Label of the button that plays the overview video.
    pub overview_label: &'static str,
    /// The promotion of the food industry page.
    pub food_industry: Block,
    /// Label of the button to the food industry page.
    pub food_industry_button: &'static str,
    /// The three steps of how the platform works.
    pub how_it_works: CardSection,
    /// Shown when the featured customer story is not in the content.
    pub featured_quote: Testimonial,
    /// The reasons customers give for choosing the company.
    pub why_others_choose: CardSection,
    /// The short about-the-company section.
    pub about: Block,
    /// Label of the button to the About Us page.
    pub about_button: &'static str,
    /// The page's meta description.
    pub description: &'static str,
}

/// Fixed copy of the solutions overview.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionsCopy {
    /// The paragraphs above the module cards.
    pub intro: &'static [&'static str],
    /// Label of the link to the contact page that asks for a free demo.
    pub demo_label: &'static str,
    /// The customer quote on the page.
    pub featured_quote: Testimonial,
    /// The page's meta description.
    pub description: &'static str,
}

/// Fixed copy of the About Us page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AboutCopy {
    /// The opening section (its heading is also the page title).
    pub intro: Block,
    /// The founder's story.
    pub founder: Block,
    /// The team section.
    pub team: Block,
    /// The culture section.
    pub culture: Block,
    /// The closing call to action.
    pub cta: Block,
    /// Label of the call to action's button to the contact page.
    pub cta_button: &'static str,
    /// The page's meta description.
    pub description: &'static str,
}
