//! The solutions overview and the eight product pages.

use super::head;
use super::pieces::{
    blog_cards, button, download, faq_for, fixed_video, mini_cards, post_link, product_card,
    site_image, teaser, testimonial,
};
use crate::content::{ContentSet, ProductTag};
use crate::copy::{self, HOME, SOLUTIONS};
use crate::routes::{ProductPage, Route};
use crate::rules;
use crate::view::{
    BlogCardList, ButtonStyle, Image, MiniCardList, ModuleArticles, ProductCardList, ProductHero,
    ProductView, SolutionsView, SourcingView, VideoButton,
};

pub fn solutions(set: &ContentSet) -> SolutionsView {
    let route = Route::Solutions;
    let faq = faq_for(set, &route);
    let mut head = head::fixed(copy::OUR_SOLUTIONS, SOLUTIONS.description, &route);
    head.json_ld.push(head::breadcrumbs(&[
        ("Home", Route::Home.path()),
        (copy::OUR_SOLUTIONS, route.path()),
    ]));
    head.json_ld.extend(head::faq_page(&faq));
    SolutionsView {
        head,
        heading: copy::OUR_SOLUTIONS,
        intro: SOLUTIONS.intro,
        modules: ProductPage::ALL.into_iter().map(product_card).collect(),
        video: VideoButton {
            label: HOME.overview_label,
            video: fixed_video(&HOME.overview_video),
        },
        demo_link: button(
            SOLUTIONS.demo_label,
            Route::ContactUs.path(),
            ButtonStyle::Filled,
        ),
        featured_quote: testimonial(&SOLUTIONS.featured_quote),
        claims: copy::CLAIMS,
        faq,
    }
}

pub fn product(page: ProductPage, set: &ContentSet) -> ProductView {
    let route = Route::Product(page);
    let c = copy::product(page);
    let tag = page.tag();
    let faq = faq_for(set, &route);
    let mut head = head::fixed(c.hero_title, c.description, &route);
    head.json_ld.push(head::breadcrumbs(&[
        ("Home", Route::Home.path()),
        (copy::OUR_SOLUTIONS, Route::Solutions.path()),
        (c.name, route.path()),
    ]));
    head.json_ld.extend(head::faq_page(&faq));
    let factsheet = set
        .asset(&format!("factsheet-{}", page.segment()))
        .and_then(|asset| download(c.factsheet_label, asset));
    let related = rules::related_posts(set, Some(tag), rules::RELATED_POSTS);

    ProductView {
        head,
        segment: page.segment(),
        storage_key: page.storage_key(),
        product: tag,
        hero: ProductHero {
            title: c.hero_title,
            lead: c.hero_lead,
            logo: Image {
                width: Some(c.logo_size.0),
                height: Some(c.logo_size.1),
                ..site_image(c.logo, c.name)
            },
            testimonial: &c.testimonial,
        },
        what_it_is: &c.what_it_is,
        claim: c.claim.as_ref(),
        features: &c.features,
        how_it_works: c.how_it_works.as_ref(),
        extra: c.extra,
        quotes: c.quotes,
        demo: VideoButton {
            label: c.demo_label,
            video: fixed_video(&c.video),
        },
        factsheet,
        faq,
        case_study_teaser: rules::teaser(set, Some(tag))
            .case_study
            .map(|cs| teaser(cs, false)),
        blog_cards: BlogCardList {
            heading: copy::INSIGHTS_AND_ARTICLES,
            cards: blog_cards(&related.posts, set.time_zone()),
        },
        mini_cards: MiniCardList {
            heading: copy::MORE_INSIGHTS_AND_INFORMATION,
            cards: mini_cards(&rules::mini_cards(set)),
        },
        sourcing: (page == ProductPage::SourcingManagement).then(|| sourcing(set)),
    }
}

fn sourcing(set: &ContentSet) -> SourcingView {
    let extras = rules::sourcing_extras(set);
    SourcingView {
        contact_button: button(
            copy::CONTACT_US_TO_DISCUSS_STRATEGIC_SOURCING,
            Route::ContactUs.path(),
            ButtonStyle::Filled,
        ),
        module_links: [ProductPage::Etender, ProductPage::ReverseAuctionEauction]
            .into_iter()
            .map(|p| {
                button(
                    copy::product(p).name,
                    Route::Product(p).path(),
                    ButtonStyle::Outline,
                )
            })
            .collect(),
        product_cards: ProductCardList {
            heading: copy::EXPLORE_THE_SUITE,
            cards: ProductPage::ALL
                .into_iter()
                .filter(|&p| p != ProductPage::SourcingManagement)
                .map(product_card)
                .collect(),
        },
        module_articles: extras
            .card_lists
            .iter()
            .map(|list| ModuleArticles {
                product: list.product,
                heading: module_heading(list.product),
                cards: blog_cards(&list.posts, set.time_zone()),
            })
            .collect(),
        erfx_articles: MiniCardList {
            heading: copy::MORE_ON_ERFX,
            cards: extras.erfx_articles.iter().map(|p| post_link(p)).collect(),
        },
    }
}

fn module_heading(tag: ProductTag) -> &'static str {
    match tag {
        ProductTag::Ssm => copy::SSM_INSIGHTS,
        ProductTag::ERfx => copy::ERFX_INSIGHTS,
        ProductTag::EAuction => copy::EAUCTION_INSIGHTS,
        _ => copy::INSIGHTS_AND_ARTICLES,
    }
}
