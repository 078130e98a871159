//! The cases of the content source contract, each a function of a fresh [`Subject`].

use super::{SLUGS, Subject, TAKEN_OUT, Variant};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::suite::Case;
use supplysite_core::suite_cases;

/// Every case, by name.
pub const ALL: &[Case<Subject>] = suite_cases![
    a_load_returns_every_published_post_of_the_space,
    the_same_content_loaded_again_has_the_same_version,
    a_change_shows_in_the_next_load_with_a_new_version,
    an_outage_gives_its_documented_error_and_the_next_load_after_it_returns_content,
    the_locale_is_known_only_after_a_load_and_only_where_the_source_reads_one,
];

fn slugs(set: &ContentSet) -> Vec<&str> {
    let mut slugs: Vec<&str> = set.posts().iter().map(|p| p.slug.as_str()).collect();
    slugs.sort_unstable();
    slugs
}

fn sorted(mut slugs: Vec<&'static str>) -> Vec<&'static str> {
    slugs.sort_unstable();
    slugs
}

async fn a_load_returns_every_published_post_of_the_space(s: Subject) {
    let set = s.source.load().await.unwrap();
    assert_eq!(slugs(&set), sorted(SLUGS.to_vec()));
    let post = set.post(SLUGS[0]).expect("a post by its slug");
    assert_eq!(
        post.title,
        "What Is e-Tendering? A Plain-English Guide for Public Sector Buyers"
    );
    assert!(!set.version().is_empty());
}

async fn the_same_content_loaded_again_has_the_same_version(s: Subject) {
    let first = s.source.load().await.unwrap();
    let again = s.source.load().await.unwrap();
    assert_eq!(first.version(), again.version());
    assert_eq!(slugs(&first), slugs(&again));
}

async fn a_change_shows_in_the_next_load_with_a_new_version(s: Subject) {
    let before = s.source.load().await.unwrap();
    (s.change)();
    let after = s.source.load().await.unwrap();
    let left: Vec<&str> = SLUGS
        .into_iter()
        .filter(|slug| *slug != TAKEN_OUT.0)
        .collect();
    assert_eq!(slugs(&after), sorted(left));
    assert_ne!(after.version(), before.version());
}

async fn an_outage_gives_its_documented_error_and_the_next_load_after_it_returns_content(
    s: Subject,
) {
    assert!(!s.outages.is_empty(), "the subject names a way to fail");
    let good = s.source.load().await.unwrap();
    for outage in &s.outages {
        (outage.begin)();
        let err = s.source.load().await.expect_err(outage.how);
        assert_eq!(Variant::of(&err), outage.gives, "{}: {err}", outage.how);
        assert_eq!(
            err.is_transient(),
            outage.gives == Variant::Unreachable,
            "{}",
            outage.how
        );
        let location = Variant::location(&err);
        assert!(location.contains(&s.location), "{}: {location}", outage.how);
        if let Some(secret) = s.secret {
            assert!(
                !format!("{err} {err:?}").contains(secret),
                "{}: {err}",
                outage.how
            );
        }
        (outage.end)();
        let back = s
            .source
            .load()
            .await
            .unwrap_or_else(|e| panic!("after {}: {e}", outage.how));
        assert_eq!(back.version(), good.version(), "after {}", outage.how);
        assert_eq!(slugs(&back), slugs(&good));
    }
}

async fn the_locale_is_known_only_after_a_load_and_only_where_the_source_reads_one(s: Subject) {
    assert_eq!(s.source.locale(), None, "nothing was read yet");
    s.source.load().await.unwrap();
    assert_eq!(s.source.locale().as_deref(), s.locale);
}
