//! First-encode time and size of each rendition of a 2400x1600 photograph-like picture, for
//! `bench/images.sh`: one JSON line per (format, width) with the milliseconds the whole
//! rendition took (decode, resize, encode, as the endpoint does it) and its bytes against the
//! original JPEG's.
//!
//! `cargo run --release -p supplysite-images --example encode_times [OUT_JPEG]` (the picture is
//! also written to OUT_JPEG when given, for the endpoint's throughput bench).

use image::{ImageEncoder, Rgb, RgbImage};
use std::time::Instant;
use supplysite_core::rendition::Format;
use supplysite_images::{Limits, Target, render};

/// A camera-like picture: gradients, soft shapes and fine texture, deterministic.
fn photo(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (x as f32 / width as f32, y as f32 / height as f32);
        let hash = x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(2_246_822_519);
        let grain = (hash >> 27) as f32 - 16.0;
        let sun = (-((fx - 0.7).powi(2) + (fy - 0.3).powi(2)) * 12.0).exp() * 120.0;
        let wave = ((fx * 23.0).sin() * (fy * 17.0).cos()) * 30.0;
        let c = |base: f32| (base + sun + wave + grain).clamp(0.0, 255.0) as u8;
        Rgb([
            c(60.0 + fx * 90.0),
            c(80.0 + fy * 70.0),
            c(120.0 - fy * 60.0),
        ])
    })
}

fn main() {
    let (width, height) = (2400, 1600);
    let mut original = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut original, 90)
        .write_image(
            photo(width, height).as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgb8,
        )
        .expect("the test picture encodes");
    if let Some(out) = std::env::args().nth(1) {
        std::fs::write(&out, &original).expect("the test picture is written");
    }
    for format in Format::ALL {
        for target_width in [320, 640, 1080, 1600, 2048] {
            let target = Target {
                width: target_width,
                format,
                quality: format.default_quality(),
            };
            let started = Instant::now();
            let bytes =
                render(&original, "photo.jpg", target, &Limits::default()).expect("renders");
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            println!(
                "{{\"format\":\"{}\",\"width\":{},\"ms\":{:.1},\"bytes\":{},\"original_bytes\":{},\"ratio\":{:.4}}}",
                format.param(),
                target_width,
                ms,
                bytes.len(),
                original.len(),
                bytes.len() as f64 / original.len() as f64
            );
        }
    }
}
