//! Server-side rendering of pages: when a [`Renderer`] is configured, a page's props (the
//! `{"chrome","outcome"}` data embedded in the page, plus its `url`) are rendered by the web
//! UI's server bundle and the markup is put in the shell's root element, so the page is drawn
//! before any script runs and then hydrated.
//!
//! The markup is kept in the page's cache entry, so it is rendered once per (path, content
//! generation); concurrent first requests for a page wait for one render. A page whose render
//! fails is served as before (shell and data, drawn by the browser) and the failure is logged.
//! A failure the page itself causes (the render throws) is remembered for the generation. When
//! the engines are busy the next request tries again. A render that ran past its deadline or out
//! of memory is tried again after a back-off (1 s, doubling to at most a minute), so that under a
//! lasting slowdown each page costs an engine one failed render a minute rather than one per
//! request.

pub use crate::cache::rendered::{RETRY_FIRST, RETRY_MAX, backoff};

use crate::cache::PageEntry;
use crate::heavy::HeavyPool;
use bytes::Bytes;
use std::sync::Arc;
use std::time::Instant;
use supplysite_ssr::{RenderError, Renderer};

/// The placeholder the web build leaves inside its root element for the server's markup.
pub const MARKUP_PLACEHOLDER: &str = "<!--supplysite:html-->";
/// The root element, for a shell without the placeholder.
pub const ROOT_OPEN: &str = "<div id=\"root\">";
/// The URL the shared not-found page is rendered for (it is cached once, not per path).
pub const NOT_FOUND_URL: &str = "/404";

/// What rendering on the server needs: the renderer, the pool heavy work runs in, and the
/// chrome every page's props carry (serialised once).
#[derive(Clone, Copy)]
pub(crate) struct Ssr<'a> {
    /// The web UI's server bundle.
    pub renderer: &'a Renderer,
    /// Where props are made and markup is put in the page.
    pub heavy: &'a HeavyPool,
    /// The site's chrome, as JSON.
    pub chrome_json: &'a str,
}

/// What [`page`] answers for `entry` when that takes no waiting: the entry itself without a
/// renderer, else the outcome of its render once one has been made. `None` while it has yet
/// to be rendered, or its last render failed ([`page`] tries again when its back-off allows).
pub(crate) fn ready<'e>(ssr: Option<Ssr<'_>>, entry: &'e Arc<PageEntry>) -> Option<&'e PageEntry> {
    if ssr.is_none() {
        return Some(entry);
    }
    entry
        .rendered
        .page
        .get()
        .map(|page| page.as_deref().unwrap_or(entry))
}

/// The entry to send for `entry`, rendered for `url`: the one with the server's markup when a
/// renderer is configured and the render succeeded, otherwise `entry` itself.
pub(crate) async fn page<'e>(
    ssr: Option<Ssr<'_>>,
    entry: &'e Arc<PageEntry>,
    url: &str,
) -> &'e PageEntry {
    let Some(ssr) = ssr else {
        return entry;
    };
    let rendered = &entry.rendered;
    // The back-off is checked and recorded inside the one render that concurrent requests
    // wait for: those queued behind a failed render do not each try again.
    let attempt = || async {
        if !rendered.may_try(Instant::now()) {
            return Err(());
        }
        render(ssr, entry, url).await.map_err(|error| {
            if error == RenderError::Busy {
                tracing::warn!(url, "render engines busy: page sent without server markup");
            } else {
                let wait = rendered.failed(Instant::now());
                tracing::error!(
                    url,
                    %error,
                    retry_in_ms = wait.as_millis() as u64,
                    "page sent without server markup; tried again after a back-off"
                );
            }
        })
    };
    let charged = || async {
        let page = attempt().await?;
        if let Some(page) = &page {
            // The copy is kept with the cached page: its bytes count against the cache's budget.
            entry.keep_copy(page);
        }
        Ok(page)
    };
    match rendered.page.get_or_try_init(charged).await {
        Ok(page) => page.as_deref().unwrap_or(entry),
        Err(()) => entry,
    }
}

