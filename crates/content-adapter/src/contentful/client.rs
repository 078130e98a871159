//! The HTTP side: one GraphQL call or one entries-API call at a time, with the bearer token,
//! a timeout, retries with back-off for server errors and timeouts, and rate limits waited out
//! as Contentful's `X-Contentful-RateLimit-Reset` header says.

use super::retry::Pause;
use super::settings::ContentfulSettings;
use reqwest::{RequestBuilder, StatusCode};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// Why a call to Contentful failed after the retries it deserved. Messages name the setting
/// to check and never hold the token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    /// Contentful refused the token (HTTP 401 or 403): it is wrong, revoked, or not a
    /// delivery token for this space. Never retried.
    #[error(
        "HTTP {status} from {url}: {detail} (check CONTENTFUL_ACCESS_TOKEN: it must be a Content Delivery API token for this space)"
    )]
    Unauthorised {
        /// The URL asked (it holds no token).
        url: String,
        /// The HTTP status: 401 or 403.
        status: u16,
        /// Contentful's error code and message from the body, or `no details`.
        detail: String,
    },
    /// HTTP 404: the space or the environment does not exist for this token. Never retried.
    #[error("HTTP 404 from {url}: {detail} (check CONTENTFUL_SPACE_ID and CONTENTFUL_ENVIRONMENT)")]
    NotFound {
        /// The URL asked.
        url: String,
        /// Contentful's error code and message from the body, or `no details`.
        detail: String,
    },
    /// No usable answer after every attempt: connections refused, timeouts or server errors
    /// on each one, or rate limits longer or more frequent than the retry policy waits out.
    #[error("{url} is unreachable: {reason}")]
    Unreachable {
        /// The URL asked.
        url: String,
        /// What the last attempt ran into and how many there were, such as
        /// `no answer within 10s (after 4 attempts)` or
        /// `rate limited (HTTP 429, 6 times; reset in 1s)`.
        reason: String,
    },
    /// An answer that cannot be used: a body that is not JSON, a 4xx other than those above,
    /// or JSON without what the read needs (no locales, no items, no collection).
    #[error("{url} answered with something unreadable: {reason}")]
    Malformed {
        /// The URL asked.
        url: String,
        /// What was wrong with the answer.
        reason: String,
    },
    /// The query asked for more than Contentful allows in one request (complexity or size);
    /// the caller asks again for fewer items.
    #[error("{url} refused the query as too large: {code}")]
    TooComplex {
        /// The URL asked.
        url: String,
        /// Contentful's error codes in the refusal, joined by commas (among them
        /// `TOO_COMPLEX_QUERY` or `QUERY_TOO_BIG`), or `HTTP 413`.
        code: String,
    },
}

/// One error of a GraphQL response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphqlError {
    pub message: String,
    /// `extensions.contentful.code`, such as `UNRESOLVABLE_LINK`.
    pub code: Option<String>,
    /// Where in `data` it happened, as `blogPostCollection.items.3.heroImage`.
    pub path: String,
}

/// A GraphQL answer: its data (partial when there are errors) and its errors.
#[derive(Debug)]
pub struct GraphqlResponse {
    pub data: Option<Value>,
    pub errors: Vec<GraphqlError>,
}

/// Requests one client has in flight at most: Contentful's rate limits are per space, shared
/// by every replica, so each replica keeps to a couple at a time.
pub const MAX_CONCURRENT_REQUESTS: usize = 2;

/// Talks to one environment of one space.
pub struct Client {
    http: reqwest::Client,
    settings: ContentfulSettings,
    pause: Arc<dyn Pause>,
    permits: tokio::sync::Semaphore,
}

impl Client {
    pub fn new(
        settings: ContentfulSettings,
        pause: Arc<dyn Pause>,
    ) -> Result<Client, reqwest::Error> {
        let http = reqwest::Client::builder()
            .timeout(settings.retry.request_timeout)
            .connect_timeout(settings.retry.request_timeout)
            .user_agent(concat!("supplysite/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Client {
            http,
            settings,
            pause,
            permits: tokio::sync::Semaphore::new(MAX_CONCURRENT_REQUESTS),
        })
    }

    pub fn settings(&self) -> &ContentfulSettings {
        &self.settings
    }

    /// Posts `{query, variables}` to the GraphQL endpoint.
    pub async fn graphql(
        &self,
        query: &str,
        variables: Value,
    ) -> Result<GraphqlResponse, FetchError> {
        let url = self.settings.graphql_url();
        let body = json!({"query": query, "variables": variables});
        let value = self.send(&url, || self.http.post(&url).json(&body)).await?;
        let errors = value
            .get("errors")
            .and_then(Value::as_array)
            .map(|errors| errors.iter().map(graphql_error).collect())
            .unwrap_or_default();
        let data = value.get("data").filter(|d| !d.is_null()).cloned();
        Ok(GraphqlResponse { data, errors })
    }

