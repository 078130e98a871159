//! Turning entries into the shared view pieces: rich text, images, cards, teasers, FAQ blocks,
//! videos, downloads and editors' links. Every call into rich text, formatting and video links
//! goes through here, so each has one call site.

use super::picture;
use crate::content::{Asset, BlogPost, CaseStudy, ContentSet, FaqList};
use crate::copy::{self, FixedVideo};
use crate::format;
use crate::richtext::{self, Document, Href};
use crate::routes::{ProductPage, Route};
use crate::rules::{LinkKind, SiteLink};
use crate::time_zone::TimeZone;
use crate::video::{self, VideoService};
use crate::view::{
    BlogCard, ButtonStyle, CaseStudyTeaser, Download, Faq, FaqEntry, Html, Image, LinkButton,
    MiniCard, MiniCardKind, ProductCard, Quote, Robots, Video,
};

/// Rich text rendered to safe HTML, links resolved against the content set; empty when absent.
pub fn rich(doc: Option<&Document>, set: &ContentSet) -> Html {
    Html(doc.map_or_else(String::new, |d| richtext::to_html(d, set)))
}

/// An asset as an image, with its renditions when it can be resized ([`picture::image`]).
pub fn image(asset: &Asset) -> Image {
    picture::image(asset)
}

/// An image that exists only when the asset has a file.
pub fn image_of(asset: Option<&Asset>) -> Option<Image> {
    shown(asset).map(image)
}

/// The asset when it has a file to show.
pub fn shown(asset: Option<&Asset>) -> Option<&Asset> {
    asset.filter(|a| !a.url.is_empty())
}

/// A site image from the fixed copy.
pub fn site_image(url: &str, alt: &str) -> Image {
    Image {
        url: url.to_string(),
        alt: alt.to_string(),
        width: None,
        height: None,
        srcset: None,
        sources: Vec::new(),
        sizes: None,
    }
}

/// A link drawn as a button.
pub fn button(label: &str, href: impl Into<String>, style: ButtonStyle) -> LinkButton {
    LinkButton {
        label: label.to_string(),
        href: href.into(),
        style,
    }
}

/// The read-time line of a post.
pub fn read_time(post: &BlogPost, zone: &TimeZone) -> String {
    format::read_time_line(post.estimated_read_time, &post.publish_date, zone)
}

/// The robots directive for an entry's index flag.
pub fn robots(seo_index: bool) -> Robots {
    format::robots(seo_index)
}

/// A publish date as visitors read it.
pub fn date(post: &BlogPost, zone: &TimeZone) -> String {
    format::format_date(&post.publish_date, zone)
}

/// A blog card for a post.
pub fn blog_card(post: &BlogPost, zone: &TimeZone) -> BlogCard {
    BlogCard {
        href: Route::Insight(post.slug.clone()).path(),
        title: post.title.clone(),
        image: image_of(post.hero_image.as_ref()),
        read_time: read_time(post, zone),
        description: post.description.clone(),
        button_label: copy::READ_POST,
    }
}

/// Blog cards for posts, in order.
pub fn blog_cards(posts: &[&BlogPost], zone: &TimeZone) -> Vec<BlogCard> {
    posts.iter().map(|p| blog_card(p, zone)).collect()
}

/// A post as a mini card with its title.
pub fn post_link(post: &BlogPost) -> MiniCard {
    MiniCard {
        href: Route::Insight(post.slug.clone()).path(),
        text: post.title.clone(),
        kind: MiniCardKind::Post,
    }
}

/// Mini cards for links, in order.
pub fn mini_cards(links: &[SiteLink]) -> Vec<MiniCard> {
    links
        .iter()
        .map(|l| MiniCard {
            href: l.href(),
            text: l.text.to_string(),
            kind: match l.kind {
                LinkKind::Post => MiniCardKind::Post,
                LinkKind::Page => MiniCardKind::Page,
            },
        })
        .collect()
}

/// A case-study teaser. On the customer stories index the way on to more stories is left out.
pub fn teaser(c: &CaseStudy, on_index: bool) -> CaseStudyTeaser {
    CaseStudyTeaser {
        href: Route::CaseStudy(c.slug.clone()).path(),
        quoted_person: c.quoted_person.clone(),
        job_title: c.quoted_person_job_title.clone(),
        organisation: c.organisation.clone(),
        quote: c.callout_quote.clone(),
        heading: c.teaser_heading.clone(),
        extract: c.extract_for_teaser.clone(),
        logo: image_of(c.logo.as_ref()),
        read_label: copy::READ_THE_FULL_CUSTOMER_STORY_NOW,
        more_label: (!on_index).then_some(copy::MORE_CUSTOMER_STORIES),
        more_href: (!on_index).then(|| Route::CaseStudyIndex.path()),
    }
}

/// A case study's call-out quote, attributed; none when the story has no quote.
pub fn story_quote(c: &CaseStudy) -> Option<Quote> {
    (!c.callout_quote.trim().is_empty()).then(|| Quote {
        quote: c.callout_quote.clone(),
        person: non_empty(&c.quoted_person),
        role: c.quoted_person_job_title.clone(),
        organisation: c.organisation.clone(),
        href: Some(Route::CaseStudy(c.slug.clone()).path()),
    })
}

