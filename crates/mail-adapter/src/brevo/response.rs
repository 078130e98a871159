//! Reading Brevo's answers: which statuses mean delivered, which mean "never", which mean
//! "later" and when.

use reqwest::StatusCode;
use reqwest::header::{HeaderMap, RETRY_AFTER};
use serde::Deserialize;
use std::time::Duration;
use supplysite_core::ports::DeliveryError;

/// Brevo's error body, `{"code":"invalid_parameter","message":"…"}`.
#[derive(Debug, Default, Deserialize)]
struct ErrorBody {
    #[serde(default)]
    code: String,
    #[serde(default)]
    message: String,
}

/// The most of an error body quoted in a reason.
const QUOTE_MAX_CHARS: usize = 300;

/// What an answer meant.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Delivered,
    Failed(DeliveryError),
}

/// Judges the answer to one call. `what` names the call for the reason
/// (`"transactional email"`, `"contact upsert"`).
pub fn judge(what: &str, status: StatusCode, headers: &HeaderMap, body: &[u8]) -> Verdict {
    if matches!(status.as_u16(), 200 | 201 | 202 | 204) {
        return Verdict::Delivered;
    }
    let detail = detail(body);
    let reason = format!("brevo {what}: HTTP {}{detail}", status.as_u16());
    let error = match status.as_u16() {
        429 => DeliveryError::Transient {
            reason,
            retry_after: rate_limit_reset(headers),
        },
        408 | 425 | 500..=599 => DeliveryError::Transient {
            reason,
            retry_after: seconds_header(headers, RETRY_AFTER.as_str()),
        },
        // Our key, not the enquiry: kept and retried until a working key is configured.
        401 | 403 => DeliveryError::Blocked { reason },
        // 400 (a request Brevo will never accept) and anything else that is not a success: a
        // redirect or a 404 means the base URL is wrong, which no retry will fix.
        _ => DeliveryError::Permanent { reason },
    };
    Verdict::Failed(error)
}

/// `" invalid_parameter: email is not valid"` from Brevo's error body, or a short quote of
/// a body that is not one; empty for an empty body.
fn detail(body: &[u8]) -> String {
    match serde_json::from_slice::<ErrorBody>(body) {
        Ok(e) if !e.code.is_empty() || !e.message.is_empty() => {
            let text = match (e.code.is_empty(), e.message.is_empty()) {
                (false, false) => format!("{}: {}", e.code, e.message),
                (false, true) => e.code,
                _ => e.message,
            };
            format!(" {}", clip(&text))
        }
        _ if body.is_empty() => String::new(),
        _ => format!(" {}", clip(&String::from_utf8_lossy(body))),
    }
}

fn clip(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    match one_line.char_indices().nth(QUOTE_MAX_CHARS) {
        Some((at, _)) => format!("{}…", &one_line[..at]),
        None => one_line,
    }
}

/// Brevo's `x-sib-ratelimit-reset` (seconds until the window resets), else `Retry-After`.
fn rate_limit_reset(headers: &HeaderMap) -> Option<Duration> {
    seconds_header(headers, "x-sib-ratelimit-reset")
        .or_else(|| seconds_header(headers, RETRY_AFTER.as_str()))
}

/// A header holding a number of seconds (whole or fractional). `Retry-After` may also be an
/// HTTP date; Brevo sends seconds, and an unreadable hint just falls back to the back-off.
fn seconds_header(headers: &HeaderMap, name: &str) -> Option<Duration> {
    let value = headers.get(name)?.to_str().ok()?.trim();
    let secs: f64 = value.parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(1e9)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn judged(status: u16, headers: &[(&'static str, &str)], body: &str) -> Verdict {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        judge(
            "transactional email",
            StatusCode::from_u16(status).unwrap(),
            &map,
            body.as_bytes(),
        )
    }

    fn permanent(reason: &str) -> Verdict {
        Verdict::Failed(DeliveryError::Permanent {
            reason: reason.into(),
        })
    }

    fn blocked(reason: &str) -> Verdict {
        Verdict::Failed(DeliveryError::Blocked {
            reason: reason.into(),
        })
    }

    fn transient(reason: &str, retry_after: Option<u64>) -> Verdict {
        Verdict::Failed(DeliveryError::Transient {
            reason: reason.into(),
            retry_after: retry_after.map(Duration::from_secs),
        })
    }

    #[test]
    fn created_accepted_no_content_and_ok_are_delivered() {
        for status in [200, 201, 202, 204] {
            assert_eq!(
                judged(status, &[], r#"{"messageId":"<x@y>"}"#),
                Verdict::Delivered
            );
        }
    }

    #[test]
    fn bad_requests_are_permanent_refused_keys_block_and_both_quote_brevos_code() {
        assert_eq!(
            judged(
                400,
                &[],
                r#"{"code":"invalid_parameter","message":"email is not valid"}"#
            ),
            permanent("brevo transactional email: HTTP 400 invalid_parameter: email is not valid")
        );
        assert_eq!(
            judged(
                401,
                &[],
                r#"{"code":"unauthorized","message":"Key not found"}"#
            ),
            blocked("brevo transactional email: HTTP 401 unauthorized: Key not found")
        );
        assert_eq!(
            judged(
                403,
                &[],
                r#"{"code":"permission_denied","message":"Unable to send email. Your SMTP account is not yet activated."}"#
            ),
            blocked(
                "brevo transactional email: HTTP 403 permission_denied: Unable to send email. Your SMTP account is not yet activated."
            )
        );
        assert_eq!(
            judged(404, &[], ""),
            permanent("brevo transactional email: HTTP 404")
        );
    }

    #[test]
    fn rate_limits_honour_brevos_reset_header_then_retry_after() {
        assert_eq!(
            judged(
                429,
                &[("x-sib-ratelimit-reset", "42"), ("retry-after", "7")],
                r#"{"code":"too_many_requests","message":"slow down"}"#
            ),
            transient(
                "brevo transactional email: HTTP 429 too_many_requests: slow down",
                Some(42)
            )
        );
        assert_eq!(
            judged(429, &[("retry-after", "7")], ""),
            transient("brevo transactional email: HTTP 429", Some(7))
        );
        assert_eq!(
            judged(429, &[("retry-after", "Wed, 21 Oct 2015 07:28:00 GMT")], ""),
            transient("brevo transactional email: HTTP 429", None)
        );
    }

    #[test]
    fn server_errors_are_transient_and_long_odd_bodies_are_clipped_to_one_line() {
        let page = format!("<html>\n{}</html>", "x".repeat(1000));
        let Verdict::Failed(DeliveryError::Transient {
            reason,
            retry_after,
        }) = judged(502, &[], &page)
        else {
            panic!("a 502 is transient");
        };
        assert_eq!(retry_after, None);
        assert!(
            reason.starts_with("brevo transactional email: HTTP 502 <html> xxx"),
            "{reason}"
        );
        assert!(reason.ends_with('…'));
        assert!(reason.chars().count() < 360);
    }
}
