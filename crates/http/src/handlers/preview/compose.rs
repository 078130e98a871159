//! `POST /api/preview/compose`: a preview page with Live Preview's unsaved edits laid over the
//! preview content, for this one answer.
//!
//! Inside Contentful's Live Preview the page sends the entries and assets being edited (as the
//! editor delivers them: `sys` and `fields` keyed by field then locale) with its path; the
//! server lays them over the preview content, composes the path with the site's own rules and
//! answers exactly what `GET /api/page` answers with the preview cookie. The overlaid content
//! is dropped with the answer: nothing composed from it is cached or seen by anyone else.
//!
//! Statuses: 200 (a page or a redirect), 404 (no page there: the not-found answer), 400 for a
//! malformed body (the message says what is wrong), 401 without a valid preview cookie, 413 for
//! a body over [`BODY_LIMIT`] or holding more than [`MAX_ENTITIES`] entities, 415 for a body
//! that is not JSON, 503 when the preview content cannot be read or the preview's own pool is
//! busy or ran past its timeout (see [`crate::preview::pool`]); 404 for every request when no
//! preview is configured.

use crate::handlers::api_error::{ApiError, ApiErrorBody, PageError};
use crate::handlers::preview::pages::{Composed, compose as compose_path, private, refused};
use crate::handlers::preview::unreadable;
use crate::preview::{MAX_ENTITIES, site_path};
use crate::state::AppState;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde_json::Value;
use std::sync::Arc;
use supplysite_core::view::PageAnswer;
use utoipa::openapi::{OneOfBuilder, Ref, RefOr, Schema};

/// The largest body accepted: a page's entries with their rich text fit many times over.
pub const BODY_LIMIT: usize = 1 << 20;

/// The body of `POST /api/preview/compose`.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
pub struct ComposeRequest {
    /// The page to compose: a path of this site, such as `/insights/some-slug`.
    pub path: String,
    /// Entries and assets as Contentful's Live Preview delivers them: `sys` (`id`, `type`
    /// `Entry` or `Asset`, an entry's `contentType`) and `fields` keyed by field id then locale.
    #[schema(value_type = Vec<Object>)]
    pub entities: Vec<Value>,
}

/// The body of a 404 from `POST /api/preview/compose`: the not-found answer (as `GET /api/page`
/// gives it) when no page is at the path, or an error when no preview is configured.
pub struct ComposeNotFound;

impl utoipa::PartialSchema for ComposeNotFound {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(Ref::from_schema_name("PageAnswer"))
            .item(Ref::from_schema_name("ApiErrorBody"))
            .into()
    }
}

impl utoipa::ToSchema for ComposeNotFound {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for (name, schema) in [
            (
                "PageAnswer",
                <PageAnswer as utoipa::PartialSchema>::schema(),
            ),
            (
                "ApiErrorBody",
                <ApiErrorBody as utoipa::PartialSchema>::schema(),
            ),
        ] {
            schemas.push((name.into(), schema));
        }
        <PageAnswer as utoipa::ToSchema>::schemas(schemas);
    }
}

