//! The content source port's contract, one suite run against every implementation: core's
//! in-memory fake, the export file and Contentful (through the local fake Contentful). Each
//! serves the same small space, the demo's content model and three of its posts, and brings
//! a [`Subject`]: the source, how to change its content, the outages it can have and the
//! error each one gives.

mod cases;

use crate::helpers::demo;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use supplysite_content_adapter::contentful::fake::{FakeContentful, Fault, RecordingPause, TOKEN};
use supplysite_content_adapter::contentful::{ContentfulSource, SyncSource};
use supplysite_content_adapter::{ExportSource, load_export_value};
use supplysite_core::content::ContentSet;
use supplysite_core::ports::fakes::FakeContentSource;
use supplysite_core::ports::suite::run_suite;
use supplysite_core::ports::{ContentLoadError, ContentSource};
use tempfile::TempDir;

/// The slugs of the space's posts.
pub const SLUGS: [&str; 3] = [
    "what-is-e-tendering",
    "reverse-auction-myths",
    "supplier-scorecards-that-work",
];

/// The post a change to the content takes out, and its entry's id.
pub const TAKEN_OUT: (&str, &str) = ("reverse-auction-myths", "post-reverse-auction-myths");

/// One implementation, as the cases see it.
pub struct Subject {
    /// The source, serving the space.
    pub source: Arc<dyn ContentSource>,
    /// Takes the post [`TAKEN_OUT`] out of the space, as an editor unpublishing it would.
    pub change: Step,
    /// The ways the source can fail, each with the error it must give.
    pub outages: Vec<Outage>,
    /// Where the source looks: every error's location names it.
    pub location: String,
    /// A secret the source holds, which no error may show.
    pub secret: Option<&'static str>,
    /// The locale the source says a load read the space in (the space's default), if it says.
    pub locale: Option<&'static str>,
}

/// One way a source fails, and how it comes back.
pub struct Outage {
    /// What happens, for failure messages.
    pub how: &'static str,
    /// The error variant a load gives meanwhile.
    pub gives: Variant,
    /// Starts the outage.
    pub begin: Step,
    /// Ends it: the source is as it was before.
    pub end: Step,
}

/// The variants of [`ContentLoadError`], without their details.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Unreachable,
    Unauthorised,
    NotFound,
    Malformed,
}

impl Variant {
    pub fn of(error: &ContentLoadError) -> Variant {
        match error {
            ContentLoadError::Unreachable { .. } => Variant::Unreachable,
            ContentLoadError::Unauthorised { .. } => Variant::Unauthorised,
            ContentLoadError::NotFound { .. } => Variant::NotFound,
            ContentLoadError::Malformed { .. } => Variant::Malformed,
        }
    }

    pub fn location(error: &ContentLoadError) -> &str {
        match error {
            ContentLoadError::Unreachable { location, .. }
            | ContentLoadError::Unauthorised { location, .. }
            | ContentLoadError::NotFound { location }
            | ContentLoadError::Malformed { location, .. } => location,
        }
    }

    fn error(self, location: &str) -> ContentLoadError {
        let (location, reason) = (location.to_owned(), "told to fail".to_owned());
        match self {
            Variant::Unreachable => ContentLoadError::Unreachable { location, reason },
            Variant::Unauthorised => ContentLoadError::Unauthorised { location, reason },
            Variant::NotFound => ContentLoadError::NotFound { location },
            Variant::Malformed => ContentLoadError::Malformed { location, reason },
        }
    }
}

