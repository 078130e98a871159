//! Pictures made in the tests (no binaries in the repository).
#![allow(dead_code)]

use image::{ImageEncoder, Rgb, RgbImage, Rgba, RgbaImage};

/// A photograph-like picture: smooth gradients with fine texture, `width` by `height`.
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

/// The picture as a JPEG file.
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

/// A PNG with transparency: an opaque disc on a transparent ground.
pub fn png_with_alpha(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbaImage::from_fn(width, height, |x, y| {
        let (dx, dy) = (x as i64 - width as i64 / 2, y as i64 - height as i64 / 2);
        let inside = dx * dx + dy * dy < (width as i64 / 3).pow(2);
        Rgba([200, (y % 256) as u8, 40, if inside { 255 } else { 0 }])
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

/// A valid PNG header claiming `width` by `height` RGBA pixels, with a few bytes of
/// compressed data: a decompression bomb's shape, without its payload.
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
