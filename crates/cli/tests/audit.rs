//! `supplysite audit`: every report and format over the demo space, and fixture exports that
//! each plant the defects of one report, every one of which must be found, and nothing else.

use insta_cmd::{assert_cmd_snapshot, get_cargo_bin};
use serde_json::Value;
use std::process::Command;

/// The command, run from the checkout's root so paths in snapshots are the same everywhere
/// (and a `.env` there, which the command reads, names the same demo), with no live space and
/// no content file from the environment.
fn audit(args: &[&str]) -> Command {
    let mut cmd = Command::new(get_cargo_bin("supplysite"));
    cmd.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .env_remove("SUPPLYSITE_CONTENT")
        // Empty rather than removed, so a `.env` cannot set it.
        .env("CONTENTFUL_SPACE_ID", "")
        .env_remove("NO_COLOR")
        .arg("audit")
        .args(args);
    cmd
}

const DEMO: &str = "content/demo/export.json";
/// An earlier run of the demo's audit, as `--format json` wrote it, edited (see
/// `the_full_audit_compared_with_a_baseline_as_json`).
const BASELINE: &str = "crates/cli/tests/fixtures/audit/baseline-demo.json";

fn fixture(kind: &str) -> String {
    format!("crates/cli/tests/fixtures/audit/{kind}.json")
}

/// The findings as (severity, entry id or route, field), from the JSON output.
fn found(report: &str) -> Vec<(String, String, String)> {
    let out = audit(&[report, "--content", &fixture(report), "--format", "json"])
        .output()
        .expect("run supplysite");
    let json: Value = serde_json::from_slice(&out.stdout).expect("audit prints JSON");
    json["findings"]
        .as_array()
        .expect("a findings array")
        .iter()
        .map(|f| {
            assert_eq!(f["report"], report, "{f}");
            let text = |k: &str| f[k].as_str().unwrap_or("").to_string();
            let subject = f["entryId"]
                .as_str()
                .map_or_else(|| text("route"), str::to_string);
            (text("severity"), subject, text("field"))
        })
        .collect()
}

fn expect(rows: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    rows.iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect()
}

mod demo {
    use super::*;

    #[test]
    fn the_full_audit_as_a_table_finds_no_error_in_the_shipped_demo() {
        assert_cmd_snapshot!(audit(&["--content", DEMO]));
    }

    #[test]
    fn the_full_audit_as_json() {
        assert_cmd_snapshot!(audit(&["--content", DEMO, "--format", "json"]));
    }

    #[test]
    fn the_full_audit_as_csv() {
        assert_cmd_snapshot!(audit(&["--content", DEMO, "--format", "csv"]));
    }

    #[test]
    fn the_full_audit_as_markdown() {
        assert_cmd_snapshot!(audit(&["--content", DEMO, "--format", "markdown"]));
    }

    #[test]
    fn the_full_audit_as_junit() {
        assert_cmd_snapshot!(audit(&["--content", DEMO, "--format", "junit"]));
    }

    #[test]
    fn the_full_audit_as_sarif() {
        assert_cmd_snapshot!(audit(&["--content", DEMO, "--format", "sarif"]));
    }

    #[test]
    fn the_full_audit_compared_with_a_baseline_as_json() {
        // The baseline is an earlier run of the demo: since then one finding was fixed (a
        // broken link), one appeared (the first of the run is missing from the baseline) and
        // one title got longer (same rule and field, new message: unchanged).
        assert_cmd_snapshot!(audit(&[
            "--content",
            DEMO,
            "--format",
            "json",
            "--baseline",
            BASELINE,
        ]));
    }

    #[test]
    fn seo_lists_overlong_tags_and_noindex_entries() {
        assert_cmd_snapshot!(audit(&["seo", "--content", DEMO]));
    }

    #[test]
    fn links_finds_no_broken_link_in_the_shipped_demo() {
        assert_cmd_snapshot!(audit(&["links", "--content", DEMO]));
    }

    #[test]
    fn coverage_explains_the_pim_and_sourcing_fall_backs() {
        assert_cmd_snapshot!(audit(&["coverage", "--content", DEMO]));
    }

    #[test]
    fn freshness_finds_posts_without_read_times() {
        assert_cmd_snapshot!(audit(&["freshness", "--content", DEMO]));
    }

    #[test]
    fn faq_lists_insights_without_a_faq() {
        assert_cmd_snapshot!(audit(&["faq", "--content", DEMO]));
    }

    #[test]
    fn the_demo_is_the_default_content() {
        let with_flag = audit(&["links", "--content", DEMO]).output().unwrap();
        let default = audit(&["links"]).output().unwrap();
        assert_eq!(default.stdout, with_flag.stdout);
        // The shipped demo audits clean of errors; planted defects live in the fixtures.
        assert_eq!(default.status.code(), Some(0));
    }
}

mod planted {
    use super::*;

    #[test]
    fn seo_finds_every_planted_defect_and_nothing_else() {
        assert_eq!(
            found("seo"),
            expect(&[
                ("error", "post-canonical-malformed", "canonical"),
                ("error", "page-canonical-nowhere", "canonical"),
                ("warning", "case-long-meta", "metaDescription"),
                ("warning", "case-main-no-alt", "mainimage"),
                ("warning", "post-body-no-alt", "bodyRichtext"),
                ("warning", "post-canonical-elsewhere", "canonical"),
                ("warning", "post-dup-a", "titleTag"),
                ("warning", "post-hero-no-alt", "heroImage"),
                ("warning", "post-long-title", "titleTag"),
                ("warning", "post-no-meta", "metaDescription"),
                ("warning", "post-no-title-tag", "titleTag"),
                ("warning", "post-short-meta", "metaDescription"),
                ("warning", "post-short-title", "titleTag"),
                ("warning", "page-dup-b", "titleTag"),
                ("info", "case-noindex", "seoIndex"),
                ("info", "post-canonical-missing", "canonical"),
            ])
        );
        assert_cmd_snapshot!(audit(&["seo", "--content", &fixture("seo")]));
    }

