//! What the server needs to know that is not content: where it is published, where the web
//! build and the downloaded assets are, the webhook secret and its limits.
//!
//! Layer: may use [`crate::cache`] alone (the page Cache-Control made from a setting).

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The server's settings, parsed and valid.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The public origin canonical links, Open Graph URLs, the sitemap and robots.txt name.
    pub public_url: PublicUrl,
    /// Contentful's webhook signing secret; without one every webhook is refused.
    pub webhook_secret: Option<Secret>,
    /// How old a signed webhook may be before it is refused as stale.
    pub webhook_ttl: Duration,
    /// The folder of the web build (`index.html`, `assets/`, favicon, images).
    pub web_dir: PathBuf,
    /// The folder holding the files downloaded with the export (`images.ctfassets.net/…`,
    /// `assets.ctfassets.net/…` and Contentful's other asset hosts), if any.
    pub asset_dir: Option<PathBuf>,
    /// How long a request may take before the server answers 503 (the contact endpoint bounds
    /// its own steps instead).
    pub request_timeout: Duration,
    /// The marketing-automation tracker's client key: public (the page embeds it), so it is
    /// no secret; without one the page loads no tracker.
    pub tracker_key: Option<String>,
    /// Whether the page captures where a visit came from and sends it with an enquiry
    /// (`SUPPLYSITE_LEAD_CAPTURE`, on by default).
    pub lead_capture: bool,
    /// The bytes of rendered pages kept per content version; past it the least recently used
    /// pages are dropped and made again when asked for.
    pub page_cache_bytes: usize,
    /// Renditions one client (an address, IPv6 by /64) may have the image endpoint encode a
    /// minute; renditions already made are never counted.
    pub image_encodes_per_minute: std::num::NonZeroU32,
    /// How long a cache in front (a proxy, a CDN, a browser) may serve a page, the page API's
    /// answer and the feed without asking again; past it a stale copy may still be served
    /// while it revalidates or while the site fails (see [`page_cache_control`]).
    pub page_max_age: Duration,
    /// The hosts the editors' redirects may send visitors to; a redirect to another is refused
    /// (its path answers 404).
    pub redirect_targets: supplysite_core::redirects::ExternalTargets,
}

/// Cache lifetime of pages, the page API's answers and the feed: a cache in front may serve
/// them for `max_age` ([`crate::Settings::page_max_age`]), then serve the old copy while it
/// revalidates (10 minutes) or while the origin fails (a day), per RFC 5861.
pub fn page_cache_control(max_age: Duration) -> axum::http::HeaderValue {
    axum::http::HeaderValue::from_str(&format!(
        "public, max-age={}, stale-while-revalidate=600, stale-if-error=86400",
        max_age.as_secs()
    ))
    .expect("digits and ASCII text make a header value")
}

/// The default of [`Settings::page_max_age`]: a minute.
pub const DEFAULT_PAGE_MAX_AGE: Duration = Duration::from_secs(60);

/// The default of [`Settings::image_encodes_per_minute`]: a first visit to every page of the
/// site in one format asks for far fewer, and the warm-up makes the common ones beforehand.
pub const DEFAULT_IMAGE_ENCODES_PER_MINUTE: u32 = 60;

/// Web Vitals reports (`POST /api/vitals`) one client may send a minute: a page sends four,
/// and a visit of several pages a few dozen.
pub const VITALS_REPORTS_PER_MINUTE: u32 = 120;

impl Settings {
    /// Settings for `public_url` with the defaults for everything else.
    pub fn new(public_url: PublicUrl, web_dir: impl Into<PathBuf>) -> Self {
        Settings {
            public_url,
            webhook_secret: None,
            webhook_ttl: Duration::from_secs(30),
            web_dir: web_dir.into(),
            asset_dir: None,
            request_timeout: Duration::from_secs(10),
            tracker_key: None,
            lead_capture: true,
            page_cache_bytes: crate::cache::DEFAULT_BUDGET,
            image_encodes_per_minute: std::num::NonZeroU32::new(DEFAULT_IMAGE_ENCODES_PER_MINUTE)
                .expect("the default is not zero"),
            page_max_age: DEFAULT_PAGE_MAX_AGE,
            redirect_targets: supplysite_core::redirects::ExternalTargets::Any,
        }
    }
}

