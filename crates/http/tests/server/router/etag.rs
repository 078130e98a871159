//! What a page's ETag covers: replicas of one build agree, and every input that shapes a page's
//! bytes (content version, web build, public URL, robot check kind and key, tracker key,
//! server-rendered markup) gives a new tag. Also `Vary` and the policy header on 304s.

use crate::support::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use std::sync::Arc;
use supplysite_core::view::RobotWidget;
use supplysite_http::{PublicUrl, RenderOptions, Renderer, Settings};

const PAGE: &str = "/insights/newest-insight";
const API: &str = "/api/page?path=%2Finsights%2Fnewest-insight";

async fn etags(app: &TestApp) -> (String, String) {
    let html = app.get(PAGE).await;
    assert_eq!(html.status(), StatusCode::OK);
    let api = app.get(API).await;
    (
        header(&html, "etag").to_string(),
        header(&api, "etag").to_string(),
    )
}

fn with_settings(change: impl FnOnce(&mut Settings) + 'static) -> Options {
    Options {
        settings: Some(Box::new(change)),
        ..Options::default()
    }
}

fn recaptcha(key: &str) -> Options {
    Options {
        robot: Some(RobotWidget::Recaptcha {
            site_key: key.into(),
        }),
        ..Options::default()
    }
}

#[tokio::test]
async fn two_replicas_of_one_build_and_content_give_the_same_etags() {
    let (a, b) = (spawn_app(), spawn_app());
    assert_eq!(etags(&a).await, etags(&b).await);
    let (c, d) = (
        spawn_app_with(recaptcha("site-key-1")),
        spawn_app_with(recaptcha("site-key-1")),
    );
    assert_eq!(etags(&c).await, etags(&d).await);
}

#[tokio::test]
async fn every_setting_that_reaches_the_page_changes_its_etag() {
    let (base_html, _) = etags(&spawn_app()).await;
    let variants: Vec<(&str, Options)> = vec![
        (
            "public URL",
            with_settings(|s| s.public_url = PublicUrl::parse("https://other.test").unwrap()),
        ),
        (
            "tracker key",
            with_settings(|s| s.tracker_key = Some("tracker-1".into())),
        ),
        (
            "self-hosted robot check",
            Options {
                robot: Some(RobotWidget::SelfHosted),
                ..Options::default()
            },
        ),
        ("reCAPTCHA robot check", recaptcha("site-key-1")),
        (
            "web build",
            Options {
                index_html: Some(INDEX_HTML.replace("index-Ab12Cd.js", "index-Zz99Yy.js")),
                ..Options::default()
            },
        ),
        (
            "content version",
            Options {
                content: Some(content("v2")),
                ..Options::default()
            },
        ),
    ];
    let mut seen = vec![base_html];
    for (what, options) in variants {
        let (html, _) = etags(&spawn_app_with(options)).await;
        assert!(!seen.contains(&html), "{what} did not change the ETag");
        seen.push(html);
    }
    let (a, _) = etags(&spawn_app_with(with_settings(|s| {
        s.tracker_key = Some("tracker-1".into())
    })))
    .await;
    let (b, _) = etags(&spawn_app_with(with_settings(|s| {
        s.tracker_key = Some("tracker-2".into())
    })))
    .await;
    assert_ne!(a, b, "the tracker key's value is part of the ETag");
    let (a, _) = etags(&spawn_app_with(recaptcha("site-key-1"))).await;
    let (b, _) = etags(&spawn_app_with(recaptcha("site-key-2"))).await;
    assert_ne!(a, b, "the reCAPTCHA site key is part of the ETag");
}

#[tokio::test]
async fn a_page_with_server_rendered_markup_has_its_own_etag_and_the_api_keeps_its_tag() {
    let app = spawn_app();
    let (plain_html, plain_api) = etags(&app).await;
    let bundle = "globalThis.render = () => '<main>drawn</main>';";
    let options = RenderOptions {
        threads: 1,
        queue: 4,
        ..RenderOptions::default()
    };
    let renderer = Arc::new(Renderer::new(bundle, options).unwrap());
    let rendered = spawn_app();
    let router = supplysite_http::router(rendered.state.clone().with_renderer(renderer));
    let send = |uri: &str| {
        let request = Request::get(uri).body(Body::empty()).unwrap();
        tower::ServiceExt::oneshot(router.clone(), request)
    };
    let html = send(PAGE).await.unwrap();
    let html_etag = header(&html, "etag").to_string();
    assert!(body_text(html).await.contains("<main>drawn</main>"));
    assert_ne!(html_etag, plain_html);
    let api = send(API).await.unwrap();
    assert_eq!(header(&api, "etag"), plain_api);
    // A cache holding the page without markup is not told it is current.
    let request = Request::get(PAGE)
        .header("if-none-match", &plain_html)
        .body(Body::empty())
        .unwrap();
    let revalidated = tower::ServiceExt::oneshot(router.clone(), request)
        .await
        .unwrap();
    assert_eq!(revalidated.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_304_varies_by_encoding_and_leaves_the_stored_policy_in_place() {
    let app = spawn_app();
    for uri in [PAGE, API] {
        for encoding in ["gzip, br", "identity"] {
            let first = app.get_accepting(uri, encoding).await;
            assert_eq!(
                header(&first, "vary"),
                "accept-encoding",
                "{uri} {encoding}"
            );
            let etag = header(&first, "etag").to_string();
            let again = app
                .send(
                    Request::get(uri)
                        .header("accept-encoding", encoding)
                        .header("if-none-match", &etag)
                        .body(Body::empty())
                        .unwrap(),
                )
                .await;
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{uri}");
            assert_eq!(header(&again, "vary"), "accept-encoding", "{uri}");
            assert!(
                again.headers().get("content-security-policy").is_none(),
                "a 304 must not replace the stored page's policy: {uri}"
            );
            assert_eq!(header(&again, "x-content-type-options"), "nosniff");
        }
    }
}

#[tokio::test]
async fn the_not_found_page_varies_by_encoding_too() {
    let app = spawn_app();
    for encoding in ["gzip", "identity"] {
        let response = app.get_accepting("/no-such-page", encoding).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(header(&response, "vary"), "accept-encoding", "{encoding}");
    }
}
