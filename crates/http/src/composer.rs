//! The seam between the server and the page rules: something that turns a route and a content
//! set into the outcome JSON (`{"outcome":"page","screen":…,"view":{"head":…}}`,
//! `{"outcome":"redirect","to":…}` or `{"outcome":"not_found"}`), the not-found page view and
//! the site chrome. Production wires in `supplysite_core::compose`; tests can use a fixture.
//!
//! The server reads only the JSON contract the web UI also reads (`outcome`, `to`,
//! `view.head`), so it does not care how the view types are spelled in Rust.

use crate::head::Head;
use serde::Deserialize;
use serde_json::Value;
use supplysite_core::content::ContentSet;
use supplysite_core::routes::Route;

/// Composes pages. Implementations are pure functions of their arguments.
pub trait Composer: Send + Sync + 'static {
    /// The outcome for `route`, serialised.
    fn compose(&self, route: &Route, set: &ContentSet) -> Value;
    /// The not-found page view (`{"screen":"notFound","view":{"head":…,…}}`), shown in the
    /// site's layout with status 404.
    fn not_found(&self, set: &ContentSet) -> Value;
    /// The navigation, footer and contact block every page shows.
    fn chrome(&self) -> Value;
}

/// What the server does with a composed outcome.
#[derive(Debug)]
pub enum Outcome {
    /// A page: its head and the outcome JSON to embed and return from the API.
    Page {
        /// The page's head, for the HTML shell.
        head: Box<Head>,
        /// The outcome as JSON, to embed in the page and answer from the page API.
        json: Value,
    },
    /// Send the visitor elsewhere.
    Redirect {
        /// The site path to send the visitor to.
        to: String,
    },
    /// Nothing at this path: the server answers with the not-found page.
    NotFound,
}

/// Why an outcome could not be read: the composer and the server disagree on the contract.
#[derive(Debug, thiserror::Error)]
#[error("composed outcome does not match the page contract: {0}")]
pub struct OutcomeError(#[from] serde_json::Error);

#[derive(Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
enum Shape {
    Page { view: Box<ViewShape> },
    Redirect { to: String },
    NotFound,
}

#[derive(Deserialize)]
struct ViewShape {
    head: Head,
}

impl Outcome {
    /// Reads a composed outcome.
    pub fn read(json: Value) -> Result<Self, OutcomeError> {
        Ok(match Shape::deserialize(&json)? {
            Shape::Page { view } => Outcome::Page {
                head: Box::new(view.head),
                json,
            },
            Shape::Redirect { to } => Outcome::Redirect { to },
            Shape::NotFound => Outcome::NotFound,
        })
    }

    /// Reads the not-found page view and turns it into the outcome both the embedded data and
    /// `/api/page` carry for unknown paths: `{"outcome":"not_found","screen":"notFound",
    /// "view":{…}}`. A client that only looks at `outcome` sees `not_found`; one that renders
    /// screens finds the helpful 404 view beside it.
    pub fn read_not_found(view: Value) -> Result<(Head, Value), OutcomeError> {
        let head = ViewShape::deserialize(view.get("view").unwrap_or(&Value::Null))?.head;
        let mut json = serde_json::Map::new();
        json.insert("outcome".into(), Value::from("not_found"));
        if let Value::Object(fields) = view {
            for (k, v) in fields {
                if k != "outcome" {
                    json.insert(k, v);
                }
            }
        }
        Ok((head, Value::Object(json)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_three_outcomes() {
        let page = Outcome::read(json!({
            "outcome": "page", "screen": "home",
            "view": {"head": {"title": "Home"}, "hero": "x"}
        }))
        .unwrap();
        assert!(matches!(page, Outcome::Page { head, .. } if head.title == "Home"));
        let redirect = Outcome::read(json!({"outcome": "redirect", "to": "/insights"})).unwrap();
        assert!(matches!(redirect, Outcome::Redirect { to } if to == "/insights"));
        assert!(matches!(
            Outcome::read(json!({"outcome": "not_found"})).unwrap(),
            Outcome::NotFound
        ));
    }

    #[test]
    fn a_page_without_a_head_is_a_contract_error() {
        let err = Outcome::read(json!({"outcome": "page", "view": {}})).unwrap_err();
        assert!(err.to_string().contains("head"), "{err}");
    }

    #[test]
    fn the_not_found_outcome_carries_the_not_found_view() {
        let (head, json) = Outcome::read_not_found(json!({
            "screen": "notFound", "view": {"head": {"title": "Page not found"}, "links": []}
        }))
        .unwrap();
        assert_eq!(head.title, "Page not found");
        assert_eq!(
            json,
            json!({"outcome": "not_found", "screen": "notFound",
                   "view": {"head": {"title": "Page not found"}, "links": []}})
        );
    }
}
