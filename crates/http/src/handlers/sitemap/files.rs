//! The sitemap's files: one `urlset` at `/sitemap.xml` while the site's URLs fit in one file,
//! otherwise a `sitemapindex` there pointing to `/sitemap-1.xml`, `/sitemap-2.xml`, … each
//! holding as many URLs as the protocol allows.
//!
//! sitemaps.org caps a sitemap file at 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed;
//! the site itself has no cap, so the URLs are split over as many files as they need, by count
//! and by size (a URL may be up to 2,048 characters, so 50,000 long ones would pass 50 MB).

use crate::render::escape;
use crate::settings::PublicUrl;
use bytes::Bytes;

/// The most URLs one sitemap file may hold (sitemaps.org).
pub const MAX_URLS: usize = 50_000;
/// The largest one sitemap file may be, uncompressed (sitemaps.org: 50 MB).
pub const MAX_BYTES: usize = 52_428_800;

const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
const URLSET_OPEN: &str = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
const URLSET_CLOSE: &str = "</urlset>\n";
const INDEX_OPEN: &str = "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
const INDEX_CLOSE: &str = "</sitemapindex>\n";

/// How much one file may hold: the protocol's limits, smaller in tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most URLs in one file.
    pub urls: usize,
    /// The most bytes in one file, uncompressed.
    pub bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            urls: MAX_URLS,
            bytes: MAX_BYTES,
        }
    }
}

/// One URL of the sitemap: its absolute location and the `YYYY-MM-DD` it last changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The page's absolute address.
    pub loc: String,
    /// When the page last changed, as `YYYY-MM-DD`.
    pub lastmod: String,
}

/// What the server answers at `/sitemap.xml` and `/sitemap-N.xml`.
#[derive(Clone, Debug, Default)]
pub struct SitemapFiles {
    /// `/sitemap.xml`: the `urlset` itself, or the index of the parts.
    pub main: Bytes,
    /// `/sitemap-1.xml` onwards; empty when every URL fits in `main`.
    pub parts: Vec<Bytes>,
}

impl SitemapFiles {
    /// `/sitemap-N.xml` (`n` counts from 1), when the sitemap is split and has that part.
    pub fn part(&self, n: usize) -> Option<&Bytes> {
        self.parts.get(n.checked_sub(1)?)
    }
}

/// The part number a request path names: `/sitemap-N.xml` with `N` a positive number written
/// without leading zeros (one spelling per file).
pub fn part_number(path: &str) -> Option<usize> {
    let digits = path.strip_prefix("/sitemap-")?.strip_suffix(".xml")?;
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|n| *n > 0)
}

/// The files for `entries`, in their order, each within `limits`.
pub fn files(entries: &[Entry], public: &PublicUrl, limits: Limits) -> SitemapFiles {
    let lines: Vec<String> = entries.iter().map(url_line).collect();
    let chunks = split(&lines, limits);
    if chunks.len() <= 1 {
        return SitemapFiles {
            main: urlset(&lines),
            parts: Vec::new(),
        };
    }
    let mut index = String::from(XML_DECLARATION);
    index.push_str(INDEX_OPEN);
    let mut parts = Vec::with_capacity(chunks.len());
    let mut start = 0;
    for (i, len) in chunks.into_iter().enumerate() {
        let range = start..start + len;
        start += len;
        index.push_str("  <sitemap><loc>");
        index.push_str(&escape::xml(
            &public.absolute(&format!("/sitemap-{}.xml", i + 1)),
        ));
        index.push_str("</loc>");
        // W3C dates compare as text; the part changed when its newest URL did.
        if let Some(newest) = entries[range.clone()].iter().map(|e| &e.lastmod).max() {
            index.push_str("<lastmod>");
            index.push_str(newest);
            index.push_str("</lastmod>");
        }
        index.push_str("</sitemap>\n");
        parts.push(urlset(&lines[range]));
    }
    index.push_str(INDEX_CLOSE);
    SitemapFiles {
        main: Bytes::from(index),
        parts,
    }
}

fn url_line(entry: &Entry) -> String {
    let mut line = String::with_capacity(entry.loc.len() + 56);
    line.push_str("  <url><loc>");
    line.push_str(&escape::xml(&entry.loc));
    line.push_str("</loc><lastmod>");
    line.push_str(&entry.lastmod);
    line.push_str("</lastmod></url>\n");
    line
}

/// The number of lines in each file, in order: a file closes when the next line would take it
/// past either limit. A single line larger than a whole file cannot occur (a URL is at most a
/// few kilobytes) but would still get a file of its own rather than be dropped.
fn split(lines: &[String], limits: Limits) -> Vec<usize> {
    let frame = XML_DECLARATION.len() + URLSET_OPEN.len() + URLSET_CLOSE.len();
    let mut chunks = Vec::new();
    let (mut count, mut bytes) = (0, frame);
    for line in lines {
        if count > 0 && (count == limits.urls || bytes + line.len() > limits.bytes) {
            chunks.push(count);
            (count, bytes) = (0, frame);
        }
        count += 1;
        bytes += line.len();
    }
    if count > 0 {
        chunks.push(count);
    }
    chunks
}

