//! `supplysite page PATH`: one JSON object per outcome, over the demo space by default.

use std::process::Command;
use supplysite_core::routes::ProductPage;

fn page(path: &str) -> serde_json::Value {
    run(&["page", path])
}

fn run(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(args)
        .env_remove("SUPPLYSITE_CONTENT")
        // Not the checkout: the binary must still find the demo it was built beside.
        .current_dir(std::env::temp_dir())
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON object on one line");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_product_page_is_a_page_with_its_screen_and_view() {
    let v = page("/etender/");
    assert_eq!(v["outcome"], "page");
    assert_eq!(v["screen"], "product");
    assert_eq!(v["view"]["head"]["canonical"], "/etender");
}

#[test]
fn unknown_stories_and_insights_redirect_and_other_paths_are_not_found() {
    assert_eq!(
        page("/case-study/no-such-story"),
        serde_json::json!({"outcome": "redirect", "to": "/case-study-index"})
    );
    assert_eq!(
        page("/insights/no-such-post"),
        serde_json::json!({"outcome": "redirect", "to": "/insights"})
    );
    assert_eq!(
        page("/no/such/path"),
        serde_json::json!({"outcome": "not_found"})
    );
}

#[test]
fn the_answer_carries_the_chrome_and_a_not_found_view() {
    let missing = run(&["page", "/no/such/path", "--answer"]);
    assert_eq!(missing["chrome"]["brand"]["href"], "/");
    assert_eq!(missing["outcome"]["outcome"], "not_found");
    assert_eq!(missing["outcome"]["screen"], "notFound");
    assert_eq!(missing["outcome"]["view"]["links"][0]["href"], "/");
    let product = run(&["page", "/etender", "--answer"]);
    assert_eq!(product["chrome"], missing["chrome"]);
    assert_eq!(product["outcome"], page("/etender"));
    assert_eq!(
        run(&["page", "/insights/no-such-post", "--answer"])["outcome"],
        serde_json::json!({"outcome": "redirect", "to": "/insights"})
    );
}

/// One path per route template over the demo space; each snapshot is the whole outcome, so a
/// change to any rule or to the demo shows up here as a reviewed diff.
#[test]
fn every_route_template_over_the_demo_matches_its_snapshot() {
    let products = ProductPage::ALL.map(|p| format!("/{}", p.segment()));
    let others = [
        "/",
        "/videopopup",
        "/case-study-index",
        "/case-study/manage-contractor-compliance",
        "/supplier-management-platform",
        "/page/procurement-transformation-guide",
        "/page/procurement-webinar-2025",
        "/about-us",
        "/privacy",
        "/contact-us",
        "/insights",
        "/insights/rfq-vs-rfp-vs-rft",
        "/insights/supply-continuity-during-covid",
    ];
    for path in products.iter().map(String::as_str).chain(others) {
        let name = match path.trim_matches('/') {
            "" => "home".to_string(),
            rest => rest.replace('/', "__"),
        };
        insta::assert_json_snapshot!(format!("demo_{name}"), page(path));
    }
}