    #[test]
    fn links_finds_every_planted_defect_and_nothing_else() {
        assert_eq!(
            found("links"),
            expect(&[
                ("error", "post-bad-slug", "slug"),
                ("error", "timeline-1", "buttonlink"),
                ("error", "case-pdf-missing", "downloadablePdf"),
                // missing asset, missing entry, unknown slug, no such page, relative link to an
                // unknown slug, script link
                ("error", "post-links", "bodyRichtext"),
                ("error", "post-links", "bodyRichtext"),
                ("error", "post-links", "bodyRichtext"),
                ("error", "post-links", "bodyRichtext"),
                ("error", "post-links", "bodyRichtext"),
                ("error", "post-links", "bodyRichtext"),
                ("error", "post-video-bad", "blogVideoLink"),
                ("error", "post-video-missing", "blogVideoLink"),
                ("error", "btn-download-none", "buttonActionAsset"),
                ("error", "btn-go-empty", "buttonActionUrl"),
                ("error", "btn-go-missing", "buttonActionUrl"),
                ("error", "btn-video-bad", "buttonActionUrl"),
                // an entry link and a path link to the noindex post
                ("warning", "post-links", "bodyRichtext"),
                ("warning", "post-links", "bodyRichtext"),
                ("info", "case-pdf-unflagged", "doesPdFexist"),
                ("info", "post-video-off", "doesvideoexist"),
            ])
        );
        // The snapshot names each of the six rich-text errors; the loader's own warnings about
        // the missing entry and asset are on stderr.
        assert_cmd_snapshot!(audit(&["links", "--content", &fixture("links")]));
    }

    #[test]
    fn coverage_finds_every_fall_back_and_summarises_every_tag() {
        assert_eq!(
            found("coverage"),
            expect(&[
                ("warning", "/food-industry-software", "blogPostProduct"),
                ("warning", "/food-industry-software", "casestudyproduct"),
                (
                    "warning",
                    "/product-information-management",
                    "blogPostProduct"
                ),
                (
                    "warning",
                    "/product-information-management",
                    "casestudyproduct"
                ),
                ("warning", "/reverse-auction-eauction", "blogPostProduct"),
                ("warning", "/reverse-auction-eauction", "casestudyproduct"),
                ("warning", "/sourcing-management", "blogPostProduct"),
                ("warning", "/sourcing-management", "blogPostProduct"),
                ("info", "/contract-management", ""),
                ("info", "/etender", ""),
                ("info", "/product-information-management", ""),
                ("info", "/reverse-auction-eauction", ""),
                ("info", "/sourcing-management", ""),
                ("info", "/sourcing-management", "casestudyproduct"),
                ("info", "/supplier-information-management", ""),
                ("info", "/supplier-performance-management", ""),
            ])
        );
        assert_cmd_snapshot!(audit(&["coverage", "--content", &fixture("coverage")]));
    }

    #[test]
    fn freshness_finds_missing_zero_and_far_read_times_and_the_five_oldest_indexable_posts() {
        assert_eq!(
            found("freshness"),
            expect(&[
                ("warning", "post-far-read-time", "estimatedreadtime"),
                ("warning", "post-no-read-time", "estimatedreadtime"),
                ("warning", "post-zero-read-time", "estimatedreadtime"),
                ("info", "post-far-read-time", "publishDate"),
                ("info", "post-no-read-time", "publishDate"),
                ("info", "post-ok-long", "publishDate"),
                ("info", "post-ok-short", "publishDate"),
                ("info", "post-zero-read-time", "publishDate"),
            ])
        );
        assert_cmd_snapshot!(audit(&["freshness", "--content", &fixture("freshness")]));
    }

    #[test]
    fn faq_finds_every_planted_defect_and_nothing_else() {
        assert_eq!(
            found("faq"),
            expect(&[
                ("error", "faq-unknown-route", "addOnFaqListSlug"),
                ("error", "faq-unknown-post", "addOnFaqListSlug"),
                ("warning", "faq-about", "addOnFaqListSlug"),
                ("warning", "faq-duplicate", "addOnFaqListSlug"),
                ("warning", "/food-industry-software", "addOnFaqListSlug"),
                ("warning", "faq-empty", "faqList"),
                ("warning", "faq-page-path", "addOnFaqListSlug"),
                // The insight whose list is empty has no FAQ either.
                ("info", "post-empty-faq", ""),
                ("info", "post-without-faq", ""),
            ])
        );
        assert_cmd_snapshot!(audit(&["faq", "--content", &fixture("faq")]));
    }

    #[test]
    fn redirects_finds_loops_and_dead_targets_as_errors_and_chains_and_shadowed_pages_as_warnings()
    {
        assert_eq!(
            found("redirects"),
            expect(&[
                ("error", "redirect-self", "to"),
                ("error", "redirect-loop-a", "to"),
                ("error", "redirect-loop-b", "to"),
                ("error", "redirect-dead", "to"),
                ("warning", "redirect-shadow", "from"),
                ("warning", "redirect-chain", "to"),
            ])
        );
        assert_cmd_snapshot!(audit(&["redirects", "--content", &fixture("redirects")]));
        // Errors fail the default threshold.
        let status = audit(&["redirects", "--content", &fixture("redirects")])
            .output()
            .unwrap()
            .status;
        assert_eq!(status.code(), Some(1));
    }
}

mod exit_status {
    use super::*;

    fn status(args: &[&str]) -> Option<i32> {
        audit(args).output().expect("run supplysite").status.code()
    }

