//! `supplysite content check|synth` run as a user runs them: exit codes and printed lines.

use std::path::PathBuf;
use std::process::{Command, Output};

fn supplysite(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(args)
        .env_remove("SUPPLYSITE_CONTENT")
        .output()
        .expect("the binary runs")
}

/// A fresh folder for one test, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("supplysite-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_synthesised_export_passes_the_check_with_its_counts() {
    let dir = TempDir::new("synth");
    let file = dir.file("export.json");
    let synth = supplysite(&["content", "synth", "--posts", "200", "--out", &file]);
    assert!(synth.status.success(), "{synth:?}");
    assert!(String::from_utf8_lossy(&synth.stderr).contains("200 posts, 10 case studies, 4 pages"));

    let check = supplysite(&["content", "check", "--content", &file]);
    assert_eq!(check.status.code(), Some(0), "{check:?}");
    let text = stdout(&check);
    assert!(
        text.contains("  blogPost            200 published\n"),
        "{text}"
    );
    assert!(
        text.contains("  casestudy            10 published\n"),
        "{text}"
    );
    assert!(text.ends_with("0 errors, 0 warnings\n"), "{text}");
}

#[test]
fn the_check_prints_each_problem_on_its_own_line_and_fails_on_errors() {
    let dir = TempDir::new("broken");
    let file = dir.file("export.json");
    let export = serde_json::json!({
        "locales": [{"code": "en-US", "default": true}],
        "entries": [
            {"sys": {"id": "p1", "publishedVersion": 1, "contentType": {"sys": {"id": "blogPost"}}},
             "fields": {"slug": {"en-US": "a"}, "title": {"en-US": "A"}, "description": {"en-US": "d"},
                        "publishDate": {"en-US": "tomorrow"}, "seoIndex": {"en-US": true}}},
            {"sys": {"id": "p2", "contentType": {"sys": {"id": "blogPost"}}}, "fields": {}},
        ],
        "assets": [],
    });
    std::fs::write(&file, export.to_string()).unwrap();
    let check = supplysite(&["content", "check", "--content", &file]);
    assert_eq!(check.status.code(), Some(1), "{check:?}");
    let text = stdout(&check);
    // Every content type the site reads has a line, so a missing one shows as 0.
    assert!(
        text.contains("\n  customerLogo          0 published\n"),
        "{text}"
    );
    assert!(text.contains("\n  blogPost              1 published, 1 draft, 1 not shown\n"));
    let last: Vec<&str> = text.lines().rev().take(2).collect();
    assert_eq!(
        last,
        [
            "1 error, 0 warnings",
            "error: entry p1 (blogPost) field publishDate: invalid publish date \"tomorrow\" \
             (expected ISO 8601 such as 2024-03-05 or 2024-03-05T09:00+10:00); entry not shown",
        ]
    );

    let json = supplysite(&["content", "check", "--json", "--content", &file]);
    assert_eq!(json.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["problems"][0]["entryId"], "p1");
    assert_eq!(value["problems"][0]["field"], "publishDate");
    assert_eq!(value["counts"]["blogPost"]["drafts"], 1);
}

#[test]
fn a_file_that_is_not_an_export_is_a_usage_error_naming_the_file() {
    let dir = TempDir::new("notjson");
    let file = dir.file("notes.txt");
    std::fs::write(&file, "hello").unwrap();
    let check = supplysite(&["content", "check", "--content", &file]);
    assert_eq!(check.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&check.stderr);
    assert!(
        stderr.starts_with(&format!(
            "supplysite: cannot load {file}: not a Contentful export: not JSON"
        )),
        "{stderr}"
    );
}

#[test]
fn the_content_file_can_come_from_the_environment() {
    let dir = TempDir::new("env");
    let file = dir.file("export.json");
    assert!(
        supplysite(&["content", "synth", "--posts", "1", "--out", &file])
            .status
            .success()
    );
    let check = Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(["content", "check"])
        .env("SUPPLYSITE_CONTENT", &file)
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(0), "{check:?}");
    assert!(stdout(&check).starts_with(&format!("{file} (content version ")));
}