/// The space every implementation serves, less the entries with the ids in `leave_out`.
pub fn space(leave_out: &[&str]) -> Value {
    let demo = demo();
    let posts: Vec<Value> = demo["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e.pointer("/sys/contentType/sys/id") == Some(&json!("blogPost")))
        .filter(|e| {
            let slug = e.pointer("/fields/slug/en-AU").and_then(Value::as_str);
            slug.is_some_and(|s| SLUGS.contains(&s))
        })
        .filter(|e| !leave_out.contains(&e["sys"]["id"].as_str().unwrap()))
        .map(|post| {
            // Only the post's own fields: links would reach entries the space leaves out.
            let mut post = post.clone();
            let fields = post["fields"].as_object_mut().unwrap();
            fields.retain(|k, _| {
                ["slug", "title", "description", "publishDate", "seoIndex"].contains(&k.as_str())
            });
            post
        })
        .collect();
    assert_eq!(posts.len(), SLUGS.len() - leave_out.len());
    json!({
        "contentTypes": demo["contentTypes"],
        "locales": demo["locales"],
        "entries": posts,
        "assets": [],
    })
}

fn set_of(space: Value) -> ContentSet {
    load_export_value(space, None).unwrap().set
}

#[tokio::test]
async fn the_fake_content_source_keeps_the_contract() {
    run_suite("the fake content source", cases::ALL, |_| async { fake() }).await;
}

#[tokio::test]
async fn the_export_file_keeps_the_contract() {
    run_suite("the export file", cases::ALL, |_| async { export_file() }).await;
}

#[tokio::test]
async fn contentful_keeps_the_contract() {
    run_suite("contentful", cases::ALL, |_| contentful()).await;
}

#[tokio::test]
async fn contentful_through_the_sync_api_keeps_the_contract() {
    run_suite("contentful sync", cases::ALL, |_| contentful_sync()).await;
}

fn fake() -> Subject {
    let fake = Arc::new(FakeContentSource::new(set_of(space(&[]))));
    let changed = Arc::clone(&fake);
    let outages = [
        Variant::Unreachable,
        Variant::Unauthorised,
        Variant::NotFound,
        Variant::Malformed,
    ]
    .into_iter()
    .map(|variant| {
        let (down, up) = (Arc::clone(&fake), Arc::clone(&fake));
        Outage {
            how: "told to fail",
            gives: variant,
            begin: Box::new(move || down.set(Err(variant.error("fake.json")))),
            end: Box::new(move || up.set(Ok(set_of(space(&[]))))),
        }
    })
    .collect();
    Subject {
        source: fake,
        change: Box::new(move || changed.set(Ok(set_of(space(&[TAKEN_OUT.1]))))),
        outages,
        location: "fake.json".into(),
        secret: None,
        locale: None,
    }
}

/// A step a case takes on a subject.
pub type Step = Box<dyn Fn() + Send + Sync>;

/// The export file's name in its folder.
const FILE: &str = "export.json";

/// Moves the export in `dir` aside and runs `then` on its path; and the step that puts it back.
fn aside(dir: &Arc<TempDir>, then: fn(&Path)) -> (Step, Step) {
    let (down, up) = (Arc::clone(dir), Arc::clone(dir));
    (
        Box::new(move || {
            let file = down.path().join(FILE);
            std::fs::rename(&file, file.with_extension("aside")).unwrap();
            then(&file);
        }),
        Box::new(move || {
            let file = up.path().join(FILE);
            if file.is_dir() {
                std::fs::remove_dir(&file).unwrap();
            } else if file.exists() {
                std::fs::remove_file(&file).unwrap();
            }
            std::fs::rename(file.with_extension("aside"), &file).unwrap();
        }),
    )
}

fn export_file() -> Subject {
    let dir = Arc::new(tempfile::tempdir().unwrap());
    let path = dir.path().join(FILE);
    std::fs::write(&path, serde_json::to_vec(&space(&[])).unwrap()).unwrap();
    let outage = |how: &'static str, gives: Variant, then: fn(&Path)| {
        let (begin, end) = aside(&dir, then);
        Outage {
            how,
            gives,
            begin,
            end,
        }
    };
    let outages = vec![
        outage("the file is gone", Variant::NotFound, |_| {}),
        outage(
            "a folder stands where the file was",
            Variant::Unreachable,
            |file| std::fs::create_dir(file).unwrap(),
        ),
        outage("the file is not an export", Variant::Malformed, |file| {
            std::fs::write(file, "{\"locales\": []}").unwrap()
        }),
    ];
    Subject {
        location: path.display().to_string(),
        source: Arc::new(ExportSource::new(&path)),
        change: Box::new(move || {
            let changed = serde_json::to_vec(&space(&[TAKEN_OUT.1])).unwrap();
            std::fs::write(dir.path().join(FILE), changed).unwrap()
        }),
        outages,
        secret: None,
        locale: None,
    }
}

async fn contentful() -> Subject {
    let fake = Arc::new(FakeContentful::start(space(&[])).await);
    let source =
        ContentfulSource::with_pause(fake.settings(), Arc::new(RecordingPause::default())).unwrap();
    contentful_subject(fake, Arc::new(source))
}

/// Contentful read through the Sync API, with its snapshot in a folder of its own.
async fn contentful_sync() -> Subject {
    let fake = Arc::new(FakeContentful::start(space(&[])).await);
    let dir = tempfile::tempdir().unwrap();
    let source = SyncSource::with_pause(
        fake.settings(),
        Arc::new(RecordingPause::default()),
        Some(dir.keep().join("space.json")),
    )
    .unwrap();
    contentful_subject(fake, Arc::new(source))
}

fn contentful_subject(fake: Arc<FakeContentful>, source: Arc<dyn ContentSource>) -> Subject {
    let outage = |how: &'static str, gives: Variant, status: u16| {
        let (down, up) = (Arc::clone(&fake), Arc::clone(&fake));
        Outage {
            how,
            gives,
            begin: Box::new(move || down.always(Some(Fault::Status(status)))),
            end: Box::new(move || up.always(None)),
        }
    };
    let outages = vec![
        outage(
            "contentful answers 503 to everything",
            Variant::Unreachable,
            503,
        ),
        outage("contentful refuses the token", Variant::Unauthorised, 401),
        outage("contentful has no such space", Variant::NotFound, 404),
    ];
    let changed = Arc::clone(&fake);
    Subject {
        source,
        change: Box::new(move || changed.unpublish(TAKEN_OUT.1)),
        outages,
        location: fake.url(),
        secret: Some(TOKEN),
        locale: Some("en-AU"),
    }
}
