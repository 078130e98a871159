use crate::helpers::demo;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use supplysite_content_adapter::contentful::SyncSource;
use supplysite_content_adapter::contentful::fake::{FakeContentful, Fault, RecordingPause};
use supplysite_content_adapter::{load_export_bytes, load_export_value};
use supplysite_core::compose::compose;
use supplysite_core::content::{BlogPost, ContentSet};
use supplysite_core::ports::ContentSource;
use supplysite_core::routes::Route;

fn source(fake: &FakeContentful, snapshot: &Path) -> (SyncSource, Arc<RecordingPause>) {
    let pause = Arc::new(RecordingPause::default());
    let source =
        SyncSource::with_pause(fake.settings(), pause.clone(), Some(snapshot.to_path_buf()))
            .unwrap();
    (source, pause)
}

/// The sync requests the fake received since `from`: `initial` or `delta` each.
fn syncs(fake: &FakeContentful, from: usize) -> Vec<&'static str> {
    fake.received()[from..]
        .iter()
        .filter(|r| r.path.ends_with("/sync"))
        .map(|r| match r.query.as_deref() {
            Some(q) if q.contains("initial=true") => "initial",
            _ => "delta",
        })
        .collect()
}

fn every_route(set: &ContentSet) -> Vec<Route> {
    let mut routes = supplysite_core::rules::every_route(set);
    routes.push(Route::Insight("no-such-post".into()));
    routes.push(Route::NotFound);
    routes
}

/// Every route of either set composes to the same view model from both.
fn same_pages(synced: &ContentSet, expected: &ContentSet) {
    let mut routes = every_route(expected);
    routes.extend(every_route(synced));
    assert!(routes.len() > 10, "{} routes", routes.len());
    for route in routes {
        let want = serde_json::to_value(compose(&route, expected)).unwrap();
        let got = serde_json::to_value(compose(&route, synced)).unwrap();
        assert!(
            got == want,
            "{route:?} differs:\n{got}\n--- expected ---\n{want}"
        );
    }
}

/// What the export reader makes of the space the fake serves now.
fn export_read(fake: &FakeContentful) -> ContentSet {
    load_export_value(fake.export(), None).unwrap().set
}

fn entry_mut<'a>(export: &'a mut Value, id: &str) -> &'a mut Value {
    export["entries"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["sys"]["id"] == id)
        .unwrap_or_else(|| panic!("no entry {id}"))
}

fn asset_mut<'a>(export: &'a mut Value, id: &str) -> &'a mut Value {
    export["assets"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["sys"]["id"] == id)
        .unwrap_or_else(|| panic!("no asset {id}"))
}

#[tokio::test]
async fn an_initial_sync_of_a_synthesised_space_reads_every_page_and_equals_the_export_read() {
    let mut bytes = Vec::new();
    supplysite_content_adapter::synth::write_export(&mut bytes, 700).unwrap();
    let export: Value = serde_json::from_slice(&bytes).unwrap();
    let items =
        export["entries"].as_array().unwrap().len() + export["assets"].as_array().unwrap().len();
    assert!(items > 1000, "{items} items: more than one page");
    let fake = FakeContentful::start(export).await;
    let dir = tempfile::tempdir().unwrap();
    let (source, _) = source(&fake, &dir.path().join("s.json"));
    let synced = source.load().await.unwrap();
    let file = load_export_bytes(&bytes, None).unwrap().set;
    assert_eq!(synced.posts().len(), 700);
    same_pages(&synced, &file);
    let pages = syncs(&fake, 0);
    assert_eq!(pages.len(), items.div_ceil(1000));
    assert_eq!(pages[0], "initial");
    let first = fake
        .received()
        .into_iter()
        .find(|r| r.path.ends_with("/sync"))
        .unwrap();
    assert!(first.query.unwrap().contains("limit=1000"));
    fake.stop().await;
}

#[tokio::test]
async fn nothing_changed_costs_one_request_and_gives_no_new_set() {
    let fake = FakeContentful::start(demo()).await;
    let dir = tempfile::tempdir().unwrap();
    let (source, _) = source(&fake, &dir.path().join("s.json"));
    let set = source.load().await.unwrap();
    let before = fake.received().len();
    assert!(source.load_changed(set.version()).await.unwrap().is_none());
    let asked = &fake.received()[before..];
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(asked[0].path.ends_with("/sync"));
    assert!(!source.status().unwrap().from_disk);
    fake.stop().await;
}

