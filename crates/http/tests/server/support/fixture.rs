//! The fixture site: its content set, its web build and its export.

use serde_json::{Value, json};
use std::path::Path;
use supplysite_core::content::{ContentParts, ContentSet};
use tempfile::TempDir;

pub const INDEX_HTML: &str = r#"<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <title>Shell</title>
  </head>
  <body>
    <div id="root"></div>
    <script>(()=>{const s=document.createElement("script");s.type="module";s.src="/assets/index-Ab12Cd.js";document.head.append(s)})()</script>
  </body>
</html>
"#;

/// The policy's hash source of [`INDEX_HTML`]'s one script (the entry loader), computed apart:
/// `printf %s '(()=>{…})()' | openssl dgst -sha256 -binary | base64`.
pub const LOADER_HASH: &str = "'sha256-t9G/qc6w9eb/aeONWrBe006F4Qk4p51/PMqy/LZYrmo='";

/// Files the export downloaded from Contentful's other asset hosts: (host, name, bytes), each
/// under `<host>/space1/asset2/token2/`.
pub const EXPORT_DOCUMENTS: [(&str, &str, &[u8]); 2] = [
    ("assets.ctfassets.net", "brochure.pdf", b"%PDF-1.7 brochure"),
    (
        "downloads.ctfassets.net",
        "price-list.docx",
        b"PK\x03\x04 price list",
    ),
];

/// The file the export holds for one of [`EXPORT_DOCUMENTS`]: large enough to be worth
/// compressing, were it not compressed already.
pub fn document(bytes: &[u8]) -> Vec<u8> {
    bytes.repeat(200)
}

pub fn parts(version_tag: &str) -> ContentParts {
    serde_json::from_value(json!({
        "posts": [
            post("newest-insight", "2024-03-05", true, version_tag),
            post("older-insight", "2023-11-20", true, version_tag),
            post("hidden-insight", "2024-01-10", false, version_tag),
        ],
        "caseStudies": [
            case_study("manage-contractor-compliance", 1, true),
            case_study("quiet-customer", 2, false),
        ],
        "pages": [page("why-us", true), page("draft-campaign", false)],
        "faqLists": [],
        "timeline": [],
        "privacy": null,
        "customerLogos": [],
        "assets": {}
    }))
    .expect("fixture content matches the content model")
}

pub fn post(slug: &str, date: &str, index: bool, tag: &str) -> Value {
    json!({
        "id": format!("post-{slug}"), "slug": slug, "title": format!("Insight {slug} {tag}"),
        "description": format!("About {slug} & <things>"), "publishDate": date,
        "hasVideo": false, "tags": [], "products": ["eRFx"], "seoIndex": index
    })
}

pub fn case_study(slug: &str, priority: i32, index: bool) -> Value {
    json!({
        "id": format!("cs-{slug}"), "slug": slug, "title": format!("Story {slug}"),
        "organisation": "Acme Foods", "products": ["SIM"], "orderPriority": priority,
        "quotedPerson": "Jo", "quotedPersonJobTitle": "CPO", "calloutQuote": "Great",
        "teaserHeading": "Heading", "extractForTeaser": "Extract", "hasPdf": false,
        "seoIndex": index
    })
}

fn page(slug: &str, index: bool) -> Value {
    json!({
        "id": format!("page-{slug}"), "title": format!("Page {slug}"), "slug": slug,
        "seoIndex": index, "addComponents": [], "products": [], "slices": []
    })
}

pub fn content(version: &str) -> ContentSet {
    ContentSet::new(parts(version), version)
}

/// The web build at `web`: `index_html`, the Vite manifest, a hashed script with its brotli copy,
/// the favicon and a product picture.
pub(super) fn write_web_build(web: &Path, index_html: &str) {
    std::fs::write(web.join("index.html"), index_html).unwrap();
    std::fs::create_dir_all(web.join(".vite")).unwrap();
    std::fs::write(
        web.join(".vite/manifest.json"),
        r#"{"index.html":{"file":"assets/index-Ab12Cd.js","isEntry":true}}"#,
    )
    .unwrap();
    std::fs::create_dir_all(web.join("assets")).unwrap();
    let js = "console.log('supplysite');".repeat(40);
    std::fs::write(web.join("assets/index-Ab12Cd.js"), js).unwrap();
    // The web build's brotli copy (not real brotli: the server sends it as it is).
    std::fs::write(web.join("assets/index-Ab12Cd.js.br"), "brotli bytes").unwrap();
    std::fs::write(web.join("favicon.ico"), [0u8, 0, 1, 0]).unwrap();
    std::fs::create_dir_all(web.join("images/products")).unwrap();
    std::fs::write(
        web.join("images/products/etender.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
}

/// The export: a picture under `images.ctfassets.net` and [`EXPORT_DOCUMENTS`].
pub(super) fn fixture_export() -> TempDir {
    let export = TempDir::new().unwrap();
    let image = export
        .path()
        .join("images.ctfassets.net/space1/asset1/token1");
    std::fs::create_dir_all(&image).unwrap();
    std::fs::write(image.join("hero.png"), [137u8, 80, 78, 71]).unwrap();
    for (host, name, bytes) in EXPORT_DOCUMENTS {
        let folder = export.path().join(host).join("space1/asset2/token2");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(name), document(bytes)).unwrap();
    }
    export
}