    #[test]
    fn fail_on_sets_the_threshold_and_never_always_succeeds() {
        let freshness = fixture("freshness");
        // Warnings and info only.
        assert_eq!(status(&["freshness", "--content", &freshness]), Some(0));
        assert_eq!(
            status(&["freshness", "--content", &freshness, "--fail-on", "warning"]),
            Some(1)
        );
        assert_eq!(
            status(&["freshness", "--content", &freshness, "--fail-on", "info"]),
            Some(1)
        );
        let links = fixture("links");
        assert_eq!(status(&["links", "--content", &links]), Some(1));
        assert_eq!(
            status(&["links", "--content", &links, "--fail-on", "never"]),
            Some(0)
        );
    }

    #[test]
    fn usage_errors_exit_2() {
        assert_cmd_snapshot!(audit(&["spelling"]));
        assert_cmd_snapshot!(audit(&["--format", "yaml"]));
    }

    #[test]
    fn content_that_cannot_be_loaded_exits_2() {
        assert_cmd_snapshot!(audit(&[
            "--content",
            "crates/cli/tests/fixtures/audit/no-such-file.json"
        ]));
        assert_cmd_snapshot!(audit(&["--content", "Cargo.toml"]));
    }

    #[test]
    fn half_a_live_configuration_exits_2_naming_the_missing_setting() {
        let mut cmd = audit(&[]);
        cmd.env("CONTENTFUL_SPACE_ID", "abc123")
            .env("CONTENTFUL_ACCESS_TOKEN", "");
        let out = cmd.output().expect("run supplysite");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("CONTENTFUL_ACCESS_TOKEN is not set but CONTENTFUL_SPACE_ID is"),
            "{stderr}"
        );
        assert!(out.stdout.is_empty());
    }
}

mod live {
    use super::*;
    use supplysite_content_adapter::contentful::fake::{
        ENVIRONMENT, FakeContentful, SPACE_ID, TOKEN,
    };

    /// The audit reading the live space from `fake` with `token`, and no export file.
    fn live_audit(fake: &FakeContentful, token: &str, args: &[&str]) -> Command {
        let mut cmd = audit(args);
        cmd.env("CONTENTFUL_SPACE_ID", SPACE_ID)
            .env("CONTENTFUL_ACCESS_TOKEN", token)
            .env("CONTENTFUL_ENVIRONMENT", ENVIRONMENT)
            .env("CONTENTFUL_GRAPHQL_HOST", fake.url())
            .env("CONTENTFUL_CDA_HOST", fake.url());
        cmd
    }

    async fn run(mut cmd: Command) -> std::process::Output {
        tokio::task::spawn_blocking(move || cmd.output().expect("run supplysite"))
            .await
            .unwrap()
    }

