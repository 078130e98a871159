use crate::helpers::{demo, live};
use std::sync::Arc;
use std::time::Duration;
use supplysite_content_adapter::contentful::ContentfulSource;
use supplysite_content_adapter::contentful::Secret;
use supplysite_content_adapter::contentful::fake::{FakeContentful, Fault, RecordingPause, TOKEN};
use supplysite_core::ports::ContentLoadError;

#[tokio::test]
async fn a_refused_token_is_a_clear_error_naming_the_setting_and_is_not_retried() {
    let fake = FakeContentful::start(demo()).await;
    let mut settings = fake.settings();
    settings.access_token = Secret::new("wrong-token-value");
    let source =
        ContentfulSource::with_pause(settings, Arc::new(RecordingPause::default())).unwrap();
    let err = source.load_live().await.unwrap_err();
    assert!(
        matches!(err, ContentLoadError::Unauthorised { .. }),
        "{err}"
    );
    let message = err.to_string();
    assert!(message.contains("CONTENTFUL_ACCESS_TOKEN"), "{message}");
    assert!(message.contains("AccessTokenInvalid"), "{message}");
    assert!(
        !message.contains("wrong-token-value") && !message.contains(TOKEN),
        "{message}"
    );
    assert_eq!(fake.received().len(), 1);
    fake.stop().await;
}

#[tokio::test]
async fn an_unknown_space_is_a_clear_error_naming_the_settings() {
    let fake = FakeContentful::start(demo()).await;
    let mut settings = fake.settings();
    settings.space_id = "nosuchspace".into();
    let source =
        ContentfulSource::with_pause(settings, Arc::new(RecordingPause::default())).unwrap();
    let err = source.load_live().await.unwrap_err();
    assert!(matches!(err, ContentLoadError::NotFound { .. }), "{err}");
    let message = err.to_string();
    assert!(
        message.contains("/spaces/nosuchspace/environments/master"),
        "{message}"
    );
    assert!(
        message.contains("CONTENTFUL_SPACE_ID and CONTENTFUL_ENVIRONMENT"),
        "{message}"
    );
    fake.stop().await;
}

#[tokio::test]
async fn a_rate_limit_is_waited_out_for_the_seconds_the_reset_header_gives() {
    let (fake, source, pause) = live().await;
    fake.push(Fault::RateLimited { reset_seconds: 3 });
    fake.push(Fault::RateLimited { reset_seconds: 1 });
    source.load_live().await.unwrap();
    assert_eq!(
        pause.waits(),
        [Duration::from_secs(3), Duration::from_secs(1)]
    );
    // The rate-limited request was sent again, the same, after each wait.
    let received = fake.received();
    assert_eq!(received[0].path, received[1].path);
    assert_eq!(received[1].path, received[2].path);
    fake.stop().await;
}

#[tokio::test]
async fn a_rate_limit_reset_longer_than_the_policy_allows_fails_the_load_as_unreachable() {
    let (fake, source, pause) = live().await;
    fake.push(Fault::RateLimited {
        reset_seconds: 3600,
    });
    let err = source.load_live().await.unwrap_err();
    assert!(err.is_transient(), "{err}");
    assert!(err.to_string().contains("rate limited"), "{err}");
    assert!(pause.waits().is_empty());
    fake.stop().await;
}

#[tokio::test]
async fn server_errors_are_retried_with_doubling_back_off() {
    let (fake, source, pause) = live().await;
    fake.push(Fault::Status(500));
    fake.push(Fault::Status(503));
    source.load_live().await.unwrap();
    assert_eq!(
        pause.waits(),
        [Duration::from_millis(1), Duration::from_millis(2)]
    );
    fake.stop().await;
}

#[tokio::test]
async fn retries_are_bounded_and_a_server_that_keeps_failing_is_unreachable() {
    let (fake, source, pause) = live().await;
    fake.always(Some(Fault::Status(500)));
    let err = source.load_live().await.unwrap_err();
    assert!(matches!(err, ContentLoadError::Unreachable { .. }), "{err}");
    assert!(err.to_string().contains("HTTP 500"), "{err}");
    assert!(err.to_string().contains("after 3 attempts"), "{err}");
    assert_eq!(fake.received().len(), 3);
    assert_eq!(pause.waits().len(), 2);
    fake.stop().await;
}

#[tokio::test]
async fn a_slow_answer_times_out_and_is_retried() {
    let fake = FakeContentful::start(demo()).await;
    let mut settings = fake.settings();
    settings.retry.request_timeout = Duration::from_millis(1500);
    let pause = Arc::new(RecordingPause::default());
    let source = ContentfulSource::with_pause(settings, pause.clone()).unwrap();
    fake.push(Fault::Slow(Duration::from_secs(4)));
    source.load_live().await.unwrap();
    assert_eq!(pause.waits(), [Duration::from_millis(1)]);
    fake.stop().await;
}

#[tokio::test]
async fn an_unresolvable_link_leaves_out_only_that_link_and_is_reported() {
    let (fake, source, _) = live().await;
    fake.unpublish("hero-what-is-e-tendering");
    fake.unpublish("faq-etender-3");
    let live = source.load_live().await.unwrap();
    let set = &live.loaded.set;
    let post = set.post("what-is-e-tendering").expect("the post survives");
    assert!(post.hero_image.is_none());
    let faq = set.faq_for("etender").expect("the list survives");
    assert_eq!(faq.items.len(), 6);
    let notices = live.export.notices.join("\n");
    assert!(
        notices.contains("UNRESOLVABLE_LINK at blogPostCollection.items."),
        "{notices}"
    );
    assert!(notices.contains(".heroImage"), "{notices}");
    assert!(notices.contains("faqItemsCollection.items.2"), "{notices}");
    fake.stop().await;
}
