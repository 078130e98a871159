//! `supplysite config check`: every setting with its value and where it came from (default,
//! environment, `.env`, flag), secrets never shown, every bad setting named with exit status
//! 2; and the generated reference (`docs/settings.md`) and `.env.example` kept in step with the
//! declarations.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tempfile::TempDir;

/// The command run from `cwd` with no setting inherited from the test's environment.
fn supplysite(cwd: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_supplysite"));
    cmd.current_dir(cwd);
    for (key, _) in std::env::vars() {
        if [
            "SUPPLYSITE_",
            "CONTENTFUL_",
            "BREVO_",
            "CONTACT_",
            "RECAPTCHA_",
        ]
        .iter()
        .any(|p| key.starts_with(p))
        {
            cmd.env_remove(key);
        }
    }
    cmd
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The listing's rows: setting → (value, source).
fn rows(out: &Output) -> HashMap<String, (String, String)> {
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    let header = lines.next().expect("a header line");
    let value_at = header.find("VALUE").unwrap();
    let source_at = header.find("SOURCE").unwrap();
    lines
        .map(|line| {
            let setting = line[..value_at].trim().to_string();
            let value = line[value_at..source_at].trim().to_string();
            let source = line[source_at..].trim().to_string();
            (setting, (value, source))
        })
        .collect()
}

fn row<'a>(rows: &'a HashMap<String, (String, String)>, name: &str) -> (&'a str, &'a str) {
    let (value, source) = rows.get(name).unwrap_or_else(|| panic!("no row {name}"));
    (value, source)
}

#[test]
fn check_shows_each_value_and_whether_it_came_from_the_default_the_environment_a_flag_or_dotenv() {
    let dir = TempDir::new().unwrap();
    std::fs::write(
        dir.path().join(".env"),
        "SUPPLYSITE_WORKERS=3\nSUPPLYSITE_LOG_FORMAT=text\nBREVO_API_KEY=\n",
    )
    .unwrap();
    let out = supplysite(dir.path())
        .args(["config", "check", "--bind", "127.0.0.1:9999"])
        // The environment wins over .env, as dotenv never replaces a variable already set.
        .env("SUPPLYSITE_LOG_FORMAT", "json")
        .env("SUPPLYSITE_TIME_ZONE", "Australia/Perth")
        .env("SUPPLYSITE_MAX_CONNECTIONS_PER_CLIENT", "12")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = rows(&out);
    assert_eq!(row(&rows, "SUPPLYSITE_BIND"), ("127.0.0.1:9999", "flag"));
    assert_eq!(row(&rows, "SUPPLYSITE_WORKERS"), ("3", ".env"));
    assert_eq!(row(&rows, "SUPPLYSITE_LOG_FORMAT"), ("json", "environment"));
    assert_eq!(
        row(&rows, "SUPPLYSITE_TIME_ZONE"),
        ("Australia/Perth", "environment")
    );
    assert_eq!(
        row(&rows, "SUPPLYSITE_MAX_CONNECTIONS_PER_CLIENT"),
        ("12", "environment")
    );
    assert_eq!(row(&rows, "SUPPLYSITE_PAGE_CACHE_MIB"), ("256", "default"));
    assert_eq!(
        row(&rows, "CONTACT_INBOX"),
        ("Supplysite <info@supplysite.com.au>", "default")
    );
    assert_eq!(row(&rows, "SUPPLYSITE_TRACKER_KEY"), ("(unset)", "default"));
    // Set to nothing in .env: unset, as a commented-out line would be.
    assert_eq!(row(&rows, "BREVO_API_KEY"), ("(unset)", "default"));
    assert_eq!(row(&rows, "--no-ssr"), ("(unset)", "default"));
    // Every setting of serve is listed, the Contentful ones it shares with audit included.
    for name in [
        "SUPPLYSITE_CONTENT",
        "CONTENTFUL_SPACE_ID",
        "CONTENTFUL_ACCESS_TOKEN",
        "SUPPLYSITE_DATABASE_URL",
        "SUPPLYSITE_IMAGE_WARM",
    ] {
        assert!(rows.contains_key(name), "{name} missing");
    }
}

const WEBHOOK_SECRET: &str = "WEBHOOKsecretWEBHOOKsecretWEBHOOKsecretWEBHOOKsecretWEBHOOKsecre";
const BREVO_KEY: &str = "xkeysib-recognisable-brevo-key";
const ROBOT_SECRET: &str = "recognisable-robot-secret-0123456789abcdef";
const DB_PASSWORD: &str = "recognisable-db-password";
const PREVIEW_TOKEN: &str = "recognisablePreviewToken";

