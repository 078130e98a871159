use super::*;

/// A picture asset at `url` of type `mime`, `size` pixels; the compose tests use it too.
pub(crate) fn asset(url: &str, mime: Option<&str>, size: Option<(u32, u32)>) -> Asset {
    Asset {
        id: "a".into(),
        url: url.into(),
        title: Some("Harbour at dawn".into()),
        content_type: mime.map(str::to_string),
        width: size.map(|s| s.0),
        height: size.map(|s| s.1),
        ..Asset::default()
    }
}

pub(crate) const LIVE_JPEG: &str = "//images.ctfassets.net/space/id/tok/harbour.jpg";

#[test]
fn a_picture_in_rich_text_offers_its_renditions_lazily() {
    let escape = crate::html::escape;
    let photo = asset(LIVE_JPEG, Some("image/jpeg"), Some((700, 400)));
    let html = rich_text_html(&photo, LIVE_JPEG, escape);
    assert!(html.starts_with(
        "<picture><source type=\"image/avif\" srcset=\"https://images.ctfassets.net/space/id/tok/harbour.jpg?w=320&amp;fm=avif&amp;q=50 320w, "
    ));
    assert!(html.contains("<source type=\"image/webp\" srcset=\""));
    assert!(html.contains(&format!(
        "700w\" sizes=\"{RICH_TEXT_SIZES}\" alt=\"Harbour at dawn\" width=\"700\" height=\"400\" loading=\"lazy\"></picture>"
    )));
    let svg = asset("/images/x.svg", Some("image/svg+xml"), Some((960, 360)));
    assert_eq!(
        rich_text_html(&svg, "/images/x.svg", escape),
        "<img src=\"/images/x.svg\" alt=\"Harbour at dawn\" width=\"960\" height=\"360\" loading=\"lazy\">"
    );
}
