//! The page's `<head>` tags, rendered on the server from core's typed [`Head`] so crawlers and
//! link previews see real titles, robots directives and structured data.

use crate::render::escape;
use crate::settings::PublicUrl;
use supplysite_core::copy::INSIGHTS_FEED_TITLE;
use supplysite_core::routes::INSIGHTS_FEED;
use supplysite_core::view::{Head, OpenGraph, Preload};

/// `<link rel="preload" as="image" …>`, at high priority. The candidates stay as the page
/// writes them, so the browser matches the preload to the picture and fetches it once.
fn render_preload(preload: &Preload, out: &mut String) {
    out.push_str("<link rel=\"preload\" as=\"image\" imagesrcset=\"");
    escape::html_into(out, &preload.srcset);
    out.push_str("\" imagesizes=\"");
    escape::html_into(out, &preload.sizes);
    out.push_str("\" type=\"");
    escape::html_into(out, preload.kind);
    out.push('"');
    if let Some(media) = preload.media.filter(|m| !m.is_empty()) {
        out.push_str(" media=\"");
        escape::html_into(out, media);
        out.push('"');
    }
    out.push_str(" fetchpriority=\"high\">\n");
}

/// The absolute canonical URL, when the page names one.
pub fn canonical_url(head: &Head, public: &PublicUrl) -> Option<String> {
    Some(head.canonical.as_str())
        .filter(|c| !c.is_empty())
        .map(|c| public.absolute(c))
}

