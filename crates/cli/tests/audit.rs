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
