//! Warming the cache after a content load: the renditions pages ask for most are made on a
//! background thread through the encoding pool, taking a slot only when no visitor waits for
//! one. First the pictures the pages show largest on their first screen (core's
//! `ContentSet::first_screen_pictures`, which the pages preload) at every offered width, the
//! 1600 and 2048 wide screens ask for included; then every other picture at the widths up to
//! 1280 (which include the 1200-wide one link previews use). Each in AVIF, WebP and the
//! source's fallback.

use crate::error::ImageError;
use crate::path::IMAGE_HOST;
use crate::render::Target;
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Mutex, Weak};
use supplysite_core::asset::Asset;
use supplysite_core::content::ContentSet;
use supplysite_core::rendition::{ASSETS, Format, SHARE_WIDTH, widths_for};

/// The widest rendition warmed of a picture that is not on a first screen; wider ones are made
/// when first asked for.
pub const WARM_MAX_WIDTH: u32 = 1280;

/// A picture of the content, to warm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Its path under the image folder, as in its URL (percent-encoded).
    pub path: String,
    /// Its width in pixels, as the content describes it.
    pub width: u32,
    /// Its format.
    pub format: Format,
    /// Whether a page shows it largest on its first screen: warmed first, at every width.
    pub first_screen: bool,
}

impl Picture {
    /// The picture an asset of the content is, when it is a resizable picture of the export
    /// (`/assets/images.ctfassets.net/…`) whose width is known.
    pub fn of_asset(url: &str, content_type: Option<&str>, width: Option<u32>) -> Option<Picture> {
        let path = url
            .strip_prefix(ASSETS)?
            .strip_prefix(IMAGE_HOST)?
            .strip_prefix('/')?;
        Some(Picture {
            path: path.to_owned(),
            width: width.filter(|&w| w > 0)?,
            format: Format::of_mime(content_type?)?,
            first_screen: false,
        })
    }

    /// The renditions warmed for this picture.
    pub fn targets(&self) -> Vec<Target> {
        let mut widths: Vec<u32> = widths_for(self.width)
            .into_iter()
            .filter(|&w| self.first_screen || w <= WARM_MAX_WIDTH || w == SHARE_WIDTH)
            .collect();
        widths.dedup();
        let mut formats = vec![Format::Avif, Format::Webp, self.format.fallback()];
        formats.dedup();
        widths
            .iter()
            .flat_map(|&width| {
                formats.iter().map(move |&format| Target {
                    width,
                    format,
                    quality: format.default_quality(),
                })
            })
            .collect()
    }
}

/// The pictures of a content set to warm: its resizable pictures served from the export,
/// within the resizer's limits (pages offer the others at their own address only), those on
/// a first screen first.
pub fn pictures(set: &ContentSet) -> Vec<Picture> {
    let resizable = |asset: &&Asset| {
        asset.width.is_none_or(|width| {
            supplysite_core::rendition::over_limits(width, asset.height, asset.size).is_none()
        })
    };
    let picture =
        |asset: &Asset| Picture::of_asset(&asset.url, asset.content_type.as_deref(), asset.width);
    let mut pictures: Vec<Picture> = set
        .first_screen_pictures()
        .into_iter()
        .filter(resizable)
        .filter_map(|asset| {
            picture(asset).map(|p| Picture {
                first_screen: true,
                ..p
            })
        })
        .collect();
    let first: HashSet<String> = pictures.iter().map(|p| p.path.clone()).collect();
    pictures.extend(
        set.parts()
            .assets
            .values()
            .filter(resizable)
            .filter_map(picture)
            .filter(|p| !first.contains(&p.path)),
    );
    pictures
}

/// How many renditions warming `pictures` makes or finds made, and how many of them are of
/// first-screen pictures.
pub(crate) fn count(pictures: &[Picture]) -> (u64, u64) {
    pictures.iter().fold((0, 0), |(all, first), p| {
        let n = p.targets().len() as u64;
        (all + n, first + if p.first_screen { n } else { 0 })
    })
}

