//! A page-builder page: banner, slices with their limits, editors' buttons resolved, and the
//! extra sections the page asks for.

use super::head::{self, HeadInput};
use super::picture;
use super::pieces::{
    blog_cards, download, faq, first_text, image_of, linked_video, product_card, rich, robots,
    safe_href, shown, teaser,
};
use crate::content::{
    AddComponent, Button, ButtonAction, ButtonFill, ContentSet, Page, Slice, TextJustification,
    TextLayout,
};
use crate::copy;
use crate::routes::{ProductPage, Route};
use crate::rules;
use crate::view::{
    ActionButton, BannerView, BlogCardList, ButtonStyle, Justification, Layout, PageBuilderView,
    ProductCardList, SliceView,
};

pub fn page(p: &Page, set: &ContentSet) -> PageBuilderView {
    let route = Route::Page(p.slug.clone());
    let slices: Vec<SliceView> = shown_slices(p, set).map(|(_, view)| view).collect();
    let banner = p.banner.as_ref().map(|b| BannerView {
        image: image_of(p.first_screen_picture()).map(|i| picture::lcp(i, picture::BANNER_SIZES)),
        logo: image_of(b.banner_logo.as_ref()),
        text_box: b.banner_text_box.as_ref().map(|d| rich(Some(d), set)),
        body_text: first_text([b.banner_body_text.as_deref()]),
    });
    let description = first_text([
        p.meta_description.as_deref(),
        p.banner
            .as_ref()
            .and_then(|b| b.banner_body_text.as_deref()),
    ])
    .unwrap_or_else(|| copy::SITE_DESCRIPTION.to_string());
    let mut head = head::head(HeadInput {
        title: first_text([p.title_tag.as_deref(), Some(p.title.as_str())]).unwrap_or_default(),
        description,
        canonical: p.canonical.as_deref(),
        route: &route,
        robots: robots(p.seo_index),
        kind: "website",
        image: p
            .banner
            .as_ref()
            .and_then(|b| shown(b.banner_image.as_ref()))
            .map(picture::share),
    });
    head.preload = banner
        .as_ref()
        .and_then(|b| b.image.as_ref())
        .and_then(|i| picture::preload(i, Some(picture::BANNER_MEDIA)));
    head.json_ld.push(head::breadcrumbs(&[
        ("Home", Route::Home.path()),
        (p.title.as_str(), route.path()),
    ]));
    let faqs = slices.iter().filter_map(|s| match s {
        SliceView::Faq(f) => Some(f),
        _ => None,
    });
    head.json_ld.extend(head::faq_page(faqs));

    let wants = |c: AddComponent| p.add_components.contains(&c);
    let product = p.products.first().copied();
    PageBuilderView {
        head,
        heading: banner_text(p).unwrap_or_else(|| p.title.clone()),
        banner,
        slices,
        product_cards: wants(AddComponent::ProductCardsPanel).then(|| ProductCardList {
            heading: copy::EXPLORE_THE_SUITE,
            cards: ProductPage::ALL.into_iter().map(product_card).collect(),
        }),
        case_study_teaser: if wants(AddComponent::CaseStudyTeaser) {
            rules::teaser(set, product)
                .case_study
                .map(|c| teaser(c, false))
        } else {
            None
        },
        insights: wants(AddComponent::InsightsTeasers).then(|| BlogCardList {
            heading: copy::INSIGHTS_AND_ARTICLES,
            cards: blog_cards(
                &rules::related_posts(set, product, rules::RELATED_POSTS).posts,
                set.time_zone(),
            ),
        }),
    }
}

/// The banner's text, when the page has a banner with one: then it is the page's heading.
pub(crate) fn banner_text(p: &Page) -> Option<String> {
    first_text([p.banner.as_ref().and_then(|b| b.banner_text.as_deref())])
}

/// The slices a page shows, each with its view, in order: at most the page's limit, and none
/// that cannot be shown. What the inspector tags follows this one choice.
pub(crate) fn shown_slices<'a>(
    p: &'a Page,
    set: &'a ContentSet,
) -> impl Iterator<Item = (&'a Slice, SliceView)> + 'a {
    p.slices
        .iter()
        .take(rules::PAGE_SLICES_MAX)
        .filter_map(|s| Some((s, slice(s, set)?)))
}

/// The buttons a divider shows, each with what it does: at most the limit, none that cannot work.
pub(crate) fn shown_buttons(buttons: &[Button]) -> impl Iterator<Item = (&Button, ActionButton)> {
    buttons
        .iter()
        .take(rules::DIVIDER_BUTTONS_MAX)
        .filter_map(|b| Some((b, action_button(b)?)))
}

/// A slice as the page shows it; an FAQ slice with no items is left out.
fn slice(s: &Slice, set: &ContentSet) -> Option<SliceView> {
    match s {
        Slice::TextMedia(t) => Some(SliceView::TextMedia {
            title: first_text([t.text_block_title.as_deref()]),
            html: rich(t.text_content.as_ref(), set),
            image: image_of(t.side_image.as_ref()).map(Box::new),
            layout: match t.text_layout {
                TextLayout::LeftColumn => Layout::LeftColumn,
                TextLayout::RightColumn => Layout::RightColumn,
                TextLayout::FullWidth => Layout::FullWidth,
            },
            justification: match t.text_justification {
                TextJustification::FullyJustified => Justification::Full,
                TextJustification::CentreJustified => Justification::Centre,
                TextJustification::RightJustified => Justification::Right,
                TextJustification::LeftJustified => Justification::Left,
            },
            button: t.button.as_ref().and_then(action_button),
        }),
        Slice::Faq(list) => faq(list, rules::FAQ_ITEMS_MAX).map(SliceView::Faq),
        Slice::DividerCta(d) => Some(SliceView::DividerCta {
            title: first_text([d.title.as_deref()]),
            text: first_text([d.text.as_deref()]),
            buttons: shown_buttons(&d.buttons).map(|(_, view)| view).collect(),
        }),
    }
}

/// An editor's button resolved to what it does; none when it cannot work.
fn action_button(b: &Button) -> Option<ActionButton> {
    let label = first_text([Some(b.label.as_str())])?;
    let style = match b.fill {
        ButtonFill::Filled => ButtonStyle::Filled,
        ButtonFill::Outline => ButtonStyle::Outline,
    };
    match b.action {
        ButtonAction::ViewVideo => {
            let video = linked_video(b.url.as_deref()?)?;
            Some(ActionButton::Video {
                label,
                style,
                video,
            })
        }
        ButtonAction::GoToUrl => {
            let (href, external) = safe_href(b.url.as_deref()?)?;
            Some(ActionButton::Link {
                label,
                style,
                href,
                external,
            })
        }
        ButtonAction::DownloadAsset => {
            let d = download(&label, b.asset.as_ref()?)?;
            Some(ActionButton::Download {
                label,
                style,
                href: d.href,
                file_name: d.file_name,
            })
        }
    }
}
