//! Where the site's content comes from: one call loads the whole space.

use crate::content::ContentSet;
use crate::time_zone::TimeZone;
use async_trait::async_trait;
use std::sync::Arc;
use std::time::Duration;

/// A source of the site's content: a Contentful space over its APIs, or a space export file.
#[async_trait]
pub trait ContentSource: Send + Sync {
    /// Loads every published entry and asset of the space into one [`ContentSet`], with its
    /// version set so that the same content always gives the same version.
    ///
    /// Errors:
    /// - [`ContentLoadError::Unreachable`] when the source cannot be reached or read now;
    /// - [`ContentLoadError::Unauthorised`] when it refuses the credentials;
    /// - [`ContentLoadError::NotFound`] when there is no space, environment or file there;
    /// - [`ContentLoadError::Malformed`] when it answers with content that cannot be read.
    async fn load(&self) -> Result<ContentSet, ContentLoadError>;

    /// The content when it is no longer the set of version `served` (the one being served),
    /// else `None`. A source that can tell what changed since its last load (Contentful's
    /// Sync API) answers `None` from one small request and builds a new set only from a
    /// change; by default this is [`Self::load`] with the versions compared.
    ///
    /// Errors: those of [`Self::load`].
    async fn load_changed(&self, served: &str) -> Result<Option<ContentSet>, ContentLoadError> {
        let set = self.load().await?;
        Ok((set.version() != served).then_some(set))
    }

    /// Returns once what the source does in the background after a load (saving its last good
    /// content to disk) is done; a server awaits it before it exits, so a restart finds what
    /// was last served. Nothing to wait for by default.
    async fn settled(&self) {}

    /// The locale the last [`Self::load`] read the space in (its default locale), when the
    /// source knows it: Live Preview's inspector tags name it. `None` by default.
    fn locale(&self) -> Option<String> {
        None
    }

    /// The waits after which a reload asked for by a webhook is tried again while it finds
    /// nothing new. A source read through a delivery network may still give the content from
    /// before a publish for a few seconds after the publish's webhook arrives (Contentful's
    /// network has a publish "within seconds"); a file is current at once, so none by default.
    fn catch_up(&self) -> &'static [Duration] {
        &[]
    }

    /// The content of the last [`Self::load`] with `entities` laid over it, for Live Preview's
    /// unsaved edits: entries and assets in the space-export form (`sys` and `fields` keyed by
    /// field then locale), each replacing the fields of the one with its `sys.id`, or added
    /// when there is none. The result is for one answer only: it is never stored or served as
    /// this source's content. `None` when the source keeps nothing to lay them over (the
    /// default).
    fn overlay(
        &self,
        _entities: &[serde_json::Value],
    ) -> Option<Result<ContentSet, ContentLoadError>> {
        None
    }
}

/// A source whose content sets show publish dates in `zone`: wraps the source the server
/// loads and reloads from, so every set it serves carries the site's time zone.
pub struct InZone {
    inner: Arc<dyn ContentSource>,
    zone: TimeZone,
}

impl InZone {
    /// Wraps `inner` so every set it loads shows dates in `zone`.
    pub fn new(inner: Arc<dyn ContentSource>, zone: TimeZone) -> Self {
        InZone { inner, zone }
    }
}

#[async_trait]
// Every method of the port is forwarded (a default left in place would hide the wrapped
// source's own answer, as an overlay the preview could not lay edits over).
impl ContentSource for InZone {
    async fn load(&self) -> Result<ContentSet, ContentLoadError> {
        Ok(self.inner.load().await?.with_time_zone(self.zone.clone()))
    }

    async fn load_changed(&self, served: &str) -> Result<Option<ContentSet>, ContentLoadError> {
        Ok(self
            .inner
            .load_changed(served)
            .await?
            .map(|set| set.with_time_zone(self.zone.clone())))
    }

    async fn settled(&self) {
        self.inner.settled().await;
    }

    fn locale(&self) -> Option<String> {
        self.inner.locale()
    }

    fn catch_up(&self) -> &'static [Duration] {
        self.inner.catch_up()
    }

    fn overlay(
        &self,
        entities: &[serde_json::Value],
    ) -> Option<Result<ContentSet, ContentLoadError>> {
        self.inner
            .overlay(entities)
            .map(|set| set.map(|set| set.with_time_zone(self.zone.clone())))
    }
}

