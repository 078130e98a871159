use crate::helpers::{demo_bytes, live};
use supplysite_content_adapter::load_export_bytes;
use supplysite_core::compose::compose;
use supplysite_core::content::{ContentParts, ContentSet};
use supplysite_core::routes::Route;

/// The parts with every list in id order: the live source reads each type ordered by id,
/// the export file keeps its own order, and neither order is content.
fn by_id(parts: &ContentParts) -> ContentParts {
    let mut p = parts.clone();
    p.posts.sort_by(|a, b| a.id.cmp(&b.id));
    p.case_studies.sort_by(|a, b| a.id.cmp(&b.id));
    p.pages.sort_by(|a, b| a.id.cmp(&b.id));
    p.faq_lists.sort_by(|a, b| a.id.cmp(&b.id));
    p.timeline.sort_by(|a, b| a.id.cmp(&b.id));
    p.customer_logos.sort_by(|a, b| a.id.cmp(&b.id));
    p.redirects.sort_by(|a, b| a.id.cmp(&b.id));
    p
}

fn every_route(set: &ContentSet) -> Vec<Route> {
    let mut routes = supplysite_core::rules::every_route(set);
    routes.push(Route::Insight("no-such-post".into()));
    routes.push(Route::NotFound);
    routes
}

#[tokio::test]
async fn the_set_read_live_equals_the_set_read_from_the_export_file() {
    let file = load_export_bytes(&demo_bytes(), None).unwrap();
    let (fake, source, _) = live().await;
    let live = source.load_live().await.unwrap();

    assert!(!file.set.parts().posts.is_empty());
    assert!(file.set.parts().privacy.is_some());
    let (file_parts, live_parts) = (by_id(file.set.parts()), by_id(live.loaded.set.parts()));
    // Field by field first, so a failure names the list that differs.
    assert_eq!(live_parts.posts, file_parts.posts);
    assert_eq!(live_parts.case_studies, file_parts.case_studies);
    assert_eq!(live_parts.pages, file_parts.pages);
    assert_eq!(live_parts.faq_lists, file_parts.faq_lists);
    assert_eq!(live_parts.timeline, file_parts.timeline);
    assert_eq!(live_parts.privacy, file_parts.privacy);
    assert_eq!(live_parts.customer_logos, file_parts.customer_logos);
    assert_eq!(live_parts.assets, file_parts.assets);
    assert_eq!(live_parts, file_parts);
    // The demo's one draft post is linked from nowhere, so nothing was left out live.
    assert_eq!(live.export.notices, Vec::<String>::new());
    fake.stop().await;
}

#[tokio::test]
async fn every_route_composes_to_the_same_view_model_live_and_from_the_file() {
    let file = load_export_bytes(&demo_bytes(), None).unwrap();
    let (fake, source, _) = live().await;
    let live = source.load_live().await.unwrap().loaded.set;
    let routes = every_route(&file.set);
    assert!(routes.len() > 40, "{} routes", routes.len());
    for route in routes {
        let expected = serde_json::to_value(compose(&route, &file.set)).unwrap();
        let actual = serde_json::to_value(compose(&route, &live)).unwrap();
        if let Some(at) = first_difference(&actual, &expected, String::new()) {
            panic!("{route:?} differs at {at}");
        }
    }
    fake.stop().await;
}

#[tokio::test]
async fn the_same_space_gives_the_same_version_and_a_change_gives_a_new_one() {
    let (fake, source, _) = live().await;
    let first = source.load_live().await.unwrap().loaded.set;
    let again = source.load_live().await.unwrap().loaded.set;
    assert_eq!(first.version(), again.version());
    fake.unpublish("post-what-is-e-tendering");
    let changed = source.load_live().await.unwrap().loaded.set;
    assert_ne!(changed.version(), first.version());
    assert!(changed.post("what-is-e-tendering").is_none());
    assert!(first.post("what-is-e-tendering").is_some());
    fake.stop().await;
}

#[tokio::test]
async fn pages_stay_within_the_complexity_limit_and_the_privacy_page_comes_from_the_entries_api() {
    let (fake, source, _) = live().await;
    source.load_live().await.unwrap();
    let received = fake.received();
    let graphql: Vec<_> = received.iter().filter(|r| r.body.is_some()).collect();
    // 27 posts at 10 a page, 7 case studies at 2, and one or two pages for the rest.
    let posts = graphql
        .iter()
        .filter(|r| {
            r.body.as_ref().unwrap()["query"]
                .as_str()
                .unwrap()
                .contains("blogPostCollection")
        })
        .count();
    assert_eq!(posts, 3);
    let privacy: Vec<_> = received
        .iter()
        .filter(|r| r.path.ends_with("/entries"))
        .collect();
    assert_eq!(privacy.len(), 1);
    let query = privacy[0].query.as_deref().unwrap();
    assert!(query.contains("content_type=richTextPage"), "{query}");
    assert!(
        query.contains("fields.title=Privacy+Policy")
            || query.contains("fields.title=Privacy%20Policy"),
        "{query}"
    );
    assert!(query.contains("limit=1"), "{query}");
    for r in &received {
        assert_eq!(
            r.authorization.as_deref(),
            Some("Bearer fake-delivery-token")
        );
    }
    fake.stop().await;
}

/// Where two JSON values first differ, as a JSON pointer with both values.
fn first_difference(a: &serde_json::Value, b: &serde_json::Value, at: String) -> Option<String> {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter().find_map(|k| {
                let null = Value::Null;
                first_difference(
                    x.get(k).unwrap_or(&null),
                    y.get(k).unwrap_or(&null),
                    format!("{at}/{k}"),
                )
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (x, y))| first_difference(x, y, format!("{at}/{i}"))),
        _ if a == b => None,
        _ => Some(format!("{at}: live {a} vs file {b}")),
    }
}
