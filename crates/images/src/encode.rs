//! Encoding resized pixels: AVIF (rav1e through ravif, pure Rust), lossy WebP (libwebp), JPEG
//! and PNG (the `image` crate).

use crate::error::ImageError;
use crate::resize::Pixels;
use image::ExtendedColorType;
use image::ImageEncoder;
use supplysite_core::rendition::Format;

/// rav1e's speed preset (1 slowest … 10 fastest): 9 encodes a 2048-pixel-wide photograph in
/// about two seconds on one busy core (release build), at the same size as preset 8 for
/// photographs and in about half its time.
pub const AVIF_SPEED: u8 = 9;

fn failed(format: Format, error: impl std::fmt::Display) -> ImageError {
    ImageError::Internal(format!("{format} encoding failed: {error}"))
}

/// Encodes `pixels` as `format` at `quality` (1–100; PNG ignores it). A JPEG of a picture
/// with transparency is flattened onto white.
pub fn encode(pixels: &Pixels, format: Format, quality: u8) -> Result<Vec<u8>, ImageError> {
    let quality = quality.clamp(1, 100);
    match format {
        Format::Avif => avif(pixels, quality),
        Format::Webp => webp(pixels, quality),
        Format::Jpeg => jpeg(pixels, quality),
        Format::Png => png(pixels),
    }
}

fn avif(pixels: &Pixels, quality: u8) -> Result<Vec<u8>, ImageError> {
    let encoder = ravif::Encoder::new()
        .with_quality(f32::from(quality))
        .with_alpha_quality(f32::from(quality))
        .with_speed(AVIF_SPEED)
        // One thread: the encoding pool decides how many cores pictures may take.
        .with_num_threads(Some(1));
    let (w, h) = (pixels.width as usize, pixels.height as usize);
    let encoded = if pixels.alpha {
        let rgba: Vec<ravif::RGBA8> = pixels
            .data
            .chunks_exact(4)
            .map(|p| ravif::RGBA8::new(p[0], p[1], p[2], p[3]))
            .collect();
        encoder.encode_rgba(ravif::Img::new(&rgba[..], w, h))
    } else {
        let rgb: Vec<ravif::RGB8> = pixels
            .data
            .chunks_exact(3)
            .map(|p| ravif::RGB8::new(p[0], p[1], p[2]))
            .collect();
        encoder.encode_rgb(ravif::Img::new(&rgb[..], w, h))
    };
    encoded
        .map(|e| e.avif_file)
        .map_err(|e| failed(Format::Avif, e))
}

fn webp(pixels: &Pixels, quality: u8) -> Result<Vec<u8>, ImageError> {
    let encoder = if pixels.alpha {
        webp::Encoder::from_rgba(&pixels.data, pixels.width, pixels.height)
    } else {
        webp::Encoder::from_rgb(&pixels.data, pixels.width, pixels.height)
    };
    encoder
        .encode_simple(false, f32::from(quality))
        .map(|memory| memory.to_vec())
        .map_err(|e| failed(Format::Webp, format!("{e:?}")))
}

fn flattened(pixels: &Pixels) -> Vec<u8> {
    pixels
        .data
        .chunks_exact(4)
        .flat_map(|p| {
            let a = u16::from(p[3]);
            let over_white = |c: u8| ((u16::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
            [over_white(p[0]), over_white(p[1]), over_white(p[2])]
        })
        .collect()
}

fn jpeg(pixels: &Pixels, quality: u8) -> Result<Vec<u8>, ImageError> {
    let rgb;
    let data = if pixels.alpha {
        rgb = flattened(pixels);
        &rgb
    } else {
        &pixels.data
    };
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality)
        .write_image(data, pixels.width, pixels.height, ExtendedColorType::Rgb8)
        .map_err(|e| failed(Format::Jpeg, e))?;
    Ok(out)
}

fn png(pixels: &Pixels) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    let color = if pixels.alpha {
        ExtendedColorType::Rgba8
    } else {
        ExtendedColorType::Rgb8
    };
    image::codecs::png::PngEncoder::new_with_quality(
        &mut out,
        image::codecs::png::CompressionType::Default,
        image::codecs::png::FilterType::Adaptive,
    )
    .write_image(&pixels.data, pixels.width, pixels.height, color)
    .map_err(|e| failed(Format::Png, e))?;
    Ok(out)
}