/// What the warm-up asks of the engine: one rendition made and cached, blocking the calling
/// thread, unless it is cached already; whether it encoded.
pub(crate) trait Warm: Send + Sync + 'static {
    /// Through the encoding pool when `through_pool`, else at once (when no visitor can be
    /// served).
    fn warm_one(
        &self,
        raw_path: &str,
        target: Target,
        through_pool: bool,
    ) -> Result<bool, ImageError>;

    /// Whether first-screen pictures may be made on every core now (the server waits for them
    /// before it listens).
    fn every_core(&self) -> bool;

    /// How many renditions of the list being warmed are left, and how many of those are of
    /// first-screen pictures.
    fn to_warm(&self, remaining: u64, first_screen: u64);
}

/// Puts the calling thread at the lowest CPU priority (nice 19; on Linux the nice value is
/// per thread). Warming is work ahead of need: encoding a photograph takes a core for seconds,
/// and at the default priority it would take that core from the workers answering requests
/// for as long as the list lasts. At nice 19 it runs on the time serving leaves.
fn lowest_priority() {
    #[cfg(unix)]
    if let Err(e) = rustix::process::nice(19) {
        tracing::debug!(error = %e, "image warm-up keeps the default CPU priority");
    }
}

/// Starts the warm-up thread for `renditions`; it ends when the engine is dropped.
pub(crate) fn start<W: Warm>(renditions: Weak<W>) -> Sender<Vec<Picture>> {
    let (sender, receiver) = channel();
    let spawned = std::thread::Builder::new()
        .name("image-warm-up".into())
        .spawn(move || run(renditions, receiver));
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "image warm-up could not start");
    }
    sender
}

fn run<W: Warm>(renditions: Weak<W>, receiver: Receiver<Vec<Picture>>) {
    lowest_priority();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut next = receiver.recv().ok();
    while let Some(pictures) = next.take() {
        let (mut remaining, mut first_screen) = count(&pictures);
        'list: for picture in &pictures {
            let targets = picture.targets();
            let mut left_of_picture = targets.len() as u64;
            for (at, &target) in targets.iter().enumerate() {
                // A newer content load replaces this list.
                match receiver.try_recv() {
                    Ok(newer) => {
                        next = Some(newer);
                        break 'list;
                    }
                    Err(TryRecvError::Disconnected) => return,
                    Err(TryRecvError::Empty) => {}
                }
                let Some(engine) = renditions.upgrade() else {
                    return;
                };
                // While the server waits for the first screens' pictures before it listens,
                // the rest of this picture's renditions are made on every core at once.
                let together = picture.first_screen && cores > 1 && engine.every_core();
                let (outcome, done_here) = if together {
                    let rest = &targets[at..];
                    (
                        on_every_core(&*engine, &picture.path, rest, cores),
                        rest.len() as u64,
                    )
                } else {
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        engine.warm_one(&picture.path, target, true)
                    }));
                    (outcome.map(|made| made.map(|_| ())), 1)
                };
                left_of_picture -= done_here;
                // A picture that fails is left: its other renditions are not made either.
                let done = match outcome {
                    Ok(Ok(())) => done_here,
                    _ => done_here + left_of_picture,
                };
                remaining -= done;
                if picture.first_screen {
                    first_screen -= done;
                }
                engine.to_warm(remaining, first_screen);
                match outcome {
                    Ok(Ok(())) if left_of_picture > 0 => {}
                    Ok(Ok(())) => break,
                    Ok(Err(e)) => {
                        tracing::debug!(path = %picture.path, error = %e, "picture not warmed");
                        break;
                    }
                    Err(_) => {
                        tracing::warn!(path = %picture.path, "warming a picture panicked");
                        break;
                    }
                }
            }
        }
        if next.is_none() {
            next = receiver.recv().ok();
        }
    }
}

