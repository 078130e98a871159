//! Pictures as pages show them: every asset becomes an [`Image`] here, with its renditions
//! ([`crate::picture::renditions`]) whenever it can be resized. Also the image link previews
//! show, and the `sizes` and preload of a template's largest picture above the fold.

use crate::asset::Asset;
use crate::picture;
use crate::view::{Image, ImageSource, Preload};

pub use crate::picture::{BANNER_MEDIA, BANNER_SIZES, COLUMN_SIZES};

/// An asset as an image; its alt text is the description, else its title. A picture that can be
/// resized gets its renditions; any other is shown as it is.
pub fn image(asset: &Asset) -> Image {
    let mut renditions = picture::renditions(asset);
    Image {
        url: asset.url.clone(),
        alt: asset.alt().to_string(),
        width: asset.width,
        height: asset.height,
        sources: renditions
            .as_mut()
            .map(|r| {
                std::mem::take(&mut r.sources)
                    .into_iter()
                    .map(|(kind, srcset)| ImageSource { kind, srcset })
                    .collect()
            })
            .unwrap_or_default(),
        srcset: renditions.map(|r| r.srcset),
        sizes: None,
    }
}

/// The image a link preview shows: the JPEG rendition [`crate::rendition::SHARE_WIDTH`] pixels
/// wide (the original's width when narrower) with its height, or the file as it is when the
/// picture cannot be resized.
pub fn share(asset: &Asset) -> Image {
    let (url, width, height) = picture::share(asset).map_or_else(
        || (asset.url.clone(), asset.width, asset.height),
        |(url, w, h)| (url, Some(w), h),
    );
    Image {
        url,
        alt: asset.alt().to_string(),
        width,
        height,
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

#[cfg(test)]
mod tests;