/// An absolute `http` or `https` origin with an optional path prefix, without a trailing slash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl(String);

/// Why a public URL was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "invalid public URL {0:?} (expected an absolute http:// or https:// URL without query or fragment, such as https://www.example.com)"
)]
pub struct PublicUrlError(pub String);

impl PublicUrl {
    /// Parses `https://host[:port][/prefix]`; a trailing slash is dropped.
    pub fn parse(input: &str) -> Result<Self, PublicUrlError> {
        let err = || PublicUrlError(input.to_string());
        let trimmed = input.trim();
        let rest = trimmed
            .strip_prefix("https://")
            .or_else(|| trimmed.strip_prefix("http://"))
            .ok_or_else(err)?;
        let host = rest.split('/').next().unwrap_or("");
        let host_ok = !host.is_empty()
            && host.bytes().all(|b| {
                b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']')
            });
        if !host_ok || rest.contains(['?', '#', ' ', '"', '<', '>', '\\']) {
            return Err(err());
        }
        Ok(PublicUrl(trimmed.trim_end_matches('/').to_string()))
    }

    /// The URL without a trailing slash.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether browsers reach the site over TLS.
    pub fn is_https(&self) -> bool {
        self.0.starts_with("https://")
    }

    /// Makes a site path (`/insights/x`) absolute. Absolute URLs are returned unchanged and
    /// protocol-relative ones (`//images.ctfassets.net/…`) get `https:`.
    pub fn absolute(&self, path: &str) -> String {
        if path.starts_with("https://") || path.starts_with("http://") {
            path.to_string()
        } else if let Some(rest) = path.strip_prefix("//") {
            format!("https://{rest}")
        } else if path.starts_with('/') {
            format!("{}{}", self.0, path)
        } else {
            format!("{}/{}", self.0, path)
        }
    }

    /// Whether `url` is on this site (so it may appear in the sitemap).
    pub fn owns(&self, url: &str) -> bool {
        url == self.0 || url.starts_with(&format!("{}/", self.0))
    }
}

impl fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub use supplysite_core::secret::{Secret, WebhookSecretError};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_url_accepts_origins_and_drops_the_trailing_slash() {
        let url = PublicUrl::parse("https://www.example.com/").unwrap();
        assert_eq!(url.as_str(), "https://www.example.com");
        assert!(url.is_https());
        assert_eq!(
            PublicUrl::parse("http://127.0.0.1:8080").unwrap().as_str(),
            "http://127.0.0.1:8080"
        );
    }

    #[test]
    fn public_url_refuses_relative_and_odd_urls() {
        for bad in [
            "",
            "www.example.com",
            "ftp://x",
            "https://",
            "https://x.test/?q=1",
            "https://x.test/#a",
            "https://x y",
        ] {
            assert_eq!(
                PublicUrl::parse(bad),
                Err(PublicUrlError(bad.to_string())),
                "{bad}"
            );
        }
    }

    #[test]
    fn absolute_joins_paths_and_keeps_absolute_urls() {
        let url = PublicUrl::parse("https://x.test").unwrap();
        assert_eq!(url.absolute("/insights/a"), "https://x.test/insights/a");
        assert_eq!(url.absolute("https://o.test/a"), "https://o.test/a");
        assert_eq!(
            url.absolute("//images.ctfassets.net/s/a.png"),
            "https://images.ctfassets.net/s/a.png"
        );
        assert!(url.owns("https://x.test/a"));
        assert!(!url.owns("https://x.test.evil/a"));
    }
}
