//! One rendition from the bytes of a source picture: decode within the limits, check the
//! width, resize in linear light, encode. Pure: no files, no threads.

use crate::decode::{Limits, decode};
use crate::encode::encode;
use crate::error::ImageError;
use crate::resize::{height_for, resize};
use supplysite_core::rendition::{Format, width_allowed};

/// What a rendition is asked to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The width in pixels; the height follows the picture's ratio.
    pub width: u32,
    /// The encoding to produce.
    pub format: Format,
    /// The encoder's quality, 1 to 100 (PNG ignores it).
    pub quality: u8,
}

/// The rendition `target` of the picture in `bytes` (named `name` in errors).
pub fn render(
    bytes: &[u8],
    name: &str,
    target: Target,
    limits: &Limits,
) -> Result<Vec<u8>, ImageError> {
    let decoded = decode(bytes, name, limits)?;
    let (width, height) = (decoded.probe.width, decoded.probe.height);
    if !width_allowed(target.width, width) {
        return Err(ImageError::Width {
            width: target.width,
            original: width,
        });
    }
    // Transparency is kept where the source has it; JPEG flattens it when encoding.
    let alpha = decoded.image.color().has_alpha();
    let pixels = if alpha {
        decoded.image.into_rgba8().into_raw()
    } else {
        decoded.image.into_rgb8().into_raw()
    };
    let new_height = height_for(target.width, width, height);
    let resized = resize(&pixels, width, height, alpha, target.width, new_height)?;
    encode(&resized, target.format, target.quality)
}
