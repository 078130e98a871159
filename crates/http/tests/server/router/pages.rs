use crate::support::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};

#[tokio::test]
async fn every_route_template_answers_with_a_complete_page() {
    let app = spawn_app();
    let chrome = serde_json::to_value(supplysite_core::compose::chrome()).unwrap();
    let cases = [
        ("/", "Supply Chain Software | Supplysite"),
        ("/videopopup", "Platform Overview Video | Supplysite"),
        ("/case-study-index", "Customer Stories | Supplysite"),
        (
            "/case-study/manage-contractor-compliance",
            "Story manage-contractor-compliance",
        ),
        (
            "/supplier-management-platform",
            "Our Solutions | Supplysite",
        ),
        ("/etender", "eRFx and eTender Software | Supplysite"),
        (
            "/food-industry-software",
            "Software for Food Makers | Supplysite",
        ),
        ("/page/why-us", "Page why-us"),
        ("/about-us", "About Us | Supplysite"),
        ("/privacy", "Privacy Policy | Supplysite"),
        ("/contact-us", "Get In Touch | Supplysite"),
        ("/insights", "Our Latest Insights | Supplysite"),
        ("/insights/newest-insight", "Insight newest-insight v1"),
    ];
    for (path, title) in cases {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            header(&response, "content-type"),
            "text/html; charset=utf-8"
        );
        let html = body_text(response).await;
        assert!(
            html.contains(&format!("<title>{title}</title>")),
            "{path}: {html}"
        );
        assert!(!html.contains("<title>Shell</title>"), "{path}");
        assert!(
            html.contains(&format!(
                "<link rel=\"canonical\" href=\"{PUBLIC_URL}{}\">",
                if path == "/" { "/" } else { path }
            )),
            "{path}"
        );
        let data = embedded_data(&html);
        assert_eq!(data["chrome"], chrome);
        assert_eq!(data["outcome"]["outcome"], "page", "{path}");
        assert_eq!(data["outcome"]["view"]["head"]["title"], title);
    }
}