    /// Gets `{cda_url}/{path}` with `query` parameters from the Content Delivery API.
    pub async fn cda(&self, path: &str, query: &[(&str, &str)]) -> Result<Value, FetchError> {
        let url = format!("{}/{path}", self.settings.cda_url());
        self.send(&url, || self.http.get(&url).query(query)).await
    }

    /// Sends the request `build` makes until it succeeds, a retry cannot help, or the policy's
    /// attempts run out.
    async fn send(
        &self,
        url: &str,
        build: impl Fn() -> RequestBuilder,
    ) -> Result<Value, FetchError> {
        let policy = &self.settings.retry;
        let mut failures = 0u32;
        let mut rate_limited = 0u32;
        loop {
            let request = build().bearer_auth(self.settings.access_token.expose());
            let permit = self.permits.acquire().await;
            let answer = match request.send().await {
                Ok(response) => {
                    let status = response.status();
                    let reset = rate_limit_reset(response.headers());
                    Ok((status, reset, response.bytes().await))
                }
                Err(e) => Err(e),
            };
            // Waits (back-off, rate-limit resets) hold no permit.
            drop(permit);
            let retry_reason = match answer {
                Ok((status, reset, body)) => match (status, body) {
                    (s, Ok(body)) if s.is_success() => return parse(url, &body),
                    (StatusCode::TOO_MANY_REQUESTS, _) => {
                        rate_limited += 1;
                        let wait = reset.unwrap_or_else(|| policy.backoff(rate_limited));
                        if rate_limited > policy.rate_limit_retries
                            || wait > policy.max_rate_limit_wait
                        {
                            return Err(FetchError::Unreachable {
                                url: url.to_string(),
                                reason: format!(
                                    "rate limited (HTTP 429, {} times; reset in {}s)",
                                    rate_limited,
                                    wait.as_secs()
                                ),
                            });
                        }
                        tracing::warn!(
                            url,
                            wait_seconds = wait.as_secs_f64(),
                            "contentful rate limit reached; waiting for the reset"
                        );
                        self.pause.pause(wait).await;
                        continue;
                    }
                    (s, Ok(body)) if s.is_server_error() => {
                        format!("HTTP {}{}", s.as_u16(), describe_body(&body))
                    }
                    (s, Ok(body)) => return Err(client_error(url, s, &body)),
                    (s, Err(e)) => format!("HTTP {} with an unreadable body: {e}", s.as_u16()),
                },
                Err(e) if e.is_timeout() => {
                    format!("no answer within {:?}", policy.request_timeout)
                }
                Err(e) => format!("request failed: {}", error_chain(&e)),
            };
            failures += 1;
            if failures >= policy.attempts.max(1) {
                return Err(FetchError::Unreachable {
                    url: url.to_string(),
                    reason: format!("{retry_reason} (after {failures} attempts)"),
                });
            }
            let wait = policy.backoff(failures);
            tracing::warn!(
                url,
                reason = %retry_reason,
                attempt = failures,
                wait_ms = wait.as_millis() as u64,
                "contentful request failed; retrying"
            );
            self.pause.pause(wait).await;
        }
    }
}