/// `POST /api/preview/compose`.
#[utoipa::path(
    post,
    path = "/api/preview/compose",
    tag = "preview",
    request_body(content = ComposeRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The page (or redirect) composed with the edits, as `GET /api/page` answers it", body = PageAnswer,
            headers(("cache-control" = String, description = "`private, no-store`"))),
        (status = 400, description = "A body that is not the request above; the message says what is wrong", body = ApiErrorBody),
        (status = 401, description = "No valid preview cookie", body = ApiErrorBody),
        (status = 404, description = "No page at that path (the not-found answer), or preview is not configured (an error)", body = ComposeNotFound),
        (status = 413, description = "A body over 1 MiB, or more than 100 entities", body = ApiErrorBody),
        (status = 415, description = "A body that is not `application/json`", body = ApiErrorBody),
        (status = 503, description = "The preview content cannot be read now, or the preview is busy or took too long", body = ApiErrorBody,
            headers(("retry-after" = String, description = "Seconds to wait"))),
    )
)]
pub async fn compose(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let preview = state.preview().ok_or_else(ApiError::no_such_endpoint)?;
    if state.preview_for(&headers).is_none() {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "a valid preview cookie is required: open the page through /api/preview first",
        ));
    }
    let request = read(&headers, body).await?;
    let path = site_path(&request.path).ok_or_else(|| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "path must be a path of this site, such as /insights/some-slug",
        )
    })?;
    let (bare, query) = match path.split_once('?') {
        Some((bare, query)) => (bare, Some(query)),
        None => (path, None),
    };
    // The preview content is read (or reused) first: the edits are laid over that read.
    let (_, locale) = preview.read(false).await.map_err(|e| unreadable(&e))?;
    let source = preview.source();
    let entities = request.entities;
    let overlaid = preview
        .pool()
        .run(move |cancel| (!cancel.cancelled()).then(|| source.overlay(&entities)))
        .await
        .map_err(refused)?;
    let set = match overlaid {
        Some(overlaid) => Arc::new(overlaid.map_err(|e| unreadable(&e))?),
        None => {
            return Err(unreadable(
                &supplysite_core::ports::ContentLoadError::Unreachable {
                    location: "preview".into(),
                    reason: "the preview source keeps no content to lay edits over".into(),
                },
            ));
        }
    };
    let (status, answer) =
        match compose_path(&state, preview, Arc::clone(&set), locale, bare, query).await? {
            Composed::Page { json, status, .. } => (status, json),
            Composed::Redirect(to) => (
                StatusCode::OK,
                serde_json::to_value(PageAnswer::Redirect { to }).map_err(PageError::from)?,
            ),
            Composed::NotFound => {
                let view = state.inner().composer.not_found(&set);
                (
                    StatusCode::NOT_FOUND,
                    serde_json::to_value(PageAnswer::not_found(view)).map_err(PageError::from)?,
                )
            }
        };
    let mut response = (status, answer.to_string()).into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    private(h);
    Ok(response)
}

/// Reads and checks the body: JSON, at most [`BODY_LIMIT`] bytes, `{"path": "/…", "entities":
/// [ … ]}` with every entity an entry or asset the overlay can use.
async fn read(headers: &HeaderMap, body: Body) -> Result<ComposeRequest, ApiError> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let essence = content_type.split(';').next().unwrap_or("").trim();
    if !essence.eq_ignore_ascii_case("application/json") {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the body must be application/json",
        ));
    }
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body must be at most {BODY_LIMIT} bytes"),
        )
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
        return Err(too_large());
    }
    let bytes = match Limited::new(body, BODY_LIMIT).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(e) if e.is::<LengthLimitError>() => return Err(too_large()),
        Err(_) => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "the body could not be read",
            ));
        }
    };
    parse(&bytes).map_err(|(status, message)| ApiError::new(status, message))
}

/// The request in `bytes`, or the status and what is wrong with it: 413 for more than
/// [`MAX_ENTITIES`] entities, else 400.
fn parse(bytes: &[u8]) -> Result<ComposeRequest, (StatusCode, String)> {
    let bad = |message: String| (StatusCode::BAD_REQUEST, message);
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| bad(format!("the body is not valid JSON: {e}")))?;
    let Value::Object(mut body) = value else {
        return Err(bad(
            "the body must be a JSON object with path and entities".into()
        ));
    };
    let path = match body.remove("path") {
        Some(Value::String(path)) => path,
        Some(_) => return Err(bad("path must be a string".into())),
        None => return Err(bad("path is missing".into())),
    };
    let entities = match body.remove("entities") {
        Some(Value::Array(entities)) => entities,
        Some(_) => return Err(bad("entities must be an array".into())),
        None => return Err(bad("entities is missing".into())),
    };
    if entities.len() > MAX_ENTITIES {
        return Err((
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "entities may hold at most {MAX_ENTITIES} entries and assets; this body has {}",
                entities.len()
            ),
        ));
    }
    for (i, entity) in entities.iter().enumerate() {
        check_entity(entity).map_err(|m| bad(format!("entities[{i}]: {m}")))?;
    }
    Ok(ComposeRequest { path, entities })
}

