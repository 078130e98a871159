use crate::helpers::*;
use serde_json::json;
use supplysite_content_adapter::export::{Severity, TypeCount};
use supplysite_content_adapter::{ExportError, load_export_bytes, load_export_value};
use supplysite_core::content::{ProductTag, Slice};

#[test]
fn a_file_that_is_not_json_is_refused() {
    let err = load_export_bytes(b"<html>not an export</html>", None).unwrap_err();
    assert!(matches!(err, ExportError::NotJson(_)));
    assert!(
        err.to_string()
            .starts_with("not a Contentful export: not JSON (expected value at line 1 column 1")
    );
}

#[test]
fn json_without_an_entries_array_is_refused() {
    let err = load_export_value(
        json!({"locales": [{"code": "en-US", "default": true}]}),
        None,
    )
    .unwrap_err();
    assert!(matches!(err, ExportError::NoEntries));
    assert_eq!(
        err.to_string(),
        "not a Contentful export: no \"entries\" array"
    );
    let err = load_export_value(json!([1, 2]), None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "not a Contentful export: the top level is an array, expected an object"
    );
}

#[test]
fn an_export_without_locales_is_refused() {
    for value in [
        json!({"entries": []}),
        json!({"entries": [], "locales": []}),
    ] {
        let err = load_export_value(value, None).unwrap_err();
        assert!(matches!(err, ExportError::NoLocales));
        assert_eq!(err.to_string(), "not a Contentful export: no locales");
    }
}

#[test]
fn an_entry_missing_a_required_field_is_skipped_and_the_rest_load() {
    let loaded = load(export(
        vec![
            entry("p1", "blogPost", without(post_fields("first"), "title")),
            entry("p2", "blogPost", post_fields("second")),
        ],
        vec![],
    ));
    assert_eq!(
        problems(&loaded),
        ["error: entry p1 (blogPost) field title: required field is missing; entry not shown"]
    );
    assert!(loaded.set.post("first").is_none());
    assert!(loaded.set.post("second").is_some());
    assert_eq!(
        loaded.counts["blogPost"],
        TypeCount {
            published: 2,
            drafts: 0,
            skipped: 1
        }
    );
    assert!(loaded.has_errors());
}

#[test]
fn a_bad_publish_date_names_the_entry_type_field_and_value() {
    let loaded = load(export(
        vec![entry(
            "5xYz",
            "blogPost",
            with(post_fields("a"), "publishDate", json!("05/03/2024")),
        )],
        vec![],
    ));
    assert_eq!(
        problems(&loaded),
        [
            "error: entry 5xYz (blogPost) field publishDate: invalid publish date \"05/03/2024\" \
             (expected ISO 8601 such as 2024-03-05 or 2024-03-05T09:00+10:00); entry not shown"
        ]
    );
    assert_eq!(loaded.set.posts().len(), 0);
}

#[test]
fn an_unknown_product_tag_is_dropped_with_a_warning() {
    let loaded = load(export(
        vec![entry(
            "p1",
            "blogPost",
            with(post_fields("a"), "blogPostProduct", json!(["eRFx", "CRM"])),
        )],
        vec![],
    ));
    assert_eq!(
        problems(&loaded),
        [
            "warning: entry p1 (blogPost) field blogPostProduct: unknown product tag \"CRM\" \
             (expected one of SPM, eRFx, SCM, eAuction, SSM, SIM, PIM); tag ignored"
        ]
    );
    assert_eq!(loaded.set.post("a").unwrap().products, [ProductTag::ERfx]);
    assert!(!loaded.has_errors());
}

fn page_with_slices(slices: Vec<serde_json::Value>) -> serde_json::Value {
    entry(
        "page1",
        "pageBuilder",
        json!({"title": "Why us", "slug": "why-us", "seoIndex": true, "contentSlices": slices}),
    )
}

fn divider(id: &str) -> serde_json::Value {
    entry(id, "dividerCta", json!({"title": "Talk to us"}))
}