#[tokio::test]
async fn the_embedded_data_is_cores_embedded_with_the_page_apis_answer() {
    let app = spawn_app();
    for path in ["/", "/insights/newest-insight", "/no-such-page"] {
        let html = body_text(app.get(path).await).await;
        let answer: serde_json::Value = serde_json::from_str(
            &body_text(
                app.get(&format!(
                    "/api/page?path={}",
                    supplysite_core::uri::encode_component(path)
                ))
                .await,
            )
            .await,
        )
        .unwrap();
        let expected = supplysite_core::view::Embedded {
            chrome: supplysite_core::compose::chrome(),
            settings: supplysite_core::view::PageSettings::default(),
            outcome: answer,
        };
        assert_eq!(
            embedded_data(&html),
            serde_json::to_value(expected).unwrap(),
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_page_html_is_the_shell_with_the_head_and_data_filled_in() {
    let app = spawn_app();
    let response = app.get("/insights/newest-insight").await;
    let html = body_text(response).await;
    insta::assert_snapshot!(html);
}

#[tokio::test]
async fn text_from_content_is_escaped_in_the_head_and_the_data() {
    let app = spawn_app();
    let html = body_text(app.get("/insights/newest-insight").await).await;
    let data = embedded_data(&html);
    assert_eq!(
        data["outcome"]["view"]["head"]["description"],
        "About newest-insight & <things>"
    );
    let start = html.find("<script id=\"__SUPPLYSITE__\"").unwrap();
    let element = &html[start..];
    let element = &element[element.find('>').unwrap() + 1..element.find("</script>").unwrap()];
    assert!(
        !element.contains('<') && !element.contains('&'),
        "{element}"
    );
}

#[tokio::test]
async fn an_unknown_case_study_redirects_to_the_index() {
    let app = spawn_app();
    let response = app.get("/case-study/no-such-story").await;
    assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(header(&response, "location"), "/case-study-index");
    assert_eq!(header(&response, "cache-control"), "public, max-age=60");
}

#[tokio::test]
async fn an_unknown_article_redirects_to_insights() {
    let app = spawn_app();
    let response = app.get("/insights/no-such-article").await;
    assert_eq!(response.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(header(&response, "location"), "/insights");
}

#[tokio::test]
async fn a_trailing_slash_redirects_to_the_canonical_path_keeping_campaign_parameters() {
    let app = spawn_app();
    let response = app.get("/etender/?utm_source=mail&poison=1").await;
    assert_eq!(response.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(header(&response, "location"), "/etender?utm_source=mail");
    // The target carries the campaign, which a shared cache's key leaves out: never stored.
    assert_eq!(header(&response, "cache-control"), "no-store");
    let response = app.get("/insights/newest-insight/").await;
    assert_eq!(response.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(header(&response, "location"), "/insights/newest-insight");
    assert_eq!(header(&response, "cache-control"), "public, max-age=86400");
}

#[tokio::test]
async fn an_address_outside_its_canonical_form_is_redirected_or_refused_before_any_route() {
    let app = spawn_app();
    for (asked, to) in [
        ("/etender?x=1", "/etender"),
        ("/etender?page=2", "/etender"),
        ("/etender?", "/etender"),
        (
            "/insights?page=1&utm_medium=email",
            "/insights?utm_medium=email",
        ),
        ("/sitemap.xml?page=2", "/sitemap.xml"),
        ("/api/page?path=/etender", "/api/page?path=%2Fetender"),
        (
            "/api/page?path=%2Fetender%3Fx%3D1",
            "/api/page?path=%2Fetender",
        ),
    ] {
        let response = app.get(asked).await;
        assert_eq!(response.status(), StatusCode::PERMANENT_REDIRECT, "{asked}");
        assert_eq!(header(&response, "location"), to, "{asked}");
        assert_eq!(header(&response, "cache-control"), "no-store", "{asked}");
    }
    for (asked, says) in [
        (
            "/insights?PAGE=3&page=1",
            "the query parameter \"PAGE\" must be written \"page\", in lower case",
        ),
        (
            "/insights?page=2&page=3",
            "the query parameter \"page\" is given more than once",
        ),
        (
            "/api/page?PATH=%2Fcontact-us&path=%2Fabout-us",
            "the query parameter \"PATH\" must be written \"path\", in lower case",
        ),
        (
            "/api/page?path=%2Fetender&x=1",
            "the page API reads only the query parameter \"path\", not \"x\"",
        ),
        (
            "/api/page?path=%ZZ",
            "the query parameter \"path\" is not percent-encoded text",
        ),
    ] {
        let response = app.get(asked).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{asked}");
        assert_eq!(header(&response, "cache-control"), "no-store", "{asked}");
        let body: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
        assert_eq!(body, serde_json::json!({ "message": says }), "{asked}");
    }
    // Campaign parameters are read by nobody but the page's script: the page as it is.
    let plain = app.get("/etender").await;
    let landing = app
        .get("/etender?utm_source=mail&utm_campaign=spring&gclid=x")
        .await;
    assert_eq!(landing.status(), StatusCode::OK);
    assert_eq!(header(&landing, "etag"), header(&plain, "etag"));
    assert_eq!(
        header(&landing, "cache-control"),
        header(&plain, "cache-control")
    );
}

#[tokio::test]
async fn the_page_apis_redirect_outcomes_are_kept_by_the_browser_alone() {
    let app = spawn_app();
    for path in ["%2Finsights%2Fno-such-article", "%2Fetender%2F"] {
        let response = app.get(&format!("/api/page?path={path}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            header(&response, "cache-control"),
            "private, max-age=60",
            "{path}"
        );
        assert!(
            body_text(response)
                .await
                .contains("\"outcome\":\"redirect\"")
        );
    }
}

#[tokio::test]
async fn an_unknown_path_is_404_with_the_not_found_page_in_the_layout() {
    let app = spawn_app();
    for path in [
        "/no-such-page",
        "/page/no-such-slug",
        "/ETENDER",
        "/index.html",
        "/nope/",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(
            header(&response, "content-type"),
            "text/html; charset=utf-8"
        );
        assert!(response.headers().get("etag").is_none());
        let html = body_text(response).await;
        assert!(
            html.contains("<title>Page not found | Supplysite</title>"),
            "{path}"
        );
        assert!(html.contains("<meta name=\"robots\" content=\"noindex, follow\">"));
        assert!(html.contains("<div id=\"root\"></div>"));
        let data = embedded_data(&html);
        assert_eq!(data["outcome"]["outcome"], "not_found");
        assert_eq!(data["outcome"]["screen"], "notFound");
        assert_eq!(data["outcome"]["view"]["links"][0]["href"], "/");
    }
}

#[tokio::test]
async fn a_noindex_entry_carries_the_noindex_directive() {
    let app = spawn_app();
    let html = body_text(app.get("/case-study/quiet-customer").await).await;
    assert!(html.contains("<meta name=\"robots\" content=\"noindex, follow\">"));
}

#[tokio::test]
async fn head_requests_get_headers_without_a_body() {
    let app = spawn_app();
    let response = app
        .send(Request::head("/etender").body(Body::empty()).unwrap())
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().contains_key("etag"));
}

#[tokio::test]
async fn other_methods_on_pages_are_refused() {
    let app = spawn_app();
    let response = app
        .send(Request::post("/etender").body(Body::empty()).unwrap())
        .await;
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(header(&response, "allow"), "GET, HEAD");
}

#[tokio::test]
async fn a_page_is_composed_once_per_content_version() {
    let app = spawn_app();
    app.get("/etender").await;
    app.get("/etender").await;
    app.get("/no-such-page").await;
    app.get("/insights/no-such-article").await;
    let ready: serde_json::Value =
        serde_json::from_str(&body_text(app.get("/readyz").await).await).unwrap();
    assert_eq!(ready["cachedPages"], 1);
}
