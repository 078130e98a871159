//! The settings of the image endpoint (`/img/…`), which resizes the export's pictures: where
//! renditions are cached and how much, how many pictures are encoded at once, and whether the
//! common renditions are made in the background after a content load.

use crate::install;
use crate::settings::parse::{count, switch, whole};
use anyhow::Context;
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use supplysite_images::{Config, Renditions};

/// The image endpoint's settings.
#[derive(clap::Args, Clone)]
#[group(id = "image_settings")]
#[command(next_help_heading = "Images")]
pub struct Args {
    /// The folder renditions of the export's pictures made by the image endpoint
    /// (/img/images.ctfassets.net/…?w=&fm=&q=) are cached in, kept across restarts. Unset: img
    /// in the cache folder (CACHE_DIRECTORY, $XDG_CACHE_HOME/supplysite or
    /// ~/.cache/supplysite).
    #[arg(long, env = "SUPPLYSITE_IMAGE_CACHE_DIR")]
    image_cache_dir: Option<PathBuf>,
    /// MiB of renditions kept on disk; past it the least recently used are deleted first.
    #[arg(
        long,
        env = "SUPPLYSITE_IMAGE_CACHE_MIB",
        default_value = "1024",
        value_parser = whole(1, 1 << 24, "size in MiB")
    )]
    image_cache_mib: u64,
    /// Pictures encoded at once; 16 per worker may wait before the endpoint answers 503.
    /// Unset: half the CPU cores, at least one.
    #[arg(
        long,
        env = "SUPPLYSITE_IMAGE_WORKERS",
        value_parser = count(1, 256, "number of workers")
    )]
    image_workers: Option<usize>,
    /// 1 to make the common renditions in the background after each content load, 0 not to
    /// (`/readyz` counts the renditions left as `picturesToWarm`).
    #[arg(
        long,
        env = "SUPPLYSITE_IMAGE_WARM",
        default_value = "1",
        action = clap::ArgAction::Set,
        value_parser = switch
    )]
    image_warm: bool,
    /// Seconds a start may wait before it listens, from 0 to 3600, for the warm-up to make the
    /// pictures pages show largest on their first screen at every width (`/readyz` counts them
    /// as `firstScreenPicturesToWarm`), made meanwhile on every core; past it, it listens and
    /// the rest are made in the background. 0 listens at once. Behind a load balancer that
    /// sends visitors only to a replica that answers, a new replica on an empty cache given
    /// enough time never has a visitor wait on an encode for the largest picture on screen; a
    /// restart on its kept cache finds them made. The shipped systemd unit sets 600. With
    /// SUPPLYSITE_IMAGE_WARM 0 there is nothing to wait for.
    #[arg(
        long,
        env = "SUPPLYSITE_IMAGE_WARM_BEFORE_READY_SECONDS",
        default_value = "0",
        value_parser = whole(0, 3600, "seconds")
    )]
    image_warm_before_ready_seconds: u64,
    /// Renditions one client (an address; IPv6 by /64) may have encoded a minute, from 1 to
    /// 10000; past it, a rendition not made yet is answered 429 (made ones are always served).
    #[arg(
        long,
        env = "SUPPLYSITE_IMAGE_ENCODES_PER_MINUTE",
        default_value_t = NonZeroU32::new(supplysite_http::settings::DEFAULT_IMAGE_ENCODES_PER_MINUTE).expect("not zero"),
        value_parser = encodes_per_minute,
    )]
    image_encodes_per_minute: NonZeroU32,
}

fn encodes_per_minute(value: &str) -> Result<NonZeroU32, String> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=10_000).contains(n))
        .and_then(NonZeroU32::new)
        .ok_or_else(|| format!("{value:?} is not a whole number from 1 to 10000"))
}

/// The checked settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub cache_dir: PathBuf,
    pub cache_bytes: u64,
    pub workers: usize,
    pub warm: bool,
    /// How long a start waits, before it listens, for the first-screen pictures.
    pub warm_before_ready: Duration,
    pub encodes_per_minute: NonZeroU32,
}

impl Args {
    /// The settings, with the defaults that depend on the machine filled in.
    ///
    /// Errors: no cache folder named and none known (no CACHE_DIRECTORY, XDG_CACHE_HOME or HOME).
    pub fn settings(&self) -> anyhow::Result<Settings> {
        let cache_dir = match &self.image_cache_dir {
            Some(dir) => dir.clone(),
            None => install::cache_dir()
                .context("SUPPLYSITE_IMAGE_CACHE_DIR / --image-cache-dir")?
                .join(install::IMAGE_CACHE_DIR),
        };
        Ok(Settings {
            cache_dir,
            cache_bytes: self.image_cache_mib << 20,
            workers: self
                .image_workers
                .unwrap_or_else(supplysite_images::pool::default_size),
            warm: self.image_warm,
            warm_before_ready: Duration::from_secs(self.image_warm_before_ready_seconds),
            encodes_per_minute: self.image_encodes_per_minute,
        })
    }
}

