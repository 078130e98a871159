//! Where the live space is and how to reach it. The `CONTENTFUL_*` settings are declared by
//! the command that reads them and checked once at start-up with the checks here; the access
//! token is wrapped so it never prints.

use super::retry::RetryPolicy;

/// The GraphQL Content API host outside the EU data region.
pub const DEFAULT_GRAPHQL_HOST: &str = "https://graphql.contentful.com";
/// The Content Delivery API host outside the EU data region.
pub const DEFAULT_CDA_HOST: &str = "https://cdn.contentful.com";
/// The Content Preview API host (the entries API with drafts) outside the EU data region.
pub const DEFAULT_PREVIEW_HOST: &str = "https://preview.contentful.com";

/// Contentful access tokens (delivery or preview) are the site's one secret type, so a token
/// cannot reach a log line or an error message by accident.
pub use supplysite_core::secret::Secret;

/// How to reach one environment of one Contentful space.
#[derive(Clone, Debug)]
pub struct ContentfulSettings {
    /// The space's id (`CONTENTFUL_SPACE_ID`). It goes into URL paths, so when read from the
    /// environment it may hold only letters, digits, `-`, `_` and `.`.
    pub space_id: String,
    /// The Content Delivery API token (`CONTENTFUL_ACCESS_TOKEN`), sent as a bearer token to
    /// both APIs; a Content Preview API token when `preview` is set.
    pub access_token: Secret,
    /// `master` unless set.
    pub environment: String,
    /// `https://graphql.contentful.com`, or the EU host, or a local fake in tests.
    pub graphql_host: String,
    /// `https://cdn.contentful.com`, or the EU host, or a local fake in tests.
    pub cda_host: String,
    /// Timeouts, retries and back-off.
    pub retry: RetryPolicy,
    /// Read preview content: drafts and the latest version of changed entries (archived ones
    /// left out). GraphQL asks with `preview: true`; `access_token` must be a Content Preview
    /// API token and `cda_host` the preview host.
    pub preview: bool,
}

/// Why a Contentful setting was refused, naming it.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// A setting's value is not an `http(s)://host[:port]` origin.
    #[error("{name}: invalid value {value:?} ({expected})")]
    Invalid {
        /// The variable, such as `CONTENTFUL_GRAPHQL_HOST`.
        name: &'static str,
        /// The value given.
        value: String,
        /// What a valid value looks like.
        expected: &'static str,
    },
}

impl ContentfulSettings {
    /// Settings for `space_id` with `token`, the `master` environment and the default hosts.
    pub fn new(space_id: impl Into<String>, token: Secret) -> Self {
        ContentfulSettings {
            space_id: space_id.into(),
            access_token: token,
            environment: "master".to_string(),
            graphql_host: DEFAULT_GRAPHQL_HOST.to_string(),
            cda_host: DEFAULT_CDA_HOST.to_string(),
            retry: RetryPolicy::default(),
            preview: false,
        }
    }

    /// The same space and environment read for preview with `token` (a Content Preview API
    /// token), the entries API at `preview_host`.
    pub fn for_preview(&self, token: Secret, preview_host: impl Into<String>) -> Self {
        ContentfulSettings {
            access_token: token,
            cda_host: preview_host.into(),
            preview: true,
            ..self.clone()
        }
    }

    /// Checks a space or environment id: it goes into URL paths, so it may hold only
    /// letters, digits, `-`, `_` and `.`, at most 64 of them.
    ///
    /// Errors: the value and what a valid id looks like.
    pub fn check_id(value: &str) -> Result<String, String> {
        let value = value.trim();
        let ok = !value.is_empty()
            && value.len() <= 64
            && value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        if ok {
            Ok(value.to_string())
        } else {
            Err(format!(
                "invalid value {value:?} (expected letters, digits, '-', '_' or '.')"
            ))
        }
    }