/// The tags for `<head>`. JSON-LD scripts are data, never run, so the Content-Security-Policy
/// does not govern them and they need no hash.
pub fn render(head: &Head, public: &PublicUrl) -> String {
    let mut line = String::new();
    line.push_str("<title>");
    escape::html_into(&mut line, &head.title);
    line.push_str("</title>\n");
    if let Some(preload) = head.preload.as_ref().filter(|p| !p.srcset.is_empty()) {
        render_preload(preload, &mut line);
    }
    if !head.description.is_empty() {
        meta(&mut line, "name", "description", &head.description);
    }
    let canonical = canonical_url(head, public);
    if let Some(c) = &canonical {
        line.push_str("<link rel=\"canonical\" href=\"");
        escape::html_into(&mut line, c);
        line.push_str("\">\n");
    }
    for (rel, link) in [("prev", &head.prev), ("next", &head.next)] {
        if let Some(href) = link.as_deref().filter(|h| !h.is_empty()) {
            line.push_str("<link rel=\"");
            line.push_str(rel);
            line.push_str("\" href=\"");
            escape::html_into(&mut line, &public.absolute(href));
            line.push_str("\">\n");
        }
    }
    meta(&mut line, "name", "robots", head.robots.directive());
    // Feed readers and browsers find the insights feed from any page of the site.
    line.push_str("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"");
    escape::html_into(&mut line, INSIGHTS_FEED_TITLE);
    line.push_str("\" href=\"");
    escape::html_into(&mut line, &public.absolute(INSIGHTS_FEED));
    line.push_str("\">\n");
    render_open_graph(&mut line, &head.open_graph, canonical.as_deref(), public);
    for item in &head.json_ld {
        line.push_str("<script type=\"application/ld+json\">");
        line.push_str(&escape::json_for_script(&item.to_string()));
        line.push_str("</script>\n");
    }
    line
}

fn render_open_graph(
    out: &mut String,
    og: &OpenGraph,
    canonical: Option<&str>,
    public: &PublicUrl,
) {
    meta(out, "property", "og:type", og.kind);
    meta(out, "property", "og:title", &og.title);
    meta(out, "property", "og:description", &og.description);
    let url = Some(og.url.as_str())
        .filter(|u| !u.is_empty())
        .map(|u| public.absolute(u));
    if let Some(u) = url.as_deref().or(canonical) {
        meta(out, "property", "og:url", u);
    }
    if !og.site_name.is_empty() {
        meta(out, "property", "og:site_name", og.site_name);
    }
    meta(out, "property", "og:locale", "en_AU");
    let card = match &og.image {
        Some(image) => {
            meta(out, "property", "og:image", &public.absolute(&image.url));
            if !image.alt.is_empty() {
                meta(out, "property", "og:image:alt", &image.alt);
            }
            if let Some(w) = image.width {
                meta(out, "property", "og:image:width", &w.to_string());
            }
            if let Some(h) = image.height {
                meta(out, "property", "og:image:height", &h.to_string());
            }
            "summary_large_image"
        }
        None => "summary",
    };
    meta(out, "name", "twitter:card", card);
}

fn meta(out: &mut String, attr: &str, key: &str, content: &str) {
    out.push_str("<meta ");
    out.push_str(attr);
    out.push_str("=\"");
    out.push_str(key);
    out.push_str("\" content=\"");
    escape::html_into(out, content);
    out.push_str("\">\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use supplysite_core::view::{Image, Robots};

    fn public() -> PublicUrl {
        PublicUrl::parse("https://www.example.com").unwrap()
    }

    fn head(title: &str, canonical: &str, robots: Robots) -> Head {
        Head {
            title: title.into(),
            description: String::new(),
            canonical: canonical.into(),
            robots,
            prev: None,
            next: None,
            open_graph: OpenGraph {
                kind: "website",
                title: title.into(),
                description: String::new(),
                image: None,
                url: canonical.into(),
                site_name: "Supplysite",
            },
            preload: None,
            json_ld: Vec::new(),
        }
    }

    #[test]
    fn renders_every_tag_with_absolute_urls_and_escaped_text() {
        let mut head = head("eTender & eRFx <software>", "/etender", Robots::Index);
        head.description = "Run \"fair\" tenders".into();
        head.open_graph.title = "eTender".into();
        head.open_graph.description = "Run tenders".into();
        head.open_graph.image = Some(Image {
            url: "//images.ctfassets.net/s/a/t/hero.png".into(),
            alt: "Hero".into(),
            width: Some(1200),
            height: Some(630),
            srcset: None,
            sources: Vec::new(),
            sizes: None,
        });
        head.json_ld = vec![json!({"@type": "Organization", "name": "</script><script>x"})];
        insta::assert_snapshot!(render(&head, &public()));
    }

    #[test]
    fn an_editor_set_absolute_canonical_is_kept() {
        let head = head("T", "https://other.example.org/x", Robots::NoIndex);
        assert_eq!(
            canonical_url(&head, &public()).as_deref(),
            Some("https://other.example.org/x")
        );
        assert!(!head.indexable());
        let html = render(&head, &public());
        assert!(html.contains("<link rel=\"canonical\" href=\"https://other.example.org/x\">"));
        assert!(html.contains("<meta name=\"robots\" content=\"noindex, follow\">"));
    }

    #[test]
    fn empty_description_and_canonical_leave_out_their_tags_and_a_head_without_a_picture_is_a_summary_card()
     {
        let head = head("Only", "", Robots::Index);
        assert!(head.indexable());
        assert_eq!(
            render(&head, &public()),
            "<title>Only</title>\n<meta name=\"robots\" content=\"index, follow\">\n\
             <link rel=\"alternate\" type=\"application/atom+xml\" \
             title=\"Supplysite Insights\" href=\"https://www.example.com/insights/feed.xml\">\n\
             <meta property=\"og:type\" content=\"website\">\n\
             <meta property=\"og:title\" content=\"Only\">\n\
             <meta property=\"og:description\" content=\"\">\n\
             <meta property=\"og:site_name\" content=\"Supplysite\">\n\
             <meta property=\"og:locale\" content=\"en_AU\">\n\
             <meta name=\"twitter:card\" content=\"summary\">\n"
        );
    }

    /// The head of `path` over the fixture with photographs, as the server renders it.
    fn photo_head(path: &str) -> Head {
        use supplysite_core::compose::{compose, fixture};
        use supplysite_core::routes::Route;
        use supplysite_core::view::Outcome;
        let Outcome::Page(mut view) = compose(&Route::parse(path), &fixture::content_with_photos())
        else {
            panic!("{path} is not a page");
        };
        view.head_mut().absolutize("https://www.example.com");
        view.head().clone()
    }

    fn rendered(head: &Head) -> String {
        render(head, &public())
    }

    #[test]
    fn an_insight_preloads_its_hero_in_avif_at_high_priority() {
        let html = rendered(&photo_head("/insights/erfx-templates"));
        let hero =
            "/img/images.ctfassets.net/fixture/hero-erfx-templates/token/hero-erfx-templates.jpg";
        let link = html
            .lines()
            .find(|l| l.starts_with("<link rel=\"preload\" as=\"image\""))
            .expect("a preload link");
        assert!(
            link.contains(&format!(
                "imagesrcset=\"{hero}?w=320&amp;fm=avif&amp;q=50 320w, "
            )),
            "{link}"
        );
        assert!(link.contains(&format!("{hero}?w=2048&amp;fm=avif&amp;q=50 2048w\"")));
        assert!(link.contains(
            " imagesizes=\"(min-width: 1296px) 1216px, (min-width: 1280px) calc(100vw - 80px), \
             calc(95vw - 16px)\" type=\"image/avif\" fetchpriority=\"high\">"
        ));
        assert!(!link.contains("media="), "{link}");
        assert_eq!(html.matches("rel=\"preload\"").count(), 1);
    }

    #[test]
    fn link_previews_show_the_1200_wide_jpeg_with_its_size() {
        let head = photo_head("/case-study/dairy-auction");
        let html = rendered(&head);
        let share = "https://www.example.com/img/images.ctfassets.net/fixture/main-dairy-auction/token/main-dairy-auction.jpg?w=1200&amp;fm=jpg&amp;q=75";
        assert!(
            html.contains(&format!("<meta property=\"og:image\" content=\"{share}\">")),
            "{html}"
        );
        assert!(html.contains("<meta property=\"og:image:width\" content=\"1200\">"));
        assert!(html.contains("<meta property=\"og:image:height\" content=\"800\">"));
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));

        let insight = photo_head("/insights/erfx-templates");
        let article = insight
            .json_ld
            .iter()
            .find(|v| v["@type"] == "Article")
            .unwrap();
        assert_eq!(
            article["image"][0],
            "https://www.example.com/img/images.ctfassets.net/fixture/hero-erfx-templates/token/hero-erfx-templates.jpg?w=1200&fm=jpg&q=75"
        );
    }

    #[test]
    fn a_page_builder_banner_is_preloaded_only_where_it_shows() {
        let html = rendered(&photo_head("/page/why-supplysite"));
        let link = html
            .lines()
            .find(|l| l.starts_with("<link rel=\"preload\""))
            .expect("a preload link");
        assert!(
            link.ends_with(
                " imagesizes=\"100vw\" type=\"image/avif\" media=\"(min-width: 1024px)\" fetchpriority=\"high\">"
            ),
            "{link}"
        );
    }

    #[test]
    fn pictures_without_renditions_are_not_preloaded() {
        use supplysite_core::compose::{compose, fixture};
        use supplysite_core::routes::Route;
        use supplysite_core::view::Outcome;
        // The plain fixture's pictures are SVGs: nothing to choose a width of.
        let Outcome::Page(view) = compose(
            &Route::parse("/insights/erfx-templates"),
            &fixture::content(),
        ) else {
            panic!("not a page");
        };
        let head = view.head();
        assert_eq!(head.preload, None);
        assert!(!rendered(head).contains("preload"));
    }
}
