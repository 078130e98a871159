use std::sync::OnceLock;
use supplysite_content_adapter::synth::{FAQ_PAGES, SynthSummary, write_export};
use supplysite_content_adapter::{Loaded, load_export_bytes};

/// One synthesised export of 10,000 posts, loaded once for both tests.
fn synthesised() -> &'static (SynthSummary, Loaded) {
    static LOADED: OnceLock<(SynthSummary, Loaded)> = OnceLock::new();
    LOADED.get_or_init(|| {
        let mut bytes = Vec::new();
        let summary = write_export(&mut bytes, 10_000).unwrap();
        (summary, load_export_bytes(&bytes, None).unwrap())
    })
}

#[test]
fn a_synthesised_export_of_ten_thousand_posts_loads_cleanly_and_every_entry_is_reachable() {
    let (summary, loaded) = synthesised();
    assert!(
        loaded.problems.is_empty(),
        "{:?}",
        &loaded.problems[..5.min(loaded.problems.len())]
    );
    let set = &loaded.set;

    assert_eq!(set.posts().len(), 10_000);
    for post in set.posts() {
        assert_eq!(set.post(&post.slug).map(|p| &p.id), Some(&post.id));
        assert!(post.body.is_some() && post.hero_image.is_some());
    }
    assert_eq!(set.posts_newest().len(), 10_000);
    let newest: Vec<_> = set.posts_newest().map(|p| &p.publish_date).collect();
    assert!(newest.windows(2).all(|w| w[0] >= w[1]));

    assert_eq!(set.case_studies().len(), summary.case_studies);
    assert_eq!(summary.case_studies, 500);
    for study in set.case_studies() {
        assert!(set.case_study(&study.slug).is_some());
    }
    assert!(set.case_study("manage-contractor-compliance").is_some());

    assert_eq!(set.pages().len(), 200);
    for page in set.pages() {
        let found = set.page(&page.slug).unwrap();
        assert_eq!(found.slices.len(), 3, "{}", page.slug);
        assert!(found.banner.is_some());
        assert!(set.faq_for(&format!("page/{}", page.slug)).is_some());
    }
    for path in FAQ_PAGES {
        assert_eq!(set.faq_for(path).unwrap().items.len(), 3, "{path}");
    }
    assert_eq!(set.customer_logos().len(), 12);
    assert_eq!(set.timeline().len(), 8);
    assert_eq!(set.privacy().unwrap().sections.len(), 5);
    assert!(set.asset("factsheet-etender").is_some());
    assert_eq!(loaded.counts["blogPost"].published, 10_000);
}

#[test]
fn every_route_of_a_synthesised_export_of_ten_thousand_posts_composes_to_a_page() {
    use supplysite_core::compose::compose;
    use supplysite_core::routes::Route;
    use supplysite_core::view::Outcome;

    let set = &synthesised().1.set;
    let routes = supplysite_core::rules::every_route(set);
    let fixed = Route::fixed().len();
    assert_eq!(routes.len(), fixed + 10_000 + 500 + 200);
    for route in &routes {
        // Through the path, as a request arrives.
        let parsed = Route::parse(&route.path());
        assert_eq!(&parsed, route);
        let outcome = compose(&parsed, set);
        assert!(
            matches!(outcome, Outcome::Page(_)),
            "{} gave {outcome:?}",
            route.path()
        );
    }
}