/// A fixed testimonial as a quote.
pub fn testimonial(t: &copy::Testimonial) -> Quote {
    Quote {
        quote: t.quote.to_string(),
        person: None,
        role: t.role.to_string(),
        organisation: t.organisation.to_string(),
        href: None,
    }
}

/// An FAQ block with at most `max` items; none when the list has no items.
pub fn faq(list: &FaqList, max: usize) -> Option<Faq> {
    let items: Vec<FaqEntry> = list
        .items
        .iter()
        .take(max)
        .map(|i| FaqEntry {
            question: i.question.clone(),
            answer: i.answer_text.clone(),
        })
        .collect();
    (!items.is_empty()).then(|| Faq {
        title: list.title.clone(),
        items,
    })
}

/// The FAQ block for a page path without its leading slash (`etender`, `insights/x`).
pub fn faq_for(set: &ContentSet, route: &Route) -> Option<Faq> {
    set.faq_for(&route.faq_key())
        .and_then(|l| faq(l, usize::MAX))
}

/// A video whose id is fixed in the copy.
pub fn fixed_video(v: &FixedVideo) -> Video {
    Video::from(video::Video {
        service: v.service,
        id: v.id.to_string(),
    })
}

/// The video an editor's link points to, when a service recognises it.
pub fn linked_video(link: &str) -> Option<Video> {
    video::video_id(link).map(Video::from)
}

/// An insight's video: the link's video when a service recognises it, else the link's last path
/// segment played as a YouTube id (what the original site did with any stored link). Only ids
/// made of letters, digits, `_` and `-` are used, so the player URL is always safe.
pub fn insight_video(link: &str) -> Option<Video> {
    linked_video(link).or_else(|| {
        let path = link.split(['?', '#']).next().unwrap_or("");
        let id = path.trim_end_matches('/').rsplit('/').next()?;
        let safe = !id.is_empty()
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        safe.then(|| {
            Video::from(video::Video {
                service: VideoService::Youtube,
                id: id.to_string(),
            })
        })
    })
}

/// A file to download; none when the asset has no file. The file is saved under its own file
/// name, else the last segment of its URL.
pub fn download(label: &str, asset: &Asset) -> Option<Download> {
    if asset.url.is_empty() {
        return None;
    }
    let file_name = asset
        .file_name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| {
            let path = asset.url.split(['?', '#']).next().unwrap_or("");
            path.rsplit('/').next().unwrap_or("download").to_string()
        });
    Some(Download {
        label: label.to_string(),
        href: asset.url.clone(),
        file_name,
    })
}

/// An editor's link target, when it is safe to link to: whether it leaves the site, and the
/// target itself (trimmed).
pub fn safe_href(url: &str) -> Option<(String, bool)> {
    let url = url.trim();
    match richtext::classify_href(url)? {
        Href::External => Some((url.to_string(), true)),
        Href::App | Href::Internal => Some((url.to_string(), false)),
    }
}

/// A product page as a card with DISCOVER MORE.
pub fn product_card(page: ProductPage) -> ProductCard {
    let c = copy::product(page);
    ProductCard {
        title: c.name,
        text: c.summary,
        icon: site_image(c.icon, ""),
        href: Route::Product(page).path(),
        button_label: copy::DISCOVER_MORE,
    }
}

/// Text that is there, or none.
pub fn non_empty(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// The first of several optional texts that is there.
pub fn first_text<'a>(candidates: impl IntoIterator<Item = Option<&'a str>>) -> Option<String> {
    candidates.into_iter().flatten().find_map(non_empty)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insight_video_uses_the_service_when_recognised_and_the_last_segment_otherwise() {
        let yt = insight_video("https://youtu.be/dQw4w9WgXcQ").unwrap();
        assert_eq!(
            (yt.service, yt.id.as_str()),
            (VideoService::Youtube, "dQw4w9WgXcQ")
        );
        let vimeo = insight_video("https://vimeo.com/76979871").unwrap();
        assert_eq!(vimeo.service, VideoService::Vimeo);
        let other = insight_video("https://media.example.com/v/tour-2024/?t=3").unwrap();
        assert_eq!(other.id, "tour-2024");
        assert_eq!(
            other.embed_url,
            "https://www.youtube-nocookie.com/embed/tour-2024?autoplay=1&rel=0"
        );
    }

    #[test]
    fn insight_video_refuses_a_last_segment_that_is_not_a_safe_id() {
        assert!(insight_video("https://example.com/a\"onload=x").is_none());
        assert!(insight_video("").is_none());
        assert!(insight_video("https://example.com/%3Cscript%3E").is_none());
    }

    #[test]
    fn safe_href_refuses_script_links_and_marks_external_ones() {
        assert_eq!(safe_href(" /etender "), Some(("/etender".into(), false)));
        assert_eq!(
            safe_href("https://www.iso.org"),
            Some(("https://www.iso.org".into(), true))
        );
        assert_eq!(safe_href("JavaScript:alert(1)"), None);
        assert_eq!(safe_href(""), None);
    }

    #[test]
    fn download_falls_back_to_the_last_url_segment_for_its_file_name() {
        let asset = Asset {
            url: "/assets/x/story.pdf?v=2".into(),
            ..Asset::default()
        };
        assert_eq!(download("Get", &asset).unwrap().file_name, "story.pdf");
        assert!(download("Get", &Asset::default()).is_none());
    }
}