#[test]
fn secrets_show_as_set_and_their_values_appear_nowhere() {
    let dir = TempDir::new().unwrap();
    std::fs::write(
        dir.path().join(".env"),
        format!("BREVO_API_KEY={BREVO_KEY}\n"),
    )
    .unwrap();
    let out = supplysite(dir.path())
        .args(["config", "check", "--robot-secret", ROBOT_SECRET])
        .env("CONTENTFUL_WEBHOOK_SECRET", WEBHOOK_SECRET)
        .env("CONTACT_SENDER", "Web <web@example.com>")
        .env(
            "SUPPLYSITE_DATABASE_URL",
            format!("postgres://site:{DB_PASSWORD}@db.example.test/site"),
        )
        .output()
        .unwrap();
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{all}");
    let rows = rows(&out);
    assert_eq!(
        row(&rows, "CONTENTFUL_WEBHOOK_SECRET"),
        ("(set)", "environment")
    );
    assert_eq!(row(&rows, "BREVO_API_KEY"), ("(set)", ".env"));
    assert_eq!(row(&rows, "SUPPLYSITE_ROBOT_SECRET"), ("(set)", "flag"));
    assert_eq!(
        row(&rows, "SUPPLYSITE_DATABASE_URL"),
        ("(set)", "environment")
    );
    assert_eq!(row(&rows, "RECAPTCHA_SECRET"), ("(unset)", "default"));
    for secret in [WEBHOOK_SECRET, BREVO_KEY, ROBOT_SECRET, DB_PASSWORD] {
        assert!(!all.contains(secret), "{secret} printed:\n{all}");
    }
}

#[test]
fn bad_values_exit_2_naming_every_one_and_never_a_secret() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join(".env"), "SUPPLYSITE_WORKERS=0\n").unwrap();
    for command in [&["config", "check"][..], &["serve"][..]] {
        let out = supplysite(dir.path())
            .args(command)
            .args([
                "--page-cache-mib",
                "lots",
                "--robot-secret",
                "short-robot-secret",
            ])
            .env("SUPPLYSITE_BIND", "localhost")
            .env("SUPPLYSITE_LOG_FORMAT", "xml")
            .env("CONTENTFUL_WEBHOOK_SECRET", "too-short-webhook-secret")
            .env(
                "CONTENTFUL_PREVIEW_TOKEN",
                format!("{PREVIEW_TOKEN} with blanks"),
            )
            .output()
            .unwrap();
        let stderr = text(&out.stderr);
        let all = format!("{}{stderr}", text(&out.stdout));
        assert_eq!(out.status.code(), Some(2), "{command:?}: {all}");
        for named in [
            "SUPPLYSITE_WORKERS / --workers: invalid number of workers \"0\" (expected a whole number from 1 to 1024)",
            "SUPPLYSITE_PAGE_CACHE_MIB / --page-cache-mib: invalid size in MiB \"lots\"",
            "SUPPLYSITE_BIND / --bind: invalid address \"localhost\" (expected host:port",
            "SUPPLYSITE_LOG_FORMAT / --log-format: invalid value \"xml\" (expected text or json)",
            "SUPPLYSITE_ROBOT_SECRET / --robot-secret: too short: 18 bytes",
            "CONTENTFUL_WEBHOOK_SECRET / --webhook-secret: invalid webhook signing secret of 24 characters",
            "CONTENTFUL_PREVIEW_TOKEN / --contentful-preview-token: invalid token",
        ] {
            assert!(
                stderr.contains(named),
                "{command:?}: {named} not in\n{stderr}"
            );
        }
        for secret in [
            "short-robot-secret",
            "too-short-webhook-secret",
            PREVIEW_TOKEN,
        ] {
            assert!(
                !all.contains(secret),
                "{command:?}: {secret} printed:\n{all}"
            );
        }
    }
    // config check lists the rest with the bad ones marked.
    let out = supplysite(dir.path())
        .args(["config", "check"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        row(&rows(&out), "SUPPLYSITE_WORKERS"),
        ("0", ".env  INVALID")
    );
}

#[test]
fn settings_that_go_together_are_checked_together() {
    let dir = TempDir::new().unwrap();
    let out = supplysite(dir.path())
        .args(["config", "check"])
        .env("BREVO_API_KEY", BREVO_KEY)
        .env("CONTENTFUL_SPACE_ID", "space1")
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("CONTACT_SENDER / --contact-sender: required with BREVO_API_KEY"),
        "{stderr}"
    );
    assert!(
        stderr.contains("CONTENTFUL_ACCESS_TOKEN is not set but CONTENTFUL_SPACE_ID is"),
        "{stderr}"
    );
    assert!(!stderr.contains(BREVO_KEY), "{stderr}");
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `docs/settings.md` and `.env.example` are what the declarations make;
/// `UPDATE_SETTINGS_DOC=1` writes them.
#[test]
fn the_settings_reference_and_env_example_are_generated_from_the_declarations() {
    let dir = TempDir::new().unwrap();
    for (command, file) in [
        ("docs", "docs/settings.md"),
        ("env-example", ".env.example"),
    ] {
        // A setting in the environment must not change the reference.
        let out = supplysite(dir.path())
            .args(["config", command])
            .env("SUPPLYSITE_BIND", "0.0.0.0:1")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        let made = text(&out.stdout);
        let path = repo_root().join(file);
        if std::env::var_os("UPDATE_SETTINGS_DOC").is_some() {
            std::fs::write(&path, &made).unwrap();
            continue;
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            stored == made,
            "{file} is stale: regenerate it with UPDATE_SETTINGS_DOC=1 cargo test -p supplysite-cli --test config"
        );
    }
}

#[test]
fn env_example_sets_nothing() {
    let example = std::fs::read_to_string(repo_root().join(".env.example")).unwrap();
    for line in example.lines() {
        assert!(
            line.is_empty() || line.starts_with('#'),
            "an open line in .env.example: {line}"
        );
    }
    assert!(example.contains("# SUPPLYSITE_CONTENT="));
    assert!(!example.contains("408"));
    let reference = std::fs::read_to_string(repo_root().join("docs/settings.md")).unwrap();
    assert!(reference.contains("answers 503 with Retry-After"));
}
