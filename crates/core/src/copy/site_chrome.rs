//! The site chrome's types (docs/behaviour.md §2 "Shared layout"): top navigation, Solutions dropdown and footer.
//! The same for every page, so the server embeds it once rather than in each view.

use super::Phone;
use serde::Serialize;

/// Everything around a page's body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Chrome {
    /// The logo linking home.
    pub brand: Brand,
    /// The small-screen menu toggle: 'Menu'.
    pub menu_label: &'static str,
    /// The full-screen overlay while a screen's data has not arrived: 'Loading...'.
    pub loading_label: &'static str,
    /// Label of the Solutions dropdown in the top bar.
    pub solutions_label: &'static str,
    /// The Solutions dropdown.
    pub solutions: SolutionsMenu,
    /// The top-bar links after Solutions: About, Customer Stories, Insights, Contact Us.
    pub nav: &'static [NavLink],
    /// The footer.
    pub footer: Footer,
}

/// The logo linking home.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Brand {
    /// The company's name.
    pub name: &'static str,
    /// Where the logo links: the home page.
    pub href: &'static str,
    /// The logo's address, a site path.
    pub logo_url: &'static str,
    /// The logo's alt text.
    pub logo_alt: &'static str,
    /// The logo's width in CSS pixels.
    pub logo_width: u32,
    /// The logo's height in CSS pixels.
    pub logo_height: u32,
}

/// A link with its label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct NavLink {
    /// The link's text.
    pub label: &'static str,
    /// A site path.
    pub href: &'static str,
}

/// A labelled group of links.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct NavGroup {
    /// The group's heading.
    pub label: &'static str,
    /// The group's links, in the order shown.
    pub links: &'static [NavLink],
}

/// The Solutions dropdown: groups Source, Supply, Product, Food Industry, plus Our Solutions.
/// At 992px and wider it shows `graphic_url` beside the groups.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SolutionsMenu {
    /// Source, Supply, Product and Food Industry, each with its modules.
    pub groups: &'static [NavGroup],
    /// The link to Our Solutions.
    pub overview: NavLink,
    /// The picture of the suite beside the groups, a site path.
    pub graphic_url: &'static str,
    /// The picture's alt text.
    pub graphic_alt: &'static str,
}

/// The footer: Products and Menu lists, the contact block and the copyright line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Footer {
    /// The Products list: a link to every module.
    pub products: NavGroup,
    /// The Menu list: the site's main pages.
    pub menu: NavGroup,
    /// The address, phone numbers and message link.
    pub contact: ContactBlock,
    /// The copyright line, naming the legal entity.
    pub copyright: &'static str,
}

/// The footer's contact block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ContactBlock {
    /// The block's heading.
    pub heading: &'static str,
    /// The head office's address, one line per entry.
    pub address: &'static [&'static str],
    /// The phone numbers, as shown and as dialled.
    pub phones: &'static [Phone],
    /// 'Send us a message', to /contact-us.
    pub message_link: NavLink,
}
