//! Outbound links, for `supplysite audit links --external`: which http(s) links the site shows
//! (in rich text, on buttons and the About Us timeline, in assets' descriptions), and what each
//! answer means as a finding of the `links` report.
//!
//! Core only reads the content and judges answers; asking the other sites is the caller's
//! (the command's HTTP checker), which reports one [`LinkCheck`] per distinct address.

use super::subject::{At, ct, quote, served_pages, texts};
use super::{Finding, Report, Severity};
use crate::content::{ButtonAction, ContentSet, Slice};
use crate::richtext::{Href, classify_href};
use crate::routes::Route;
use serde::{Deserialize, Serialize};

/// The content type findings about an asset name (assets are not entries: Contentful's web app
/// opens them under `assets/`).
pub const ASSET: &str = "Asset";

/// One http(s) link the site shows, and where an editor changes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outbound {
    url: String,
    at: At,
    field: &'static str,
}

impl Outbound {
    /// The absolute address (a protocol-relative `//host/…` link is read as https).
    pub fn url(&self) -> &str {
        &self.url
    }
}

/// How one address answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "camelCase")]
pub enum LinkCheck {
    /// A success (2xx) at the address itself.
    Fine,
    /// A success after one or more redirects.
    Redirected {
        /// The address that answered.
        to: String,
        /// Every hop was 301 or 308: the link should be updated.
        permanent: bool,
    },
    /// A 4xx or 5xx status.
    Failed {
        /// The status.
        status: u16,
        /// The address that gave it, when redirects led there.
        to: Option<String>,
    },
    /// No answer at all: the name does not resolve, the connection is refused or reset, TLS
    /// fails, or redirects never end.
    Unreachable {
        /// Which, in words.
        reason: String,
    },
    /// No answer within the per-link time limit.
    TimedOut {
        /// The limit, in milliseconds.
        after_ms: u64,
    },
    /// Not asked: the run's time limit passed first.
    NotChecked,
}

impl LinkCheck {
    /// Whether the answer says something about the link that holds for a while (worth keeping
    /// in a cache); a time-out or a link not asked is tried again on the next run.
    pub fn is_lasting(&self) -> bool {
        !matches!(self, LinkCheck::TimedOut { .. } | LinkCheck::NotChecked)
    }
}

/// Every http(s) link the site shows, in a deterministic order: rich-text hyperlinks of every
/// shown field, buttons that go to a URL on served pages, the About Us timeline's links, then
/// links written in published assets' descriptions (by asset id).
pub fn outbound_links(set: &ContentSet) -> Vec<Outbound> {
    let mut out = Vec::new();
    let mut push = |at: &At, field: &'static str, uri: &str| {
        if let Some(url) = absolute(uri) {
            out.push(Outbound {
                url,
                at: at.clone(),
                field,
            });
        }
    };
    for t in texts(set) {
        for node in t.doc.0.walk() {
            if node.node_type == "hyperlink" {
                push(&t.at, t.field, node.uri().unwrap_or_default());
            }
        }
    }
    for page in served_pages(set) {
        let route = Route::Page(page.slug.clone());
        for slice in &page.slices {
            let buttons = match slice {
                Slice::TextMedia(tm) => tm.button.iter().collect(),
                Slice::DividerCta(d) => d.buttons.iter().collect(),
                Slice::Faq(_) => Vec::new(),
            };
            for b in buttons
                .into_iter()
                .filter(|b| b.action == ButtonAction::GoToUrl)
            {
                let at = At::entry(&b.id, ct::BUTTON, Some(&route));
                push(&at, "buttonActionUrl", b.url.as_deref().unwrap_or_default());
            }
        }
    }
    for t in set.timeline() {
        let at = At::entry(&t.id, ct::TIMELINE, Some(&Route::AboutUs));
        for (field, link) in [
            ("buttonlink", &t.button_link),
            ("imagehyperlink", &t.image_hyperlink),
        ] {
            push(&at, field, link.as_deref().unwrap_or_default());
        }
    }
    let mut assets: Vec<_> = set.assets().filter(|a| !a.id.is_empty()).collect();
    assets.sort_by(|a, b| a.id.cmp(&b.id));
    for asset in assets {
        let at = At {
            entry_id: Some(asset.id.clone()),
            content_type: Some(ASSET),
            route: None,
        };
        for url in urls_in_text(asset.description.as_deref().unwrap_or_default()) {
            push(&at, "description", url);
        }
    }
    out.dedup();
    out
}

