//! A site on a loopback socket with an export of pictures made in the test.

use crate::router_support::{INDEX_HTML, PUBLIC_URL, content};
use image::{ImageEncoder, Rgb, RgbImage, Rgba, RgbaImage};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use supplysite_core::content::ContentSet;
use supplysite_http::{AppState, ConnectionLimits, Mounts, PublicUrl, Settings, Shell, StateParts};
use supplysite_images::{Config, Renditions};
use tempfile::TempDir;

/// Where the pictures are, under `/img/images.ctfassets.net/`.
pub const HERO: &str = "space1/hero1/token1/hero.jpg";
pub const HERO_SIZE: (u32, u32) = (1300, 866);
pub const LOGO: &str = "space1/logo1/token1/logo.png";
pub const LOGO_SIZE: (u32, u32) = (640, 480);

/// A photograph-like picture.
pub fn photo(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let noise = ((x.wrapping_mul(7919) ^ y.wrapping_mul(104_729)) % 23) as u8;
        Rgb([
            (x * 200 / width) as u8 + noise,
            (y * 180 / height) as u8 + noise / 2,
            (((x + y) * 120) / (width + height)) as u8 + 60,
        ])
    })
}

pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
        .write_image(
            photo(width, height).as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
    out
}

pub fn png_with_alpha(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbaImage::from_fn(width, height, |x, y| {
        Rgba([
            200,
            (y % 256) as u8,
            40,
            if x < width / 2 { 255 } else { 0 },
        ])
    });
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(
            picture.as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgba8,
        )
        .unwrap();
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

/// A valid PNG header claiming `width` by `height` pixels, without the pixels.
pub fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    out.extend(chunk(b"IHDR", &ihdr));
    out.extend(chunk(b"IDAT", &[0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1]));
    out.extend(chunk(b"IEND", &[]));
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

pub struct Server {
    pub addr: SocketAddr,
    pub engine: Option<Arc<Renditions>>,
    server: tokio::task::JoinHandle<()>,
    _web: TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.server.abort();
    }
}

pub async fn start(setup: Setup) -> Server {
    let web = TempDir::new().unwrap();
    std::fs::write(web.path().join("index.html"), INDEX_HTML).unwrap();
    let mut settings = Settings::new(PublicUrl::parse("http://127.0.0.1").unwrap(), web.path());
    settings.asset_dir = Some(setup.export.clone());
    // A burst of debug-build encodes queued behind one another takes longer than the default.
    settings.request_timeout = Duration::from_secs(120);
    if let Some(n) = setup.encodes_per_minute {
        settings.image_encodes_per_minute = std::num::NonZeroU32::new(n).unwrap();
    }
    let engine = (!setup.no_engine).then(|| {
        let mut config = Config::new(&setup.export, &setup.cache);
        config.pool_size = setup.pool_size;
        config.queue_limit = setup.queue_limit;
        config.warm = setup.warm;
        Renditions::open(config).unwrap()
    });
    let parts = StateParts {
        settings,
        shell: Shell::parse(INDEX_HTML).unwrap(),
        content: setup.content.unwrap_or_else(|| content("v1")),
        composer: Arc::new(supplysite_http::CoreComposer::new(PUBLIC_URL)),
        reload: None,
    };
    let state = AppState::with_mounts(
        parts,
        Mounts {
            images: engine.clone(),
            ..Default::default()
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let site = supplysite_http::router(state.clone());
    let stats = state.connection_stats();
    let server = tokio::spawn(async move {
        let _ = supplysite_http::serve(listener, site, ConnectionLimits::default(), stats).await;
    });
    Server {
        addr,
        engine,
        server,
        _web: web,
    }
}

impl Server {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub fn engine(&self) -> &Renditions {
        self.engine.as_deref().expect("an engine is mounted")
    }

    pub fn encodes(&self) -> u64 {
        self.engine().stats().encodes.load(Ordering::SeqCst)
    }

    pub fn hits(&self) -> u64 {
        self.engine().stats().hits.load(Ordering::SeqCst)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.get_with(path, &[]).await
    }

    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
        let mut request = client().get(self.url(path));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send().await.unwrap()
    }
}

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(120))
        .build()
        .unwrap()
}

pub fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// Polls `condition` until it holds, failing after `limit`.
pub async fn eventually(limit: Duration, what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !condition() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
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
