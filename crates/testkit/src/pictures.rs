//! Pictures made in the tests (no binaries in the repository): a photograph-like picture, its
//! JPEG file, PNG files and the bare header of a PNG that claims any size.

use image::{ImageEncoder, Rgb, RgbImage, RgbaImage};

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

/// `picture` as a PNG file (with its transparency).
pub fn png(picture: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(
            picture.as_raw(),
            picture.width(),
            picture.height(),
            image::ExtendedColorType::Rgba8,
        )
        .unwrap();
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

/// A PNG chunk: length, kind, data and the CRC of kind and data.
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
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
