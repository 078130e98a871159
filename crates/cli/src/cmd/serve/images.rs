//! The settings of the image endpoint (`/img/…`), which resizes the export's pictures: where
//! renditions are cached and how much, how many pictures are encoded at once, and whether the
//! common renditions are made in the background after a content load.

use anyhow::{Context, bail};
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use supplysite_images::{Config, Renditions};

/// The image endpoint's settings.
#[derive(clap::Args)]
#[group(id = "image_settings")]
#[command(next_help_heading = "Images")]
pub struct Args {
    /// The folder renditions of pictures are cached in (kept across restarts).
    #[arg(
        long,
        env = "SUPPLYSITE_IMAGE_CACHE_DIR",
        default_value = "var/img-cache"
    )]
    image_cache_dir: String,
    /// MiB of renditions kept on disk; past it the least recently used are deleted.
    #[arg(long, env = "SUPPLYSITE_IMAGE_CACHE_MIB", default_value = "1024")]
    image_cache_mib: String,
    /// Pictures encoded at once (default: half the CPU cores, at least one).
    #[arg(long, env = "SUPPLYSITE_IMAGE_WORKERS")]
    image_workers: Option<String>,
    /// Make the common renditions in the background after each content load: 1 or 0.
    #[arg(long, env = "SUPPLYSITE_IMAGE_WARM", default_value = "1")]
    image_warm: String,
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
    pub encodes_per_minute: NonZeroU32,
}

impl Args {
    /// Checks the settings; a malformed one is named in the error.
    pub fn settings(&self) -> anyhow::Result<Settings> {
        let cache_bytes = match self.image_cache_mib.trim().parse::<u64>() {
            Ok(n) if (1..=1 << 24).contains(&n) => n << 20,
            _ => bail!(
                "SUPPLYSITE_IMAGE_CACHE_MIB / --image-cache-mib: invalid size {:?} (expected a whole number of MiB from 1 to 16777216)",
                self.image_cache_mib
            ),
        };
        let workers = match self.image_workers.as_deref().map(str::trim) {
            None | Some("") => supplysite_images::pool::default_size(),
            Some(n) => match n.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => n,
                _ => bail!(
                    "SUPPLYSITE_IMAGE_WORKERS / --image-workers: invalid number of workers {n:?} (expected a whole number from 1 to 256)"
                ),
            },
        };
        let warm = match self.image_warm.trim() {
            "1" | "true" | "on" => true,
            "0" | "false" | "off" => false,
            other => bail!(
                "SUPPLYSITE_IMAGE_WARM / --image-warm: invalid switch {other:?} (expected 1 or 0)"
            ),
        };
        if self.image_cache_dir.trim().is_empty() {
            bail!("SUPPLYSITE_IMAGE_CACHE_DIR / --image-cache-dir: empty folder name");
        }
        Ok(Settings {
            cache_dir: PathBuf::from(self.image_cache_dir.trim()),
            cache_bytes,
            workers,
            warm,
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn settings(flags: &[&str]) -> anyhow::Result<Settings> {
        let mut argv = vec!["serve"];
        argv.extend_from_slice(flags);
        Cli::try_parse_from(argv).unwrap().args.settings()
    }

    #[test]
    fn image_settings_are_read_and_a_bad_one_is_named() {
        let s = settings(&[
            "--image-cache-dir=/tmp/x",
            "--image-cache-mib=64",
            "--image-workers=3",
            "--image-warm=0",
        ])
        .unwrap();
        assert_eq!(
            s,
            Settings {
                cache_dir: PathBuf::from("/tmp/x"),
                cache_bytes: 64 << 20,
                workers: 3,
                warm: false,
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
                "--image-cache-dir=",
                "SUPPLYSITE_IMAGE_CACHE_DIR / --image-cache-dir",
            ),
        ] {
            let message = format!("{:#}", settings(&[flag]).unwrap_err());
            assert!(message.starts_with(name), "{flag}: {message}");
        }
    }
}
