use crate::support::PUBLIC_URL;
use crate::support::preview::{PreviewSite, rendered_site, site};
use serde_json::Value;
use std::path::Path;
use supplysite_content_adapter::contentful::ContentfulSource;
use supplysite_core::ports::ContentSource;
use supplysite_http::{RenderOptions, Renderer};

fn bundle() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist-ssr/render.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}): build it with `npm run build:ssr` in web/",
            path.display()
        )
    })
}

/// What the server put inside `<div id="root">`.
fn root_markup(page: &str) -> &str {
    let start = page.find("<div id=\"root\">").expect("a root element") + 15;
    let end = page[..page
        .find("<script id=\"__SUPPLYSITE__\"")
        .expect("page data")]
        .rfind("</div>")
        .expect("the root element closes");
    &page[start..end]
}

/// A tagged field of a view: how it shows in markup (its text, its image's `src`, or its
/// rich-text HTML), and the attributes that must then be in the markup too.
struct Tagged {
    shown_as: Vec<String>,
    attributes: String,
}

fn attributes(tag: &Value) -> String {
    format!(
        "data-contentful-entry-id=\"{}\" data-contentful-field-id=\"{}\" data-contentful-locale=\"{}\"",
        tag["data-contentful-entry-id"].as_str().unwrap(),
        tag["data-contentful-field-id"].as_str().unwrap(),
        tag["data-contentful-locale"].as_str().unwrap()
    )
}

/// How `value` would show in markup: as text, as an image, or as rich text (HTML as is).
fn shown_as(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) if s.starts_with('<') => vec![s.clone()],
        Value::String(s) => vec![format!(">{}<", escaped(s))],
        Value::Object(o) => o
            .get("url")
            .and_then(Value::as_str)
            .map(|url| vec![format!("src=\"{}\"", escaped(url))])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Every tagged field in `value`.
fn tagged(value: &Value, out: &mut Vec<Tagged>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(inspector)) = map.get("inspector") {
                for (key, tag) in inspector {
                    match (tag, map.get(key)) {
                        (Value::Array(tags), Some(Value::Array(values))) => {
                            for (tag, value) in tags.iter().zip(values) {
                                out.push(Tagged {
                                    shown_as: shown_as(value),
                                    attributes: attributes(tag),
                                });
                            }
                        }
                        (tag, Some(value)) => out.push(Tagged {
                            shown_as: shown_as(value),
                            attributes: attributes(tag),
                        }),
                        (_, None) => {}
                    }
                }
            }
            map.values().for_each(|v| tagged(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| tagged(v, out)),
        _ => {}
    }
}

/// `text` as React writes it into markup.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#x27;")
}

/// The path of every page in the site's sitemap (the demo has more than forty).
async fn sitemap_paths(site: &PreviewSite) -> Vec<String> {
    let sitemap = site.get("/sitemap.xml", None).await.text().await.unwrap();
    let paths: Vec<String> = sitemap
        .split("<loc>")
        .skip(1)
        .filter_map(|s| s.split("</loc>").next())
        .map(|url| url.strip_prefix(PUBLIC_URL).unwrap_or(url).to_string())
        .map(|p| if p.is_empty() { "/".into() } else { p })
        .collect();
    assert!(paths.len() > 40, "{}", paths.len());
    paths
}

