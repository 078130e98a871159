use std::path::Path;
use supplysite_content_adapter::load_export;
use supplysite_content_adapter::synth::FAQ_PAGES;

const DEMO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../content/demo/export.json"
);

#[test]
fn the_demo_space_loads_without_problems_and_serves_its_own_files() {
    let loaded = load_export(DEMO).unwrap();
    let problems: Vec<String> = loaded.problems.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "{problems:#?}");
    let set = &loaded.set;
    assert!(set.posts().len() >= 24);
    assert!(set.case_study("manage-contractor-compliance").is_some());
    assert!(set.case_studies().len() >= 6);
    assert!(set.pages().len() >= 4);
    assert_eq!(set.customer_logos().len(), 12);
    assert!(set.timeline().len() >= 8);
    assert_eq!(set.privacy().unwrap().sections.len(), 5);
    for path in FAQ_PAGES {
        assert!(set.faq_for(path).is_some(), "no FAQ list for /{path}");
    }
    // Every asset was downloaded beside the export, so the site serves all of them itself.
    let dir = Path::new(DEMO).parent().unwrap();
    for asset in set.parts().assets.values() {
        let local = asset.url.strip_prefix("/assets/");
        assert!(
            local.is_some_and(|p| dir.join(p).is_file()),
            "{}",
            asset.url
        );
    }
}