/// Makes `targets` of the picture at `path` on `cores` threads at once, outside the encoding
/// pool; the first failure stops the others taking more. A scoped thread per core rather than
/// a thread-pool library: this runs only in the wait before the server listens, a picture at
/// a time, and the threads end with it.
fn on_every_core<W: Warm>(
    engine: &W,
    path: &str,
    targets: &[Target],
    cores: usize,
) -> std::thread::Result<Result<(), ImageError>> {
    let taken = AtomicUsize::new(0);
    let failure: Mutex<Option<std::thread::Result<Result<(), ImageError>>>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..cores.min(targets.len()) {
            scope.spawn(|| {
                lowest_priority();
                loop {
                    if failure.lock().is_ok_and(|f| f.is_some()) {
                        return;
                    }
                    let Some(&target) = targets.get(taken.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        engine.warm_one(path, target, false)
                    }));
                    let failed = match outcome {
                        Ok(Ok(_)) => continue,
                        Ok(Err(e)) => Ok(Err(e)),
                        Err(panic) => Err(panic),
                    };
                    if let Ok(mut first) = failure.lock() {
                        first.get_or_insert(failed);
                    }
                    return;
                }
            });
        }
    });
    failure
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .unwrap_or(Ok(Ok(())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_pictures_are_warmed_up_to_1280_and_first_screen_ones_at_every_width() {
        let picture = Picture::of_asset(
            "/assets/images.ctfassets.net/s/a/t/hero.jpg",
            Some("image/jpeg"),
            Some(2400),
        )
        .unwrap();
        assert_eq!(picture.path, "s/a/t/hero.jpg");
        let targets = picture.targets();
        let widths: Vec<u32> = targets.iter().map(|t| t.width).collect();
        assert_eq!(widths.len(), 7 * 3);
        assert!(widths.iter().all(|&w| w <= 1280));
        assert!(widths.contains(&1200));
        let formats: Vec<Format> = targets.iter().take(3).map(|t| t.format).collect();
        assert_eq!(formats, [Format::Avif, Format::Webp, Format::Jpeg]);
        let first_screen = Picture {
            first_screen: true,
            ..picture.clone()
        };
        let widths: Vec<u32> = first_screen.targets().iter().map(|t| t.width).collect();
        assert_eq!(widths.len(), 9 * 3, "{widths:?}");
        assert!(
            widths.contains(&1600) && widths.contains(&2048),
            "{widths:?}"
        );
        assert_eq!(count(&[picture.clone(), first_screen]), (21 + 27, 27));
        assert_eq!(
            Picture::of_asset(
                "/assets/images.ctfassets.net/s/logo.svg",
                Some("image/svg+xml"),
                Some(100)
            ),
            None
        );
        assert_eq!(
            Picture::of_asset(
                "//images.ctfassets.net/s/a.jpg",
                Some("image/jpeg"),
                Some(100)
            ),
            None
        );
    }

    /// A warm-up engine that records how many renditions were being made at once, and by
    /// which way (through the pool, or outside it on every core).
    #[derive(Default)]
    struct Recorder {
        every_core: std::sync::atomic::AtomicBool,
        making: AtomicUsize,
        most_at_once: AtomicUsize,
        through_pool: AtomicUsize,
        outside_pool: AtomicUsize,
        left: Mutex<(u64, u64)>,
    }

    impl Recorder {
        fn make(&self) -> Result<bool, ImageError> {
            let now = self.making.fetch_add(1, Ordering::SeqCst) + 1;
            self.most_at_once.fetch_max(now, Ordering::SeqCst);
            // Long enough for the other threads to take a rendition meanwhile.
            std::thread::sleep(std::time::Duration::from_millis(20));
            self.making.fetch_sub(1, Ordering::SeqCst);
            Ok(true)
        }
    }

    impl Warm for Recorder {
        fn warm_one(&self, _: &str, _: Target, through_pool: bool) -> Result<bool, ImageError> {
            let way = if through_pool {
                &self.through_pool
            } else {
                &self.outside_pool
            };
            way.fetch_add(1, Ordering::SeqCst);
            self.make()
        }
        fn every_core(&self) -> bool {
            self.every_core.load(Ordering::SeqCst)
        }
        fn to_warm(&self, remaining: u64, first_screen: u64) {
            *self.left.lock().unwrap() = (remaining, first_screen);
        }
    }

    /// Warms a first-screen picture and another with `every_core` as given, until done.
    fn warm_with(every_core: bool) -> std::sync::Arc<Recorder> {
        let recorder = std::sync::Arc::new(Recorder::default());
        recorder.every_core.store(every_core, Ordering::SeqCst);
        let picture = |path: &str, first_screen| Picture {
            path: path.into(),
            width: 2400,
            format: Format::Jpeg,
            first_screen,
        };
        let pictures = vec![picture("hero.jpg", true), picture("other.jpg", false)];
        let (all, first) = count(&pictures);
        *recorder.left.lock().unwrap() = (all, first);
        let sender = start(std::sync::Arc::downgrade(&recorder));
        sender.send(pictures).unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while *recorder.left.lock().unwrap() != (0, 0) {
            assert!(
                std::time::Instant::now() < deadline,
                "the warm-up never ended"
            );
            std::thread::yield_now();
        }
        let made = recorder.through_pool.load(Ordering::SeqCst)
            + recorder.outside_pool.load(Ordering::SeqCst);
        assert_eq!(made as u64, all, "every rendition once");
        recorder
    }

    #[test]
    fn before_the_server_listens_first_screen_pictures_are_made_on_every_core() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let waiting = warm_with(true);
        let first_screen = Picture {
            path: String::new(),
            width: 2400,
            format: Format::Jpeg,
            first_screen: true,
        };
        if cores > 1 {
            assert_eq!(
                waiting.outside_pool.load(Ordering::SeqCst),
                first_screen.targets().len(),
                "the first screen's renditions outside the pool"
            );
            assert!(waiting.most_at_once.load(Ordering::SeqCst) > 1);
            assert!(waiting.most_at_once.load(Ordering::SeqCst) <= cores);
        }
        // The other picture, and everything once the server listens: one at a time, through
        // the pool.
        let serving = warm_with(false);
        assert_eq!(serving.outside_pool.load(Ordering::SeqCst), 0);
        assert_eq!(serving.most_at_once.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn the_first_screen_pictures_come_first_and_every_picture_once() {
        let asset = |id: &str, width: u32| {
            serde_json::json!({
                "id": id,
                "url": format!("/assets/images.ctfassets.net/s/{id}/t/{id}.jpg"),
                "contentType": "image/jpeg",
                "width": width,
                "height": 800,
            })
        };
        let parts: supplysite_core::content::ContentParts =
            serde_json::from_value(serde_json::json!({
                "posts": [{
                    "id": "p", "slug": "p", "title": "P", "description": "D",
                    "publishDate": "2024-03-05", "hasVideo": false, "tags": [], "products": [],
                    "seoIndex": true, "heroImage": asset("hero", 2400)
                }],
                "caseStudies": [], "pages": [], "faqLists": [], "timeline": [], "privacy": null,
                "customerLogos": [],
                "assets": {"aaa": asset("aaa", 1600), "hero": asset("hero", 2400)}
            }))
            .unwrap();
        let set = ContentSet::new(parts, "v1");
        let pictures = pictures(&set);
        let order: Vec<(&str, bool)> = pictures
            .iter()
            .map(|p| (p.path.as_str(), p.first_screen))
            .collect();
        assert_eq!(
            order,
            [("s/hero/t/hero.jpg", true), ("s/aaa/t/aaa.jpg", false)]
        );
    }
}
