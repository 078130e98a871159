//! Where the live space is and how to reach it: the `CONTENTFUL_*` settings, checked once at
//! start-up, with the access token wrapped so it never prints.

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

/// Why the Contentful settings were refused. Each message names the variable; none shows the
/// token.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// Only one of the space id and the access token is set: live content needs both, and
    /// the export file is served only when neither is.
    #[error(
        "{missing} is not set but {set} is (live content needs both; unset both to serve the export file)"
    )]
    Incomplete {
        /// The variable that is not set.
        missing: &'static str,
        /// The variable that is.
        set: &'static str,
    },
    /// A setting's value has the wrong form: an id longer than 64 characters or with
    /// characters other than letters, digits, `-`, `_` and `.`; a host that is not an
    /// `http(s)://host[:port]` origin; or a token checked with [`ContentfulSettings::token`]
    /// that holds characters no token has.
    #[error("{name}: invalid value {value:?} ({expected})")]
    Invalid {
        /// The variable, such as `CONTENTFUL_GRAPHQL_HOST`.
        name: &'static str,
        /// The value given (`[redacted]` when it is a token).
        value: String,
        /// What a valid value looks like.
        expected: &'static str,
    },
    /// `CONTENTFUL_ACCESS_TOKEN` holds characters no token has (such as a space inside it).
    /// The value is never shown.
    #[error("CONTENTFUL_ACCESS_TOKEN: invalid token (expected letters, digits, '-' or '_' only)")]
    InvalidToken,
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

    /// Checks `value` as the origin of `name` (such as `CONTENTFUL_PREVIEW_HOST`).
    ///
    /// Errors: [`SettingsError::Invalid`] naming the setting.
    pub fn origin(name: &'static str, value: &str) -> Result<String, SettingsError> {
        host_value(name, value.trim().to_string())
    }

    /// Checks `value` as an access token for `name` (such as `CONTENTFUL_PREVIEW_TOKEN`),
    /// without ever showing it.
    ///
    /// Errors: [`SettingsError::Invalid`] naming the setting, with the value redacted.
    pub fn token(name: &'static str, value: &str) -> Result<Secret, SettingsError> {
        token_value(value.trim().to_string()).map_err(|_| SettingsError::Invalid {
            name,
            value: "[redacted]".to_string(),
            expected: "letters, digits, '-' or '_' only",
        })
    }

    /// Reads `CONTENTFUL_SPACE_ID`, `CONTENTFUL_ACCESS_TOKEN`, `CONTENTFUL_ENVIRONMENT`,
    /// `CONTENTFUL_GRAPHQL_HOST` and `CONTENTFUL_CDA_HOST` through `get` (the environment, or
    /// a map in tests). `None` when neither the space id nor the token is set: the site then
    /// serves its export file. Blank values count as unset.
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<ContentfulSettings>, SettingsError> {
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let space = get("CONTENTFUL_SPACE_ID");
        let token = get("CONTENTFUL_ACCESS_TOKEN");
        let (space, token) = match (space, token) {
            (None, None) => return Ok(None),
            (Some(_), None) => {
                return Err(SettingsError::Incomplete {
                    missing: "CONTENTFUL_ACCESS_TOKEN",
                    set: "CONTENTFUL_SPACE_ID",
                });
            }
            (None, Some(_)) => {
                return Err(SettingsError::Incomplete {
                    missing: "CONTENTFUL_SPACE_ID",
                    set: "CONTENTFUL_ACCESS_TOKEN",
                });
            }
            (Some(space), Some(token)) => (space, token),
        };
        let mut settings =
            ContentfulSettings::new(id("CONTENTFUL_SPACE_ID", space)?, token_value(token)?);
        if let Some(env) = get("CONTENTFUL_ENVIRONMENT") {
            settings.environment = id("CONTENTFUL_ENVIRONMENT", env)?;
        }
        if let Some(host) = get("CONTENTFUL_GRAPHQL_HOST") {
            settings.graphql_host = host_value("CONTENTFUL_GRAPHQL_HOST", host)?;
        }
        if let Some(host) = get("CONTENTFUL_CDA_HOST") {
            settings.cda_host = host_value("CONTENTFUL_CDA_HOST", host)?;
        }
        Ok(Some(settings))
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

/// Space and environment ids go into URL paths, so only id characters are allowed.
fn id(name: &'static str, value: String) -> Result<String, SettingsError> {
    let ok = value.len() <= 64
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if ok {
        Ok(value)
    } else {
        Err(SettingsError::Invalid {
            name,
            value,
            expected: "letters, digits, '-', '_' or '.'",
        })
    }
}

fn token_value(value: String) -> Result<Secret, SettingsError> {
    let ok = value
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'));
    if ok {
        Ok(Secret::new(value))
    } else {
        Err(SettingsError::InvalidToken)
    }
}

/// An `http(s)://host[:port]` origin, without a trailing slash.
fn host_value(name: &'static str, value: String) -> Result<String, SettingsError> {
    origin_value(
        name,
        value,
        "an origin such as https://graphql.eu.contentful.com",
    )
}

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
    use std::collections::HashMap;

    fn read(pairs: &[(&str, &str)]) -> Result<Option<ContentfulSettings>, SettingsError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        ContentfulSettings::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn without_space_and_token_the_export_file_is_served() {
        assert!(read(&[]).unwrap().is_none());
        assert!(read(&[("CONTENTFUL_SPACE_ID", "  ")]).unwrap().is_none());
    }

    #[test]
    fn space_and_token_give_live_settings_with_master_and_the_default_hosts() {
        let s = read(&[
            ("CONTENTFUL_SPACE_ID", "abc123"),
            ("CONTENTFUL_ACCESS_TOKEN", "tok_en-1"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(
            s.graphql_url(),
            "https://graphql.contentful.com/content/v1/spaces/abc123/environments/master"
        );
        assert_eq!(
            s.cda_url(),
            "https://cdn.contentful.com/spaces/abc123/environments/master"
        );
        assert_eq!(s.access_token.expose(), "tok_en-1");
    }

    #[test]
    fn the_eu_hosts_and_an_environment_can_be_chosen() {
        let s = read(&[
            ("CONTENTFUL_SPACE_ID", "abc"),
            ("CONTENTFUL_ACCESS_TOKEN", "t"),
            ("CONTENTFUL_ENVIRONMENT", "staging"),
            (
                "CONTENTFUL_GRAPHQL_HOST",
                "https://graphql.eu.contentful.com/",
            ),
            ("CONTENTFUL_CDA_HOST", "https://cdn.eu.contentful.com"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(
            s.graphql_url(),
            "https://graphql.eu.contentful.com/content/v1/spaces/abc/environments/staging"
        );
        assert_eq!(
            s.cda_url(),
            "https://cdn.eu.contentful.com/spaces/abc/environments/staging"
        );
    }

    #[test]
    fn half_a_configuration_is_an_error_naming_the_missing_variable() {
        let e = read(&[("CONTENTFUL_SPACE_ID", "abc")]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "CONTENTFUL_ACCESS_TOKEN is not set but CONTENTFUL_SPACE_ID is (live content needs both; unset both to serve the export file)"
        );
        let e = read(&[("CONTENTFUL_ACCESS_TOKEN", "secret-token")]).unwrap_err();
        assert!(e.to_string().starts_with("CONTENTFUL_SPACE_ID is not set"));
        assert!(!e.to_string().contains("secret-token"));
    }

    #[test]
    fn malformed_values_are_named_and_the_token_is_never_echoed() {
        let base = [("CONTENTFUL_ACCESS_TOKEN", "t")];
        let e = read(&[base[0], ("CONTENTFUL_SPACE_ID", "abc/../x")]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("CONTENTFUL_SPACE_ID: invalid value \"abc/../x\"")
        );
        let e = read(&[
            base[0],
            ("CONTENTFUL_SPACE_ID", "a"),
            ("CONTENTFUL_GRAPHQL_HOST", "graphql.contentful.com"),
        ])
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("CONTENTFUL_GRAPHQL_HOST: invalid value")
        );
        let e = read(&[
            ("CONTENTFUL_SPACE_ID", "a"),
            ("CONTENTFUL_ACCESS_TOKEN", "sec ret\n"),
        ])
        .unwrap_err();
        assert!(!e.to_string().contains("sec ret"));
        assert_eq!(format!("{:?}", Secret::new("sec")), "Secret([redacted])");
    }
}
