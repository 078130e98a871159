//! The page's `<head>` tags, rendered on the server from the view model's `head` so crawlers
//! and link previews see real titles, robots directives and structured data.
//!
//! The server reads the head from the view model's JSON (`view.head`, camelCase) rather than
//! from the Rust type, so it depends only on the contract the web UI also reads.

use crate::escape;
use crate::settings::PublicUrl;
use crate::template::NonceTemplate;
use serde::Deserialize;
use supplysite_core::copy::INSIGHTS_FEED_TITLE;
use supplysite_core::routes::INSIGHTS_FEED;

/// The `head` of a page view model.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Head {
    /// The `<title>`.
    pub title: String,
    /// The meta description.
    #[serde(default)]
    pub description: Option<String>,
    /// A site path (made absolute with the public URL) or an absolute URL an editor set.
    #[serde(default)]
    pub canonical: Option<String>,
    /// The robots meta tag, e.g. `noindex, follow`.
    #[serde(default)]
    pub robots: Option<String>,
    /// The previous page of a paginated listing (a site path).
    #[serde(default)]
    pub prev: Option<String>,
    /// The next page of a paginated listing (a site path).
    #[serde(default)]
    pub next: Option<String>,
    /// The Open Graph tags.
    #[serde(default)]
    pub open_graph: Option<OpenGraph>,
    /// The template's largest picture above the fold, to fetch before the page's script runs.
    #[serde(default)]
    pub preload: Option<Preload>,
    /// Structured data, each written as its own `application/ld+json` script.
    #[serde(default)]
    pub json_ld: Vec<serde_json::Value>,
}

/// A picture to preload: the candidates and `sizes` of its first `<source>`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Preload {
    /// The candidates of the picture's first `<source>`, as its `srcset`.
    pub srcset: String,
    /// The `sizes` the picture is shown at.
    pub sizes: String,
    /// The candidates' media type; browsers that cannot show it skip the preload.
    #[serde(rename = "type")]
    pub kind: String,
    /// The viewports the picture shows on; absent: every viewport.
    #[serde(default)]
    pub media: Option<String>,
}

impl Preload {
    /// `<link rel="preload" as="image" …>`, at high priority. The candidates stay as the page
    /// writes them, so the browser matches the preload to the picture and fetches it once.
    fn render(&self, out: &mut String) {
        out.push_str("<link rel=\"preload\" as=\"image\" imagesrcset=\"");
        escape::html_into(out, &self.srcset);
        out.push_str("\" imagesizes=\"");
        escape::html_into(out, &self.sizes);
        out.push_str("\" type=\"");
        escape::html_into(out, &self.kind);
        out.push('"');
        if let Some(media) = self.media.as_deref().filter(|m| !m.is_empty()) {
            out.push_str(" media=\"");
            escape::html_into(out, media);
            out.push('"');
        }
        out.push_str(" fetchpriority=\"high\">\n");
    }
}

/// Open Graph tags for link previews.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct OpenGraph {
    /// `og:type`: `website` or `article`.
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    /// `og:title`.
    #[serde(default)]
    pub title: Option<String>,
    /// `og:description`.
    #[serde(default)]
    pub description: Option<String>,
    /// `og:image`, when the page has a picture to preview.
    #[serde(default)]
    pub image: Option<OgImage>,
    /// `og:url`: the page's canonical address.
    #[serde(default)]
    pub url: Option<String>,
    /// `og:site_name`.
    #[serde(default)]
    pub site_name: Option<String>,
}

/// An Open Graph image: a URL, or an image view (`{url, alt, width, height}`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum OgImage {
    /// A bare image address.
    Url(String),
    /// An image view, with its alt text and size when known.
    Image {
        /// The image's address.
        url: String,
        /// `og:image:alt`.
        #[serde(default)]
        alt: Option<String>,
        /// `og:image:width`, in pixels.
        #[serde(default)]
        width: Option<u32>,
        /// `og:image:height`, in pixels.
        #[serde(default)]
        height: Option<u32>,
    },
}

impl Head {
    /// Whether search engines may index the page.
    pub fn indexable(&self) -> bool {
        !self
            .robots
            .as_deref()
            .is_some_and(|r| r.to_ascii_lowercase().contains("noindex"))
    }

    /// The absolute canonical URL, when the page names one.
    pub fn canonical_url(&self, public: &PublicUrl) -> Option<String> {
        self.canonical
            .as_deref()
            .filter(|c| !c.is_empty())
            .map(|c| public.absolute(c))
    }