    async fn demo_space() -> FakeContentful {
        let demo = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/demo/export.json"
        ))
        .unwrap();
        FakeContentful::start(serde_json::from_slice(&demo).unwrap()).await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_live_space_gets_the_same_findings_and_status_as_its_export() {
        let fake = demo_space().await;
        for args in [
            &["--format", "json"][..],
            &["--format", "csv"][..],
            &[][..],
            &["seo", "--format", "markdown"][..],
        ] {
            let live = run(live_audit(&fake, TOKEN, args)).await;
            let mut export_args = args.to_vec();
            export_args.extend(["--content", DEMO]);
            // With a file given, the live settings are not used.
            let export = run(live_audit(&fake, TOKEN, &export_args)).await;
            assert_eq!(
                String::from_utf8_lossy(&live.stdout),
                String::from_utf8_lossy(&export.stdout),
                "{args:?}"
            );
            assert!(!live.stdout.is_empty(), "{args:?}");
            assert_eq!(live.status.code(), export.status.code(), "{args:?}");
        }
        // The shipped demo audits clean of errors, live as from the file.
        let live = run(live_audit(&fake, TOKEN, &[])).await;
        assert_eq!(live.status.code(), Some(0));
        // Not a terminal: no progress bar on stderr.
        let stderr = String::from_utf8_lossy(&live.stderr);
        assert!(!stderr.contains("blogPostCollection"), "{stderr}");
        let graphql = fake
            .received()
            .iter()
            .filter(|r| r.path.starts_with("/content/v1/"))
            .count();
        assert!(graphql > 0, "the live audits read the fake");
        fake.stop().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_live_space_gets_the_same_junit_sarif_and_html_as_its_export() {
        let fake = demo_space().await;
        let both = |args: &[&str]| {
            let live = live_audit(&fake, TOKEN, args);
            let mut export_args = args.to_vec();
            export_args.extend(["--content", DEMO, "--space-id", SPACE_ID]);
            (live, live_audit(&fake, TOKEN, &export_args))
        };
        // JUnit names no source: the same document.
        let (live, export) = both(&["--format", "junit"]);
        let (live, export) = (run(live).await, run(export).await);
        assert!(!live.stdout.is_empty());
        assert_eq!(
            String::from_utf8_lossy(&live.stdout),
            String::from_utf8_lossy(&export.stdout)
        );
        assert_eq!(live.status.code(), export.status.code());
        // SARIF: the same results; only where each is (the entry in Contentful's web app, or
        // the export file) differs.
        let (live, export) = both(&["--format", "sarif"]);
        let (live, export) = (run(live).await, run(export).await);
        let sarif = |out: &std::process::Output| {
            let mut log: Value = serde_json::from_slice(&out.stdout).unwrap();
            let mut located = 0;
            for run in log["runs"].as_array_mut().unwrap() {
                for result in run["results"].as_array_mut().unwrap() {
                    for location in result["locations"].as_array_mut().unwrap() {
                        let gone = location.as_object_mut().unwrap().remove("physicalLocation");
                        located += usize::from(gone.is_some());
                    }
                }
            }
            (log, located)
        };
        let (live_log, located) = sarif(&live);
        assert!(located > 0);
        assert_eq!((live_log, located), sarif(&export));
        super::ci_formats::assert_valid_sarif(std::str::from_utf8(&live.stdout).unwrap());
        let entry = format!(
            "https://app.contentful.com/spaces/{SPACE_ID}/environments/{ENVIRONMENT}/entries/"
        );
        assert!(String::from_utf8_lossy(&live.stdout).contains(&entry));
        // HTML: the same page but for the line naming the source; with --space-id the export's
        // findings link the same entries in Contentful.
        let (live, export) = both(&["--format", "html"]);
        let (live, export) = (run(live).await, run(export).await);
        let (live, export) = (
            String::from_utf8(live.stdout).unwrap(),
            String::from_utf8(export.stdout).unwrap(),
        );
        let differing: Vec<(&str, &str)> = live
            .lines()
            .zip(export.lines())
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(live.lines().count(), export.lines().count());
        assert_eq!(differing.len(), 1, "{differing:#?}");
        assert!(
            differing[0]
                .0
                .contains(&format!("the space <code>{SPACE_ID}</code>")),
            "{differing:?}"
        );
        assert!(live.contains(&entry));
        fake.stop().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_live_space_gets_the_same_outbound_link_findings_as_its_export() {
        let site = super::outbound::site().await;
        let dir = tempfile::tempdir().unwrap();
        // The outbound fixture's entries and assets, in the demo's content model (the fake's
        // schema).
        let mut export: Value = serde_json::from_str(&site.export()).unwrap();
        let demo: Value = serde_json::from_slice(
            &std::fs::read(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../content/demo/export.json"
            ))
            .unwrap(),
        )
        .unwrap();
        for key in ["contentTypes", "editorInterfaces", "locales"] {
            export[key] = demo[key].clone();
        }
        let content = super::outbound::file(&dir, "export.json", &export.to_string());
        let fake = FakeContentful::start(export).await;
        for format in ["json", "sarif"] {
            // Asked afresh each time: the findings come from the answers, not the cache.
            let args = [
                "links",
                "--external",
                "--fresh",
                "--timeout",
                "1",
                "--format",
                format,
            ];
            let mut live = live_audit(&fake, TOKEN, &args);
            live.env("CACHE_DIRECTORY", dir.path());
            let mut export_args = args.to_vec();
            export_args.extend(["--content", &content]);
            let mut export = live_audit(&fake, TOKEN, &export_args);
            export.env("CACHE_DIRECTORY", dir.path());
            let (live, export) = (run(live).await, run(export).await);
            assert_eq!(live.status.code(), Some(1), "{format}");
            assert_eq!(export.status.code(), Some(1), "{format}");
            let text = String::from_utf8_lossy(&live.stdout);
            assert!(text.contains("external-dead"), "{format}: {text}");
            if format == "json" {
                assert_eq!(text, String::from_utf8_lossy(&export.stdout));
                let outbound = serde_json::from_str::<Value>(&text).unwrap()["findings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|f| f["rule"].as_str().unwrap().starts_with("external-"))
                    .count();
                assert_eq!(outbound, 11);
            } else {
                // The asset's finding opens the asset, not an entry, in Contentful.
                let asset = format!(
                    "https://app.contentful.com/spaces/{SPACE_ID}/environments/{ENVIRONMENT}/assets/photo-credited"
                );
                assert!(text.contains(&asset), "{text}");
            }
        }
        fake.stop().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_refused_token_exits_2_naming_the_setting_without_the_token() {
        let fake = demo_space().await;
        let out = run(live_audit(&fake, "not-the-token", &[])).await;
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("CONTENTFUL_ACCESS_TOKEN"), "{stderr}");
        assert!(!stderr.contains("not-the-token"), "{stderr}");
        assert!(out.stdout.is_empty());
        fake.stop().await;
    }
}

/// JUnit and SARIF for CI: each report a suite or run, each finding a case or result, with rule
/// ids and locations that stay the same from run to run.
mod ci_formats {
    use super::*;

    fn stdout(args: &[&str]) -> String {
        let out = audit(args).output().expect("run supplysite");
        String::from_utf8(out.stdout).expect("UTF-8")
    }

    /// The published SARIF 2.1.0 schema (2.1.0-rtm.5, the OASIS standard's), as the web
    /// package's @microsoft/jest-sarif ships it: `make test` installs the web packages first.
    fn sarif_schema() -> jsonschema::Validator {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../web/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"
        );
        let text = std::fs::read(path)
            .unwrap_or_else(|e| panic!("{path}: {e}; run `make web-deps` (npm ci in web/)"));
        let mut schema: Value = serde_json::from_slice(&text).unwrap();
        assert_eq!(schema["properties"]["version"]["enum"][0], "2.1.0");
        // The published schema's pattern for language codes (of a run and of a tool) has a
        // stray `]`, which the validator's check of the schema itself refuses; the audit writes
        // no language, so the pattern is corrected to what it means and everything else is
        // checked as published.
        for owner in ["run", "toolComponent"] {
            let language = &mut schema["definitions"][owner]["properties"]["language"]["pattern"];
            assert_eq!(language, "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$");
            *language = Value::from("^[a-zA-Z]{2}(-[a-zA-Z]{2})?$");
        }
        let strays = text.windows(3).filter(|w| *w == b"}]?").count();
        assert_eq!(strays, 2, "no other such pattern");
        jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .expect("the SARIF schema compiles")
    }

    pub(super) fn assert_valid_sarif(text: &str) -> Value {
        let log: Value = serde_json::from_str(text).expect("SARIF is JSON");
        let validator = sarif_schema();
        let errors: Vec<String> = validator
            .iter_errors(&log)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{errors:#?}");
        log
    }

    #[test]
    fn sarif_is_valid_against_the_published_schema_with_a_run_per_report() {
        let log = assert_valid_sarif(&stdout(&["--content", DEMO, "--format", "sarif"]));
        let runs = log["runs"].as_array().unwrap();
        let ids: Vec<&str> = runs
            .iter()
            .map(|r| r["automationDetails"]["id"].as_str().unwrap())
            .collect();
        assert_eq!(
            ids,
            [
                "supplysite-audit/seo/",
                "supplysite-audit/links/",
                "supplysite-audit/coverage/",
                "supplysite-audit/freshness/",
                "supplysite-audit/faq/",
                "supplysite-audit/inspector/",
                "supplysite-audit/redirects/",
            ]
        );
        // As many results as the JSON output has findings.
        let json: Value =
            serde_json::from_str(&stdout(&["--content", DEMO, "--format", "json"])).unwrap();
        let results: usize = runs
            .iter()
            .map(|r| r["results"].as_array().unwrap().len())
            .sum();
        assert_eq!(results, json["findings"].as_array().unwrap().len());
        // A rule-less or invalid log fails the schema, so the check can fail.
        let mut broken = log.clone();
        broken["runs"][0]["results"][0]["level"] = Value::from("fatal");
        assert!(!sarif_schema().is_valid(&broken));
    }

    #[test]
    fn planted_errors_are_sarif_errors_with_entry_and_field_locations_and_unique_fingerprints() {
        let text = stdout(&["links", "--content", &fixture("links"), "--format", "sarif"]);
        let log = assert_valid_sarif(&text);
        let run = &log["runs"][0];
        let results = run["results"].as_array().unwrap();
        let errors = results.iter().filter(|r| r["level"] == "error").count();
        assert_eq!(errors, 15, "the links fixture's planted errors");
        let six: Vec<&Value> = results
            .iter()
            .filter(|r| {
                r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"]
                    == "entries/post-links/fields/bodyRichtext"
            })
            .collect();
        assert_eq!(six.len(), 8, "six errors and two warnings on post-links");
        let mut prints: Vec<&str> = results
            .iter()
            .map(|r| {
                r["partialFingerprints"]["supplysiteFinding/v1"]
                    .as_str()
                    .unwrap()
            })
            .collect();
        prints.sort();
        let before = prints.len();
        prints.dedup();
        assert_eq!(prints.len(), before, "fingerprints are unique");
        assert_eq!(
            run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            fixture("links")
        );
        // Every result's rule is among the run's rules, at its index.
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        for r in results {
            let index = r["ruleIndex"].as_u64().unwrap() as usize;
            assert_eq!(rules[index]["id"], r["ruleId"]);
        }
    }

    #[test]
    fn junit_has_a_suite_per_report_and_a_failure_per_error() {
        let text = stdout(&["--content", &fixture("links"), "--format", "junit"]);
        let report = quick_junit::Report::deserialize_from_str(&text).expect("JUnit XML");
        let names: Vec<&str> = report.test_suites.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "seo",
                "links",
                "coverage",
                "freshness",
                "faq",
                "inspector",
                "redirects"
            ]
        );
        let json: Value = serde_json::from_str(&stdout(&[
            "--content",
            &fixture("links"),
            "--format",
            "json",
        ]))
        .unwrap();
        let errors = json["summary"]["bySeverity"]["error"].as_u64().unwrap() as usize;
        let total = json["summary"]["total"].as_u64().unwrap() as usize;
        assert!(errors > 0);
        assert_eq!(report.failures, errors);
        assert_eq!(report.tests, total);
        let links = &report.test_suites[1];
        let mut names: Vec<String> = links
            .test_cases
            .iter()
            .map(|c| format!("{:?} {}", c.classname, c.name.as_str()))
            .collect();
        let before = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), before, "case names are unique within a suite");
    }

    #[test]
    fn every_rule_id_is_the_report_and_a_lower_case_hyphenated_name() {
        for kind in ["seo", "links", "coverage", "freshness", "faq", "redirects"] {
            let json: Value = serde_json::from_str(&stdout(&[
                kind,
                "--content",
                &fixture(kind),
                "--format",
                "json",
            ]))
            .unwrap();
            for f in json["findings"].as_array().unwrap() {
                let rule = f["rule"].as_str().unwrap();
                assert!(
                    !rule.is_empty()
                        && rule
                            .split('-')
                            .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase())),
                    "{rule}"
                );
            }
        }
    }
}