/// The demo space beside this crate (its photographs made by `make demo-photos`).
fn demo_export() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content/demo/export.json")
}

#[test]
fn the_demo_check_counts_its_photographs_and_names_files_missing_beside_an_export() {
    let demo = demo_export();
    let check = supplysite(&["content", "check", "--content", demo.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{check:?}");
    let text = stdout(&check);
    assert!(
        text.contains("  pictures: 62 the site resizes (widest 2400 px, "),
        "{text}"
    );
    assert!(text.ends_with("0 errors, 0 warnings\n"), "{text}");

    // The same export with an asset folder that lacks the photographs: each is named, as a
    // warning (the site would link to Contentful's host for it).
    let dir = TempDir::new("no-photos");
    let file = dir.file("export.json");
    std::fs::copy(&demo, &file).unwrap();
    std::fs::create_dir_all(dir.0.join("images.ctfassets.net")).unwrap();
    let check = supplysite(&["content", "check", "--content", &file]);
    assert_eq!(check.status.code(), Some(0), "{check:?}");
    let text = stdout(&check);
    let missing: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("warning: asset ") && l.contains(" is missing beside the export"))
        .collect();
    assert!(
        missing
            .iter()
            .any(|l| l.contains("/hero-kpis-vs-slas.jpg is missing")),
        "{text}"
    );
    assert!(
        text.ends_with(&format!("0 errors, {} warnings\n", missing.len())),
        "{text}"
    );
}

/// The demo's export with the hero picture of one article recorded as 13,000 by 2,000 pixels,
/// its file beside the export (so the site would resize it itself); the asset's id.
fn export_with_a_huge_picture(dir: &TempDir) -> (String, String) {
    let demo = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/demo/export.json"
    );
    let mut export: serde_json::Value =
        serde_json::from_slice(&std::fs::read(demo).unwrap()).unwrap();
    let hero = export["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["sys"]["id"] == "post-what-is-e-tendering")
        .unwrap()["fields"]["heroImage"]["en-AU"]["sys"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let asset = export["assets"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["sys"]["id"] == hero.as_str())
        .unwrap();
    let file = &mut asset["fields"]["file"]["en-AU"];
    file["details"]["image"] = serde_json::json!({"width": 13_000, "height": 2_000});
    let url = file["url"]
        .as_str()
        .unwrap()
        .trim_start_matches('/')
        .to_owned();
    let size = file["details"]["size"].as_u64().unwrap_or(0) as usize;
    let path = dir.0.join(&url);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, vec![0u8; size]).unwrap();
    let out = dir.file("export.json");
    std::fs::write(&out, serde_json::to_vec(&export).unwrap()).unwrap();
    (out, hero)
}

#[test]
fn a_picture_over_the_resizers_limits_is_named_by_the_check_and_the_audit() {
    let dir = TempDir::new("huge-picture");
    let (export, asset) = export_with_a_huge_picture(&dir);

    let check = supplysite(&["content", "check", "--content", &export]);
    let text = stdout(&check);
    let line = text
        .lines()
        .find(|l| l.contains("over the site's resizer's limits"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains(&format!("asset {asset}")), "{line}");
    assert!(line.contains("13000 pixels on a side"), "{line}");
    assert!(line.contains("original size only"), "{line}");

    let audit = supplysite(&["audit", "seo", "--content", &export, "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&audit.stdout).unwrap();
    let finding = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| {
            f["message"]
                .as_str()
                .is_some_and(|m| m.contains("over the site's resizer's limits"))
        })
        .unwrap_or_else(|| panic!("{json}"));
    assert!(
        finding["message"].as_str().unwrap().contains(&asset),
        "{finding}"
    );
    assert_eq!(finding["entryId"], "post-what-is-e-tendering", "{finding}");
}
