use serde_json::json;
use supplysite_content_adapter::load_export_value;

#[test]
fn fields_are_read_in_the_default_locale_falling_back_along_fallback_codes() {
    let export = json!({
        "locales": [
            {"code": "en-US", "default": false, "fallbackCode": null},
            {"code": "en-AU", "default": false, "fallbackCode": "en-US"},
            {"code": "en-NZ", "default": true, "fallbackCode": "en-AU"},
        ],
        "entries": [{
            "sys": {"id": "p1", "publishedVersion": 1,
                    "contentType": {"sys": {"type": "Link", "linkType": "ContentType", "id": "blogPost"}}},
            "fields": {
                "slug": {"en-US": "tendering-in-new-zealand"},
                "title": {"en-NZ": "Tendering in Aotearoa", "en-AU": "Tendering in New Zealand"},
                "description": {"en-AU": "Rules for public-sector tenders.", "en-US": "Rules."},
                "publishDate": {"en-NZ": "2024-06-01"},
                "seoIndex": {"en-US": true},
                "titleTag": {"de-DE": "Ausschreibungen"},
            },
        }],
    });
    let loaded = load_export_value(export, None).unwrap();
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    let post = loaded.set.post("tendering-in-new-zealand").unwrap();
    assert_eq!(post.title, "Tendering in Aotearoa");
    assert_eq!(post.description, "Rules for public-sector tenders.");
    assert_eq!(post.publish_date.ymd(), "2024-06-01");
    // A locale outside the chain is never read.
    assert_eq!(post.title_tag, None);
}
