//! `parseRoute(path)`: the site's route table, for in-app navigation (in the `full` module).

use crate::bridge;
use supplysite_core::routes::Route;
use wasm_bindgen::prelude::*;

/// `{route, slug?, canonical}` for a request path, as `supplysite route` prints it.
#[wasm_bindgen(js_name = parseRoute, unchecked_return_type = "ParsedRoute")]
pub fn parse_route(path: &str) -> Result<JsValue, JsError> {
    let route = Route::parse(path);
    bridge::to_js(&ParsedRoute {
        canonical: route.path(),
        route,
    })
}

#[wasm_bindgen(typescript_custom_section)]
const TS: &str = r#"
/** A parsed path: the screen, its slug where it has one, and the canonical path. */
export interface ParsedRoute { route: { route: string; slug?: string }; canonical: string }
"#;

#[derive(serde::Serialize)]
struct ParsedRoute {
    route: Route,
    canonical: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_path_with_a_query_parses_to_its_canonical_route() {
        let route = Route::parse("/etender/?utm=x");
        let parsed = ParsedRoute {
            canonical: route.path(),
            route,
        };
        assert_eq!(
            serde_json::to_string(&parsed).unwrap(),
            r#"{"route":{"route":"product","slug":"etender"},"canonical":"/etender"}"#
        );
    }
}