/// `--baseline`: adopting the audit on a space with old debt.
mod baseline {
    use super::*;

    fn run(args: &[&str]) -> (Option<i32>, Value) {
        let out = audit(args).output().expect("run supplysite");
        let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        (out.status.code(), json)
    }

    #[test]
    fn old_errors_do_not_fail_the_run_and_new_ones_do() {
        let links = fixture("links");
        let dir = tempfile::tempdir().unwrap();
        let (status, earlier) = run(&["links", "--content", &links, "--format", "json"]);
        assert_eq!(status, Some(1), "the fixture has errors");
        let same = dir.path().join("same.json");
        std::fs::write(&same, serde_json::to_vec(&earlier).unwrap()).unwrap();
        let same = same.to_str().unwrap();
        let (status, json) = run(&[
            "links",
            "--content",
            &links,
            "--format",
            "json",
            "--baseline",
            same,
        ]);
        assert_eq!(status, Some(0), "nothing new");
        assert!(
            json["findings"]
                .as_array()
                .unwrap()
                .iter()
                .all(|f| f["baseline"] == "unchanged")
        );
        assert_eq!(json["fixed"], Value::Array(vec![]));
        assert_eq!(json["baselineSummary"]["new"], 0);
        // Every format gates the same way.
        for format in ["table", "junit", "sarif"] {
            let status = audit(&[
                "links",
                "--content",
                &links,
                "--format",
                format,
                "--baseline",
                same,
            ])
            .output()
            .unwrap()
            .status
            .code();
            assert_eq!(status, Some(0), "{format}");
        }
        // An error missing from the baseline is new, and fails the run; one that only the
        // baseline has is fixed.
        let mut older = earlier.clone();
        let findings = older["findings"].as_array_mut().unwrap();
        let dropped = findings.remove(0);
        assert_eq!(dropped["severity"], "error");
        let mut gone = dropped.clone();
        gone["entryId"] = Value::from("post-deleted-since");
        findings.push(gone.clone());
        let older_path = dir.path().join("older.json");
        std::fs::write(&older_path, serde_json::to_vec(&older).unwrap()).unwrap();
        let (status, json) = run(&[
            "links",
            "--content",
            &links,
            "--format",
            "json",
            "--baseline",
            older_path.to_str().unwrap(),
        ]);
        assert_eq!(status, Some(1));
        let new: Vec<&Value> = json["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["baseline"] == "new")
            .collect();
        assert_eq!(new.len(), 1);
        assert_eq!(new[0]["entryId"], dropped["entryId"]);
        assert_eq!(json["fixed"], Value::Array(vec![gone]));
        // With the threshold at never, even new errors pass.
        let (status, _) = run(&[
            "links",
            "--content",
            &links,
            "--baseline",
            older_path.to_str().unwrap(),
            "--fail-on",
            "never",
        ]);
        assert_eq!(status, Some(0));
    }

    #[test]
    fn a_baseline_of_only_some_reports_fixes_nothing_in_the_others() {
        // The baseline's fixed dead link belongs to the links report: running seo alone
        // compares with the baseline's seo findings only, so nothing is fixed.
        let (_, json) = run(&[
            "seo",
            "--content",
            DEMO,
            "--format",
            "json",
            "--baseline",
            BASELINE,
        ]);
        assert_eq!(json["baselineSummary"]["fixed"], 0);
        let (_, json) = run(&[
            "links",
            "--content",
            DEMO,
            "--format",
            "json",
            "--baseline",
            BASELINE,
        ]);
        assert_eq!(json["baselineSummary"]["fixed"], 1);
    }

    #[test]
    fn a_file_that_is_no_json_output_exits_2_naming_it() {
        let out = audit(&["--content", DEMO, "--baseline", "Cargo.toml"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("Cargo.toml"), "{stderr}");
        assert!(out.stdout.is_empty());
    }
}

/// `audit links --external` against a site on loopback that answers, refuses, hangs and
/// redirects (no request leaves the machine): every answer is its finding in every format, the
/// answers are kept a day and `--fresh` asks again.
mod outbound {
    use super::*;
    use axum::extract::State;
    use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
    use axum::response::{IntoResponse, Response};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    /// What the site was asked, and how many requests it held at once at most.
    #[derive(Default)]
    pub(super) struct Seen {
        requests: Mutex<Vec<(Method, String, String)>>,
        held: AtomicUsize,
        most_held: AtomicUsize,
    }

    impl Seen {
        pub(super) fn count(&self, method: &Method, path: &str) -> usize {
            let requests = self.requests.lock().unwrap();
            requests
                .iter()
                .filter(|(m, p, _)| m == method && p == path)
                .count()
        }
    }

    /// Counts a request as held until its answer is given (or the client goes).
    struct Held(Arc<Seen>);

    impl Drop for Held {
        fn drop(&mut self) {
            self.0.held.fetch_sub(1, Ordering::SeqCst);
        }
    }

    async fn answer(
        State(seen): State<Arc<Seen>>,
        method: Method,
        uri: Uri,
        headers: HeaderMap,
    ) -> Response {
        let held = seen.held.fetch_add(1, Ordering::SeqCst) + 1;
        seen.most_held.fetch_max(held, Ordering::SeqCst);
        let _held = Held(seen.clone());
        let agent = headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let path = uri.path().to_string();
        seen.requests
            .lock()
            .unwrap()
            .push((method.clone(), path.clone(), agent));
        let to = |status: StatusCode| (status, [(header::LOCATION, "/ok")]).into_response();
        match path.as_str() {
            "/ok" => StatusCode::OK.into_response(),
            "/moved-301" => to(StatusCode::MOVED_PERMANENTLY),
            "/moved-308" => to(StatusCode::PERMANENT_REDIRECT),
            "/temporary" => to(StatusCode::FOUND),
            "/moved-to-gone" => (
                StatusCode::MOVED_PERMANENTLY,
                [(header::LOCATION, "/gone-after-move")],
            )
                .into_response(),
            "/loop" => (StatusCode::FOUND, [(header::LOCATION, "/loop")]).into_response(),
            "/head-refused" if method == Method::HEAD => {
                StatusCode::METHOD_NOT_ALLOWED.into_response()
            }
            "/head-refused" => StatusCode::OK.into_response(),
            p if p == "/hang" || p.starts_with("/hang/") => std::future::pending().await,
            p if p.starts_with("/many/") => StatusCode::OK.into_response(),
            _ => StatusCode::NOT_FOUND.into_response(),
        }
    }

    /// The site on a loopback port, and an address where nothing listens.
    pub(super) struct Site {
        pub(super) origin: String,
        pub(super) seen: Arc<Seen>,
        closed: String,
    }

    pub(super) async fn site() -> Site {
        let seen = Arc::new(Seen::default());
        let app = axum::Router::new()
            .fallback(answer)
            .with_state(seen.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let closed = format!("http://{}", closed.local_addr().unwrap());
        Site {
            origin,
            seen,
            closed,
        }
    }

    impl Site {
        /// The fixture export with its links pointing at this site.
        pub(super) fn export(&self) -> String {
            let text = std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/audit/external.json"
            ))
            .unwrap();
            let host = self.origin.trim_start_matches("http://");
            text.replace("ORIGIN_HOST", host)
                .replace("ORIGIN", &self.origin)
                .replace("REFUSED", &self.closed)
        }
    }

    /// A file in `dir` holding `text`, as a path the command can take.
    pub(super) fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    }