    /// Checks an API origin (`http(s)://host[:port]`), returned without a trailing slash.
    ///
    /// Errors: the value and what a valid origin looks like.
    pub fn check_origin(value: &str) -> Result<String, String> {
        origin_value("", value.trim().to_string(), ORIGIN_EXPECTED)
            .map_err(|_| format!("invalid value {:?} ({ORIGIN_EXPECTED})", value.trim()))
    }

    /// Checks an access token (delivery or preview), without ever showing it.
    ///
    /// Errors: what a token looks like (never the value).
    pub fn check_token(value: &str) -> Result<Secret, String> {
        let value = value.trim();
        let ok = !value.is_empty()
            && value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'));
        if ok {
            Ok(Secret::new(value))
        } else {
            Err("invalid token (expected letters, digits, '-' or '_' only)".to_string())
        }
    }

    /// The GraphQL endpoint of the environment. Holds no secret, so it may be logged.
    pub fn graphql_url(&self) -> String {
        format!(
            "{}/content/v1/spaces/{}/environments/{}",
            self.graphql_host, self.space_id, self.environment
        )
    }

    /// The name of this space's cache file: one per space and environment, so switching
    /// either never serves the other's content.
    pub fn cache_file_name(&self) -> String {
        format!("contentful-{}-{}.json", self.space_id, self.environment)
    }

    /// The base of the environment's Content Delivery API paths.
    pub fn cda_url(&self) -> String {
        format!(
            "{}/spaces/{}/environments/{}",
            self.cda_host, self.space_id, self.environment
        )
    }
}

/// What an API origin looks like.
const ORIGIN_EXPECTED: &str = "expected an origin such as https://graphql.eu.contentful.com";

/// An `http(s)://host[:port]` origin, without a trailing slash; `expected` says what to give.
pub(super) fn origin_value(
    name: &'static str,
    value: String,
    expected: &'static str,
) -> Result<String, SettingsError> {
    let rest = value
        .strip_prefix("https://")
        .or_else(|| value.strip_prefix("http://"));
    let ok = rest.is_some_and(|rest| {
        let rest = rest.trim_end_matches('/');
        !rest.is_empty()
            && rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
    });
    if ok {
        Ok(value.trim_end_matches('/').to_string())
    } else {
        Err(SettingsError::Invalid {
            name,
            value,
            expected,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live(space: &str, token: &str) -> ContentfulSettings {
        ContentfulSettings::new(space, Secret::new(token))
    }

    #[test]
    fn a_space_reads_master_from_the_default_hosts() {
        let s = live("abc123", "tok_en-1");
        assert_eq!(
            s.graphql_url(),
            "https://graphql.contentful.com/content/v1/spaces/abc123/environments/master"
        );
        assert_eq!(
            s.cda_url(),
            "https://cdn.contentful.com/spaces/abc123/environments/master"
        );
        assert_eq!(s.cache_file_name(), "contentful-abc123-master.json");
    }

    #[test]
    fn ids_origins_and_tokens_are_checked_and_a_token_is_never_echoed() {
        assert_eq!(
            ContentfulSettings::check_id(" staging ").unwrap(),
            "staging"
        );
        let e = ContentfulSettings::check_id("abc/../x").unwrap_err();
        assert!(e.starts_with("invalid value \"abc/../x\""), "{e}");
        assert_eq!(
            ContentfulSettings::check_origin("https://graphql.eu.contentful.com/").unwrap(),
            "https://graphql.eu.contentful.com"
        );
        let e = ContentfulSettings::check_origin("graphql.contentful.com").unwrap_err();
        assert!(
            e.starts_with("invalid value \"graphql.contentful.com\""),
            "{e}"
        );
        assert_eq!(
            ContentfulSettings::check_token("tok_en-1")
                .unwrap()
                .expose(),
            "tok_en-1"
        );
        let e = ContentfulSettings::check_token("sec ret").unwrap_err();
        assert!(!e.contains("sec ret"), "{e}");
        assert_eq!(format!("{:?}", Secret::new("sec")), "Secret([redacted])");
    }
}
