//! The Atom 1.0 feed (RFC 4287) of the insights: which posts it lists and its XML.
//!
//! The feed lists what a search engine may list: the newest indexable posts, newest first, in
//! the order of the insights listing. Drafts never reach a [`ContentSet`], and a post marked
//! noindex is left out, as it is from the sitemap. Posts carry no modification date, so an
//! entry's `updated` is its publish date and the feed's is its newest entry's: the same
//! content always gives the same bytes, which keeps the server's ETags honest.
//!
//! Core knows no host name: the caller passes the site's public origin and every URL in the
//! feed is made absolute against it.

use crate::content::{BlogPost, ContentSet};
use crate::copy;
use crate::richtext::escape;
use crate::routes::{INSIGHTS_FEED, Route};
use std::fmt::Write;

/// How many posts the feed lists (all of them when there are fewer).
pub const FEED_SIZE: usize = 20;

/// The `updated` of a feed with no entries: nothing has been published, so nothing changed.
const NEVER: &str = "1970-01-01T00:00:00Z";

/// The posts the feed lists: the [`FEED_SIZE`] newest indexable posts whose slug makes an
/// address, newest first (equal dates by slug).
pub fn feed_posts(set: &ContentSet) -> Vec<&BlogPost> {
    set.posts_newest()
        .filter(|p| p.seo_index && has_address(p))
        .take(FEED_SIZE)
        .collect()
}

/// The feed of `set` as an XML document, with every URL absolute against `origin`
/// (`https://www.example.com`, a trailing slash is ignored).
pub fn atom(set: &ContentSet, origin: &str) -> String {
    let origin = origin.trim_end_matches('/');
    let posts = feed_posts(set);
    let updated = posts
        .first()
        .map_or_else(|| NEVER.to_string(), |p| p.publish_date.rfc3339_utc());
    let self_url = format!("{origin}{INSIGHTS_FEED}");
    let mut out = String::with_capacity(1024 + posts.len() * 768);
    out.push_str("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    out.push_str("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en-AU\">\n");
    element(&mut out, 1, "id", &self_url);
    element(&mut out, 1, "title", copy::INSIGHTS_FEED_TITLE);
    element(&mut out, 1, "subtitle", copy::INSIGHTS_DESCRIPTION);
    element(&mut out, 1, "updated", &updated);
    link(&mut out, 1, "self", "application/atom+xml", &self_url);
    let listing = format!("{origin}{}", Route::Insights.path());
    link(&mut out, 1, "alternate", "text/html", &listing);
    author(&mut out, 1, origin);
    for post in posts {
        entry(&mut out, post, origin);
    }
    out.push_str("</feed>\n");
    out
}

fn entry(out: &mut String, post: &BlogPost, origin: &str) {
    // The article's address on this site: it stays the same however the entry is edited,
    // unless its slug changes, and then it is another page.
    let url = format!("{origin}{}", Route::Insight(post.slug.clone()).path());
    let date = post.publish_date.rfc3339_utc();
    out.push_str("  <entry>\n");
    element(out, 2, "id", &url);
    element(out, 2, "title", &post.title);
    link(out, 2, "alternate", "text/html", &url);
    element(out, 2, "published", &date);
    element(out, 2, "updated", &date);
    author(out, 2, origin);
    let summary = [
        Some(post.description.as_str()),
        post.meta_description.as_deref(),
    ]
    .into_iter()
    .flatten()
    .map(str::trim)
    .find(|s| !s.is_empty());
    if let Some(summary) = summary {
        element(out, 2, "summary", summary);
    }
    out.push_str("  </entry>\n");
}

fn has_address(post: &BlogPost) -> bool {
    let route = Route::Insight(post.slug.clone());
    Route::parse(&route.path()) == route
}

fn author(out: &mut String, depth: usize, origin: &str) {
    indent(out, depth);
    out.push_str("<author>\n");
    element(out, depth + 1, "name", copy::BRAND);
    element(out, depth + 1, "uri", &format!("{origin}/"));
    indent(out, depth);
    out.push_str("</author>\n");
}

fn element(out: &mut String, depth: usize, name: &str, text: &str) {
    indent(out, depth);
    let _ = writeln!(out, "<{name}>{}</{name}>", xml_text(text));
}

