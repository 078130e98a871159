//! Pictures made in the tests (no binaries in the repository).
#![allow(dead_code)]

use image::{Rgba, RgbaImage};
// Each test binary uses some of these.
#[allow(unused_imports)]
pub use supplysite_testkit::pictures::{jpeg, png, png_header};

/// A PNG with transparency: an opaque disc on a transparent ground.
pub fn png_with_alpha(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbaImage::from_fn(width, height, |x, y| {
        let (dx, dy) = (x as i64 - width as i64 / 2, y as i64 - height as i64 / 2);
        let inside = dx * dx + dy * dy < (width as i64 / 3).pow(2);
        Rgba([200, (y % 256) as u8, 40, if inside { 255 } else { 0 }])
    });
    png(&picture)
}

/// The width and height an AVIF file declares (its `ispe` property).
pub fn avif_size(bytes: &[u8]) -> (u32, u32) {
    let at = bytes
        .windows(4)
        .position(|w| w == b"ispe")
        .expect("an AVIF has an ispe box");
    let read = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (read(at + 8), read(at + 12))
}

/// The width and height of a rendition in `format` (`avif`, `webp`, `jpg`, `png`).
pub fn size_of(bytes: &[u8], format: &str) -> (u32, u32) {
    if format == "avif" {
        assert_eq!(&bytes[4..12], b"ftypavif", "not an AVIF file");
        return avif_size(bytes);
    }
    let picture = image::load_from_memory(bytes).expect("the rendition decodes");
    let expected = match format {
        "webp" => image::ImageFormat::WebP,
        "jpg" => image::ImageFormat::Jpeg,
        _ => image::ImageFormat::Png,
    };
    assert_eq!(image::guess_format(bytes).unwrap(), expected);
    (picture.width(), picture.height())
}
