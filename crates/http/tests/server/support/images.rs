//! A site on a loopback socket with an image engine over an export of pictures made in the
//! test.

use super::{Export, Options, TestApp};
pub use super::{Server, client, eventually};
use image::{Rgba, RgbaImage};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Duration;
use supplysite_core::content::ContentSet;
use supplysite_http::PublicUrl;
use supplysite_images::{Config, Renditions};
pub use supplysite_testkit::pictures::{jpeg, png, png_header};
use tempfile::TempDir;

/// Where the pictures are, under `/img/images.ctfassets.net/`.
pub const HERO: &str = "space1/hero1/token1/hero.jpg";
pub const HERO_SIZE: (u32, u32) = (1300, 866);
pub const LOGO: &str = "space1/logo1/token1/logo.png";
pub const LOGO_SIZE: (u32, u32) = (640, 480);

pub fn png_with_alpha(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbaImage::from_fn(width, height, |x, y| {
        Rgba([
            200,
            (y % 256) as u8,
            40,
            if x < width / 2 { 255 } else { 0 },
        ])
    });
    png(&picture)
}

/// A lossless WebP picture.
pub fn webp(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbaImage::from_fn(width, height, |x, y| {
        Rgba([(x % 256) as u8, (y % 256) as u8, 90, 255])
    });
    let mut out = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut out)
        .encode(
            picture.as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgba8,
        )
        .unwrap();
    out
}

/// Writes `bytes` at `path` under the export's image folder.
pub fn put(export: &Path, path: &str, bytes: &[u8]) {
    let file = export.join("images.ctfassets.net").join(path);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(file, bytes).unwrap();
}

/// The export every test starts from.
pub fn export() -> TempDir {
    let export = TempDir::new().unwrap();
    put(export.path(), HERO, &jpeg(HERO_SIZE.0, HERO_SIZE.1));
    put(
        export.path(),
        LOGO,
        &png_with_alpha(LOGO_SIZE.0, LOGO_SIZE.1),
    );
    put(
        export.path(),
        "space1/icon1/token1/icon.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    );
    let mut corrupt = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00".to_vec();
    corrupt.extend(std::iter::repeat_n(0x5a, 4000));
    put(export.path(), "space1/bad1/token1/corrupt.jpg", &corrupt);
    let whole = jpeg(800, 600);
    put(
        export.path(),
        "space1/bad2/token1/truncated.jpg",
        &whole[..whole.len() / 20],
    );
    put(
        export.path(),
        "space1/bomb1/token1/bomb.png",
        &png_header(30_000, 30_000),
    );
    std::fs::write(export.path().join("secret.jpg"), jpeg(400, 300)).unwrap();
    export
}

/// [`export`] with a 2400x1600 photograph at `space1/big1/token1/big.jpg`, slow to encode.
pub fn export_with_big_photo() -> TempDir {
    let export = export();
    put(
        export.path(),
        "space1/big1/token1/big.jpg",
        &jpeg(2400, 1600),
    );
    export
}

/// How the engine of a test server is set up.
pub struct Setup {
    pub export: PathBuf,
    pub cache: PathBuf,
    pub pool_size: usize,
    pub queue_limit: usize,
    pub warm: bool,
    pub content: Option<ContentSet>,
    /// Serve without an image engine.
    pub no_engine: bool,
    /// Encodes one client may start a minute (the site's default unless set).
    pub encodes_per_minute: Option<u32>,
}

impl Setup {
    pub fn new(export: &Path, cache: &Path) -> Setup {
        Setup {
            export: export.to_path_buf(),
            cache: cache.to_path_buf(),
            pool_size: 1,
            queue_limit: 16,
            warm: false,
            content: None,
            no_engine: false,
            encodes_per_minute: None,
        }
    }
}

/// The site with the engine `setup` describes (or none), its pictures from `setup.export`.
pub async fn start(setup: Setup) -> Server {
    let engine = (!setup.no_engine).then(|| {
        let mut config = Config::new(&setup.export, &setup.cache);
        config.pool_size = setup.pool_size;
        config.queue_limit = setup.queue_limit;
        config.warm = setup.warm;
        Renditions::open(config).unwrap()
    });
    let encodes_per_minute = setup.encodes_per_minute;
    let options = Options {
        secret: None,
        web_files: false,
        export: Export::At(setup.export),
        content: setup.content,
        images: engine,
        settings: Some(Box::new(move |settings| {
            settings.public_url = PublicUrl::parse("http://127.0.0.1").unwrap();
            // A burst of debug-build encodes queued behind one another takes longer than the
            // default.
            settings.request_timeout = Duration::from_secs(120);
            if let Some(n) = encodes_per_minute {
                settings.image_encodes_per_minute = std::num::NonZeroU32::new(n).unwrap();
            }
        })),
        ..Options::default()
    };
    TestApp::new(options).serve().await
}

impl Server {
    pub fn engine(&self) -> &Renditions {
        self.app.engine.as_deref().expect("an engine is mounted")
    }

    pub fn encodes(&self) -> u64 {
        self.engine().stats().encodes.load(Ordering::SeqCst)
    }

    pub fn hits(&self) -> u64 {
        self.engine().stats().hits.load(Ordering::SeqCst)
    }
}

pub fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// The width and height of a rendition (AVIF by its `ispe` box).
pub fn size_of(bytes: &[u8]) -> (u32, u32) {
    if bytes.len() > 12 && &bytes[4..12] == b"ftypavif" {
        let at = bytes.windows(4).position(|w| w == b"ispe").unwrap();
        let read = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
        return (read(at + 8), read(at + 12));
    }
    let picture = image::load_from_memory(bytes).unwrap();
    (picture.width(), picture.height())
}