/// An entry or asset in the form Live Preview delivers: `sys.id`, `sys.type` `Entry` (with
/// `sys.contentType.sys.id`) or `Asset`, and `fields` holding an object of locales per field.
fn check_entity(entity: &Value) -> Result<(), String> {
    let Some(sys) = entity.get("sys").filter(|s| s.is_object()) else {
        return Err("sys must be an object".into());
    };
    if sys["id"].as_str().is_none_or(str::is_empty) {
        return Err("sys.id must be a non-empty string".into());
    }
    match sys["type"].as_str() {
        Some("Entry") => {
            if !sys["contentType"]["sys"]["id"].is_string() {
                return Err("an entry's sys.contentType.sys.id must be a string".into());
            }
        }
        Some("Asset") => {}
        _ => return Err("sys.type must be Entry or Asset".into()),
    }
    let Some(fields) = entity.get("fields").and_then(Value::as_object) else {
        return Err("fields must be an object".into());
    };
    if let Some((name, _)) = fields.iter().find(|(_, v)| !v.is_object()) {
        return Err(format!(
            "fields.{name} must be an object of values by locale"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_bodies_are_refused_saying_what_is_wrong() {
        let cases = [
            (
                "[]",
                "the body must be a JSON object with path and entities",
            ),
            ("{", "the body is not valid JSON"),
            (r#"{"entities":[]}"#, "path is missing"),
            (r#"{"path":1,"entities":[]}"#, "path must be a string"),
            (r#"{"path":"/"}"#, "entities is missing"),
            (r#"{"path":"/","entities":{}}"#, "entities must be an array"),
            (
                r#"{"path":"/","entities":[1]}"#,
                "entities[0]: sys must be an object",
            ),
            (
                r#"{"path":"/","entities":[{"sys":{"id":"a","type":"Space"},"fields":{}}]}"#,
                "entities[0]: sys.type must be Entry or Asset",
            ),
            (
                r#"{"path":"/","entities":[{"sys":{"id":"a","type":"Entry"},"fields":{}}]}"#,
                "entities[0]: an entry's sys.contentType.sys.id must be a string",
            ),
            (
                r#"{"path":"/","entities":[{"sys":{"id":"a","type":"Asset"},"fields":{"title":"x"}}]}"#,
                "entities[0]: fields.title must be an object of values by locale",
            ),
        ];
        for (body, message) in cases {
            let (status, error) = parse(body.as_bytes()).unwrap_err();
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(error.starts_with(message), "{body}: {error}");
        }
        let ok = parse(
            br#"{"path":"/x","entities":[{"sys":{"id":"a","type":"Asset"},"fields":{"title":{"en-US":"x"}}}]}"#,
        )
        .unwrap();
        assert_eq!((ok.path.as_str(), ok.entities.len()), ("/x", 1));
    }

    #[test]
    fn more_entities_than_the_cap_are_refused_naming_it() {
        let asset = serde_json::json!({"sys": {"id": "a", "type": "Asset"}, "fields": {}});
        let body = |n: usize| {
            serde_json::json!({"path": "/", "entities": vec![asset.clone(); n]}).to_string()
        };
        assert_eq!(
            parse(body(MAX_ENTITIES).as_bytes()).unwrap().entities.len(),
            MAX_ENTITIES
        );
        let (status, message) = parse(body(MAX_ENTITIES + 1).as_bytes()).unwrap_err();
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            message,
            format!(
                "entities may hold at most {MAX_ENTITIES} entries and assets; this body has {}",
                MAX_ENTITIES + 1
            )
        );
    }
}
