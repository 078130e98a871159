//! The site chrome's types (docs/behaviour.md §2 "Shared layout"): top navigation, Solutions dropdown and footer.
//! The same for every page, so the server embeds it once rather than in each view.

use super::Phone;
use serde::Serialize;

/// Everything around a page's body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Chrome {
    pub brand: Brand,
    /// The small-screen menu toggle: 'Menu'.
    pub menu_label: &'static str,
    /// The full-screen overlay while a screen's data has not arrived: 'Loading...'.
    pub loading_label: &'static str,
    /// Label of the Solutions dropdown in the top bar.
    pub solutions_label: &'static str,
    pub solutions: SolutionsMenu,
    /// The top-bar links after Solutions: About, Customer Stories, Insights, Contact Us.
    pub nav: &'static [NavLink],
    pub footer: Footer,
}

/// The logo linking home.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Brand {
    pub name: &'static str,
    pub href: &'static str,
    pub logo_url: &'static str,
    pub logo_alt: &'static str,
    pub logo_width: u32,
    pub logo_height: u32,
}

/// A link with its label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct NavLink {
    pub label: &'static str,
    pub href: &'static str,
}

/// A labelled group of links.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct NavGroup {
    pub label: &'static str,
    pub links: &'static [NavLink],
}

/// The Solutions dropdown: groups Source, Supply, Product, Food Industry, plus Our Solutions.
/// At 992px and wider it shows `graphic_url` beside the groups.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SolutionsMenu {
    pub groups: &'static [NavGroup],
    pub overview: NavLink,
    pub graphic_url: &'static str,
    pub graphic_alt: &'static str,
}

/// The footer: Products and Menu lists, the contact block and the copyright line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Footer {
    pub products: NavGroup,
    pub menu: NavGroup,
    pub contact: ContactBlock,
    pub copyright: &'static str,
}

/// The footer's contact block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ContactBlock {
    pub heading: &'static str,
    pub address: &'static [&'static str],
    pub phones: &'static [Phone],
    /// 'Send us a message', to /contact-us.
    pub message_link: NavLink,
}
