//! The copy of the eight product pages, and which modules the home page's grid shows.

mod food;
mod source;
mod supply;

use super::ProductCopy;
use crate::routes::ProductPage;

/// The six module cards of the home page's 'Our Solutions' grid, in this order: eRFx,
/// supplier information, product information, reverse auction, contract management,
/// supplier performance.
pub const HOME_MODULES: [ProductPage; 6] = [
    ProductPage::Etender,
    ProductPage::SupplierInformationManagement,
    ProductPage::ProductInformationManagement,
    ProductPage::ReverseAuctionEauction,
    ProductPage::ContractManagement,
    ProductPage::SupplierPerformanceManagement,
];

/// The copy of a product page.
pub fn product(page: ProductPage) -> &'static ProductCopy {
    match page {
        ProductPage::Etender => &source::ETENDER,
        ProductPage::ReverseAuctionEauction => &source::EAUCTION,
        ProductPage::SourcingManagement => &source::SOURCING,
        ProductPage::SupplierInformationManagement => &supply::SIM,
        ProductPage::ContractManagement => &supply::CONTRACTS,
        ProductPage::SupplierPerformanceManagement => &supply::SPM,
        ProductPage::ProductInformationManagement => &food::PIM,
        ProductPage::FoodIndustrySoftware => &food::FOOD,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::video::VideoService;

    #[test]
    fn every_product_copy_belongs_to_its_page_and_names_its_logo_and_factsheet_label() {
        for page in ProductPage::ALL {
            let copy = product(page);
            assert_eq!(copy.page, page);
            assert_eq!(
                copy.logo,
                format!("/images/products/{}.svg", page.segment())
            );
            assert!(!copy.features.cards.is_empty(), "{page:?} has no features");
        }
    }

    #[test]
    fn every_product_page_explains_how_it_works() {
        for page in ProductPage::ALL {
            let copy = product(page);
            let how = copy
                .how_it_works
                .as_ref()
                .map_or(copy.features.heading, |s| s.heading);
            // The food and contract pages lead with their benefits instead.
            if !matches!(
                page,
                ProductPage::FoodIndustrySoftware
                    | ProductPage::ProductInformationManagement
                    | ProductPage::ContractManagement
            ) {
                assert_eq!(how, "How It Works", "{page:?}");
            }
        }
        let sim = product(ProductPage::SupplierInformationManagement);
        assert_eq!(sim.features.heading, "Features");
        assert_eq!(sim.how_it_works.map(|s| s.cards.len()), Some(3));
    }

    #[test]
    fn every_logo_size_is_its_svg_files_own() {
        let public = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/public");
        for page in ProductPage::ALL {
            let copy = product(page);
            let svg = std::fs::read_to_string(format!("{public}{}", copy.logo)).unwrap();
            let (width, height) = copy.logo_size;
            let tag = &svg[..svg.find('>').unwrap()];
            assert!(
                tag.contains(&format!(" width=\"{width}\" height=\"{height}\"")),
                "{page:?}: {tag}"
            );
        }
    }

    #[test]
    fn supplier_performance_uses_youtube_and_the_others_vimeo() {
        for page in ProductPage::ALL {
            let expected = if page == ProductPage::SupplierPerformanceManagement {
                VideoService::Youtube
            } else {
                VideoService::Vimeo
            };
            assert_eq!(product(page).video.service, expected, "{page:?}");
        }
    }

    #[test]
    fn the_sourcing_page_has_its_own_button_labels() {
        let sourcing = product(ProductPage::SourcingManagement);
        assert_eq!(sourcing.demo_label, "VIEW STRATEGIC SOURCING VIDEO");
        assert_eq!(
            sourcing.factsheet_label,
            "DOWNLOAD SOURCING MANAGEMENT FACTSHEET"
        );
        assert_eq!(product(ProductPage::Etender).demo_label, "VIEW DEMO");
        assert_eq!(
            product(ProductPage::Etender).factsheet_label,
            "DOWNLOAD FACTSHEET"
        );
    }
}
