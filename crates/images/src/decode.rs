//! Reading a source picture with limits: its header is read first and a picture over the pixel
//! limits is refused before any pixel is decoded, so a small file claiming a huge picture (a
//! decompression bomb) costs a few bytes of reading, not gigabytes of memory.

use crate::error::ImageError;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader};
use std::io::Cursor;
use supplysite_core::rendition::Format;

/// How large a source picture may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The widest or tallest side, in pixels.
    pub max_side: u32,
    /// The most pixels (width times height).
    pub max_pixels: u64,
    /// The most bytes the decoder may allocate.
    pub max_alloc: u64,
}

impl Default for Limits {
    /// 40 megapixels and 12,000 pixels a side: more than any camera photograph an editor
    /// uploads, far less than a bomb.
    fn default() -> Self {
        Limits {
            max_side: supplysite_core::rendition::MAX_SIDE,
            max_pixels: supplysite_core::rendition::MAX_PIXELS,
            // Four bytes a pixel at 16 bits a channel, with room for the decoder's own rows.
            max_alloc: supplysite_core::rendition::MAX_PIXELS * 8 + (64 << 20),
        }
    }
}

impl Limits {
    fn image_limits(&self) -> image::Limits {
        let mut limits = image::Limits::default();
        limits.max_image_width = Some(self.max_side);
        limits.max_image_height = Some(self.max_side);
        limits.max_alloc = Some(self.max_alloc);
        limits
    }

    fn check(&self, width: u32, height: u32) -> Result<(), ImageError> {
        let too_large =
            |limit: String| ImageError::TooLarge(format!("{width}x{height} pixels, over {limit}"));
        if width > self.max_side || height > self.max_side {
            return Err(too_large(format!("{} pixels a side", self.max_side)));
        }
        if u64::from(width) * u64::from(height) > self.max_pixels {
            return Err(too_large(format!("{} pixels", self.max_pixels)));
        }
        Ok(())
    }
}

/// What a source picture's header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The format of the file.
    pub format: Format,
    /// The width as shown (after the camera's orientation is applied).
    pub width: u32,
    /// The height as shown.
    pub height: u32,
}

/// A decoded source picture, oriented as shown.
pub struct Decoded {
    /// What the file's header says: format and size as shown.
    pub probe: Probe,
    /// The pixels, already turned by the camera's orientation.
    pub image: DynamicImage,
}

/// The format of a file by its first bytes; `None` for anything that is not one of the raster
/// formats the site resizes (SVG, GIF, PDF, text). `name` is only used in the error.
pub fn sniff(bytes: &[u8], name: &str) -> Result<Format, ImageError> {
    match image::guess_format(bytes) {
        Ok(ImageFormat::Jpeg) => Ok(Format::Jpeg),
        Ok(ImageFormat::Png) => Ok(Format::Png),
        Ok(ImageFormat::WebP) => Ok(Format::Webp),
        // No AVIF decoder is built in: AVIF sources are served as they are.
        _ => Err(ImageError::NotResizable(name.to_owned())),
    }
}

fn reader<'a>(bytes: &'a [u8], format: Format, limits: &Limits) -> ImageReader<Cursor<&'a [u8]>> {
    let mut reader = ImageReader::new(Cursor::new(bytes));
    reader.set_format(match format {
        Format::Jpeg => ImageFormat::Jpeg,
        Format::Png => ImageFormat::Png,
        Format::Webp => ImageFormat::WebP,
        Format::Avif => ImageFormat::Avif,
    });
    reader.limits(limits.image_limits());
    reader
}

fn corrupt(error: image::ImageError) -> ImageError {
    match error {
        image::ImageError::Limits(e) => ImageError::TooLarge(e.to_string()),
        other => ImageError::Corrupt(other.to_string()),
    }
}

/// Reads the header of the picture in `bytes` (named `name` in errors): its format and its
/// shown size, refusing a picture over `limits` without decoding it.
pub fn probe(bytes: &[u8], name: &str, limits: &Limits) -> Result<Probe, ImageError> {
    let format = sniff(bytes, name)?;
    let mut decoder = reader(bytes, format, limits)
        .into_decoder()
        .map_err(corrupt)?;
    let (width, height) = decoder.dimensions();
    limits.check(width, height)?;
    let turned = decoder.orientation().is_ok_and(|o| {
        matches!(
            o,
            image::metadata::Orientation::Rotate90
                | image::metadata::Orientation::Rotate270
                | image::metadata::Orientation::Rotate90FlipH
                | image::metadata::Orientation::Rotate270FlipH
        )
    });
    let (width, height) = if turned {
        (height, width)
    } else {
        (width, height)
    };
    if width == 0 || height == 0 {
        return Err(ImageError::Corrupt(format!("{name} has no pixels")));
    }
    Ok(Probe {
        format,
        width,
        height,
    })
}

/// How far from its end a JPEG's end-of-image marker may be (cameras append trailers).
const JPEG_END_WITHIN: usize = 4096;

/// Decodes the picture in `bytes` within `limits`, turned the way the camera says it is shown.
/// A JPEG without its end-of-image marker, or a PNG without its end chunk, is refused as
/// truncated: the decoders would otherwise fill the missing rows with grey.
pub fn decode(bytes: &[u8], name: &str, limits: &Limits) -> Result<Decoded, ImageError> {
    let probe = probe(bytes, name, limits)?;
    if probe.format == Format::Jpeg
        && !bytes[bytes.len().saturating_sub(JPEG_END_WITHIN)..]
            .windows(2)
            .any(|w| w == [0xff, 0xd9])
    {
        return Err(ImageError::Corrupt(format!("{name} is truncated")));
    }
    if probe.format == Format::Png && !bytes.ends_with(b"IEND\xaeB`\x82") {
        return Err(ImageError::Corrupt(format!("{name} is truncated")));
    }
    let mut decoder = reader(bytes, probe.format, limits)
        .into_decoder()
        .map_err(corrupt)?;
    let orientation = decoder.orientation().ok();
    let mut image = DynamicImage::from_decoder(decoder).map_err(corrupt)?;
    if let Some(orientation) = orientation {
        image.apply_orientation(orientation);
    }
    if image.width() != probe.width || image.height() != probe.height {
        return Err(ImageError::Corrupt(format!(
            "{name} decoded to {}x{} against a header of {}x{}",
            image.width(),
            image.height(),
            probe.width,
            probe.height
        )));
    }
    Ok(Decoded { probe, image })
}
