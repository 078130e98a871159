//! The navigation, Solutions dropdown and footer of docs/behaviour.md §2 "Shared layout".

use super::company::{LOGO, ORGANISATION_ADDRESS, PHONES};
use super::site_chrome::{Brand, Chrome, ContactBlock, Footer, NavGroup, NavLink, SolutionsMenu};
use super::{CUSTOMER_STORIES, LOADING, MENU, OUR_SOLUTIONS, SEND_US_A_MESSAGE};

const fn link(label: &'static str, href: &'static str) -> NavLink {
    NavLink { label, href }
}

const SOURCE: &[NavLink] = &[
    link("eRFx and eTender", "/etender"),
    link("Reverse Auction (eAuction)", "/reverse-auction-eauction"),
    link("Strategic Sourcing", "/sourcing-management"),
];
const SUPPLY: &[NavLink] = &[
    link("Supplier Information", "/supplier-information-management"),
    link("Contract Management", "/contract-management"),
    link("Supplier Performance", "/supplier-performance-management"),
];
const PRODUCT: &[NavLink] = &[link(
    "Product Information",
    "/product-information-management",
)];
const FOOD: &[NavLink] = &[link("Food Industry Software", "/food-industry-software")];

/// Every product page, in the footer's Products list.
const PRODUCTS: &[NavLink] = &[
    link("eRFx and eTender", "/etender"),
    link("Reverse Auction (eAuction)", "/reverse-auction-eauction"),
    link("Strategic Sourcing", "/sourcing-management"),
    link("Supplier Information", "/supplier-information-management"),
    link("Contract Management", "/contract-management"),
    link("Supplier Performance", "/supplier-performance-management"),
    link("Product Information", "/product-information-management"),
    link("Food Industry Software", "/food-industry-software"),
];

/// The shared layout.
pub const CHROME: Chrome = Chrome {
    brand: Brand {
        name: super::BRAND,
        href: "/",
        logo_url: LOGO,
        logo_alt: "Supplysite home",
        logo_width: 180,
        logo_height: 40,
    },
    menu_label: MENU,
    loading_label: LOADING,
    solutions_label: "Solutions",
    solutions: SolutionsMenu {
        groups: &[
            NavGroup {
                label: "Source",
                links: SOURCE,
            },
            NavGroup {
                label: "Supply",
                links: SUPPLY,
            },
            NavGroup {
                label: "Product",
                links: PRODUCT,
            },
            NavGroup {
                label: "Food Industry",
                links: FOOD,
            },
        ],
        overview: link(OUR_SOLUTIONS, "/supplier-management-platform"),
        graphic_url: "/images/solutions-map.svg",
        graphic_alt: "The suite: source, supply, product and food industry modules around one supplier record",
    },
    nav: &[
        link("About", "/about-us"),
        link(CUSTOMER_STORIES, "/case-study-index"),
        link("Insights", "/insights"),
        link("Contact Us", "/contact-us"),
    ],
    footer: Footer {
        products: NavGroup {
            label: "Products",
            links: PRODUCTS,
        },
        menu: NavGroup {
            label: "Menu",
            links: &[
                link("Solutions", "/supplier-management-platform"),
                link("About", "/about-us"),
                link(CUSTOMER_STORIES, "/case-study-index"),
                link("Insights", "/insights"),
                link("Contact", "/contact-us"),
                link("Privacy Policy", "/privacy"),
            ],
        },
        contact: ContactBlock {
            heading: "Contact",
            address: ORGANISATION_ADDRESS,
            phones: PHONES,
            message_link: link(SEND_US_A_MESSAGE, "/contact-us"),
        },
        copyright: "© Supplysite Pty Ltd. All rights reserved. ISO27001 certified.",
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::company::LEGAL_NAME;

    #[test]
    fn the_copyright_line_names_the_legal_entity() {
        assert!(CHROME.footer.copyright.contains(LEGAL_NAME));
    }

    #[test]
    fn every_product_page_is_in_the_dropdown_and_the_footer() {
        for page in crate::routes::ProductPage::ALL {
            let href = format!("/{}", page.segment());
            let in_menu = CHROME
                .solutions
                .groups
                .iter()
                .flat_map(|g| g.links)
                .any(|l| l.href == href);
            assert!(in_menu, "{href} missing from the Solutions dropdown");
            assert!(CHROME.footer.products.links.iter().any(|l| l.href == href));
        }
    }
}