fn link(out: &mut String, depth: usize, rel: &str, kind: &str, href: &str) {
    indent(out, depth);
    let _ = writeln!(
        out,
        "<link rel=\"{rel}\" type=\"{kind}\" href=\"{}\"/>",
        xml_text(href)
    );
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// Escaped text without the characters XML 1.0 cannot carry at all (the C0 controls but tab
/// and line ends, U+FFFE and U+FFFF; a `str` holds no surrogates): an editor's stray control
/// character must not make the whole feed unreadable.
fn xml_text(text: &str) -> String {
    let allowed = |c: &char| {
        matches!(c, '\t' | '\n' | '\r') || (*c >= ' ' && !matches!(c, '\u{fffe}' | '\u{ffff}'))
    };
    if text.chars().all(|c| allowed(&c)) {
        escape(text)
    } else {
        escape(&text.chars().filter(allowed).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{ContentParts, PublishDate};

    fn post(slug: &str, date: &str, index: bool) -> BlogPost {
        BlogPost {
            id: format!("id-{slug}"),
            slug: slug.into(),
            title: format!("Title of {slug}"),
            title_tag: None,
            meta_description: None,
            canonical: None,
            description: format!("About {slug}"),
            publish_date: PublishDate::parse(date).unwrap(),
            estimated_read_time: None,
            hero_image: None,
            body: None,
            has_video: false,
            video_link: None,
            tags: Vec::new(),
            products: Vec::new(),
            seo_index: index,
        }
    }

    fn set(posts: Vec<BlogPost>) -> ContentSet {
        ContentSet::new(
            ContentParts {
                posts: posts.into_iter().map(std::sync::Arc::new).collect(),
                ..ContentParts::default()
            },
            "v1",
        )
    }

    fn slugs(set: &ContentSet) -> Vec<&str> {
        feed_posts(set).iter().map(|p| p.slug.as_str()).collect()
    }

    #[test]
    fn the_feed_lists_indexable_posts_newest_first_with_equal_dates_by_slug() {
        let set = set(vec![
            post("old", "2023-01-01", true),
            post("hidden", "2024-06-01", false),
            post("b-same-day", "2024-03-05", true),
            post("a-same-day", "2024-03-05", true),
            post("newest", "2024-03-05T12:00+10:00", true),
            post("bad slug", "2025-01-01", true),
            post("feed.xml", "2025-01-01", true),
        ]);
        // 12:00 in Sydney is 02:00 UTC, after midnight UTC of the same date.
        assert_eq!(slugs(&set), ["newest", "a-same-day", "b-same-day", "old"]);
    }

    #[test]
    fn the_feed_stops_at_twenty_posts_and_lists_all_when_fewer() {
        let many: Vec<BlogPost> = (1..=25)
            .map(|d| post(&format!("p{d:02}"), &format!("2024-01-{d:02}"), true))
            .collect();
        let many = set(many);
        let listed = slugs(&many);
        assert_eq!(listed.len(), FEED_SIZE);
        assert_eq!((listed[0], listed[19]), ("p25", "p06"));
        let few = set(vec![
            post("a", "2024-01-01", true),
            post("b", "2024-01-02", true),
        ]);
        assert_eq!(slugs(&few), ["b", "a"]);
    }

    #[test]
    fn the_feed_document_names_its_entries_with_absolute_urls() {
        let mut first = post("tender-tips", "2024-03-05T08:00+10:00", true);
        first.title = "Tenders & <auctions>".into();
        first.description = "Run \"fair\" tenders\u{7}".into();
        let mut second = post("older", "2023-11-20", true);
        second.description = " ".into();
        second.meta_description = Some("From the meta description".into());
        let mut third = post("bare", "2023-01-01", true);
        third.description = String::new();
        let xml = atom(
            &set(vec![
                second,
                first,
                third,
                post("hidden", "2024-05-01", false),
            ]),
            "https://www.example.com/",
        );
        insta::assert_snapshot!(xml);
    }

    #[test]
    fn an_empty_feed_is_still_a_valid_feed() {
        let xml = atom(&set(Vec::new()), "https://www.example.com");
        assert!(xml.contains("<updated>1970-01-01T00:00:00Z</updated>"));
        assert!(!xml.contains("<entry>"));
        assert!(xml.ends_with("</feed>\n"));
    }
}
