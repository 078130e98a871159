//! The site's page rules, `supplysite_core::compose`, as the server's [`Composer`].

use crate::composer::Composer;
use serde::Serialize;
use serde_json::Value;
use supplysite_core::compose::{chrome, compose, compose_not_found};
use supplysite_core::content::ContentSet;
use supplysite_core::routes::Route;
use supplysite_core::view::Outcome;

/// Composes with core's rules and makes every site path in a page's head absolute against the
/// public URL, including the URLs inside JSON-LD, which search engines want absolute.
pub struct CoreComposer {
    origin: String,
}

impl CoreComposer {
    /// `origin` is the public URL (`https://www.example.com`).
    pub fn new(origin: impl Into<String>) -> Self {
        CoreComposer {
            origin: origin.into(),
        }
    }
}

fn to_json(value: &impl Serialize) -> Value {
    // View models have string keys only, so this cannot fail; if it ever did, the null is
    // refused as a contract error and answered with an opaque 500.
    serde_json::to_value(value).unwrap_or_else(|e| {
        tracing::error!(error = %e, "view model does not serialise");
        Value::Null
    })
}

impl Composer for CoreComposer {
    fn compose(&self, route: &Route, set: &ContentSet) -> Value {
        let mut outcome = compose(route, set);
        if let Outcome::Page(view) = &mut outcome {
            view.head_mut().absolutize(&self.origin);
        }
        to_json(&outcome)
    }

    fn not_found(&self, set: &ContentSet) -> Value {
        let mut view = compose_not_found(set);
        view.head_mut().absolutize(&self.origin);
        to_json(&view)
    }

    fn chrome(&self) -> Value {
        to_json(&chrome())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::composer::Outcome as Read;
    use supplysite_core::compose::fixture;

    fn composer() -> CoreComposer {
        CoreComposer::new("https://www.example.com")
    }

    #[test]
    fn every_route_of_the_fixture_reads_as_the_server_expects() {
        let set = fixture::content();
        let routes = supplysite_core::rules::every_route(&set);
        for route in routes {
            match Read::read(composer().compose(&route, &set)) {
                Ok(Read::Page { head, .. }) => {
                    assert!(!head.title.is_empty(), "{route:?}");
                    let canonical = head.canonical.unwrap_or_default();
                    assert!(canonical.starts_with("https://"), "{route:?} {canonical}");
                }
                other => panic!("{route:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn unknown_entries_redirect_or_are_not_found() {
        let set = fixture::content();
        let read = |route| Read::read(composer().compose(&route, &set)).unwrap();
        assert!(
            matches!(read(Route::Insight("nope".into())), Read::Redirect { to } if to == "/insights")
        );
        assert!(
            matches!(read(Route::CaseStudy("nope".into())), Read::Redirect { to } if to == "/case-study-index")
        );
        assert!(matches!(read(Route::Page("nope".into())), Read::NotFound));
    }

    #[test]
    fn the_not_found_view_and_chrome_read_as_the_server_expects() {
        let set = fixture::content();
        let (head, json) = Read::read_not_found(composer().not_found(&set)).unwrap();
        assert!(head.robots.unwrap_or_default().contains("noindex"));
        assert_eq!(json["outcome"], "not_found");
        assert_eq!(json["screen"], "notFound");
        assert!(composer().chrome().is_object());
    }
}