/// Makes `change` to the fake's space, reads one delta and checks the pages against the
/// export read of the changed space; returns the synced set.
async fn one_delta(change: impl FnOnce(&FakeContentful)) -> ContentSet {
    one_delta_from(change).await.1
}

/// [`one_delta`], returning the set before the change as well.
async fn one_delta_from(change: impl FnOnce(&FakeContentful)) -> (ContentSet, ContentSet) {
    let fake = FakeContentful::start(demo()).await;
    let dir = tempfile::tempdir().unwrap();
    let (source, _) = source(&fake, &dir.path().join("s.json"));
    let before = source.load().await.unwrap();
    same_pages(&before, &export_read(&fake));
    change(&fake);
    let from = fake.received().len();
    let after = source
        .load_changed(before.version())
        .await
        .unwrap()
        .expect("a new set");
    assert_eq!(syncs(&fake, from), ["delta"]);
    assert_ne!(after.version(), before.version());
    same_pages(&after, &export_read(&fake));
    fake.stop().await;
    (before, after)
}

/// The post of `set` with entry id `id`.
fn post_by_id<'s>(set: &'s ContentSet, id: &str) -> &'s Arc<BlogPost> {
    set.posts()
        .iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("no post {id}"))
}

#[tokio::test]
async fn a_published_change_shows_after_one_delta() {
    let (before, set) = one_delta_from(retitle(
        "post-what-is-e-tendering",
        "E-tendering, explained again",
        99,
    ))
    .await;
    assert_eq!(
        set.post("what-is-e-tendering").unwrap().title,
        "E-tendering, explained again"
    );
    // Only the changed post was read again: every other is the one already held.
    let changed = post_by_id(&set, "post-what-is-e-tendering");
    assert!(!Arc::ptr_eq(
        changed,
        post_by_id(&before, "post-what-is-e-tendering")
    ));
    let others: Vec<_> = set.posts().iter().filter(|p| p.id != changed.id).collect();
    assert!(others.len() > 2, "{} other posts", others.len());
    for post in others {
        assert!(
            Arc::ptr_eq(post, post_by_id(&before, &post.id)),
            "{} was read again",
            post.id
        );
    }
    assert!(!set.case_studies().is_empty());
    for (story, earlier) in set.case_studies().iter().zip(before.case_studies()) {
        assert!(Arc::ptr_eq(story, earlier), "{} was read again", story.id);
    }
}

