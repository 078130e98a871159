//! `GET /sitemap.xml` (sitemaps.org 0.9) and `GET /robots.txt`.
//!
//! The sitemap lists every route whose page is indexable, at the canonical URL its head names,
//! so it agrees with the robots directives and canonical links of the pages themselves. It is
//! built once per content generation. There is no cap on the number of URLs: past what one file
//! may hold, `/sitemap.xml` is an index of `/sitemap-1.xml`, `/sitemap-2.xml`, … (see [`files`]).

pub mod files;

use crate::cache::generated::{Precompressed, SitemapFiles};
use crate::content::Generation;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use files::{Entry, Limits};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};
use supplysite_core::routes::Route;
use supplysite_core::view::Outcome;

const CACHE: &str = "public, max-age=3600";

/// `GET /sitemap.xml`.
pub async fn sitemap(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let generation = state.content().current();
    match built(&state, &generation).await {
        Some(built) => xml_response(&built.main, &headers),
        None => not_built(),
    }
}

/// `GET /sitemap-N.xml` when the sitemap is split and has part `n`; `None` otherwise (the
/// path is then an ordinary unknown path).
pub(crate) async fn part(state: &AppState, n: usize, headers: &HeaderMap) -> Option<Response> {
    let generation = state.content().current();
    let Some(built) = built(state, &generation).await else {
        return Some(not_built());
    };
    let part = built.parts.get(n.checked_sub(1)?)?;
    Some(xml_response(part, headers))
}

fn not_built() -> Response {
    tracing::error!("the sitemap could not be built");
    (
        axum::http::StatusCode::SERVICE_UNAVAILABLE,
        [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))],
    )
        .into_response()
}

/// Built once per generation, in the heavy pool: composing every route and compressing files
/// of up to 50 MB would hold a request runtime for seconds. The build is a task of its own, so
/// it completes and is kept even when the request that started it gives up (its timeout);
/// concurrent first requests wait for the one build without holding a thread. `None` if the
/// build failed (it panicked).
async fn built<'g>(state: &AppState, generation: &'g Arc<Generation>) -> Option<&'g SitemapFiles> {
    if let Some(built) = generation.sitemap.get() {
        return Some(built);
    }
    let (state, made_for) = (state.clone(), Arc::clone(generation));
    let build = tokio::spawn(async move {
        let generation = Arc::clone(&made_for);
        let pool = state.heavy().clone();
        generation
            .sitemap
            .get_or_init(|| async move {
                pool.run(move || {
                    let entries = entries(&state, &made_for);
                    let public = &state.settings().public_url;
                    let files = files::files(&entries, public, Limits::default());
                    SitemapFiles {
                        main: Precompressed::new(files.main),
                        parts: files.parts.into_iter().map(Precompressed::new).collect(),
                    }
                })
                .await
            })
            .await;
    });
    let _ = build.await;
    generation.sitemap.get()
}

/// The file, gzipped when the client takes gzip ([`Precompressed::respond`]).
fn xml_response(file: &Precompressed, request: &HeaderMap) -> Response {
    let mut response = file.respond(request, "application/xml; charset=utf-8");
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE));
    response
}

/// `GET /robots.txt`: crawl everything but the JSON API; the sitemap by absolute URL.
pub async fn robots(State(state): State<AppState>) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {}\n",
        state.settings().public_url.absolute("/sitemap.xml")
    );
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static(CACHE)),
        ],
        body,
    )
        .into_response()
}

/// Every route that may have a page, with its last change (core's rule), falling back to the
/// day the content was loaded when there are no articles.
fn candidates(generation: &Generation) -> Vec<(Route, String)> {
    supplysite_core::rules::sitemap_candidates(&generation.set, &ymd(generation.loaded_at))
}

/// The indexable routes' canonical URLs, each once, in the order of [`candidates`]. A listing's
/// later pages (`/insights?page=2`, …) follow its first: each is its own canonical page, the
/// way crawlers and visitors without JavaScript reach every entry, so each is listed, found by
/// following the `rel=next` link of the page before as a crawler does.
fn entries(state: &AppState, generation: &Generation) -> Vec<Entry> {
    let public = &state.settings().public_url;
    let composer = &state.inner().composer;
    let mut seen = HashSet::new();
    let mut entries = Vec::new();
    for (first, lastmod) in candidates(generation) {
        let mut route = Some(first);
        while let Some(here) = route.take() {
            let Outcome::Page(view) = composer.compose(&here, &generation.set) else {
                continue;
            };
            let head = view.head();
            // A site path, or a URL on this site.
            let origin = public.to_string();
            let next = head
                .next
                .as_deref()
                .map(|url| url.strip_prefix(origin.as_str()).unwrap_or(url));
            route = next_listing_page(&here, next);
            if !head.indexable() {
                continue;
            }
            let loc = crate::render::head::canonical_url(head, public)
                .unwrap_or_else(|| public.absolute(&here.href()));
            // A canonical on another site belongs in that site's sitemap.
            if !public.owns(&loc) || !seen.insert(loc.clone()) {
                continue;
            }
            entries.push(Entry {
                loc,
                lastmod: lastmod.clone(),
            });
        }
    }
    entries
}

/// The page a listing page's `rel=next` link names (a site path), when it is a later page of the
/// same listing.
fn next_listing_page(here: &Route, next: Option<&str>) -> Option<Route> {
    let page = |r: &Route| match r {
        Route::InsightsPage(n) | Route::CaseStudyIndexPage(n) => *n,
        _ => 1,
    };
    let next = Route::parse(next?);
    let same_listing =
        here.listing_page(1).is_some() && next.listing_page(1) == here.listing_page(1);
    (same_listing && page(&next) > page(here)).then_some(next)
}

/// `YYYY-MM-DD` (UTC) of a system time.
fn ymd(time: SystemTime) -> String {
    let days = time
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    let (year, month, day) = supplysite_core::content::civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn ymd_formats_utc_calendar_dates() {
        assert_eq!(ymd(UNIX_EPOCH), "1970-01-01");
        assert_eq!(
            ymd(UNIX_EPOCH + Duration::from_secs(1_709_596_800)),
            "2024-03-05"
        );
        assert_eq!(
            ymd(UNIX_EPOCH + Duration::from_secs(951_782_400)),
            "2000-02-29"
        );
    }
}