/// The distinct addresses of `links`, sorted: what the checker asks, once each.
pub fn distinct_urls(links: &[Outbound]) -> Vec<String> {
    let mut urls: Vec<String> = links.iter().map(|l| l.url.clone()).collect();
    urls.sort();
    urls.dedup();
    urls
}

/// The findings of `links` given how each address answered (`check`); a link whose address has
/// no answer and a success give none. Unsorted (see [`super::sort`]).
pub fn findings<'a>(
    links: &[Outbound],
    check: impl Fn(&str) -> Option<&'a LinkCheck>,
) -> Vec<Finding> {
    links
        .iter()
        .filter_map(|l| finding(l, check(&l.url)?))
        .collect()
}

fn finding(l: &Outbound, check: &LinkCheck) -> Option<Finding> {
    let field = l.field;
    let link = format!("link {}", quote(&l.url, 120));
    let (severity, rule, message, hint) = match check {
        LinkCheck::Fine => return None,
        LinkCheck::Redirected {
            to,
            permanent: true,
        } => (
            Severity::Info,
            "external-moved",
            format!("{link} has moved permanently to {}", quote(to, 120)),
            format!("Replace the link in {field} with {to}"),
        ),
        LinkCheck::Redirected {
            to,
            permanent: false,
        } => (
            Severity::Info,
            "external-redirect",
            format!("{link} redirects (temporarily) to {}", quote(to, 120)),
            format!(
                "Nothing to fix while {to} is where the link should lead; link it directly in {field} if it is"
            ),
        ),
        LinkCheck::Failed { status, to } => (
            Severity::Error,
            "external-dead",
            match to {
                None => format!("{link} answers HTTP {status}"),
                Some(to) => format!(
                    "{link} redirects to {}, which answers HTTP {status}",
                    quote(to, 120)
                ),
            },
            format!("In {field}, link to a page that exists, or remove the link"),
        ),
        LinkCheck::Unreachable { reason } => (
            Severity::Error,
            "external-unreachable",
            format!("{link} cannot be reached: {reason}"),
            format!("Check the address in {field}; link to a site that answers, or remove the link"),
        ),
        LinkCheck::TimedOut { after_ms } => (
            Severity::Warning,
            "external-timeout",
            format!(
                "{link} gave no answer within {} s",
                *after_ms as f64 / 1000.0
            ),
            format!(
                "Open the link to see whether the site is slow or gone; fix or remove it in {field}"
            ),
        ),
        LinkCheck::NotChecked => (
            Severity::Warning,
            "external-unchecked",
            format!("{link} was not checked: the run's time limit passed first"),
            "Run the check again (answers are kept for a day, so it goes further) or allow it more time"
                .to_string(),
        ),
    };
    Some(l.at.finding(severity, Report::Links, rule, Some(field), message, hint))
}

/// `uri` as the absolute http(s) address a browser would open, when it is one.
fn absolute(uri: &str) -> Option<String> {
    let uri = uri.trim();
    if classify_href(uri) != Some(Href::External) {
        return None;
    }
    if let Some(rest) = uri.strip_prefix("//") {
        return Some(format!("https://{rest}"));
    }
    Some(uri.to_string())
}

