//! Pictures as pages show them: every asset becomes an [`Image`] here, with the renditions the
//! browser chooses from (`srcset` in AVIF, WebP and the source's fallback format) whenever the
//! picture can be resized, so the UI never builds or reads an image address itself.
//!
//! The widths, formats and addresses follow [`crate::rendition`]. Also here: the rendition link
//! previews show, and the preload of a template's largest picture above the fold with the
//! `sizes` that picture is laid out at.

use crate::content::Asset;
use crate::rendition::{self, Format, Request};
use crate::view::{Image, ImageSource, Preload};

/// Where a picture fills the page column: the insight hero and the case-study banner. The column
/// is the viewport less a gutter each side (`clamp(1rem, 0.5rem + 2.5vw, 2.5rem)`) and stops
/// growing at 76rem (1216px) once the viewport reaches 1296px.
pub const COLUMN_SIZES: &str =
    "(min-width: 1296px) 1216px, (min-width: 1280px) calc(100vw - 80px), calc(95vw - 16px)";

/// The page-builder banner: the full width of the viewport, shown from 1024px only.
pub const BANNER_SIZES: &str = "100vw";

/// The viewports the page-builder banner's picture shows on.
pub const BANNER_MEDIA: &str = "(min-width: 1024px)";

/// The formats offered before the fallback, smallest first.
const SOURCE_FORMATS: [Format; 2] = [Format::Avif, Format::Webp];

/// An asset as an image; its alt text is the description, else its title. A picture that can be
/// resized gets its renditions; any other is shown as it is.
pub fn image(asset: &Asset) -> Image {
    let mut image = Image {
        url: asset.url.clone(),
        alt: asset.alt().to_string(),
        width: asset.width,
        height: asset.height,
        srcset: None,
        sources: Vec::new(),
        sizes: None,
    };
    if let Some((width, format)) = resizable(asset) {
        let widths = rendition::widths_for(width);
        image.srcset = srcset(&asset.url, &widths, format.fallback());
        if image.srcset.is_some() {
            image.sources = SOURCE_FORMATS
                .into_iter()
                .filter_map(|format| {
                    Some(ImageSource {
                        kind: format.mime(),
                        srcset: srcset(&asset.url, &widths, format)?,
                    })
                })
                .collect();
        }
    }
    image
}

/// The image a link preview shows: the JPEG rendition [`rendition::SHARE_WIDTH`] pixels wide
/// (the original's width when narrower) with its height, or the file as it is when the picture
/// cannot be resized.
pub fn share(asset: &Asset) -> Image {
    let plain = image(asset);
    let Some((width, _)) = resizable(asset) else {
        return Image {
            srcset: None,
            sources: Vec::new(),
            ..plain
        };
    };
    let share_width = rendition::width_covering(rendition::SHARE_WIDTH, width).unwrap_or(width);
    let url = rendition::url(&asset.url, &request(share_width, Format::Jpeg));
    Image {
        url: url.unwrap_or(plain.url),
        alt: plain.alt,
        width: Some(share_width),
        height: asset.height.map(|h| scaled_height(h, width, share_width)),
        srcset: None,
        sources: Vec::new(),
        sizes: None,
    }
}

/// The image as a template's largest picture above the fold, laid out at `sizes` (which only
/// a picture with renditions needs).
pub fn lcp(mut image: Image, sizes: &str) -> Image {
    if image.srcset.is_some() {
        image.sizes = Some(sizes.to_string());
    }
    image
}

/// The preload of a template's largest picture: its first source (AVIF) with its `sizes`, on the
/// viewports in `media`. `None` when the picture has no renditions or no `sizes`.
pub fn preload(image: &Image, media: Option<&'static str>) -> Option<Preload> {
    let first = image.sources.first()?;
    Some(Preload {
        srcset: first.srcset.clone(),
        sizes: image.sizes.clone()?,
        kind: first.kind,
        media,
    })
}

/// The width and format of a picture that can be resized at its address: a raster format, a
/// known width, and a host that resizes.
fn resizable(asset: &Asset) -> Option<(u32, Format)> {
    let width = asset.width.filter(|&w| w > 0)?;
    let format = match asset.content_type.as_deref() {
        Some(mime) => Format::of_mime(mime)?,
        None => format_of_path(&asset.url)?,
    };
    rendition::url(&asset.url, &request(width, format))?;
    Some((width, format))
}

/// The format a file name's extension names, for assets that came without a media type.
fn format_of_path(url: &str) -> Option<Format> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let ext = path.rsplit_once('.')?.1.to_ascii_lowercase();
    match ext.as_str() {
        "jpg" | "jpeg" => Some(Format::Jpeg),
        "png" => Some(Format::Png),
        "webp" => Some(Format::Webp),
        "avif" => Some(Format::Avif),
        _ => None,
    }
}

/// A request for one rendition: the format named, its default quality for lossy formats.
fn request(width: u32, format: Format) -> Request {
    Request {
        width,
        format: Some(format),
        quality: (format != Format::Png).then(|| format.default_quality()),
    }
}

/// `"… 320w, … 640w"` for the picture at `url` in `format`; `None` when the host cannot resize.
fn srcset(url: &str, widths: &[u32], format: Format) -> Option<String> {
    let candidates: Option<Vec<String>> = widths
        .iter()
        .map(|&w| {
            rendition::url(url, &request(w, format)).map(|u| format!("{} {w}w", candidate(&u)))
        })
        .collect();
    candidates.filter(|c| !c.is_empty()).map(|c| c.join(", "))
}

/// A URL made safe as a `srcset` candidate: spaces and commas would split it.
fn candidate(url: &str) -> String {
    url.replace(' ', "%20").replace(',', "%2C")
}

/// The height of a rendition `to` pixels wide of a picture `from` by `height` pixels, rounded.
fn scaled_height(height: u32, from: u32, to: u32) -> u32 {
    let scaled = (u64::from(height) * u64::from(to) + u64::from(from) / 2) / u64::from(from);
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

#[cfg(test)]
mod tests;