    /// The tags for `<head>`. JSON-LD scripts are data, never run, so the Content-Security-Policy
    /// does not apply to them and they carry no nonce: the tags have no nonce holes, and the
    /// page's text after the entry script compresses as one piece.
    pub fn render(&self, public: &PublicUrl) -> NonceTemplate {
        let mut t = NonceTemplate::default();
        let mut line = String::new();
        line.push_str("<title>");
        escape::html_into(&mut line, &self.title);
        line.push_str("</title>\n");
        if let Some(preload) = self.preload.as_ref().filter(|p| !p.srcset.is_empty()) {
            preload.render(&mut line);
        }
        if let Some(d) = self.description.as_deref().filter(|d| !d.is_empty()) {
            meta(&mut line, "name", "description", d);
        }
        let canonical = self.canonical_url(public);
        if let Some(c) = &canonical {
            line.push_str("<link rel=\"canonical\" href=\"");
            escape::html_into(&mut line, c);
            line.push_str("\">\n");
        }
        for (rel, link) in [("prev", &self.prev), ("next", &self.next)] {
            if let Some(href) = link.as_deref().filter(|h| !h.is_empty()) {
                line.push_str("<link rel=\"");
                line.push_str(rel);
                line.push_str("\" href=\"");
                escape::html_into(&mut line, &public.absolute(href));
                line.push_str("\">\n");
            }
        }
        if let Some(r) = self.robots.as_deref().filter(|r| !r.is_empty()) {
            meta(&mut line, "name", "robots", r);
        }
        // Feed readers and browsers find the insights feed from any page of the site.
        line.push_str("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"");
        escape::html_into(&mut line, INSIGHTS_FEED_TITLE);
        line.push_str("\" href=\"");
        escape::html_into(&mut line, &public.absolute(INSIGHTS_FEED));
        line.push_str("\">\n");
        if let Some(og) = &self.open_graph {
            self.render_open_graph(&mut line, og, canonical.as_deref(), public);
        }
        t.push_str(&line);
        for item in &self.json_ld {
            t.push_str("<script type=\"application/ld+json\">");
            t.push_str(&escape::json_for_script(&item.to_string()));
            t.push_str("</script>\n");
        }
        t
    }

    fn render_open_graph(
        &self,
        out: &mut String,
        og: &OpenGraph,
        canonical: Option<&str>,
        public: &PublicUrl,
    ) {
        meta(
            out,
            "property",
            "og:type",
            og.kind.as_deref().unwrap_or("website"),
        );
        meta(
            out,
            "property",
            "og:title",
            og.title.as_deref().unwrap_or(&self.title),
        );
        if let Some(d) = og.description.as_deref().or(self.description.as_deref()) {
            meta(out, "property", "og:description", d);
        }
        let url = og.url.as_deref().map(|u| public.absolute(u));
        if let Some(u) = url.as_deref().or(canonical) {
            meta(out, "property", "og:url", u);
        }
        if let Some(name) = og.site_name.as_deref().filter(|n| !n.is_empty()) {
            meta(out, "property", "og:site_name", name);
        }
        meta(out, "property", "og:locale", "en_AU");
        let card = match &og.image {
            Some(OgImage::Url(u)) => {
                meta(out, "property", "og:image", &public.absolute(u));
                "summary_large_image"
            }
            Some(OgImage::Image {
                url,
                alt,
                width,
                height,
            }) => {
                meta(out, "property", "og:image", &public.absolute(url));
                if let Some(a) = alt.as_deref().filter(|a| !a.is_empty()) {
                    meta(out, "property", "og:image:alt", a);
                }
                if let Some(w) = width {
                    meta(out, "property", "og:image:width", &w.to_string());
                }
                if let Some(h) = height {
                    meta(out, "property", "og:image:height", &h.to_string());
                }
                "summary_large_image"
            }
            None => "summary",
        };
        meta(out, "name", "twitter:card", card);
    }
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

    fn public() -> PublicUrl {
        PublicUrl::parse("https://www.example.com").unwrap()
    }

    #[test]
    fn renders_every_tag_with_absolute_urls_and_escaped_text() {
        let head: Head = serde_json::from_value(json!({
            "title": "eTender & eRFx <software>",
            "description": "Run \"fair\" tenders",
            "canonical": "/etender",
            "robots": "index, follow",
            "openGraph": {
                "type": "website",
                "title": "eTender",
                "description": "Run tenders",
                "image": {"url": "//images.ctfassets.net/s/a/t/hero.png", "alt": "Hero", "width": 1200, "height": 630},
                "url": "/etender",
                "siteName": "Supplysite"
            },
            "jsonLd": [{"@type": "Organization", "name": "</script><script>x"}]
        }))
        .unwrap();
        let html = head.render(&public()).fill("NONCE");
        insta::assert_snapshot!(std::str::from_utf8(&html).unwrap());
    }

    #[test]
    fn an_editor_set_absolute_canonical_is_kept() {
        let head: Head = serde_json::from_value(json!({
            "title": "T", "canonical": "https://other.example.org/x", "robots": "noindex, follow"
        }))
        .unwrap();
        assert_eq!(
            head.canonical_url(&public()).as_deref(),
            Some("https://other.example.org/x")
        );
        assert!(!head.indexable());
        let html = head.render(&public()).fill("n");
        let html = std::str::from_utf8(&html).unwrap();
        assert!(html.contains("<link rel=\"canonical\" href=\"https://other.example.org/x\">"));
        assert!(html.contains("<meta name=\"robots\" content=\"noindex, follow\">"));
    }

    #[test]
    fn a_minimal_head_has_a_title_and_the_feed_link() {
        let head: Head = serde_json::from_value(json!({"title": "Only"})).unwrap();
        assert!(head.indexable());
        assert_eq!(
            head.render(&public()).fill("n"),
            "<title>Only</title>\n<link rel=\"alternate\" type=\"application/atom+xml\" \
             title=\"Supplysite Insights\" href=\"https://www.example.com/insights/feed.xml\">\n"
        );
    }

    /// The head of `path` over the fixture with photographs, as the server reads it.
    fn photo_head(path: &str) -> Head {
        use supplysite_core::compose::{compose, fixture};
        use supplysite_core::routes::Route;
        use supplysite_core::view::Outcome;
        let Outcome::Page(mut view) = compose(&Route::parse(path), &fixture::content_with_photos())
        else {
            panic!("{path} is not a page");
        };
        view.head_mut().absolutize("https://www.example.com");
        serde_json::from_value(serde_json::to_value(view.head()).unwrap()).unwrap()
    }

    fn rendered(head: &Head) -> String {
        String::from_utf8(head.render(&public()).fill("n").to_vec()).unwrap()
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
        let head: Head =
            serde_json::from_value(serde_json::to_value(view.head()).unwrap()).unwrap();
        assert_eq!(head.preload, None);
        assert!(!rendered(&head).contains("preload"));
    }
}