#[test]
fn a_dangling_entry_link_skips_the_slice_not_the_page() {
    let loaded = load(export(
        vec![
            divider("d1"),
            page_with_slices(vec![link("Entry", "gone"), link("Entry", "d1")]),
        ],
        vec![],
    ));
    assert_eq!(
        problems(&loaded),
        [
            "warning: entry page1 (pageBuilder) field contentSlices: links to entry gone, \
             which is not in the export; reference skipped"
        ]
    );
    let page = loaded.set.page("why-us").unwrap();
    assert!(matches!(page.slices.as_slice(), [Slice::DividerCta(d)] if d.id == "d1"));
}

#[test]
fn a_dangling_asset_link_drops_the_image_not_the_post() {
    let loaded = load(export(
        vec![entry(
            "p1",
            "blogPost",
            with(post_fields("a"), "heroImage", link("Asset", "nope")),
        )],
        vec![image("other")],
    ));
    assert_eq!(
        problems(&loaded),
        [
            "warning: entry p1 (blogPost) field heroImage: links to asset nope, \
             which is not in the export; reference skipped"
        ]
    );
    assert_eq!(loaded.set.post("a").unwrap().hero_image, None);
    assert!(loaded.set.asset("other").is_some());
}

#[test]
fn a_draft_is_not_shown_and_a_link_to_it_is_skipped() {
    let loaded = load(export(
        vec![
            draft("d1", "dividerCta", json!({"title": "Not yet"})),
            draft("p1", "blogPost", post_fields("unpublished")),
            page_with_slices(vec![link("Entry", "d1")]),
        ],
        vec![],
    ));
    assert_eq!(
        problems(&loaded),
        [
            "warning: entry page1 (pageBuilder) field contentSlices: links to draft entry d1; \
             reference skipped"
        ]
    );
    assert!(loaded.set.page("why-us").unwrap().slices.is_empty());
    assert!(loaded.set.post("unpublished").is_none());
    assert_eq!(loaded.counts["blogPost"].drafts, 1);
    assert_eq!(loaded.counts["dividerCta"].drafts, 1);
}

#[test]
fn a_duplicate_slug_is_an_error_and_the_first_entry_wins() {
    let loaded = load(export(
        vec![
            entry("p1", "blogPost", post_fields("same")),
            entry("p2", "blogPost", post_fields("same")),
        ],
        vec![],
    ));
    assert_eq!(
        problems(&loaded),
        [
            "error: entry p2 (blogPost) field slug: duplicate slug \"same\", already used by \
             entry p1; not shown"
        ]
    );
    assert_eq!(loaded.set.post("same").unwrap().id, "p1");
}

#[test]
fn a_value_of_the_wrong_type_is_an_error_and_skips_the_entry_only_when_required() {
    let loaded = load(export(
        vec![
            entry(
                "p1",
                "blogPost",
                with(post_fields("a"), "seoIndex", json!("yes")),
            ),
            entry(
                "p2",
                "blogPost",
                with(post_fields("b"), "estimatedreadtime", json!("five")),
            ),
        ],
        vec![],
    ));
    assert_eq!(
        problems(&loaded),
        [
            "error: entry p1 (blogPost) field seoIndex: expected a boolean, found a string; \
             entry not shown",
            "error: entry p2 (blogPost) field estimatedreadtime: expected an integer, found the \
             string \"five\"",
        ]
    );
    assert!(loaded.set.post("a").is_none());
    assert_eq!(loaded.set.post("b").unwrap().estimated_read_time, None);
}

#[test]
fn rich_text_that_is_not_a_document_is_an_error_and_the_post_shows_without_a_body() {
    let paragraph = json!({"nodeType": "paragraph", "data": {}, "content": []});
    let loaded = load(export(
        vec![entry(
            "p1",
            "blogPost",
            with(post_fields("a"), "bodyRichtext", paragraph),
        )],
        vec![],
    ));
    assert_eq!(
        problems(&loaded),
        [
            "error: entry p1 (blogPost) field bodyRichtext: rich-text root node is \"paragraph\", \
             expected \"document\""
        ]
    );
    assert_eq!(loaded.set.post("a").unwrap().body, None);
    assert_eq!(loaded.problems[0].severity, Severity::Error);
}
