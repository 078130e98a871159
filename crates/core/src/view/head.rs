//! What goes in a page's `<head>`: title, description, canonical, robots, Open Graph and
//! JSON-LD structured data.
//!
//! Core knows no host name, so every URL here is a site path (`/insights/x`) unless an editor
//! gave an absolute canonical. The server calls [`Head::absolutize`] with its public origin
//! before writing the tags, because crawlers want absolute URLs.

use super::Image;
use serde::Serialize;
use serde_json::Value;

/// A page's `<head>`.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Head {
    /// The `<title>`.
    pub title: String,
    /// The meta description.
    pub description: String,
    /// The canonical URL: the entry's own `canonical` when an editor set one, else the route's
    /// path.
    pub canonical: String,
    /// `index, follow` or `noindex, follow`.
    #[ts(type = "string")]
    pub robots: Robots,
    /// The page before this one in a paginated listing (`<link rel="prev">`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub prev: Option<String>,
    /// The page after this one in a paginated listing (`<link rel="next">`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next: Option<String>,
    /// The Open Graph tags link previews read.
    pub open_graph: OpenGraph,
    /// The template's largest picture above the fold, asked for before the page's script runs
    /// (`<link rel="preload" as="image">`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub preload: Option<Preload>,
    /// JSON-LD objects, one `<script type="application/ld+json">` each.
    #[ts(type = "unknown[]")]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub json_ld: Vec<Value>,
}

/// Whether search engines may index a page. Links are followed either way, so a page kept out
/// of results still passes its links on. Serialised as the robots meta directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Robots {
    /// `index, follow`: the page may appear in search results.
    #[serde(rename = "index, follow")]
    Index,
    /// `noindex, follow`: the page stays out of search results.
    #[serde(rename = "noindex, follow")]
    NoIndex,
}

impl Robots {
    /// The directive for an entry whose index flag is `seo_index`.
    pub fn from_index_flag(seo_index: bool) -> Self {
        if seo_index {
            Robots::Index
        } else {
            Robots::NoIndex
        }
    }

    /// Whether search engines may index the page.
    pub fn indexable(self) -> bool {
        self == Robots::Index
    }

    /// The robots meta tag's content.
    pub fn directive(self) -> &'static str {
        match self {
            Robots::Index => "index, follow",
            Robots::NoIndex => "noindex, follow",
        }
    }
}

/// Open Graph tags for link previews.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OpenGraph {
    /// `website` or `article`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// `og:title`: the page's title.
    pub title: String,
    /// `og:description`: the page's description.
    pub description: String,
    /// The picture link previews show: a rendition [`crate::rendition::SHARE_WIDTH`] pixels wide
    /// where the picture can be resized, with its size.
    pub image: Option<Image>,
    /// `og:url`: the page's canonical address.
    pub url: String,
    /// `og:site_name`: the site's name.
    pub site_name: &'static str,
}

/// A picture to fetch at once, at high priority: the same candidates and `sizes` as the
/// picture's first `<source>`, so the browser reuses what it preloaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Preload {
    /// `imagesrcset`.
    pub srcset: String,
    /// `imagesizes`.
    pub sizes: String,
    /// The candidates' media type (`image/avif`): browsers without it skip the preload.
    #[serde(rename = "type")]
    #[ts(rename = "type")]
    pub kind: &'static str,
    /// The viewports the picture shows on (`(min-width: 1024px)`); absent: every viewport.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub media: Option<&'static str>,
}

/// JSON-LD keys whose string values are URLs.
const URL_KEYS: [&str; 6] = ["url", "item", "@id", "logo", "image", "mainEntityOfPage"];

impl Head {
    /// Whether search engines may index the page.
    pub fn indexable(&self) -> bool {
        self.robots.indexable()
    }

    /// Makes every site path in the head absolute against `origin` (`https://example.com`,
    /// without a trailing slash): the canonical, the Open Graph URL and image, and the URL
    /// fields of the JSON-LD. Protocol-relative URLs (`//images.ctfassets.net/…`) get `https:`.
    /// Absolute URLs are left alone.
    pub fn absolutize(&mut self, origin: &str) {
        let origin = origin.trim_end_matches('/');
        absolutize_str(&mut self.canonical, origin);
        absolutize_str(&mut self.open_graph.url, origin);
        for link in [&mut self.prev, &mut self.next].into_iter().flatten() {
            absolutize_str(link, origin);
        }
        if let Some(image) = &mut self.open_graph.image {
            absolutize_str(&mut image.url, origin);
        }
        for value in &mut self.json_ld {
            absolutize_json(value, origin, false);
        }
    }
}

fn absolutize_str(url: &mut String, origin: &str) {
    if url.starts_with("//") {
        url.insert_str(0, "https:");
    } else if url.starts_with('/') {
        url.insert_str(0, origin);
    }
}

fn absolutize_json(value: &mut Value, origin: &str, is_url: bool) {
    match value {
        Value::String(s) if is_url => absolutize_str(s, origin),
        Value::Array(items) => {
            for item in items {
                absolutize_json(item, origin, is_url);
            }
        }
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                absolutize_json(v, origin, URL_KEYS.contains(&key.as_str()));
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn absolutize_prefixes_site_paths_and_leaves_absolute_urls_alone() {
        let mut head = Head {
            title: "t".into(),
            description: "d".into(),
            canonical: "/insights/a".into(),
            robots: Robots::Index,
            prev: Some("/insights".into()),
            next: None,
            preload: None,
            open_graph: OpenGraph {
                kind: "article",
                title: "t".into(),
                description: "d".into(),
                image: Some(Image {
                    url: "//images.ctfassets.net/s/a.png?w=1200&fm=jpg&q=75".into(),
                    alt: String::new(),
                    width: Some(1200),
                    height: Some(800),
                    srcset: None,
                    sources: Vec::new(),
                    sizes: None,
                }),
                url: "https://elsewhere.example/a".into(),
                site_name: "s",
            },
            json_ld: vec![json!({
                "@type": "BreadcrumbList",
                "name": "/not-a-url",
                "itemListElement": [{"item": "/", "name": "Home"}],
                "publisher": {"logo": {"url": "/images/logo.svg"}},
            })],
        };
        head.absolutize("https://www.example.com/");
        assert_eq!(head.canonical, "https://www.example.com/insights/a");
        assert_eq!(head.open_graph.url, "https://elsewhere.example/a");
        assert_eq!(
            head.prev.as_deref(),
            Some("https://www.example.com/insights")
        );
        assert_eq!(
            head.open_graph.image.map(|i| i.url).as_deref(),
            Some("https://images.ctfassets.net/s/a.png?w=1200&fm=jpg&q=75")
        );
        assert_eq!(
            head.json_ld[0],
            json!({
                "@type": "BreadcrumbList",
                "name": "/not-a-url",
                "itemListElement": [{"item": "https://www.example.com/", "name": "Home"}],
                "publisher": {"logo": {"url": "https://www.example.com/images/logo.svg"}},
            })
        );
    }
}