/// Renders `entry`; `Err` means "not now, try again on the next request". The props are made
/// and the markup put in the page (and gzipped) in the heavy pool: for a listing of every
/// article each is megabytes of copying.
async fn render(
    ssr: Ssr<'_>,
    entry: &Arc<PageEntry>,
    url: &str,
) -> Result<Option<Arc<PageEntry>>, RenderError> {
    let (made_for, props_url, chrome) = (
        Arc::clone(entry),
        url.to_string(),
        ssr.chrome_json.to_string(),
    );
    let props = ssr
        .heavy
        .run(move || props(&props_url, &chrome, &made_for.api_json))
        .await;
    match ssr.renderer.render(props.into()).await {
        Ok(markup) => {
            let made_for = Arc::clone(entry);
            let copy = ssr
                .heavy
                .run(move || {
                    let html = with_markup(&made_for.html, &markup)?;
                    let copy = PageEntry::new(
                        made_for.status,
                        html,
                        made_for.api_json.clone(),
                        crate::cache::with_markup(&made_for.html_etag),
                        made_for.api_etag.clone(),
                    );
                    copy.html_gzip();
                    Some(Arc::new(copy))
                })
                .await;
            if copy.is_none() {
                tracing::error!(
                    url,
                    "the web build's shell has no root element for the markup"
                );
            }
            Ok(copy)
        }
        Err(error) if error.is_transient() => Err(error),
        Err(error) => {
            tracing::error!(url, %error, "page sent without server markup");
            Ok(None)
        }
    }
}

/// The render props: `{"url":…,"chrome":…,"outcome":…}` from already serialised parts.
pub fn props(url: &str, chrome_json: &str, outcome_json: &[u8]) -> String {
    let url = serde_json::to_string(url).unwrap_or_else(|_| "\"/\"".into());
    let outcome = String::from_utf8_lossy(outcome_json);
    format!("{{\"url\":{url},\"chrome\":{chrome_json},\"outcome\":{outcome}}}")
}

/// `page` with `markup` in its root element: in place of the web build's placeholder, else at
/// the start of the root element. `None` when the page has neither (or is not UTF-8).
pub fn with_markup(page: &Bytes, markup: &str) -> Option<String> {
    let page = std::str::from_utf8(page).ok()?;
    if page.contains(MARKUP_PLACEHOLDER) {
        return Some(page.replacen(MARKUP_PLACEHOLDER, markup, 1));
    }
    let at = page.find(ROOT_OPEN)? + ROOT_OPEN.len();
    let mut copy = String::with_capacity(page.len() + markup.len());
    copy.push_str(&page[..at]);
    copy.push_str(markup);
    copy.push_str(&page[at..]);
    Some(copy)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(body: &str) -> Bytes {
        Bytes::from(format!("<script>load()</script>{body}"))
    }

    #[test]
    fn markup_replaces_the_placeholder_inside_the_root_element() {
        let shell = page("<div id=\"root\"><!--supplysite:html--></div>");
        let html = with_markup(&shell, "<main>Hi</main>").unwrap();
        assert_eq!(
            html,
            "<script>load()</script><div id=\"root\"><main>Hi</main></div>"
        );
    }

    #[test]
    fn markup_goes_at_the_start_of_the_root_element_when_there_is_no_placeholder() {
        let shell = page("<div id=\"root\"></div>");
        let html = with_markup(&shell, "<main>Hi</main>").unwrap();
        assert!(
            html.ends_with("<div id=\"root\"><main>Hi</main></div>"),
            "{html:?}"
        );
    }

    #[test]
    fn a_shell_without_a_root_element_takes_no_markup() {
        assert!(with_markup(&page("<div id=\"app\"></div>"), "<p>x</p>").is_none());
    }

    #[test]
    fn props_add_the_url_to_the_embedded_data() {
        let props = props("/a\"b", r#"{"brand":"S"}"#, br#"{"outcome":"not_found"}"#);
        let value: serde_json::Value = serde_json::from_str(&props).unwrap();
        assert_eq!(
            value,
            serde_json::json!({"url": "/a\"b", "chrome": {"brand": "S"},
                               "outcome": {"outcome": "not_found"}})
        );
    }
}