fn urlset(lines: &[String]) -> Bytes {
    let len = lines.iter().map(String::len).sum::<usize>();
    let mut xml = String::with_capacity(XML_DECLARATION.len() + URLSET_OPEN.len() + len + 16);
    xml.push_str(XML_DECLARATION);
    xml.push_str(URLSET_OPEN);
    for line in lines {
        xml.push_str(line);
    }
    xml.push_str(URLSET_CLOSE);
    Bytes::from(xml)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGIN: &str = "https://www.example.com";

    fn public() -> PublicUrl {
        PublicUrl::parse(ORIGIN).unwrap()
    }

    fn entries(n: usize) -> Vec<Entry> {
        (0..n)
            .map(|i| Entry {
                loc: format!("{ORIGIN}/insights/post-{i}"),
                lastmod: format!("2024-01-{:02}", 1 + i % 28),
            })
            .collect()
    }

    fn text(bytes: &Bytes) -> &str {
        std::str::from_utf8(bytes).unwrap()
    }

    fn locs(xml: &str) -> Vec<&str> {
        xml.split("<loc>")
            .skip(1)
            .map(|s| s.split("</loc>").next().unwrap())
            .collect()
    }

    #[test]
    fn urls_that_fit_one_file_are_served_as_a_single_urlset() {
        let limits = Limits {
            urls: 3,
            bytes: MAX_BYTES,
        };
        let files = files(&entries(3), &public(), limits);
        assert!(files.parts.is_empty());
        let xml = text(&files.main);
        assert!(xml.starts_with(XML_DECLARATION));
        assert!(xml.contains(URLSET_OPEN));
        assert_eq!(locs(xml).len(), 3);
        assert!(files.part(1).is_none());
    }

    #[test]
    fn more_urls_than_a_file_holds_make_an_index_of_parts_in_order() {
        let limits = Limits {
            urls: 3,
            bytes: MAX_BYTES,
        };
        let all = entries(7);
        let files = files(&all, &public(), limits);
        assert_eq!(files.parts.len(), 3);
        let index = text(&files.main);
        assert!(index.starts_with(XML_DECLARATION));
        assert!(index.contains(INDEX_OPEN));
        assert!(index.ends_with(INDEX_CLOSE));
        assert_eq!(
            locs(index),
            [
                "https://www.example.com/sitemap-1.xml",
                "https://www.example.com/sitemap-2.xml",
                "https://www.example.com/sitemap-3.xml"
            ]
        );
        let listed: Vec<String> = (1..=3)
            .flat_map(|n| {
                locs(text(files.part(n).unwrap()))
                    .into_iter()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        let expected: Vec<String> = all.iter().map(|e| e.loc.clone()).collect();
        assert_eq!(listed, expected);
        assert_eq!(locs(text(files.part(3).unwrap())).len(), 1);
        assert!(files.part(0).is_none());
        assert!(files.part(4).is_none());
    }

    #[test]
    fn each_part_of_the_index_carries_the_newest_lastmod_of_its_urls() {
        let limits = Limits {
            urls: 2,
            bytes: MAX_BYTES,
        };
        let mut all = entries(4);
        all[0].lastmod = "2023-05-01".into();
        all[1].lastmod = "2024-02-29".into();
        all[2].lastmod = "2022-01-01".into();
        all[3].lastmod = "2021-12-31".into();
        let index = files(&all, &public(), limits).main;
        let index = text(&index);
        assert!(index.contains("sitemap-1.xml</loc><lastmod>2024-02-29</lastmod>"));
        assert!(index.contains("sitemap-2.xml</loc><lastmod>2022-01-01</lastmod>"));
    }

    #[test]
    fn a_file_is_closed_before_it_would_pass_the_byte_limit() {
        let all = entries(10);
        let one = url_line(&all[0]).len();
        let frame = XML_DECLARATION.len() + URLSET_OPEN.len() + URLSET_CLOSE.len();
        // Room for four lines of this length (the last ones are one byte longer).
        let limits = Limits {
            urls: MAX_URLS,
            bytes: frame + 4 * one + 3,
        };
        let files = files(&all, &public(), limits);
        assert!(files.parts.len() >= 3, "{}", files.parts.len());
        for part in &files.parts {
            assert!(
                part.len() <= limits.bytes,
                "{} > {}",
                part.len(),
                limits.bytes
            );
        }
        let total: usize = files.parts.iter().map(|p| locs(text(p)).len()).sum();
        assert_eq!(total, 10);
    }

    #[test]
    fn at_exactly_the_url_limit_there_is_still_one_file() {
        let limits = Limits {
            urls: 5,
            bytes: MAX_BYTES,
        };
        assert!(files(&entries(5), &public(), limits).parts.is_empty());
        assert_eq!(files(&entries(6), &public(), limits).parts.len(), 2);
    }

    #[test]
    fn locations_are_escaped_for_xml() {
        let entry = Entry {
            loc: format!("{ORIGIN}/page/a&b"),
            lastmod: "2024-01-01".into(),
        };
        let xml = files(&[entry], &public(), Limits::default()).main;
        assert!(text(&xml).contains("<loc>https://www.example.com/page/a&amp;b</loc>"));
    }

    #[test]
    fn part_numbers_have_one_spelling() {
        assert_eq!(part_number("/sitemap-1.xml"), Some(1));
        assert_eq!(part_number("/sitemap-12.xml"), Some(12));
        for other in [
            "/sitemap-0.xml",
            "/sitemap-01.xml",
            "/sitemap-.xml",
            "/sitemap-1a.xml",
            "/sitemap-+1.xml",
            "/sitemap.xml",
            "/sitemap-1.xml/",
            "/sitemap-99999999999999999999999.xml",
        ] {
            assert_eq!(part_number(other), None, "{other}");
        }
    }
}
