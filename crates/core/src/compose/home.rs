//! The home page and the video popup.

use super::head;
use super::pieces::{
    blog_cards, button, fixed_video, image, mini_cards, product_card, story_quote, teaser,
    testimonial,
};
use crate::content::{ContentSet, CustomerLogo};
use crate::copy::{self, HOME};
use crate::routes::{ProductPage, Route};
use crate::rules;
use crate::view::{
    BlogCardList, ButtonStyle, HomeHero, HomeView, MiniCardList, ProductCardList, Promo, Robots,
    VideoButton, VideoPopupView,
};

/// The customer story the home page features: its hero button and quote.
pub const FEATURED_STORY: &str = "manage-contractor-compliance";

/// The customer logos the home page shows, in order: those with a file, up to the limit.
pub(crate) fn shown_logos(set: &ContentSet) -> impl Iterator<Item = &CustomerLogo> {
    set.customer_logos()
        .filter(|l| !l.logo.url.is_empty())
        .take(rules::CUSTOMER_LOGOS)
}

pub fn home(set: &ContentSet) -> HomeView {
    let route = Route::Home;
    let mut head = head::fixed(HOME.hero_title, HOME.description, &route);
    head.json_ld = vec![head::organization(), head::website()];
    let featured = set.case_study(FEATURED_STORY);

    // The story button only shows when the story exists: a button to a missing story would
    // only bounce the visitor to the index.
    let mut buttons = Vec::new();
    if let Some(story) = featured {
        buttons.push(button(
            HOME.story_button,
            Route::CaseStudy(story.slug.clone()).path(),
            ButtonStyle::Filled,
        ));
    }
    buttons.push(button(
        HOME.contact_button,
        Route::ContactUs.path(),
        ButtonStyle::Filled,
    ));
    buttons.push(button(
        HOME.hero_about_button,
        Route::AboutUs.path(),
        ButtonStyle::Outline,
    ));

    HomeView {
        head,
        hero: HomeHero {
            title: HOME.hero_title,
            lead: HOME.hero_lead,
            help_heading: copy::I_NEED_HELP_WITH,
            help_links: ProductPage::ALL
                .into_iter()
                .map(|p| {
                    button(
                        copy::product(p).name,
                        Route::Product(p).path(),
                        ButtonStyle::Outline,
                    )
                })
                .collect(),
            buttons,
        },
        logos: shown_logos(set)
            .map(|l| {
                let mut logo = image(&l.logo);
                if logo.alt.is_empty() {
                    logo.alt = l.name.clone();
                }
                logo
            })
            .collect(),
        platform_intro: &HOME.platform_intro,
        overview_video: VideoButton {
            label: HOME.overview_label,
            video: fixed_video(&HOME.overview_video),
        },
        food_industry: Promo {
            heading: HOME.food_industry.heading,
            paragraphs: HOME.food_industry.paragraphs,
            button: Some(button(
                HOME.food_industry_button,
                Route::Product(ProductPage::FoodIndustrySoftware).path(),
                ButtonStyle::Outline,
            )),
        },
        how_it_works: &HOME.how_it_works,
        featured_quote: featured
            .and_then(story_quote)
            .unwrap_or_else(|| testimonial(&HOME.featured_quote)),
        why_others_choose: &HOME.why_others_choose,
        claims: copy::CLAIMS,
        about: Promo {
            heading: HOME.about.heading,
            paragraphs: HOME.about.paragraphs,
            button: Some(button(
                HOME.about_button,
                Route::AboutUs.path(),
                ButtonStyle::Outline,
            )),
        },
        solutions: ProductCardList {
            heading: copy::OUR_SOLUTIONS,
            cards: copy::HOME_MODULES.into_iter().map(product_card).collect(),
        },
        case_study_teaser: rules::teaser(set, None)
            .case_study
            .map(|c| teaser(c, false)),
        latest_insights: BlogCardList {
            heading: copy::READ_OUR_LATEST_INSIGHTS,
            cards: blog_cards(&rules::latest(set, rules::HOME_LATEST), set.time_zone()),
        },
        customer_stories: Promo {
            heading: copy::READ_OUR_CUSTOMER_STORIES,
            paragraphs: &[],
            button: Some(button(
                copy::VIEW_CUSTOMER_STORIES,
                Route::CaseStudyIndex.path(),
                ButtonStyle::Filled,
            )),
        },
        more_insights: MiniCardList {
            heading: copy::MORE_INSIGHTS_AND_INFORMATION,
            cards: mini_cards(&rules::mini_cards(set)),
        },
    }
}

/// The video popup: the overview video, kept out of search results (it is a bare player).
pub fn video_popup() -> VideoPopupView {
    let mut head = head::fixed(
        "Platform Overview Video",
        HOME.description,
        &Route::VideoPopup,
    );
    head.robots = Robots::NoIndex;
    VideoPopupView {
        head,
        video: VideoButton {
            label: HOME.overview_label,
            video: fixed_video(&HOME.overview_video),
        },
    }
}