/// Why the content could not be loaded. `location` says where the source looked (a URL
/// without any token, or a file path); it never holds a secret.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContentLoadError {
    /// The source did not answer, or not in time: a network failure, a timeout, a server
    /// error, rate limiting that outlasted the adapter's back-off, or a file that cannot be
    /// read. Worth trying again later; meanwhile keep serving the last good content.
    #[error("content source {location} is unreachable: {reason}")]
    Unreachable {
        /// Where the content was asked for: the address or the file.
        location: String,
        /// What went wrong, for the log.
        reason: String,
    },
    /// The source refused the access token (HTTP 401 or 403). Trying again will not help
    /// until the token setting is fixed.
    #[error("content source {location} refused the access token: {reason}")]
    Unauthorised {
        /// Where the content was asked for: the address or the file.
        location: String,
        /// What the source said, for the log.
        reason: String,
    },
    /// Nothing is there: an unknown space or environment (HTTP 404), or a missing file.
    #[error("no content at {location}")]
    NotFound {
        /// Where the content was asked for: the address or the file.
        location: String,
    },
    /// The source answered, but with something that is not content the site can read: a
    /// body that is not JSON, a GraphQL error, an export without entries.
    #[error("content from {location} is malformed: {reason}")]
    Malformed {
        /// Where the content was asked for: the address or the file.
        location: String,
        /// What could not be read, for the log.
        reason: String,
    },
}

impl ContentLoadError {
    /// Whether trying again later may succeed without anyone changing a setting.
    pub fn is_transient(&self) -> bool {
        matches!(self, ContentLoadError::Unreachable { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed;

    #[async_trait]
    impl ContentSource for Fixed {
        async fn load(&self) -> Result<ContentSet, ContentLoadError> {
            Ok(ContentSet::empty())
        }
    }

    /// A source that keeps its content, in a locale, so edits can be laid over it.
    struct Keeping;

    #[async_trait]
    impl ContentSource for Keeping {
        async fn load(&self) -> Result<ContentSet, ContentLoadError> {
            Ok(ContentSet::empty())
        }

        fn locale(&self) -> Option<String> {
            Some("en-NZ".into())
        }

        fn overlay(
            &self,
            _entities: &[serde_json::Value],
        ) -> Option<Result<ContentSet, ContentLoadError>> {
            Some(Ok(ContentSet::empty()))
        }
    }

    #[test]
    fn a_source_in_a_zone_hands_out_sets_in_that_zone() {
        let perth = TimeZone::parse("Australia/Perth").unwrap();
        let source = InZone::new(Arc::new(Fixed), perth.clone());
        let set = ready(source.load()).unwrap();
        assert_eq!(set.time_zone(), &perth);
        assert_eq!(ContentSet::empty().time_zone(), &TimeZone::default());
        assert!(source.overlay(&[]).is_none());
        assert_eq!(source.locale(), None);
    }

    #[test]
    fn a_source_in_a_zone_keeps_the_wrapped_source_s_locale_and_overlay() {
        let auckland = TimeZone::parse("Pacific/Auckland").unwrap();
        let source = InZone::new(Arc::new(Keeping), auckland.clone());
        assert_eq!(source.locale().as_deref(), Some("en-NZ"));
        let overlaid = source.overlay(&[]).expect("an overlay").unwrap();
        assert_eq!(overlaid.time_zone(), &auckland);
    }

    /// Polls a future that never waits (the fixed source answers at once).
    fn ready<F: std::future::Future>(future: F) -> F::Output {
        use std::task::{Context, Poll, Waker};
        let mut future = std::pin::pin!(future);
        match future
            .as_mut()
            .poll(&mut Context::from_waker(Waker::noop()))
        {
            Poll::Ready(out) => out,
            Poll::Pending => panic!("the fixed source never waits"),
        }
    }

    #[test]
    fn messages_name_the_location_and_only_unreachable_is_transient() {
        let e = ContentLoadError::Unauthorised {
            location: "https://graphql.contentful.com/content/v1/spaces/abc".into(),
            reason: "HTTP 401".into(),
        };
        assert_eq!(
            e.to_string(),
            "content source https://graphql.contentful.com/content/v1/spaces/abc refused the access token: HTTP 401"
        );
        assert!(!e.is_transient());
        let e = ContentLoadError::Unreachable {
            location: "content/demo/export.json".into(),
            reason: "permission denied".into(),
        };
        assert!(e.is_transient());
        assert_eq!(
            ContentLoadError::NotFound {
                location: "missing.json".into()
            }
            .to_string(),
            "no content at missing.json"
        );
    }
}