#[tokio::test]
#[ignore = "needs web/dist-ssr/render.js: run by make test"]
async fn every_page_tags_each_cms_field_it_shows_in_preview_and_nothing_in_public() {
    let options = RenderOptions {
        threads: 1,
        queue: 64,
        ..RenderOptions::default()
    };
    let site = rendered_site(Renderer::new(bundle(), options).unwrap()).await;
    let preview_set = ContentfulSource::from_settings(site.fake.preview_settings())
        .unwrap()
        .load()
        .await
        .unwrap();
    let cookie = site.enter("/").await;
    let paths = sitemap_paths(&site).await;

    let mut problems = Vec::new();
    let mut tagged_pages = 0;
    for path in &paths {
        let public = site.get(path, None).await.text().await.unwrap();
        assert!(public.contains("<main"), "{path}: no server markup");
        if public.contains("data-contentful-") {
            problems.push(format!(
                "{path}: the public page carries inspector attributes"
            ));
        }
        let page = site.get(path, Some(&cookie)).await.text().await.unwrap();
        let markup = root_markup(&page);
        let api = site
            .get(
                &format!(
                    "/api/page?path={}",
                    supplysite_core::uri::encode_component(path)
                ),
                Some(&cookie),
            )
            .await;
        let outcome: Value = api.json().await.unwrap();
        let mut fields = Vec::new();
        tagged(&outcome, &mut fields);
        // Outside rich text, which is tagged as one field however many entries it links to.
        let mut outside_rich_text = markup.to_string();
        for html in fields.iter().flat_map(|f| &f.shown_as) {
            if html.starts_with('<') {
                outside_rich_text = outside_rich_text.replace(html.as_str(), "");
            }
        }
        tagged_pages += usize::from(!fields.is_empty());
        // A field the page shows must carry its tags; one it does not show need not.
        for field in fields {
            let shown = field.shown_as.iter().any(|s| markup.contains(s.as_str()));
            if shown && !markup.contains(&field.attributes) {
                problems.push(format!(
                    "{path}: shows a field without its tags: {}",
                    field.attributes
                ));
            }
        }
        // Every article or customer story the page shows by its title is tagged somewhere.
        let shown = preview_set
            .posts()
            .iter()
            .map(|p| (&p.id, &p.title))
            .chain(preview_set.case_studies().iter().map(|c| (&c.id, &c.title)));
        for (id, title) in shown {
            if outside_rich_text.contains(&format!(">{}<", escaped(title)))
                && !markup.contains(&format!("data-contentful-entry-id=\"{id}\""))
            {
                problems.push(format!("{path}: shows {title:?} ({id}) without its tags"));
            }
        }
    }
    assert!(tagged_pages > 30, "{tagged_pages} pages tagged");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The keys of every inspector object under `value` that name no field (or a null one) of the
/// object holding it, as `path.key`.
fn keys_without_a_field(value: &Value, path: &str, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(tags)) = map.get("inspector") {
                for key in tags.keys() {
                    if map.get(key).is_none_or(Value::is_null) {
                        out.push(format!("{path}.{key}"));
                    }
                }
            }
            for (key, child) in map.iter().filter(|(k, _)| *k != "inspector") {
                keys_without_a_field(child, &format!("{path}.{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                keys_without_a_field(item, &format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

#[tokio::test]
async fn every_demo_page_in_preview_tags_only_fields_its_view_has_and_public_pages_carry_no_tags() {
    let site = site(true).await;
    let preview_set = ContentfulSource::from_settings(site.fake.preview_settings())
        .unwrap()
        .load()
        .await
        .unwrap();
    // Every rule of the inspector finds the field it names in every view it tags.
    for route in supplysite_core::rules::every_route(&preview_set) {
        let mut outcome =
            serde_json::to_value(supplysite_core::compose::compose(&route, &preview_set)).unwrap();
        let unplaced =
            supplysite_core::inspector::annotate(&route, &preview_set, "en-AU", &mut outcome);
        assert!(unplaced.is_empty(), "{route:?}: {unplaced:?}");
    }

    let cookie = site.enter("/").await;
    let paths = sitemap_paths(&site).await;
    let mut tagged_pages = 0;
    for path in &paths {
        let api = format!(
            "/api/page?path={}",
            supplysite_core::uri::encode_component(path)
        );
        let public = site.get(&api, None).await.text().await.unwrap();
        assert!(!public.contains("\"inspector\""), "{path}: public tags");
        let page = site.get(path, None).await.text().await.unwrap();
        assert!(!page.contains("\"inspector\""), "{path}: public page tags");

        let preview: Value = site.get(&api, Some(&cookie)).await.json().await.unwrap();
        let mut stray = Vec::new();
        keys_without_a_field(&preview, "", &mut stray);
        assert!(stray.is_empty(), "{path}: tags beside no field: {stray:?}");
        tagged_pages += usize::from(preview.to_string().contains("\"inspector\""));
    }
    assert!(tagged_pages > 30, "{tagged_pages} pages tagged");
}