    /// The external check of `content`, its answers kept under `cache`.
    pub(super) fn check(cache: &tempfile::TempDir, content: &str, args: &[&str]) -> Command {
        let mut all = vec!["links", "--external", "--content", content];
        all.extend(args);
        let mut cmd = audit(&all);
        cmd.env("CACHE_DIRECTORY", cache.path());
        cmd
    }

    pub(super) async fn run(mut cmd: Command) -> std::process::Output {
        tokio::task::spawn_blocking(move || cmd.output().expect("run supplysite"))
            .await
            .unwrap()
    }

    fn json(out: &std::process::Output) -> Value {
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
        })
    }

    /// The outbound findings as (severity, rule, entry, field, message).
    fn outbound_findings(json: &Value) -> Vec<[String; 5]> {
        json["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["rule"].as_str().unwrap().starts_with("external-"))
            .map(|f| {
                ["severity", "rule", "entryId", "field", "message"]
                    .map(|k| f[k].as_str().unwrap_or("").to_string())
            })
            .collect()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_answer_is_its_finding_and_a_refused_head_is_asked_again_with_get() {
        let site = site().await;
        let dir = tempfile::tempdir().unwrap();
        let content = file(&dir, "export.json", &site.export());
        let out = run(check(
            &dir,
            &content,
            &["--format", "json", "--timeout", "1"],
        ))
        .await;
        assert_eq!(out.status.code(), Some(1), "errors fail the run");
        let o = &site.origin;
        let host = o.trim_start_matches("http://");
        // Sorted here by rule and entry: the findings' own order compares the messages, whose
        // addresses hold the ports the system chose.
        let mut rows = outbound_findings(&json(&out));
        rows.sort();
        let row = |severity: &str, rule: &str, entry: &str, field: &str, message: String| {
            [severity, rule, entry, field, &message].map(str::to_string)
        };
        let post = "post-outbound";
        let body = "bodyRichtext";
        let mut expected = [
            row(
                "error",
                "external-dead",
                "photo-credited",
                "description",
                format!("link \"{o}/asset-credit-gone\" answers HTTP 404"),
            ),
            // The protocol-relative link is https: a plain-HTTP site fails the handshake.
            row(
                "error",
                "external-unreachable",
                "timeline-outbound",
                "imagehyperlink",
                format!(
                    "link \"https://{host}/ok\" cannot be reached: TLS with 127.0.0.1 failed: received corrupt message of type InvalidContentType"
                ),
            ),
            row(
                "error",
                "external-dead",
                post,
                body,
                format!("link \"{o}/dead\" answers HTTP 404"),
            ),
            row(
                "error",
                "external-unreachable",
                post,
                body,
                format!(
                    "link \"{}/closed\" cannot be reached: 127.0.0.1 refused the connection",
                    site.closed
                ),
            ),
            row(
                "error",
                "external-dead",
                "btn-outbound",
                "buttonActionUrl",
                format!("link \"{o}/button-gone\" answers HTTP 404"),
            ),
            row(
                "error",
                "external-dead",
                post,
                body,
                format!(
                    "link \"{o}/moved-to-gone\" redirects to \"{o}/gone-after-move\", which answers HTTP 404"
                ),
            ),
            row(
                "error",
                "external-unreachable",
                post,
                body,
                format!("link \"{o}/loop\" cannot be reached: more than 10 redirects"),
            ),
            row(
                "warning",
                "external-timeout",
                post,
                body,
                format!("link \"{o}/hang\" gave no answer within 1 s"),
            ),
            row(
                "info",
                "external-redirect",
                "timeline-outbound",
                "buttonlink",
                format!("link \"{o}/temporary\" redirects (temporarily) to \"{o}/ok\""),
            ),
            row(
                "info",
                "external-moved",
                post,
                body,
                format!("link \"{o}/moved-301\" has moved permanently to \"{o}/ok\""),
            ),
            row(
                "info",
                "external-moved",
                post,
                body,
                format!("link \"{o}/moved-308\" has moved permanently to \"{o}/ok\""),
            ),
        ];
        expected.sort();
        assert_eq!(rows, expected);
        // HEAD refused, then GET: no finding. Each address asked once though linked twice.
        assert_eq!(site.seen.count(&Method::HEAD, "/head-refused"), 1);
        // The loop is followed ten times after the first request, then given up.
        assert_eq!(site.seen.count(&Method::HEAD, "/loop"), 11);
        assert_eq!(site.seen.count(&Method::GET, "/head-refused"), 1);
        assert_eq!(site.seen.count(&Method::HEAD, "/ok"), 1 + 3);
        assert_eq!(site.seen.count(&Method::GET, "/dead"), 0);
        // The internal and mail links are not asked.
        assert_eq!(site.seen.count(&Method::HEAD, "/insights/outbound"), 0);
        // A polite user agent naming the site whose links these are.
        for (_, _, agent) in site.seen.requests.lock().unwrap().iter() {
            assert!(
                agent.contains("supplysite-audit/") && agent.contains("http://127.0.0.1:8080"),
                "{agent}"
            );
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_outbound_findings_flow_through_every_format_and_the_baseline() {
        let site = site().await;
        let dir = tempfile::tempdir().unwrap();
        let content = file(&dir, "export.json", &site.export());
        let args = |format: &'static str| ["--format", format, "--timeout", "1"];
        let json_out = run(check(&dir, &content, &args("json"))).await;
        let dead = format!("link \\\"{}/dead\\\" answers HTTP 404", site.origin);
        let mut junit = String::new();
        for format in ["table", "csv", "markdown", "junit", "html"] {
            let out = run(check(&dir, &content, &args(format))).await;
            let text = String::from_utf8_lossy(&out.stdout);
            if format == "junit" {
                junit = text.to_string();
            }
            assert_eq!(out.status.code(), Some(1), "{format}");
            // The table, CSV and Markdown show no rule ids; JUnit and HTML do.
            assert!(
                !matches!(format, "junit" | "html") || text.contains("external-dead"),
                "{format}: {text}"
            );
            assert!(
                text.contains(&format!("{}/dead", site.origin)),
                "{format}: {text}"
            );
        }
        let junit = quick_junit::Report::deserialize_from_str(&junit).expect("JUnit XML");
        // The links suite fails once per error: the fixture's seven outbound errors.
        assert_eq!(junit.test_suites[0].name.as_str(), "links");
        assert_eq!(junit.failures, 7);
        let sarif =
            String::from_utf8(run(check(&dir, &content, &args("sarif"))).await.stdout).unwrap();
        let log = super::ci_formats::assert_valid_sarif(&sarif);
        let rules: Vec<&str> = log["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["ruleId"].as_str().unwrap())
            .collect();
        assert_eq!(
            rules
                .iter()
                .filter(|r| **r == "links/external-dead")
                .count(),
            4
        );
        assert!(rules.contains(&"links/external-timeout"));
        let asset = log["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| {
                r["message"]["text"]
                    .as_str()
                    .unwrap()
                    .contains("asset-credit-gone")
            })
            .unwrap();
        assert_eq!(
            asset["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
            "assets/photo-credited/fields/description"
        );
        assert!(String::from_utf8_lossy(&json_out.stdout).contains(&dead));
        // The JSON as a baseline: nothing new, so nothing fails.
        let baseline = file(
            &dir,
            "baseline.json",
            std::str::from_utf8(&json_out.stdout).unwrap(),
        );
        let out = run(check(
            &dir,
            &content,
            &[
                "--format",
                "json",
                "--timeout",
                "1",
                "--baseline",
                &baseline,
            ],
        ))
        .await;
        assert_eq!(out.status.code(), Some(0));
        let json = json(&out);
        assert_eq!(json["baselineSummary"]["new"], 0);
        assert_eq!(
            json["findings"].as_array().unwrap().len(),
            serde_json::from_slice::<Value>(&json_out.stdout).unwrap()["findings"]
                .as_array()
                .unwrap()
                .len()
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn answers_are_kept_for_the_next_run_and_fresh_asks_again() {
        let site = site().await;
        let dir = tempfile::tempdir().unwrap();
        let content = file(&dir, "export.json", &site.export());
        let args = ["--format", "json", "--timeout", "1"];
        let first = run(check(&dir, &content, &args)).await;
        assert_eq!(site.seen.count(&Method::HEAD, "/dead"), 1);
        assert_eq!(site.seen.count(&Method::HEAD, "/hang"), 1);
        let second = run(check(&dir, &content, &args)).await;
        // Kept: asked no more. A time-out is not kept: asked again.
        assert_eq!(site.seen.count(&Method::HEAD, "/dead"), 1);
        assert_eq!(site.seen.count(&Method::HEAD, "/moved-301"), 1);
        assert_eq!(site.seen.count(&Method::HEAD, "/hang"), 2);
        assert_eq!(
            first.stdout, second.stdout,
            "the same findings from the cache"
        );
        let stderr = String::from_utf8_lossy(&second.stderr);
        assert!(
            stderr.contains("12 answer(s) from the last day's cache"),
            "{stderr}"
        );
        let mut fresh_args = args.to_vec();
        fresh_args.push("--fresh");
        let fresh = run(check(&dir, &content, &fresh_args)).await;
        assert_eq!(site.seen.count(&Method::HEAD, "/dead"), 2);
        assert_eq!(site.seen.count(&Method::HEAD, "/moved-301"), 2);
        assert_eq!(first.stdout, fresh.stdout);
        // The cache is in the cache folder.
        assert!(dir.path().join("links/external.json").is_file());
    }

    /// An export whose one post links `n` addresses of the site (`/{prefix}/{i}`).
    fn many_links(site: &Site, prefix: &str, n: usize) -> String {
        let mut export: Value = serde_json::from_str(&site.export()).unwrap();
        let paragraphs: Vec<Value> = (0..n)
            .map(|i| {
                serde_json::json!({"nodeType": "paragraph", "data": {}, "content": [{
                    "nodeType": "hyperlink",
                    "data": {"uri": format!("{}/{prefix}/{i}", site.origin)},
                    "content": [{"nodeType": "text", "value": "a link", "marks": [], "data": {}}]
                }]})
            })
            .collect();
        export["entries"] = Value::Array(vec![export["entries"][0].clone()]);
        export["assets"] = Value::Array(vec![]);
        export["entries"][0]["fields"]["bodyRichtext"]["en-AU"]["content"] =
            Value::Array(paragraphs);
        export.to_string()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn two_hundred_links_are_checked_within_the_run_limit_two_at_a_time_per_host() {
        let site = site().await;
        let dir = tempfile::tempdir().unwrap();
        let content = file(&dir, "export.json", &many_links(&site, "many", 200));
        let out = run(check(
            &dir,
            &content,
            &["--format", "json", "--run-limit", "60"],
        ))
        .await;
        assert_eq!(out.status.code(), Some(0));
        assert!(outbound_findings(&json(&out)).is_empty());
        let asked = site.seen.requests.lock().unwrap().len();
        assert_eq!(asked, 200, "each answered HEAD once");
        let most = site.seen.most_held.load(Ordering::SeqCst);
        assert!((1..=2).contains(&most), "{most} requests at once");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn links_not_answered_within_the_run_limit_are_unchecked_warnings() {
        let site = site().await;
        let dir = tempfile::tempdir().unwrap();
        let content = file(&dir, "export.json", &many_links(&site, "hang", 3));
        let started = std::time::Instant::now();
        let out = run(check(
            &dir,
            &content,
            &["--format", "json", "--timeout", "60", "--run-limit", "0.5"],
        ))
        .await;
        assert!(started.elapsed() < std::time::Duration::from_secs(30));
        assert_eq!(
            out.status.code(),
            Some(0),
            "warnings do not fail by default"
        );
        let rows = outbound_findings(&json(&out));
        assert_eq!(rows.len(), 3);
        for row in rows {
            assert_eq!(row[..2], ["warning", "external-unchecked"]);
        }
    }

    #[test]
    fn external_with_a_report_other_than_links_is_a_usage_error() {
        let out = audit(&["seo", "--external", "--content", DEMO])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("audit links --external"), "{stderr}");
        let out = audit(&["links", "--external", "--timeout", "0"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
    }
}
