//! `GET /api/search`: the site search's answer for in-page searching (the `/search` page and
//! the fields that lead to it). What is indexed, how it ranks and what may be asked are core's
//! rules ([`supplysite_core::search`]); the index is the served generation's.

use crate::handlers::api_error::{ApiError, ApiErrorBody};
use crate::state::AppState;
use axum::extract::{Query, State, rejection::QueryRejection};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use supplysite_core::search::{SearchAnswer, SearchRequest};

/// The parameters of `GET /api/search`, each optional.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// The words to find: at most 200 characters and 12 words; quoted words are a phrase.
    q: Option<String>,
    /// Only results of this kind: `insight`, `caseStudy`, `product`, `page` or `about`.
    #[serde(rename = "type")]
    kind: Option<String>,
    /// Only results tagged with this product: `SPM`, `eRFx`, `SCM`, `eAuction`, `SSM`, `SIM` or `PIM`.
    product: Option<String>,
    /// The page of results, from 1 to 50 (ten results a page).
    page: Option<String>,
}

/// `GET /api/search`: a page of results with their count and the counts by filter.
#[utoipa::path(
    get,
    path = "/api/search",
    tag = "search",
    params(SearchParams),
    responses(
        (status = 200, description = "A page of results, best first, with the total (exact up to 1,000, else more than 1,000) and the counts by kind and product (an empty `q` finds nothing)", body = SearchAnswer,
            headers(("cache-control" = String, description = "`no-store`"))),
        (status = 400, description = "`q` over 200 characters or 12 words, an unknown `type` or `product`, a `page` outside 1 to 50, or a malformed query", body = ApiErrorBody,
            headers(("cache-control" = String, description = "`no-store`"))),
        (status = 503, description = "The search index could not be built, or the server took too long to answer", body = ApiErrorBody),
    )
)]
pub async fn search(
    State(state): State<AppState>,
    headers: HeaderMap,
    params: Result<Query<SearchParams>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(params) =
        params.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    let request = SearchRequest::parse(
        params.q.as_deref(),
        params.kind.as_deref(),
        params.product.as_deref(),
        params.page.as_deref(),
    )
    .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?;
    let answer = match state.preview_for(&headers) {
        Some(preview) => preview_answer(&state, preview, request).await?,
        None => answer(&state, &request)?,
    };
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        serde_json::to_string(&answer).expect("a search answer serialises"),
    )
        .into_response())
}

/// The served content's answer to `request`, from the index as of that content.
pub(crate) fn answer(state: &AppState, request: &SearchRequest) -> Result<SearchAnswer, ApiError> {
    let generation = state.content().current();
    let search = generation.search();
    let index = search.snapshot().ok_or_else(unavailable)?;
    index.search(request).map_err(|e| {
        tracing::error!(error = %e, "search failed");
        unavailable()
    })
}

/// The answer for an editor holding the preview cookie: from the preview content, drafts
/// included, searched in the preview's own pool.
async fn preview_answer(
    state: &AppState,
    preview: &crate::preview::Preview,
    request: SearchRequest,
) -> Result<SearchAnswer, ApiError> {
    let set = preview.content().await.map_err(|e| {
        tracing::error!(error = %e, "preview content could not be read");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the preview content could not be read; please try again",
        )
    })?;
    let made = state.clone();
    let found = preview
        .pool()
        .run(move |_| {
            let index = made.preview().and_then(|p| p.snapshot(&set));
            Some(index.map(|index| index.search(&request)))
        })
        .await
        .map_err(crate::handlers::preview::pages::refused)?;
    match found {
        Some(Ok(answer)) => Ok(answer),
        Some(Err(e)) => {
            tracing::error!(error = %e, "preview search failed");
            Err(unavailable())
        }
        None => Err(unavailable()),
    }
}

fn unavailable() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "search is not available: the site's search index is not ready; the pages are served as usual",
    )
}
