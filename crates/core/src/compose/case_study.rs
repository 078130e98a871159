//! The customer stories index and a case study.

use super::head::{self, HeadInput};
use super::paging;
use super::picture;
use super::pieces::{
    blog_cards, download, faq_for, first_text, image_of, mini_cards, rich, robots, shown,
    story_quote, teaser,
};
use crate::content::{CaseStudy, ContentSet};
use crate::copy;
use crate::routes::Route;
use crate::rules;
use crate::view::{
    BlogCardList, CaseStudyIndexView, CaseStudyView, Fact, IndexedTeaser, MiniCardList,
    StorySection,
};

/// Page `page` of the index (`route` is its route), or `None` past the last page.
pub fn index(route: &Route, page: usize, set: &ContentSet) -> Option<CaseStudyIndexView> {
    let (stories, pagination) = paging::slice(
        route,
        page,
        rules::case_study_index(set),
        rules::INDEX_PAGE_SIZE,
    )?;
    let mut head = head::fixed(copy::CUSTOMER_STORIES, copy::CUSTOMER_STORIES_INTRO, route);
    paging::tag_head(&mut head, route, &pagination);
    head.json_ld.push(head::breadcrumbs(&[
        ("Home", Route::Home.path()),
        (copy::CUSTOMER_STORIES, Route::CaseStudyIndex.path()),
    ]));
    let first = pagination.offset;
    Some(CaseStudyIndexView {
        head,
        heading: copy::CUSTOMER_STORIES,
        intro: copy::CUSTOMER_STORIES_INTRO,
        teasers: stories
            .iter()
            .enumerate()
            .map(|(i, c)| IndexedTeaser {
                logo_side: rules::logo_side(first + i),
                teaser: teaser(c, true),
            })
            .collect(),
        pagination,
        next_label: copy::NEXT_PAGE,
    })
}

pub fn detail(c: &CaseStudy, set: &ContentSet) -> CaseStudyView {
    let route = Route::CaseStudy(c.slug.clone());
    let faq = faq_for(set, &route);
    let description = first_text([
        c.meta_description.as_deref(),
        Some(c.extract_for_teaser.as_str()),
        Some(c.callout_quote.as_str()),
    ])
    .unwrap_or_else(|| copy::SITE_DESCRIPTION.to_string());
    let mut head = head::head(HeadInput {
        title: first_text([c.title_tag.as_deref(), Some(c.title.as_str())]).unwrap_or_default(),
        description,
        canonical: c.canonical.as_deref(),
        route: &route,
        robots: robots(c.seo_index),
        kind: "article",
        image: shown(c.main_image.as_ref()).map(picture::share),
    });
    let banner_image =
        image_of(c.first_screen_picture()).map(|i| picture::lcp(i, picture::COLUMN_SIZES));
    head.preload = banner_image
        .as_ref()
        .and_then(|i| picture::preload(i, None));
    head.json_ld.push(head::breadcrumbs(&[
        ("Home", Route::Home.path()),
        (copy::CUSTOMER_STORIES, Route::CaseStudyIndex.path()),
        (c.title.as_str(), route.path()),
    ]));
    head.json_ld.extend(head::faq_page(&faq));

    let facts = [
        (copy::CATEGORY, &c.category),
        (copy::LOCATION, &c.location),
        (copy::SUPPLIERS, &c.suppliers),
        (copy::STRATEGY, &c.strategy),
        (copy::INDUSTRY, &c.industry),
    ]
    .into_iter()
    .filter_map(|(label, value)| first_text([value.as_deref()]).map(|value| Fact { label, value }))
    .collect();
    let sections = [
        (copy::BACKGROUND, &c.background, None),
        (
            copy::THE_CHALLENGE,
            &c.challenge,
            c.challenge_image.as_ref(),
        ),
        (copy::THE_SOLUTION, &c.solution, c.solution_image.as_ref()),
        (copy::THE_OUTCOMES, &c.outcomes, c.outcomes_image.as_ref()),
    ]
    .into_iter()
    .filter(|(_, doc, image)| doc.is_some() || image.is_some())
    .map(|(heading, doc, image)| StorySection {
        heading,
        html: rich(doc.as_ref(), set),
        image: image_of(image),
    })
    .collect();
    let related = rules::related_posts(set, c.products.first().copied(), rules::RELATED_POSTS);

    CaseStudyView {
        head,
        title: c.title.clone(),
        organisation: c.organisation.clone(),
        logo: image_of(c.logo.as_ref()),
        product_logo: image_of(c.product_logo.as_ref()),
        banner_image,
        quote: story_quote(c),
        facts,
        sections,
        download: c
            .pdf()
            .and_then(|pdf| download(copy::DOWNLOAD_THE_FULL_CUSTOMER_STORY_NOW, pdf)),
        faq,
        blog_cards: BlogCardList {
            heading: copy::RELATED_INSIGHTS,
            cards: blog_cards(&related.posts, set.time_zone()),
        },
        related_pages: MiniCardList {
            heading: copy::MORE_INSIGHTS_AND_INFORMATION,
            cards: mini_cards(&rules::mini_cards(set)),
        },
    }
}
