use crate::support::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::Value;
use supplysite_core::contact::Field;

pub(super) async fn description(app: &TestApp) -> Value {
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(header(&response, "content-type"), "application/json");
    assert_eq!(header(&response, "cache-control"), "public, max-age=300");
    serde_json::from_slice(&body_bytes(response).await).expect("the description is JSON")
}

/// The content types the description gives for `status` of `method path`, or a failure
/// naming what is missing.
fn described(doc: &Value, method: &str, path: &str, status: StatusCode) -> Vec<String> {
    let operation = &doc["paths"][path][method];
    assert!(operation.is_object(), "{method} {path} is not described");
    let response = &operation["responses"][status.as_str()];
    assert!(
        response.is_object(),
        "{method} {path} answers {status}, which the description does not list"
    );
    response["content"]
        .as_object()
        .map(|c| c.keys().cloned().collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn the_description_is_openapi_3_1_with_the_ten_paths() {
    let app = spawn_app();
    let doc = description(&app).await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    let mut paths: Vec<&str> = doc["paths"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    paths.sort_unstable();
    assert_eq!(
        paths,
        [
            "/api/contact",
            "/api/page",
            "/api/preview",
            "/api/preview/compose",
            "/api/preview/exit",
            "/api/robot-challenge",
            "/api/search",
            "/api/vitals",
            "/api/webhooks/contentful",
            "/healthz",
            "/readyz"
        ]
    );
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for name in [
        "ContactBody",
        "ContactForm",
        "Challenge",
        "PageAnswer",
        "PageView",
        "NotFoundScreen",
        "HomeView",
        "Ready",
        "SearchAnswer",
        "VitalsReport",
    ] {
        assert!(schemas.contains_key(name), "no schema {name}");
    }
    // The form's fields come from core's type, beside the two the request adds.
    let form = &schemas["ContactForm"]["properties"];
    let fields = Field::ALL.iter().filter(|f| **f != Field::Robot);
    for field in fields.map(|f| f.key()) {
        assert!(form[field].is_object(), "the form has no {field}");
    }
}

/// A case of the test below: `POST route` with `body` as JSON.
fn post_json(route: &str, body: impl Into<Body>) -> (&'static str, &str, Request<Body>) {
    let request = Request::post(route)
        .header("content-type", "application/json")
        .body(body.into())
        .unwrap();
    ("post", route, request)
}

#[tokio::test]
async fn every_status_the_routes_answer_here_is_described_with_its_content_type() {
    let app = spawn_app();
    let doc = description(&app).await;
    let get = |route, uri| ("get", route, Request::get(uri).body(Body::empty()).unwrap());
    let cases: Vec<(&str, &str, Request<Body>)> = vec![
        get("/healthz", "/healthz"),
        get("/readyz", "/readyz"),
        get("/api/page", "/api/page?path=%2Finsights"),
        get("/api/page", "/api/page?path=%2Finsights%2F"),
        get("/api/page", "/api/page?path=%2Fno%2Fsuch%2Fpage"),
        get("/api/page", "/api/page"),
        get("/api/page", "/api/page?path=%ZZ"),
        get("/api/page", "/api/page?path=/insights"),
        get("/api/page", "/api/page?PATH=%2Fetender&path=%2Finsights"),
        get("/api/page", "/api/page?path=%2Finsights&x=1"),
        get("/api/preview", "/api/preview?secret=x&path=/"),
        get("/api/preview/exit", "/api/preview/exit"),
        post_json("/api/preview/compose", r#"{"path":"/","entities":[]}"#),
        get("/api/robot-challenge", "/api/robot-challenge"),
        get("/api/search", "/api/search?q=insight"),
        get("/api/search", "/api/search?q=x&page=0"),
        post_json("/api/contact", "{}"),
        post_json(
            "/api/vitals",
            r#"{"route":"/insights/:slug","name":"LCP","value":1200}"#,
        ),
        post_json("/api/vitals", "{}"),
        post_json("/api/vitals", vec![b' '; 1024]),
        post_json("/api/webhooks/contentful", "{}"),
        post_json("/api/webhooks/contentful", vec![b' '; 2 * 1024 * 1024]),
    ];
    for (method, path, request) in cases {
        let uri = request.uri().clone();
        let response = app.send(request).await;
        let status = response.status();
        let types = described(&doc, method, path, status);
        let content_type = response
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_owned());
        match content_type {
            Some(ct) => {
                let essence = ct.split(';').next().unwrap().trim();
                assert!(
                    types.iter().any(|t| t == essence),
                    "{method} {uri}: {status} with {ct}, described as {types:?}"
                );
            }
            None => assert!(types.is_empty(), "{method} {uri}: {status} has no body"),
        }
    }
}

#[tokio::test]
async fn an_unchanged_page_answers_304_as_described() {
    let app = spawn_app();
    let doc = description(&app).await;
    let first = app.get("/api/page?path=%2Finsights").await;
    let etag = header(&first, "etag").to_owned();
    let again = app
        .send(
            Request::get("/api/page?path=%2Finsights")
                .header("if-none-match", etag)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert!(described(&doc, "get", "/api/page", StatusCode::NOT_MODIFIED).is_empty());
}

/// The demo space's site, as `make run` serves it.
pub(super) fn demo_app() -> TestApp {
    let export = supplysite_testkit::demo::export_path();
    let loaded = supplysite_content_adapter::load_export(export).expect("the demo export loads");
    spawn_app_with(Options {
        content: Some(loaded.set),
        ..Options::default()
    })
}

/// A validator for the body the description gives for `status` of `GET /api/page`, with the
/// description's shared schemas for its references.
fn page_answer_validator(doc: &Value, status: &str) -> jsonschema::Validator {
    let mut schema = doc["paths"]["/api/page"]["get"]["responses"][status]["content"]
        ["application/json"]["schema"]
        .clone();
    assert!(schema.is_object(), "no JSON body described for {status}");
    schema["components"] = doc["components"].clone();
    jsonschema::draft202012::new(&schema).expect("the description's schema compiles")
}

#[tokio::test]
async fn the_answer_for_every_demo_page_validates_against_the_description() {
    let app = demo_app();
    let doc = description(&app).await;
    let ok = page_answer_validator(&doc, "200");
    let not_found = page_answer_validator(&doc, "404");
    let sitemap = body_text(app.get("/sitemap.xml").await).await;
    let mut paths: Vec<String> = crate::router::sitemap::locs(&sitemap)
        .into_iter()
        .map(|loc| loc.strip_prefix(PUBLIC_URL).unwrap().to_string())
        .collect();
    assert!(paths.len() > 20, "the demo sitemap lists {}", paths.len());
    // Beside the listed pages: the video page, a redirect to a canonical path, the fallbacks of
    // unknown entries and an unknown path.
    for extra in [
        "/videopopup",
        "/insights/",
        "/case-study/no-such-story",
        "/insights/no-such-article",
        "/no/such/page",
    ] {
        paths.push(extra.to_string());
    }
    let mut screens = std::collections::BTreeSet::new();
    for path in &paths {
        let response = app
            .get(&format!(
                "/api/page?path={}",
                supplysite_core::uri::encode_component(path)
            ))
            .await;
        let status = response.status();
        let answer: Value = serde_json::from_slice(&body_bytes(response).await).unwrap();
        let validator = match status {
            StatusCode::OK => &ok,
            StatusCode::NOT_FOUND => &not_found,
            other => panic!("{path}: {other}"),
        };
        let errors: Vec<String> = validator
            .iter_errors(&answer)
            .map(|e| format!("{} fails {}", e.instance_path(), e.schema_path()))
            .collect();
        assert!(errors.is_empty(), "{path}: {errors:#?}");
        screens.insert(
            answer["screen"]
                .as_str()
                .unwrap_or("(redirect)")
                .to_string(),
        );
    }
    let expected = [
        "(redirect)",
        "aboutUs",
        "caseStudy",
        "caseStudyIndex",
        "contactUs",
        "home",
        "insight",
        "insights",
        "notFound",
        "page",
        "privacy",
        "product",
        "solutions",
        "videoPopup",
    ];
    assert_eq!(screens, expected.map(String::from).into(), "screens seen");
}

#[tokio::test]
async fn an_answer_unlike_the_view_models_fails_the_description() {
    let app = demo_app();
    let doc = description(&app).await;
    let ok = page_answer_validator(&doc, "200");
    let response = app.get("/api/page?path=%2Finsights").await;
    let mut answer: Value = serde_json::from_slice(&body_bytes(response).await).unwrap();
    assert!(ok.is_valid(&answer));
    answer["view"]["head"]["title"] = Value::from(7);
    assert!(!ok.is_valid(&answer), "a number for the title passed");
    answer["view"]["head"]["title"] = Value::from("Insights");
    answer["screen"] = Value::from("noSuchScreen");
    assert!(!ok.is_valid(&answer), "an unknown screen passed");
}
