//! Site search over the demo space: the committed relevance table (each query finds its page
//! in the first three), a snapshot of the rankings of a query set, and `supplysite search`.

use std::process::Command;
use std::sync::LazyLock;
use supplysite_content_adapter::load_export;
use supplysite_core::search::{SearchAnswer, SearchRequest};
use supplysite_search_adapter::TantivyIndex;

static DEMO: LazyLock<TantivyIndex> = LazyLock::new(|| {
    let loaded = load_export(supplysite_testkit::demo::export_path()).expect("the demo loads");
    TantivyIndex::build(&loaded.set).expect("the demo's index builds")
});

fn search(q: &str) -> SearchAnswer {
    let request = SearchRequest::parse(Some(q), None, None, None).expect("a valid query");
    DEMO.search(&request).expect("the search runs")
}

#[test]
fn every_query_of_the_relevance_table_finds_its_page_in_the_first_three() {
    let table = include_str!("fixtures/search-relevance.tsv");
    let mut misses = Vec::new();
    let mut rows = 0;
    for line in table.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut cols = line.split('\t');
        let (Some(query), Some(expected)) = (cols.next(), cols.next()) else {
            panic!("a row without a query and a path: {line:?}");
        };
        rows += 1;
        let answer = search(query);
        let top: Vec<&str> = answer
            .results
            .iter()
            .take(3)
            .map(|h| h.path.as_str())
            .collect();
        if !top.contains(&expected) {
            misses.push(format!("{query:?}: expected {expected}, got {top:?}"));
        }
    }
    assert!(rows >= 25, "the table has {rows} rows");
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}

#[test]
fn the_rankings_of_a_query_set_are_as_recorded() {
    let queries = [
        "supplier",
        "reverse auction",
        "organisation",
        "contract renewal",
        "food safety",
        "tender",
    ];
    let mut out = String::new();
    for q in queries {
        let answer = search(q);
        out.push_str(&format!("{q} ({} results)\n", answer.total));
        for hit in answer.results.iter().take(5) {
            out.push_str(&format!("  {:<9} {}\n", hit.kind.as_str(), hit.path));
        }
    }
    insta::assert_snapshot!(out);
}

#[test]
fn pages_kept_from_search_engines_are_never_found() {
    for q in [
        "Keeping Supply Moving When Borders Close",
        "Procurement in 2024: What Changed for ANZ Buyers",
        "Redgum Health Network",
        "Webinar Recording: Procurement Priorities for 2025",
    ] {
        let answer = search(q);
        let paths: Vec<&str> = answer.results.iter().map(|h| h.path.as_str()).collect();
        for hidden in [
            "/insights/supply-continuity-during-covid",
            "/insights/procurement-year-in-review-2024",
            "/case-study/health-network-supplier-onboarding",
            "/page/procurement-webinar-2025",
        ] {
            assert!(!paths.contains(&hidden), "{q:?} found {hidden}");
        }
    }
}

#[test]
fn filters_page_and_facets_agree() {
    let all = search("supplier");
    assert!(
        all.total.is_exact() && all.total.at_least() > 10,
        "{}",
        all.total
    );
    assert!(all.facets.complete);
    let by_kind: usize = all.facets.kinds.iter().map(|k| k.count).sum();
    assert_eq!(by_kind, all.total.at_least());
    let stories = DEMO
        .search(&SearchRequest::parse(Some("supplier"), Some("caseStudy"), None, None).unwrap())
        .unwrap();
    let counted = all
        .facets
        .kinds
        .iter()
        .find(|k| k.kind.as_str() == "caseStudy")
        .map(|k| k.count);
    assert_eq!(Some(stories.total.at_least()), counted);
    assert!(
        stories
            .results
            .iter()
            .all(|h| h.kind.as_str() == "caseStudy")
    );
    let second = DEMO
        .search(&SearchRequest::parse(Some("supplier"), None, None, Some("2")).unwrap())
        .unwrap();
    assert_eq!(second.page, 2);
    assert!(
        second
            .results
            .iter()
            .all(|h| all.results.iter().all(|first| first.path != h.path)),
        "page 2 repeats page 1"
    );
    let pim = DEMO
        .search(&SearchRequest::parse(Some("allergen"), None, Some("PIM"), None).unwrap())
        .unwrap();
    assert!(pim.total.at_least() >= 1);
    let erfx = DEMO
        .search(
            &SearchRequest::parse(Some("allergen declarations"), None, Some("eRFx"), None).unwrap(),
        )
        .unwrap();
    assert!(
        erfx.results
            .iter()
            .all(|h| h.path != "/insights/allergen-declarations-pim")
    );
}

#[test]
fn snippets_mark_the_words_found_even_through_a_typo() {
    let answer = search("alergen");
    let hit = &answer.results[0];
    assert!(hit.snippet.contains("<mark>"), "{}", hit.snippet);
    assert!(!hit.snippet.contains("<script"), "{}", hit.snippet);
    assert_eq!(hit.date.as_deref().map(str::len), Some(10));
}

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(args)
        .env_remove("SUPPLYSITE_CONTENT")
        .current_dir(std::env::temp_dir())
        .output()
        .expect("the binary runs")
}

#[test]
fn the_command_prints_a_table_or_the_api_answer() {
    let out = cli(&["search", "allergen declarations"]);
    assert!(out.status.success(), "{out:?}");
    let table = String::from_utf8(out.stdout).unwrap();
    let first = table.lines().next().unwrap();
    assert!(
        first.contains("/insights/allergen-declarations-pim")
            && first.contains("Allergen Declarations Without the Spreadsheets"),
        "{table}"
    );
    assert!(
        table
            .lines()
            .last()
            .unwrap()
            .contains("for \"allergen declarations\""),
        "{table}"
    );

    let out = cli(&["search", "RFQ", "--format", "json", "--type", "insight"]);
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["query"], "RFQ");
    assert_eq!(json["results"][0]["path"], "/insights/rfq-vs-rfp-vs-rft");
    assert_eq!(json["results"][0]["kind"], "insight");
    assert!(json["facets"]["kinds"].is_array());
}

#[test]
fn the_command_refuses_what_the_site_refuses() {
    let out = cli(&["search", "x", "--type", "blog"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("type must be one of"));
    let long = "word ".repeat(13);
    let out = cli(&["search", &long]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("too many words"));
}