/// The http(s) addresses written in plain text, without the punctuation that ends a sentence
/// or encloses the address.
fn urls_in_text(text: &str) -> Vec<&str> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = ["http://", "https://"]
        .iter()
        .filter_map(|p| lower[from..].find(p))
        .min()
    {
        let start = from + i;
        let len = text[start..]
            .find(|c: char| c.is_whitespace() || "<>\"'()[]{}".contains(c))
            .unwrap_or(text.len() - start);
        let url = text[start..start + len].trim_end_matches(['.', ',', ';', ':', '!', '?']);
        if url.len() > "https://".len() {
            out.push(url);
        }
        from = start + len.max(1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_in_text_end_before_closing_punctuation() {
        assert_eq!(
            urls_in_text(
                "Photo: https://example.com/a?b=1. See (http://x.org/p) or HTTPS://Y.org/q, then https://"
            ),
            [
                "https://example.com/a?b=1",
                "http://x.org/p",
                "HTTPS://Y.org/q"
            ]
        );
        assert!(urls_in_text("no links here; mailto:a@b.c").is_empty());
    }

    #[test]
    fn only_http_links_are_outbound_and_protocol_relative_ones_are_https() {
        assert_eq!(
            absolute(" //cdn.example/x "),
            Some("https://cdn.example/x".into())
        );
        assert_eq!(
            absolute("https://a.example/"),
            Some("https://a.example/".into())
        );
        assert_eq!(absolute("/insights"), None);
        assert_eq!(absolute("mailto:a@b.c"), None);
        assert_eq!(absolute("javascript:alert(1)"), None);
    }

    fn link() -> Outbound {
        Outbound {
            url: "https://a.example/x".into(),
            at: At::entry("post-1", ct::POST, Some(&Route::Insight("p".into()))),
            field: "bodyRichtext",
        }
    }

    #[test]
    fn each_answer_is_its_rule_and_severity_and_a_success_is_no_finding() {
        let cases = [
            (LinkCheck::Fine, None),
            (
                LinkCheck::Failed {
                    status: 404,
                    to: None,
                },
                Some((Severity::Error, "external-dead")),
            ),
            (
                LinkCheck::Unreachable {
                    reason: "connection refused".into(),
                },
                Some((Severity::Error, "external-unreachable")),
            ),
            (
                LinkCheck::TimedOut { after_ms: 500 },
                Some((Severity::Warning, "external-timeout")),
            ),
            (
                LinkCheck::Redirected {
                    to: "https://b.example/".into(),
                    permanent: true,
                },
                Some((Severity::Info, "external-moved")),
            ),
            (
                LinkCheck::Redirected {
                    to: "https://b.example/".into(),
                    permanent: false,
                },
                Some((Severity::Info, "external-redirect")),
            ),
            (
                LinkCheck::NotChecked,
                Some((Severity::Warning, "external-unchecked")),
            ),
        ];
        for (check, expected) in cases {
            let found = findings(&[link()], |_| Some(&check));
            let got = found.first().map(|f| (f.severity, f.rule));
            assert_eq!(got, expected, "{check:?}");
            if let Some(f) = found.first() {
                assert_eq!(f.report, Report::Links);
                assert_eq!(f.entry_id.as_deref(), Some("post-1"));
                assert_eq!(f.field.as_deref(), Some("bodyRichtext"));
                assert!(f.message.contains("https://a.example/x"), "{}", f.message);
            }
        }
        assert!(findings(&[link()], |_| None).is_empty());
    }

    #[test]
    fn a_permanent_move_names_the_new_address_in_its_hint() {
        let check = LinkCheck::Redirected {
            to: "https://b.example/new".into(),
            permanent: true,
        };
        let f = findings(&[link()], |_| Some(&check)).remove(0);
        assert!(f.hint.contains("https://b.example/new"), "{}", f.hint);
        let timeout = LinkCheck::TimedOut { after_ms: 10_000 };
        let f = findings(&[link()], |_| Some(&timeout)).remove(0);
        assert!(f.message.ends_with("within 10 s"), "{}", f.message);
    }
}
