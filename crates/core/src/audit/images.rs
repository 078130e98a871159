//! Pictures the site cannot serve at the right size (part of the `seo` report, since page weight
//! is what search engines measure as loading speed): a JPEG, PNG, WebP or AVIF without recorded
//! dimensions gets no smaller renditions, so every screen downloads the original; a large GIF or
//! other raster picture the site never resizes is sent whole to phones. A camera-sized photograph
//! is fine when it can be resized, and an SVG is fine at any size (it is drawn, not decoded).

use super::subject::{At, is_image, pictures};
use super::{Finding, Report, Severity};
use crate::content::{Asset, ContentSet};
use crate::rendition::{
    ENDPOINT, MAX_PIXELS, MAX_SIDE, MAX_SOURCE_BYTES, WIDTHS, base, over_limits, resizable,
};

/// The widest rendition the site asks for; a picture it cannot resize that is wider than this
/// is far more than any screen shows.
const WIDEST: u32 = WIDTHS[WIDTHS.len() - 1];

pub(super) fn report(out: &mut Vec<Finding>, set: &ContentSet) {
    for p in pictures(set) {
        if let Some(finding) = check(&p.at, p.field, p.asset) {
            out.push(finding);
        }
    }
}

fn check(at: &At, field: &str, asset: &Asset) -> Option<Finding> {
    if !is_image(asset) {
        return None;
    }
    let mime = asset.content_type.as_deref().unwrap_or_default();
    let name = asset.file_name.as_deref().unwrap_or(&asset.url);
    if resizable(mime) {
        if let Some(width) = asset.width.filter(|&w| w > 0)
            && base(&asset.url).is_some_and(|b| b.starts_with(ENDPOINT))
            && let Some(why) = over_limits(width, asset.height, asset.size)
        {
            return Some(at.finding(
                Severity::Warning,
                Report::Seo, "image-over-resizer-limits",
                Some(field),
                format!(
                    "image {name:?} (asset {}, {mime}) is over the site's resizer's limits ({why}), so it is offered at its original size only and every screen downloads it whole",
                    asset.id
                ),
                format!(
                    "Upload asset {} at most {MAX_SIDE} pixels a side, {} megapixels and {} MiB",
                    asset.id,
                    MAX_PIXELS / 1_000_000,
                    MAX_SOURCE_BYTES >> 20
                ),
            ));
        }
        if asset.width.is_some_and(|w| w > 0) && asset.height.is_some_and(|h| h > 0) {
            return None;
        }
        return Some(at.finding(
            Severity::Warning,
            Report::Seo, "image-without-dimensions",
            Some(field),
            format!(
                "image {name:?} (asset {}, {mime}) has no recorded width and height, so the site offers no smaller sizes and every screen downloads the original",
                asset.id
            ),
            format!(
                "Upload the file of asset {} again so Contentful records its dimensions",
                asset.id
            ),
        ));
    }
    if mime == "image/svg+xml" || mime.is_empty() {
        return None;
    }
    let width = asset.width.filter(|&w| w > WIDEST)?;
    Some(at.finding(
        Severity::Warning,
        Report::Seo, "image-not-resizable",
        Some(field),
        format!(
            "image {name:?} (asset {}, {mime}) is {width} pixels wide and the site cannot resize it, so phones download it whole",
            asset.id
        ),
        format!(
            "Upload asset {} as a JPEG, PNG or WebP (the site resizes those), or at most {WIDEST} pixels wide",
            asset.id
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::Route;

    fn at() -> At {
        At::entry("post-1", "blogPost", Some(&Route::Insight("a".into())))
    }

    fn asset(mime: &str, width: Option<u32>) -> Asset {
        Asset {
            id: "pic".into(),
            url: "//images.ctfassets.net/s/pic/t/pic".into(),
            file_name: Some("pic".into()),
            content_type: Some(mime.into()),
            width,
            height: width.map(|w| w * 2 / 3),
            ..Asset::default()
        }
    }

    #[test]
    fn a_camera_sized_photograph_that_can_be_resized_is_fine() {
        assert_eq!(
            check(&at(), "heroImage", &asset("image/jpeg", Some(6000))),
            None
        );
        assert_eq!(
            check(&at(), "heroImage", &asset("image/png", Some(2400))),
            None
        );
    }

    #[test]
    fn a_picture_of_the_export_over_the_resizers_limits_is_a_warning() {
        let mut huge = asset("image/jpeg", Some(13_000));
        huge.url = "/assets/images.ctfassets.net/s/pic/t/pic.jpg".into();
        let f = check(&at(), "heroImage", &huge).unwrap();
        assert_eq!(f.severity, Severity::Warning);
        assert!(
            f.message.contains("over the site's resizer's limits"),
            "{}",
            f.message
        );
        assert!(f.message.contains("original size only"), "{}", f.message);
        // Contentful resizes the live space's copy itself.
        assert_eq!(
            check(&at(), "heroImage", &asset("image/jpeg", Some(13_000))),
            None
        );
        huge.width = Some(4000);
        huge.height = Some(3000);
        assert_eq!(check(&at(), "heroImage", &huge), None);
    }

    #[test]
    fn an_svg_is_fine_at_any_size() {
        assert_eq!(
            check(&at(), "heroImage", &asset("image/svg+xml", Some(8000))),
            None
        );
        assert_eq!(
            check(&at(), "heroImage", &asset("image/svg+xml", None)),
            None
        );
    }

    #[test]
    fn a_resizable_picture_without_dimensions_is_a_warning_naming_the_asset() {
        let f = check(&at(), "heroImage", &asset("image/jpeg", None)).unwrap();
        assert_eq!(f.severity, Severity::Warning);
        assert_eq!(f.field.as_deref(), Some("heroImage"));
        assert!(f.message.contains("asset pic, image/jpeg"), "{}", f.message);
        assert!(
            f.message.contains("no recorded width and height"),
            "{}",
            f.message
        );
    }

    #[test]
    fn a_large_gif_is_a_warning_and_a_small_one_is_not() {
        let f = check(&at(), "mainimage", &asset("image/gif", Some(3000))).unwrap();
        assert!(f.message.contains("3000 pixels wide"), "{}", f.message);
        assert!(f.hint.contains("at most 2048 pixels"), "{}", f.hint);
        assert_eq!(
            check(&at(), "mainimage", &asset("image/gif", Some(WIDEST))),
            None
        );
    }

    #[test]
    fn a_document_is_not_a_picture() {
        assert_eq!(
            check(&at(), "heroImage", &asset("application/pdf", None)),
            None
        );
    }
}
