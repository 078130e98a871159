//! Resizing in linear light: pixels are turned from sRGB into linear 16-bit values, filtered
//! there (Lanczos, with colour weighted by alpha), and turned back. Filtering sRGB values
//! directly darkens fine detail and edges between bright and dark areas.

use crate::error::ImageError;
use fast_image_resize::images::TypedImage;
use fast_image_resize::pixels::{U16x3, U16x4};
use fast_image_resize::{FilterType, PixelTrait, ResizeAlg, ResizeOptions, Resizer};
use std::sync::OnceLock;

/// Pixels after resizing: 8-bit sRGB, three channels or four with alpha.
pub struct Pixels {
    /// The width in pixels.
    pub width: u32,
    /// The height in pixels.
    pub height: u32,
    /// Whether `data` has an alpha channel (four bytes a pixel, else three).
    pub alpha: bool,
    /// The pixels row by row, top first, with no padding between rows.
    pub data: Vec<u8>,
}

impl Pixels {
    /// Bytes a pixel.
    pub fn channels(&self) -> usize {
        if self.alpha { 4 } else { 3 }
    }
}

/// The height of a rendition `width` pixels wide of a picture `original_width` by
/// `original_height`, rounded, at least one pixel.
pub fn height_for(width: u32, original_width: u32, original_height: u32) -> u32 {
    let height = (u64::from(original_height) * u64::from(width) * 2 + u64::from(original_width))
        / (2 * u64::from(original_width.max(1)));
    u32::try_from(height.max(1)).unwrap_or(u32::MAX)
}

fn to_linear() -> &'static [u16; 256] {
    static TABLE: OnceLock<[u16; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [0u16; 256];
        for (i, slot) in table.iter_mut().enumerate() {
            let c = i as f64 / 255.0;
            let linear = if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            };
            *slot = (linear * 65535.0).round() as u16;
        }
        table
    })
}

fn to_srgb() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..=u16::MAX)
            .map(|i| {
                let l = f64::from(i) / 65535.0;
                let c = if l <= 0.003_130_8 {
                    l * 12.92
                } else {
                    1.055 * l.powf(1.0 / 2.4) - 0.055
                };
                (c * 255.0).round().clamp(0.0, 255.0) as u8
            })
            .collect()
    })
}

/// `pixels` (8-bit sRGB, with alpha when `alpha`) `width` by `height`, resized to
/// `new_width` by `new_height` in linear light.
pub fn resize(
    pixels: &[u8],
    width: u32,
    height: u32,
    alpha: bool,
    new_width: u32,
    new_height: u32,
) -> Result<Pixels, ImageError> {
    if new_width == width && new_height == height {
        return Ok(Pixels {
            width,
            height,
            alpha,
            data: pixels.to_vec(),
        });
    }
    // Straight from the bytes into the filter's pixels and back: no intermediate buffer the
    // size of the picture on either side.
    let linear = to_linear();
    let srgb = to_srgb();
    let light = |byte: &u8| linear[usize::from(*byte)];
    let dark = |value: u16| srgb[usize::from(value)];
    let data: Vec<u8> = if alpha {
        let source = pixels.chunks_exact(4).map(|c| {
            U16x4::new([
                light(&c[0]),
                light(&c[1]),
                light(&c[2]),
                u16::from(c[3]) * 257,
            ])
        });
        let out = filter(source.collect(), width, height, new_width, new_height)?;
        out.iter()
            .flat_map(|p| {
                let [r, g, b, a] = p.0;
                [
                    dark(r),
                    dark(g),
                    dark(b),
                    ((u32::from(a) + 128) / 257) as u8,
                ]
            })
            .collect()
    } else {
        let source = pixels
            .chunks_exact(3)
            .map(|c| U16x3::new([light(&c[0]), light(&c[1]), light(&c[2])]));
        let out = filter(source.collect(), width, height, new_width, new_height)?;
        out.iter().flat_map(|p| p.0.map(dark)).collect()
    };
    Ok(Pixels {
        width: new_width,
        height: new_height,
        alpha,
        data,
    })
}

/// Lanczos filtering of `pixels` (`width` by `height`, with colour weighted by alpha where
/// there is one) to `new_width` by `new_height`.
///
/// Through the typed entry point: `Resizer::resize` takes an image of any pixel type and so
/// compiles the filters of all thirteen into this crate (at opt-level 3, most of a clean
/// build's time for it), where the site only ever filters these two.
fn filter<P: PixelTrait>(
    pixels: Vec<P>,
    width: u32,
    height: u32,
    new_width: u32,
    new_height: u32,
) -> Result<Vec<P>, ImageError> {
    let failed = |e: &dyn std::fmt::Display| ImageError::Internal(format!("resize failed: {e}"));
    let source = TypedImage::from_pixels(width, height, pixels).map_err(|e| failed(&e))?;
    let mut target = TypedImage::<P>::new(new_width, new_height);
    let options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3));
    Resizer::new()
        .resize_typed(&source, &mut target, &options)
        .map_err(|e| failed(&e))?;
    Ok(target.pixels().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heights_keep_the_aspect_ratio() {
        assert_eq!(height_for(640, 2400, 1600), 427);
        assert_eq!(height_for(1200, 2400, 1600), 800);
        assert_eq!(height_for(320, 10000, 1), 1);
    }

    #[test]
    fn a_black_and_white_checkerboard_averages_to_a_light_grey_in_linear_light() {
        // Averaging sRGB values would give 128; the true mean of black and white light is
        // sRGB 188.
        let (w, h) = (64u32, 64u32);
        let data: Vec<u8> = (0..w * h)
            .flat_map(|i| {
                let v = if (i % w + i / w) % 2 == 0 { 255 } else { 0 };
                [v, v, v]
            })
            .collect();
        let out = resize(&data, w, h, false, 8, 8).unwrap();
        let middle = out.data[(4 * 8 + 4) * 3];
        assert!((180..=195).contains(&middle), "{middle}");
    }

    #[test]
    fn alpha_is_kept_and_transparent_colour_does_not_bleed() {
        // Left half opaque red, right half fully transparent green.
        let (w, h) = (32u32, 8u32);
        let data: Vec<u8> = (0..w * h)
            .flat_map(|i| {
                if i % w < w / 2 {
                    [255, 0, 0, 255]
                } else {
                    [0, 255, 0, 0]
                }
            })
            .collect();
        let out = resize(&data, w, h, true, 16, 4).unwrap();
        assert!(out.alpha);
        for pixel in out.data.chunks_exact(4) {
            if pixel[3] > 16 {
                assert!(pixel[1] < 40, "green bled into {pixel:?}");
            }
        }
        assert_eq!(out.data[3], 255);
        assert_eq!(out.data[out.data.len() - 1], 0);
    }
}
