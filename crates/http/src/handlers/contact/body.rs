//! Reading the enquiry out of a `POST /api/contact` request: JSON only, 32 KB at most, then
//! core's reading of the body ([`parse_request`]).

use axum::body::Body;
use axum::http::{HeaderMap, header};
use http_body_util::{BodyExt, LengthLimitError, Limited};
pub use supplysite_core::contact::{BODY_LIMIT, ContactRequest};
use supplysite_core::contact::{MalformedBody, parse_request};

/// Why the body could not be read as an enquiry.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ReadBodyError {
    /// The `Content-Type` is not `application/json`; holds it as sent.
    #[error("content type {0:?} is not application/json")]
    UnsupportedType(String),
    /// The body is larger than [`BODY_LIMIT`] bytes, by its `Content-Length` or as it arrived.
    #[error("body is larger than {BODY_LIMIT} bytes")]
    TooLarge,
    /// The body could not be read from the connection; holds why.
    #[error("body could not be read: {0}")]
    Unreadable(String),
    /// The body is not the JSON of an enquiry; holds what is wrong with it.
    #[error("{0}")]
    Malformed(String),
}

impl From<MalformedBody> for ReadBodyError {
    fn from(MalformedBody(what): MalformedBody) -> Self {
        ReadBodyError::Malformed(what)
    }
}

/// Reads and parses the body of a request with `headers`.
pub async fn read(headers: &HeaderMap, body: Body) -> Result<ContactRequest, ReadBodyError> {
    check_content_type(headers)?;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        return Err(ReadBodyError::TooLarge);
    }
    let bytes = match Limited::new(body, BODY_LIMIT).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(e) if e.is::<LengthLimitError>() => return Err(ReadBodyError::TooLarge),
        Err(e) => return Err(ReadBodyError::Unreadable(e.to_string())),
    };
    Ok(parse_request(&bytes)?)
}

fn check_content_type(headers: &HeaderMap) -> Result<(), ReadBodyError> {
    let value = headers
        .get(header::CONTENT_TYPE)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
        .unwrap_or_default();
    let essence = value.split(';').next().unwrap_or("").trim();
    if essence.eq_ignore_ascii_case("application/json") {
        Ok(())
    } else {
        Err(ReadBodyError::UnsupportedType(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn json_headers(content_type: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(content_type).unwrap(),
        );
        h
    }

    #[tokio::test]
    async fn a_json_object_gives_the_form_and_the_token() {
        let body = r#"{"firstname":"Ada","orgName":"Engines","robotToken":"tok"}"#;
        let request = read(
            &json_headers("application/json; charset=utf-8"),
            Body::from(body),
        )
        .await
        .unwrap();
        assert_eq!(request.form.firstname, "Ada");
        assert_eq!(request.form.org_name, "Engines");
        assert_eq!(request.robot_token, "tok");
    }

    #[tokio::test]
    async fn other_content_types_are_refused_before_the_body_is_read() {
        for ct in ["text/plain", "application/x-www-form-urlencoded", ""] {
            let err = read(&json_headers(ct), Body::from("{}")).await.unwrap_err();
            assert_eq!(err, ReadBodyError::UnsupportedType(ct.into()));
        }
        let err = read(&HeaderMap::new(), Body::from("{}")).await.unwrap_err();
        assert!(matches!(err, ReadBodyError::UnsupportedType(_)));
    }

    #[tokio::test]
    async fn a_body_over_the_limit_is_refused_even_without_a_length() {
        let big = format!(r#"{{"message":"{}"}}"#, "a".repeat(BODY_LIMIT));
        let err = read(&json_headers("application/json"), Body::from(big))
            .await
            .unwrap_err();
        assert_eq!(err, ReadBodyError::TooLarge);
    }
}