/// Seconds until the rate limit resets, from Contentful's header (or the standard one).
fn rate_limit_reset(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    ["x-contentful-ratelimit-reset", "retry-after"]
        .iter()
        .find_map(|name| {
            headers
                .get(*name)?
                .to_str()
                .ok()?
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map(Duration::from_secs)
}

fn parse(url: &str, body: &[u8]) -> Result<Value, FetchError> {
    serde_json::from_slice(body).map_err(|e| FetchError::Malformed {
        url: url.to_string(),
        reason: format!("not JSON ({e})"),
    })
}

/// A 4xx answer: Contentful's error shape in either API (`errors[].extensions.contentful.code`
/// for GraphQL, `sys.id` and `message` for the entries API).
fn client_error(url: &str, status: StatusCode, body: &[u8]) -> FetchError {
    let value: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let codes: Vec<String> = value
        .get("errors")
        .and_then(Value::as_array)
        .map(|errors| {
            errors
                .iter()
                .filter_map(|e| graphql_error(e).code)
                .collect()
        })
        .unwrap_or_default();
    let detail = describe_body(body);
    let detail = match detail.trim_start_matches(": ") {
        "" => "no details".to_string(),
        d => d.to_string(),
    };
    let url = url.to_string();
    if codes
        .iter()
        .any(|c| c == "TOO_COMPLEX_QUERY" || c == "QUERY_TOO_BIG")
    {
        return FetchError::TooComplex {
            url,
            code: codes.join(", "),
        };
    }
    match status {
        StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => FetchError::Unauthorised {
            url,
            status: status.as_u16(),
            detail,
        },
        StatusCode::NOT_FOUND => FetchError::NotFound { url, detail },
        StatusCode::PAYLOAD_TOO_LARGE => FetchError::TooComplex {
            url,
            code: "HTTP 413".to_string(),
        },
        _ => FetchError::Malformed {
            url,
            reason: format!("HTTP {}: {detail}", status.as_u16()),
        },
    }
}

/// A short account of an error body: its codes and messages, not the whole body.
fn describe_body(body: &[u8]) -> String {
    let Ok(value) = serde_json::from_slice::<Value>(body) else {
        return String::new();
    };
    if let Some(errors) = value.get("errors").and_then(Value::as_array) {
        let parts: Vec<String> = errors
            .iter()
            .map(graphql_error)
            .map(|e| match e.code {
                Some(code) => format!("{code} {}", e.message),
                None => e.message,
            })
            .collect();
        return format!(": {}", parts.join("; "));
    }
    let id = value.pointer("/sys/id").and_then(Value::as_str);
    let message = value.get("message").and_then(Value::as_str);
    match (id, message) {
        (Some(id), Some(m)) => format!(": {id} {m}"),
        (Some(id), None) => format!(": {id}"),
        (None, Some(m)) => format!(": {m}"),
        (None, None) => String::new(),
    }
}

fn graphql_error(e: &Value) -> GraphqlError {
    let path = e
        .get("path")
        .and_then(Value::as_array)
        .map(|p| {
            p.iter()
                .map(|s| match s {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect::<Vec<_>>()
                .join(".")
        })
        .unwrap_or_default();
    GraphqlError {
        message: e
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or("no message")
            .to_string(),
        code: e
            .pointer("/extensions/contentful/code")
            .and_then(Value::as_str)
            .map(str::to_string),
        path,
    }
}

/// The error and its causes on one line (reqwest's own message omits the cause).
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        out.push_str(": ");
        out.push_str(&s.to_string());
        source = s.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graphql_error_reads_its_code_and_path() {
        let e = graphql_error(&json!({
            "message": "Link to entry 'x' cannot be resolved",
            "path": ["blogPostCollection", "items", 3, "heroImage"],
            "extensions": {"contentful": {"code": "UNRESOLVABLE_LINK", "requestId": "r"}}
        }));
        assert_eq!(e.code.as_deref(), Some("UNRESOLVABLE_LINK"));
        assert_eq!(e.path, "blogPostCollection.items.3.heroImage");
    }

    #[test]
    fn four_hundreds_become_errors_that_name_the_setting_to_check() {
        let body = br#"{"sys":{"type":"Error","id":"AccessTokenInvalid"},"message":"The access token you sent could not be found or is invalid."}"#;
        let e = client_error("https://cdn/x", StatusCode::UNAUTHORIZED, body);
        assert_eq!(
            e.to_string(),
            "HTTP 401 from https://cdn/x: AccessTokenInvalid The access token you sent could not be found or is invalid. (check CONTENTFUL_ACCESS_TOKEN: it must be a Content Delivery API token for this space)"
        );
        let body = br#"{"sys":{"type":"Error","id":"NotFound"},"message":"The resource could not be found."}"#;
        let e = client_error("https://g/y", StatusCode::NOT_FOUND, body);
        assert_eq!(
            e.to_string(),
            "HTTP 404 from https://g/y: NotFound The resource could not be found. (check CONTENTFUL_SPACE_ID and CONTENTFUL_ENVIRONMENT)"
        );
        let body = br#"{"errors":[{"message":"Query cannot be executed. The maximum allowed complexity for a query is 11000 but it was 22000.","extensions":{"contentful":{"code":"TOO_COMPLEX_QUERY"}}}]}"#;
        assert!(matches!(
            client_error("u", StatusCode::BAD_REQUEST, body),
            FetchError::TooComplex { .. }
        ));
    }

    #[test]
    fn the_rate_limit_reset_header_is_read_in_seconds() {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("X-Contentful-RateLimit-Reset", "7".parse().unwrap());
        assert_eq!(rate_limit_reset(&headers), Some(Duration::from_secs(7)));
        assert_eq!(rate_limit_reset(&reqwest::header::HeaderMap::new()), None);
    }

    /// Many requests asked for at once reach Contentful at most two at a time, and all of them
    /// are answered: the limit queues them rather than refusing any.
    #[cfg(feature = "fake")]
    #[tokio::test]
    async fn requests_asked_for_at_once_reach_contentful_two_at_a_time() {
        use crate::contentful::fake::{FakeContentful, Fault, RecordingPause};
        let demo = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/demo/export.json"
        ))
        .unwrap();
        let fake = FakeContentful::start(serde_json::from_slice(&demo).unwrap()).await;
        // Each answer takes a while, so requests not held back by the limit would overlap.
        fake.always(Some(Fault::Slow(Duration::from_millis(150))));
        let client =
            Arc::new(Client::new(fake.settings(), Arc::new(RecordingPause::default())).unwrap());
        let mut asked = tokio::task::JoinSet::new();
        for _ in 0..6 {
            let client = Arc::clone(&client);
            asked.spawn(async move { client.cda("locales", &[("limit", "1000")]).await });
        }
        while let Some(answer) = asked.join_next().await {
            assert!(answer.unwrap().is_ok());
        }
        assert_eq!(fake.received().len(), 6);
        assert_eq!(fake.most_in_flight(), MAX_CONCURRENT_REQUESTS);
        fake.stop().await;
    }
}
