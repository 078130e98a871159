use crate::helpers::demo;
use serde_json::json;
use std::sync::Arc;
use supplysite_content_adapter::contentful::ContentfulSource;
use supplysite_content_adapter::contentful::fake::{FakeContentful, PREVIEW_TOKEN, RecordingPause};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::ContentSource;

async fn load(fake: &FakeContentful, preview: bool) -> ContentSet {
    let settings = if preview {
        fake.preview_settings()
    } else {
        fake.settings()
    };
    let pause = Arc::new(RecordingPause::default());
    ContentfulSource::with_pause(settings, pause)
        .unwrap()
        .load()
        .await
        .unwrap()
}

fn title(set: &ContentSet, slug: &str) -> Option<String> {
    set.posts()
        .iter()
        .find(|p| p.slug == slug)
        .map(|p| p.title.clone())
}

/// The posts of the demo that were never published.
fn demo_drafts() -> usize {
    demo()["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| {
            e["sys"]["contentType"]["sys"]["id"] == "blogPost"
                && e["sys"]["publishedVersion"].is_null()
        })
        .count()
}

/// The demo with a draft post, a changed post, an archived post and a changed privacy page.
async fn edited() -> FakeContentful {
    let fake = FakeContentful::start(demo()).await;
    let post = demo()["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["sys"]["id"] == "post-what-is-e-tendering")
        .cloned()
        .unwrap();
    let mut draft = post;
    draft["sys"]["id"] = json!("post-new-draft");
    draft["fields"]["slug"] = json!({"en-AU": "new-draft"});
    draft["fields"]["title"] = json!({"en-AU": "New draft"});
    fake.create_draft(draft);
    fake.save_draft("post-what-is-e-tendering", |e| {
        e["fields"]["title"] = json!({"en-AU": "Changed, not published"});
    });
    fake.save_draft("page-privacy-policy", |e| {
        e["fields"].as_object_mut().unwrap().remove("image5");
    });
    let archived = demo()["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| {
            e["sys"]["contentType"]["sys"]["id"] == "blogPost"
                && !e["sys"]["publishedVersion"].is_null()
        })
        .nth(1)
        .map(|e| e["sys"]["id"].as_str().unwrap().to_string())
        .unwrap();
    fake.archive(&archived);
    fake
}

#[tokio::test]
async fn drafts_and_changes_are_read_only_with_the_preview_token_from_both_apis() {
    let fake = edited().await;
    let public = load(&fake, false).await;
    let preview = load(&fake, true).await;

    assert_eq!(title(&public, "new-draft"), None);
    assert_eq!(title(&preview, "new-draft").as_deref(), Some("New draft"));
    assert!(
        title(&public, "what-is-e-tendering")
            .unwrap()
            .starts_with("What Is e-Tendering?")
    );
    assert_eq!(
        title(&preview, "what-is-e-tendering").as_deref(),
        Some("Changed, not published")
    );
    // The archived post is in neither; every draft (the new one and the demo's own) is in the
    // preview only.
    assert_eq!(
        preview.posts().len(),
        public.posts().len() + 1 + demo_drafts()
    );
    // The privacy page comes from the entries API.
    assert!(public.privacy().unwrap().image5.is_some());
    assert!(preview.privacy().unwrap().image5.is_none());

    let bearer = format!("Bearer {PREVIEW_TOKEN}");
    let received = fake.received();
    let graphql: Vec<_> = received
        .iter()
        .filter(|r| r.authorization.as_deref() == Some(&bearer) && r.body.is_some())
        .collect();
    assert!(!graphql.is_empty());
    for r in graphql {
        assert_eq!(
            r.body.as_ref().unwrap()["variables"]["preview"],
            json!(true)
        );
    }
}

#[tokio::test]
async fn graphql_refuses_preview_content_to_the_delivery_token() {
    let fake = edited().await;
    let client = reqwest::Client::new();
    let url = format!(
        "{}/content/v1/spaces/fakespace/environments/master",
        fake.url()
    );
    let query = "query { blogPostCollection(preview: true) { total } }";
    let answer = client
        .post(&url)
        .bearer_auth(supplysite_content_adapter::contentful::fake::TOKEN)
        .json(&json!({"query": query}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 401);
    let body: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(
        body["errors"][0]["extensions"]["contentful"]["code"],
        "ACCESS_TOKEN_INVALID"
    );
    // The preview token without `preview: true` reads published content, as Contentful does.
    let total = |preview: bool| {
        let (client, url) = (client.clone(), url.clone());
        async move {
            let q = format!("query {{ blogPostCollection(preview: {preview}) {{ total }} }}");
            let body: serde_json::Value = client
                .post(&url)
                .bearer_auth(PREVIEW_TOKEN)
                .json(&json!({"query": q}))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            body["data"]["blogPostCollection"]["total"]
                .as_u64()
                .unwrap()
        }
    };
    assert_eq!(
        total(true).await,
        total(false).await + 1 + demo_drafts() as u64
    );
}
