//! `GET /insights/feed.xml`: the Atom feed of the insights.
//!
//! Core decides which posts the feed lists and writes the XML (`supplysite_core::feed`); this
//! module serves it once per content generation, with the pages' caching: the same
//! `Cache-Control`, a weak ETag per content version, and 304 when `If-None-Match` matches.

use crate::cache::generated::{FeedFile, Precompressed};
use crate::cache::{digest, etag, not_modified};
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use supplysite_core::routes::INSIGHTS_FEED;

/// The feed's media type (RFC 4287).
pub const ATOM: &str = "application/atom+xml; charset=utf-8";

/// `GET /insights/feed.xml` (and `HEAD`).
pub async fn feed(State(state): State<AppState>, request: HeaderMap) -> Response {
    let generation = state.content().current();
    let public = &state.settings().public_url;
    let file = generation.feed.get_or_init(|| {
        let body = supplysite_core::feed::atom(&generation.set, public.as_str());
        FeedFile {
            // The tag follows the bytes, the public URL and this program's code (its build
            // stamp): a publish that leaves the feed as it was leaves its tag too. The web
            // build, which the pages' ETags name, plays no part.
            etag: etag(
                &digest(body.as_bytes()),
                &format!("{} {public}", crate::cache::stamp::BUILD_STAMP),
                "atom",
                INSIGHTS_FEED,
            ),
            body: Precompressed::new(Bytes::from(body)),
        }
    });
    let cache = state.page_cache().clone();
    if not_modified(&request, &file.etag) {
        return (
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, file.etag.clone()),
                (header::CACHE_CONTROL, cache),
                (header::VARY, crate::cache::encoding::VARY_ENCODING),
            ],
        )
            .into_response();
    }
    let mut response = file.body.respond(&request, ATOM);
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, cache);
    headers.insert(header::ETAG, file.etag.clone());
    response
}