impl Settings {
    /// The engine of the image endpoint for the export's asset folder, when there is one.
    pub fn engine(&self, asset_dir: Option<&Path>) -> anyhow::Result<Option<Arc<Renditions>>> {
        let Some(asset_dir) = asset_dir else {
            return Ok(None);
        };
        let mut config = Config::new(asset_dir, &self.cache_dir);
        config.cache_bytes = self.cache_bytes;
        config.pool_size = self.workers;
        config.queue_limit = self.workers * 16;
        config.warm = self.warm;
        let engine = Renditions::open(config).with_context(|| {
            format!(
                "SUPPLYSITE_IMAGE_CACHE_DIR / --image-cache-dir: cannot use {} as the image cache",
                self.cache_dir.display()
            )
        })?;
        Ok(Some(engine))
    }
}

/// Waits, up to `patience`, until `engine`'s warm-up has made the renditions of every picture
/// a page shows largest on its first screen, before the server listens. Meanwhile the warm-up
/// makes them on every core, outside the encoding pool: no visitor is served yet. It checks
/// the warm-up's count every 50 ms: the count is a plain atomic the warm-up thread updates
/// after each picture, and this runs once, before anything is served.
pub fn wait_for_first_screen(engine: &Renditions, patience: Duration) {
    if patience.is_zero() || !engine.config().warm {
        return;
    }
    let started = Instant::now();
    let left = || engine.stats().first_screen_to_warm.load(Ordering::Relaxed);
    tracing::info!(
        renditions = left(),
        "making the first-screen pictures before listening"
    );
    engine.warm_with_every_core(true);
    while left() > 0 && started.elapsed() < patience {
        std::thread::sleep(Duration::from_millis(50));
    }
    engine.warm_with_every_core(false);
    if left() > 0 {
        tracing::warn!(
            renditions_left = left(),
            "listening before every first-screen picture is made (SUPPLYSITE_IMAGE_WARM_BEFORE_READY_SECONDS): the rest are made in the background"
        );
    } else {
        tracing::info!(
            seconds = started.elapsed().as_secs_f64(),
            "first-screen pictures made"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn settings(flags: &[&str]) -> Result<Settings, String> {
        crate::settings::try_parse::<Cli>(flags)
            .and_then(|cli| cli.args.settings().map_err(|e| format!("{e:#}")))
    }

    #[test]
    fn image_settings_are_read_and_a_bad_one_is_named() {
        let s = settings(&[
            "--image-cache-dir=/tmp/x",
            "--image-cache-mib=64",
            "--image-workers=3",
            "--image-warm=0",
            "--image-warm-before-ready-seconds=90",
        ])
        .unwrap();
        assert_eq!(
            s,
            Settings {
                cache_dir: PathBuf::from("/tmp/x"),
                cache_bytes: 64 << 20,
                workers: 3,
                warm: false,
                warm_before_ready: Duration::from_secs(90),
                encodes_per_minute: NonZeroU32::new(60).unwrap(),
            }
        );
        for (flag, name) in [
            (
                "--image-cache-mib=0",
                "SUPPLYSITE_IMAGE_CACHE_MIB / --image-cache-mib",
            ),
            (
                "--image-cache-mib=lots",
                "SUPPLYSITE_IMAGE_CACHE_MIB / --image-cache-mib",
            ),
            (
                "--image-workers=0",
                "SUPPLYSITE_IMAGE_WORKERS / --image-workers",
            ),
            ("--image-warm=maybe", "SUPPLYSITE_IMAGE_WARM / --image-warm"),
            (
                "--image-warm-before-ready-seconds=3601",
                "SUPPLYSITE_IMAGE_WARM_BEFORE_READY_SECONDS / --image-warm-before-ready-seconds",
            ),
            (
                "--image-cache-dir=",
                "SUPPLYSITE_IMAGE_CACHE_DIR / --image-cache-dir",
            ),
        ] {
            let message = settings(&[flag]).unwrap_err();
            assert!(message.starts_with(name), "{flag}: {message}");
        }
    }

    /// A picture shown largest on a first screen, 1,400 pixels wide, in an asset folder.
    fn engine_with_a_first_screen_picture() -> (tempfile::TempDir, Arc<Renditions>) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir
            .path()
            .join("assets/images.ctfassets.net/s/a/t/hero.jpg");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, supplysite_testkit::pictures::jpeg(1400, 900)).unwrap();
        let mut config = Config::new(dir.path().join("assets"), dir.path().join("cache"));
        config.warm = true;
        let engine = Renditions::open(config).unwrap();
        engine.warm(vec![supplysite_images::Picture {
            path: "s/a/t/hero.jpg".into(),
            width: 1400,
            format: supplysite_core::rendition::Format::Jpeg,
            first_screen: true,
        }]);
        (dir, engine)
    }

    #[test]
    fn a_start_waits_until_the_first_screen_pictures_are_made_at_every_width() {
        let (_dir, engine) = engine_with_a_first_screen_picture();
        wait_for_first_screen(&engine, Duration::from_secs(600));
        let stats = engine.stats();
        assert_eq!(stats.first_screen_to_warm.load(Ordering::SeqCst), 0);
        // 320, 480, 640, 828, 1080, 1200, 1280 and the original's 1400, in AVIF, WebP and JPEG.
        assert_eq!(stats.warmed.load(Ordering::SeqCst), 8 * 3);
    }

    #[test]
    fn a_start_waits_no_longer_than_it_is_allowed() {
        let (_dir, engine) = engine_with_a_first_screen_picture();
        let started = Instant::now();
        wait_for_first_screen(&engine, Duration::from_millis(1));
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(engine.stats().first_screen_to_warm.load(Ordering::SeqCst) > 0);
    }
}
