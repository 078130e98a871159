//! The insights listing and an insight article.

use super::head::{self, HeadInput};
use super::paging;
use super::picture;
use super::pieces::{
    blog_card, blog_cards, button, date, faq_for, first_text, image_of, insight_video, read_time,
    rich, robots, shown,
};
use crate::content::{BlogPost, ContentSet};
use crate::copy;
use crate::routes::Route;
use crate::rules;
use crate::view::{BlogCardList, ButtonStyle, InsightView, InsightsView, Promo, VideoButton};

/// Page `page` of the listing (`route` is its route), or `None` past the last page.
pub fn listing(route: &Route, page: usize, set: &ContentSet) -> Option<InsightsView> {
    let (posts, pagination) =
        paging::slice(route, page, rules::listing(set), rules::LISTING_PAGE_SIZE)?;
    let mut head = head::fixed(copy::OUR_LATEST_INSIGHTS, copy::INSIGHTS_DESCRIPTION, route);
    paging::tag_head(&mut head, route, &pagination);
    head.json_ld.push(head::breadcrumbs(&[
        ("Home", Route::Home.path()),
        ("Insights", Route::Insights.path()),
    ]));
    Some(InsightsView {
        head,
        heading: copy::OUR_LATEST_INSIGHTS,
        cards: posts
            .iter()
            .map(|p| blog_card(p, set.time_zone()))
            .collect(),
        page_size: rules::LISTING_PAGE_SIZE,
        load_more_label: copy::LOAD_MORE_INSIGHTS,
        load_more_failed: copy::LOAD_MORE_FAILED,
        pagination,
    })
}

pub fn insight(post: &BlogPost, set: &ContentSet) -> InsightView {
    let route = Route::Insight(post.slug.clone());
    let faq = faq_for(set, &route);
    let description = first_text([
        post.meta_description.as_deref(),
        Some(post.description.as_str()),
    ])
    .unwrap_or_else(|| copy::SITE_DESCRIPTION.to_string());
    let mut head = head::head(HeadInput {
        title: first_text([post.title_tag.as_deref(), Some(post.title.as_str())])
            .unwrap_or_default(),
        description: description.clone(),
        canonical: post.canonical.as_deref(),
        route: &route,
        robots: robots(post.seo_index),
        kind: "article",
        image: shown(post.hero_image.as_ref()).map(picture::share),
    });
    let hero =
        image_of(post.first_screen_picture()).map(|i| picture::lcp(i, picture::COLUMN_SIZES));
    head.preload = hero.as_ref().and_then(|i| picture::preload(i, None));
    let article = head::article(post, &head.canonical, &description, set.time_zone());
    head.json_ld.push(article);
    head.json_ld.push(head::breadcrumbs(&[
        ("Home", Route::Home.path()),
        ("Insights", Route::Insights.path()),
        (post.title.as_str(), route.path()),
    ]));
    head.json_ld.extend(head::faq_page(&faq));

    InsightView {
        head,
        heading: copy::INSIGHT,
        read_time: read_time(post, set.time_zone()),
        published: date(post, set.time_zone()),
        published_iso: post.publish_date.shown_ymd(set.time_zone()),
        title: post.title.clone(),
        hero,
        body: rich(post.body.as_ref(), set),
        products: post.products.clone(),
        video: post
            .has_video
            .then_some(post.video_link.as_deref())
            .flatten()
            .and_then(insight_video)
            .map(|video| VideoButton {
                label: copy::WATCH_INSIGHT_VIDEO,
                video,
            }),
        more_insights: BlogCardList {
            heading: copy::MORE_INSIGHTS,
            cards: blog_cards(
                &rules::latest_excluding(set, &post.slug, rules::SIDE_LIST),
                set.time_zone(),
            ),
        },
        faq,
        cta: Promo {
            heading: copy::READ_MORE_INSIGHTS,
            paragraphs: &[],
            button: Some(button(
                copy::VIEW_INSIGHTS,
                Route::Insights.path(),
                ButtonStyle::Filled,
            )),
        },
    }
}