#[tokio::test]
async fn a_changed_hero_image_shows_on_the_posts_that_use_it_after_one_delta() {
    let demo = demo();
    let hero = demo["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|e| e["fields"]["heroImage"]["en-AU"]["sys"]["id"].as_str())
        .expect("a post with a hero image")
        .to_string();
    let changed = hero.clone();
    let (before, set) = one_delta_from(move |fake| {
        fake.edit(|export| {
            let asset = asset_mut(export, &changed);
            asset["fields"]["description"] = json!({"en-AU": "A new description"});
            asset["sys"]["publishedVersion"] = json!(77);
        })
    })
    .await;
    let using: Vec<_> = set
        .posts()
        .iter()
        .filter_map(|p| p.hero_image.as_ref())
        .filter(|image| image.id == hero)
        .collect();
    assert!(!using.is_empty());
    for image in using {
        assert_eq!(image.description.as_deref(), Some("A new description"));
    }
    // The posts and stories that do not link to it, with or without a picture of their own,
    // are the ones already held: not read again.
    let links = |id: &str| {
        demo["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["sys"]["id"] == id)
            .is_some_and(|e| e.to_string().contains(&format!("\"{hero}\"")))
    };
    let mut shared = 0;
    for post in set.posts() {
        let old = post_by_id(&before, &post.id);
        assert_eq!(Arc::ptr_eq(post, old), !links(&post.id), "{}", post.id);
        shared += usize::from(post.hero_image.is_none() && Arc::ptr_eq(post, old));
    }
    assert!(shared > 0, "no post without a picture was kept");
    for story in set.case_studies() {
        let old = before
            .case_studies()
            .iter()
            .find(|c| c.id == story.id)
            .unwrap();
        assert_eq!(Arc::ptr_eq(story, old), !links(&story.id), "{}", story.id);
    }
}

#[tokio::test]
async fn a_changed_story_picture_shows_on_its_story_and_no_other_story_is_read_again() {
    let demo = demo();
    let stories: Vec<&Value> = demo["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["sys"]["contentType"]["sys"]["id"] == "casestudy")
        .collect();
    let (story, picture) = stories
        .iter()
        .find_map(|e| {
            let id = ["mainImage", "logo", "productLogo"]
                .iter()
                .find_map(|field| e["fields"][field]["en-AU"]["sys"]["id"].as_str())?;
            // One no other story shows.
            let quoted = format!("\"{id}\"");
            let showing = stories.iter().filter(|o| o.to_string().contains(&quoted));
            (showing.count() == 1)
                .then(|| (e["sys"]["id"].as_str().unwrap().to_string(), id.to_string()))
        })
        .expect("a story with a picture of its own");
    let changed = picture.clone();
    let (before, set) = one_delta_from(move |fake| {
        fake.edit(|export| {
            let asset = asset_mut(export, &changed);
            asset["fields"]["title"] = json!({"en-AU": "A story's new picture"});
            asset["fields"]["description"] = json!({"en-AU": "A story's new picture"});
            asset["sys"]["publishedVersion"] = json!(78);
        })
    })
    .await;
    let read_again = set.case_studies().iter().find(|c| c.id == story).unwrap();
    let pictures = [
        &read_again.main_image,
        &read_again.logo,
        &read_again.product_logo,
    ];
    let shown = pictures
        .iter()
        .find_map(|p| p.as_ref().filter(|a| a.id == picture));
    let shown = format!("{:?}", shown.expect("the story shows its picture"));
    assert!(shown.contains("A story's new picture"), "{shown}");
    for story in set.case_studies() {
        let old = before
            .case_studies()
            .iter()
            .find(|c| c.id == story.id)
            .unwrap();
        assert_eq!(
            Arc::ptr_eq(story, old),
            story.id != read_again.id,
            "{}",
            story.id
        );
    }
}

#[tokio::test]
async fn an_unpublished_entry_is_gone_after_one_delta() {
    let set = one_delta(|fake| fake.unpublish("post-what-is-e-tendering")).await;
    assert!(set.post("what-is-e-tendering").is_none());
}

#[tokio::test]
async fn a_deleted_asset_is_gone_after_one_delta() {
    let demo = demo();
    let asset = demo["assets"][0]["sys"]["id"].as_str().unwrap().to_string();
    let gone = asset.clone();
    let set = one_delta(move |fake| {
        fake.edit(|export| {
            export["assets"]
                .as_array_mut()
                .unwrap()
                .retain(|a| a["sys"]["id"] != gone.as_str());
        })
    })
    .await;
    assert!(!set.parts().assets.contains_key(&asset));
}

#[tokio::test]
async fn a_changed_content_type_shows_after_one_delta() {
    // The read time field leaves the post model; entries republished without it show the
    // publish date instead.
    let set = one_delta(|fake| {
        fake.edit(|export| {
            for ct in export["contentTypes"].as_array_mut().unwrap() {
                if ct["sys"]["id"] == "blogPost" {
                    ct["fields"]
                        .as_array_mut()
                        .unwrap()
                        .retain(|f| f["id"] != "estimatedreadtime");
                }
            }
            for e in export["entries"].as_array_mut().unwrap() {
                if e["sys"]["contentType"]["sys"]["id"] == "blogPost" {
                    e["fields"]
                        .as_object_mut()
                        .unwrap()
                        .remove("estimatedreadtime");
                }
            }
        })
    })
    .await;
    assert!(set.posts().iter().all(|p| p.estimated_read_time.is_none()));
}

#[tokio::test]
async fn a_restart_with_the_snapshot_on_disk_reads_one_delta() {
    let fake = FakeContentful::start(demo()).await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cache/s.json");
    let (first, _) = source(&fake, &path);
    let served = first.load().await.unwrap();
    first.saved().await;
    let written = first.activity().saves.last_ok.unwrap();
    drop(first);

    // Unchanged: the restart serves the snapshot after one empty delta, same version.
    let from = fake.received().len();
    let (again, _) = source(&fake, &path);
    let set = again.load().await.unwrap();
    assert_eq!(set.version(), served.version());
    // The copy it found stands as the last saved, though this process wrote none.
    let activity = again.activity();
    assert_eq!((activity.saves.ok, activity.saves.failed), (0, 0));
    assert!(
        activity.saves.last_ok.unwrap().0.abs_diff(written.0) < 5_000,
        "{activity:?} against {written:?}"
    );
    assert_eq!(
        fake.received().len() - from,
        1,
        "one delta and nothing else"
    );
    assert_eq!(syncs(&fake, from), ["delta"]);
    // It served before its synced items were rebuilt from the snapshot; the next publish is
    // applied on them, and the token it moved on to since.
    retitle("post-what-is-e-tendering", "Read after a restart", 77)(&fake);
    let published = again.load_changed(set.version()).await.unwrap().unwrap();
    again.saved().await;
    assert_eq!(
        published.post("what-is-e-tendering").unwrap().title,
        "Read after a restart"
    );
    assert_eq!(published.parts(), export_read(&fake).parts());
    same_pages(&published, &export_read(&fake));
    assert!(
        again
            .load_changed(published.version())
            .await
            .unwrap()
            .is_none()
    );
    drop(again);

    // Changed while it was down: one delta brings the change.
    fake.unpublish("post-what-is-e-tendering");
    let from = fake.received().len();
    let (third, _) = source(&fake, &path);
    let set = third.load().await.unwrap();
    third.saved().await;
    assert_eq!(syncs(&fake, from), ["delta"]);
    assert!(set.post("what-is-e-tendering").is_none());
    same_pages(&set, &export_read(&fake));
    // Built on the saved content: everything but the unpublished post, as a fresh read has it.
    assert_eq!(set.parts(), export_read(&fake).parts());
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_without_a_snapshot_on_disk_starts_from_the_shared_one_and_reads_one_delta() {
    use supplysite_core::ports::fakes::FakeSnapshots;
    let fake = FakeContentful::start(demo()).await;
    let shared = Arc::new(FakeSnapshots::default());
    let dirs = [(); 4].map(|_| tempfile::tempdir().unwrap());
    let replica = |n: usize| {
        source(&fake, &dirs[n].path().join("sync-space.json"))
            .0
            .with_shared(shared.clone())
    };
    let a = replica(0);
    let served = a.load().await.unwrap();
    a.saved().await;
    assert_eq!(shared.offers(), 1, "offered after the first load");
    let activity = a.activity();
    assert!(activity.sharing);
    assert_eq!((activity.saves.ok, activity.saves.failed), (1, 0));
    assert_eq!((activity.shares.ok, activity.shares.failed), (1, 0));
    assert_eq!((activity.adoptions.ok, activity.adoptions.failed), (0, 0));
    // A publish soon after: saved on disk, not offered again so soon.
    fake.unpublish("post-what-is-e-tendering");
    let changed = a.load_changed(served.version()).await.unwrap().unwrap();
    a.saved().await;
    assert_eq!(shared.offers(), 1);

    // A new replica with nothing on disk starts from the shared snapshot (from before the
    // publish) and reads the delta since: no initial sync.
    let from = fake.received().len();
    let b = replica(1);
    let set = b.load().await.unwrap();
    b.saved().await;
    assert_eq!(syncs(&fake, from), ["delta"]);
    assert_eq!(set.version(), changed.version());
    assert!(set.post("what-is-e-tendering").is_none());
    assert_eq!(set.parts(), export_read(&fake).parts());
    assert_eq!(b.activity().adoptions.ok, 1);
    // The shared snapshot is written to disk in the background, then the content with the
    // delta after it: the file holds the newer one, never the other way round.
    let saved = std::fs::read_to_string(dirs[1].path().join("sync-space.json")).unwrap();
    let header: serde_json::Value = serde_json::from_str(saved.lines().next().unwrap()).unwrap();
    assert_eq!(header["version"], changed.version());
    // (The earlier write is skipped when the later one gets there first.)
    let saves = b.activity().saves;
    assert!(saves.ok >= 1 && saves.failed == 0, "{saves:?}");

    // The shared store down: a third replica syncs from the start, and serves.
    shared.set_down(true);
    let from = fake.received().len();
    let c = replica(2);
    let set = c.load().await.unwrap();
    c.saved().await;
    assert_eq!(syncs(&fake, from).first(), Some(&"initial"));
    assert_eq!(set.version(), changed.version());
    // Both failures are counted, and the last share says it failed.
    let activity = c.activity();
    assert_eq!((activity.adoptions.ok, activity.adoptions.failed), (0, 1));
    assert_eq!((activity.shares.ok, activity.shares.failed), (0, 1));
    assert!(activity.shares.failing && !activity.saves.failing);

    // Something that is not a snapshot in the store: the same.
    use supplysite_core::ports::{SharedSnapshots, UnixMillis};
    shared.set_down(false);
    shared
        .offer("sync-space.json", UnixMillis(i64::MAX), b"not a snapshot")
        .await
        .unwrap();
    let from = fake.received().len();
    let d = replica(3);
    let set = d.load().await.unwrap();
    assert_eq!(syncs(&fake, from).first(), Some(&"initial"));
    assert_eq!(set.version(), changed.version());
    assert_eq!(d.activity().adoptions.failed, 1);
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_whose_saved_token_is_refused_starts_from_the_shared_snapshot_when_it_follows_another()
 {
    use supplysite_core::ports::fakes::FakeSnapshots;
    let fake = FakeContentful::start(demo()).await;
    let shared = Arc::new(FakeSnapshots::default());
    let dirs = [(); 2].map(|_| tempfile::tempdir().unwrap());
    let path = |n: usize| dirs[n].path().join("sync-space.json");
    let replica = |n: usize| source(&fake, &path(n)).0.with_shared(shared.clone());
    // A replica syncs and saves; its token is then refused (the space was reset, say).
    let old = replica(0);
    old.load().await.unwrap();
    old.saved().await;
    fake.expire_sync_tokens();
    fake.unpublish("post-what-is-e-tendering");
    // Another replica syncs from the start and shares a snapshot with a token that works.
    let fresh = replica(1);
    let expected = fresh.load().await.unwrap();
    fresh.saved().await;
    assert_eq!(shared.offers(), 2);

    // The first restarts: its token is refused, it takes the shared snapshot and reads one
    // delta since it, with no initial sync.
    let from = fake.received().len();
    let restarted = replica(0);
    let set = restarted.load().await.unwrap();
    restarted.saved().await;
    assert_eq!(syncs(&fake, from), ["delta", "delta"]);
    assert_eq!(set.version(), expected.version());
    assert!(set.post("what-is-e-tendering").is_none());
    assert_eq!(restarted.activity().adoptions.ok, 1);

    // When the shared snapshot follows the refused token too, there is nothing to gain: a
    // sync from the start, once.
    fake.expire_sync_tokens();
    let from = fake.received().len();
    let again = replica(1);
    let set = again.load().await.unwrap();
    assert_eq!(syncs(&fake, from)[..2], ["delta", "initial"]);
    assert_eq!(set.version(), expected.version());
    assert_eq!(again.activity().adoptions, Default::default());
    fake.stop().await;
}

#[tokio::test]
async fn a_snapshot_that_cannot_be_written_is_counted_and_the_content_is_still_served() {
    let fake = FakeContentful::start(demo()).await;
    let dir = tempfile::tempdir().unwrap();
    // The snapshot's folder is a file: every write fails.
    let blocker = dir.path().join("cache");
    std::fs::write(&blocker, b"").unwrap();
    let (source, _) = source(&fake, &blocker.join("sync-space.json"));
    let set = source.load().await.unwrap();
    source.saved().await;
    assert!(set.post("what-is-e-tendering").is_some());
    let activity = source.activity();
    assert_eq!((activity.saves.ok, activity.saves.failed), (0, 1));
    assert!(activity.saves.failing);
    assert!(!activity.sharing);
    // Fixed: the next change is saved, and the step no longer fails.
    std::fs::remove_file(&blocker).unwrap();
    fake.unpublish("post-what-is-e-tendering");
    source.load_changed(set.version()).await.unwrap().unwrap();
    source.saved().await;
    let activity = source.activity();
    assert_eq!((activity.saves.ok, activity.saves.failed), (1, 1));
    assert!(!activity.saves.failing && activity.saves.last_ok.is_some());
    fake.stop().await;
}

#[tokio::test]
async fn a_restart_while_contentful_is_down_serves_the_snapshot_and_catches_up_later() {
    let fake = FakeContentful::start(demo()).await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let first = source(&fake, &path).0;
    let served = first.load().await.unwrap();
    first.saved().await;
    fake.always(Some(Fault::Status(503)));
    let (restarted, _) = source(&fake, &path);
    let set = restarted.load().await.unwrap();
    assert_eq!(set.version(), served.version());
    assert!(restarted.status().unwrap().from_disk);
    // Back up, with a change made meanwhile: the next reload reads it.
    fake.always(None);
    fake.unpublish("post-what-is-e-tendering");
    let changed = restarted
        .load_changed(set.version())
        .await
        .unwrap()
        .unwrap();
    assert!(changed.post("what-is-e-tendering").is_none());
    assert!(!restarted.status().unwrap().from_disk);
    fake.stop().await;
}

#[tokio::test]
async fn a_refused_token_falls_back_to_an_initial_sync_and_a_failure_meanwhile_changes_nothing() {
    let fake = FakeContentful::start(demo()).await;
    let dir = tempfile::tempdir().unwrap();
    let (source, _) = source(&fake, &dir.path().join("s.json"));
    let set = source.load().await.unwrap();
    fake.expire_sync_tokens();
    fake.unpublish("post-what-is-e-tendering");
    // The initial sync fails: the error is passed on, nothing new is served.
    fake.push(Fault::Status(400));
    fake.push(Fault::Status(401));
    assert!(source.load_changed(set.version()).await.is_err());
    let from = fake.received().len();
    let recovered = source.load_changed(set.version()).await.unwrap().unwrap();
    assert_eq!(syncs(&fake, from)[..2], ["delta", "initial"]);
    assert!(recovered.post("what-is-e-tendering").is_none());
    same_pages(&recovered, &export_read(&fake));
    // And the new token works.
    let from = fake.received().len();
    assert!(
        source
            .load_changed(recovered.version())
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(syncs(&fake, from), ["delta"]);
    fake.stop().await;
}

#[tokio::test]
async fn a_rate_limit_waits_exactly_as_long_as_the_reset_header_says() {
    let fake = FakeContentful::start(demo()).await;
    let dir = tempfile::tempdir().unwrap();
    let (source, pause) = source(&fake, &dir.path().join("s.json"));
    let set = source.load().await.unwrap();
    fake.push(Fault::RateLimited { reset_seconds: 7 });
    assert!(source.load_changed(set.version()).await.unwrap().is_none());
    assert_eq!(pause.waits(), [std::time::Duration::from_secs(7)]);
    fake.stop().await;
}

#[tokio::test]
async fn no_request_ever_carries_the_sync_token_into_an_error() {
    let fake = FakeContentful::start(demo()).await;
    let dir = tempfile::tempdir().unwrap();
    let (source, _) = source(&fake, &dir.path().join("s.json"));
    let set = source.load().await.unwrap();
    fake.always(Some(Fault::Status(503)));
    let err = source.load_changed(set.version()).await.unwrap_err();
    assert!(!format!("{err} {err:?}").contains("sync_token"), "{err}");
    fake.stop().await;
}

/// A change made to the fake's space.
type Change<'a> = Box<dyn FnOnce(&FakeContentful) + 'a>;

/// Publishes entry `id` again with a new `title`, as `version`.
fn retitle<'a>(id: &'a str, title: &'a str, version: u64) -> Change<'a> {
    Box::new(move |fake: &FakeContentful| {
        fake.edit(|export| {
            let entry = entry_mut(export, id);
            entry["fields"]["title"]["en-AU"] = json!(title);
            entry["sys"]["publishedVersion"] = json!(version);
        })
    })
}

/// The id of the first entry of content type `ct` in `export`.
fn first_of(export: &Value, ct: &str) -> String {
    export["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["sys"]["contentType"]["sys"]["id"] == ct)
        .and_then(|e| e["sys"]["id"].as_str())
        .unwrap_or_else(|| panic!("no {ct} entry"))
        .to_string()
}

#[tokio::test]
async fn deltas_that_touch_posts_then_pages_then_posts_again_each_show_what_the_export_shows() {
    // A delta touching only posts reuses everything else of the last set; one touching
    // anything else reads that again. Mixed in turn, each must equal a fresh read.
    let fake = FakeContentful::start(demo()).await;
    let dir = tempfile::tempdir().unwrap();
    let (source, _) = source(&fake, &dir.path().join("s.json"));
    let mut served = source.load().await.unwrap();
    let export = fake.export();
    let faq_item = first_of(&export, "faqItem");
    let page = first_of(&export, "pageBuilder");
    let post = first_of(&export, "blogPost");
    let other_post = export["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["sys"]["contentType"]["sys"]["id"] == "blogPost")
        .nth(1)
        .and_then(|e| e["sys"]["id"].as_str())
        .unwrap()
        .to_string();
    let steps: Vec<(&str, Change<'_>)> = vec![
        ("a post edited", retitle(&post, "Edited once", 50)),
        (
            "an FAQ answer edited",
            Box::new(|fake: &FakeContentful| {
                fake.edit(|export| {
                    let entry = entry_mut(export, &faq_item);
                    let fields = entry["fields"].as_object_mut().unwrap();
                    let (_, first) = fields
                        .iter_mut()
                        .find(|(_, v)| v["en-AU"].is_string())
                        .unwrap();
                    first["en-AU"] = json!("An answer edited just now");
                    entry["sys"]["publishedVersion"] = json!(51);
                })
            }),
        ),
        (
            "a new post",
            Box::new(|fake: &FakeContentful| {
                fake.edit(|export| {
                    let mut copy = entry_mut(export, &post).clone();
                    copy["sys"]["id"] = json!("post-added-by-a-delta");
                    copy["fields"]["slug"]["en-AU"] = json!("added-by-a-delta");
                    export["entries"].as_array_mut().unwrap().push(copy);
                })
            }),
        ),
        (
            // Right after another delta of posts only: the post just added must be kept.
            "another post edited",
            retitle(&other_post, "Another edit", 53),
        ),
        (
            "a page unpublished",
            Box::new(|fake: &FakeContentful| fake.unpublish(&page)),
        ),
        ("the post edited again", retitle(&post, "Edited twice", 52)),
    ];
    for (step, change) in steps {
        change(&fake);
        let from = fake.received().len();
        let next = source
            .load_changed(served.version())
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("{step}: no new set"));
        assert_eq!(syncs(&fake, from), ["delta"], "{step}");
        assert_ne!(next.version(), served.version(), "{step}");
        same_pages(&next, &export_read(&fake));
        assert_eq!(next.parts(), export_read(&fake).parts(), "{step}");
        // What the step did not change is the same allocation, not a copy read again.
        for post in next.posts() {
            if let Some(old) = served.posts().iter().find(|o| o.id == post.id)
                && old == post
            {
                assert!(Arc::ptr_eq(old, post), "{step}: {} read again", post.id);
            }
        }
        served = next;
    }
    assert!(served.post("added-by-a-delta").is_some());
    assert!(!served.pages().iter().any(|p| p.id == page));
    fake.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_snapshot_that_is_a_gzip_bomb_is_refused_and_the_replica_syncs_from_the_start() {
    use std::io::Write;
    use supplysite_core::ports::fakes::FakeSnapshots;
    use supplysite_core::ports::{SharedSnapshots, UnixMillis};
    let fake = FakeContentful::start(demo()).await;
    let shared = Arc::new(FakeSnapshots::default());
    // 64 MiB of zeros behind a snapshot's first line: tens of kilobytes in the store.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(b"{\"format\":1}\n").unwrap();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..64 {
        gz.write_all(&zeros).unwrap();
    }
    let bomb = gz.finish().unwrap();
    assert!(bomb.len() < 256 << 10, "{} bytes", bomb.len());
    shared
        .offer("sync-space.json", UnixMillis(i64::MAX), &bomb)
        .await
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    // A cap of 16 MiB stands in for the default's gigabyte.
    let replica = source(&fake, &dir.path().join("sync-space.json"))
        .0
        .with_shared(shared.clone())
        .with_shared_limit(16 << 20);
    let from = fake.received().len();
    let set = replica.load().await.unwrap();
    replica.saved().await;
    assert_eq!(syncs(&fake, from).first(), Some(&"initial"));
    assert_eq!(set.parts(), export_read(&fake).parts());
    let activity = replica.activity();
    assert_eq!((activity.adoptions.ok, activity.adoptions.failed), (0, 1));
    assert!(activity.adoptions.failing);
    // What it saved and shared is its own content, not the bomb.
    let saved = std::fs::read_to_string(dir.path().join("sync-space.json")).unwrap();
    let header: serde_json::Value = serde_json::from_str(saved.lines().next().unwrap()).unwrap();
    assert_eq!(header["version"], set.version());
    fake.stop().await;
}
