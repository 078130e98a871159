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

#[test]
fn renditions_worked_out_before_follow_a_picture_that_changed_under_its_address() {
    const URL: &str = "//images.ctfassets.net/space/memo/tok/harbour.jpg";
    let narrow = renditions(&asset(URL, Some("image/jpeg"), Some((700, 400)))).unwrap();
    assert!(narrow.srcset.ends_with("?w=700&fm=jpg&q=75 700w"));
    // The same address now names a wider PNG: nothing of the first answer is reused.
    let wide = renditions(&asset(URL, Some("image/png"), Some((2400, 1600)))).unwrap();
    assert!(
        wide.srcset.ends_with("?w=2048&fm=png 2048w"),
        "{}",
        wide.srcset
    );
    assert_eq!(
        wide.srcset.matches(", ").count(),
        rendition::WIDTHS.len() - 1
    );
    let again = renditions(&asset(URL, Some("image/png"), Some((2400, 1600)))).unwrap();
    assert_eq!(again, wide);
    // Widths off the list are written as well as listed ones.
    let odd = renditions(&asset(URL, Some("image/jpeg"), Some((333, 200)))).unwrap();
    assert_eq!(
        odd.srcset,
        "https://images.ctfassets.net/space/memo/tok/harbour.jpg?w=320&fm=jpg&q=75 320w, \
         https://images.ctfassets.net/space/memo/tok/harbour.jpg?w=333&fm=jpg&q=75 333w"
    );
}

#[test]
fn a_picture_over_the_resizers_limits_is_offered_at_its_own_address_only() {
    const FILE: &str = "/assets/images.ctfassets.net/space/huge/tok/panorama.jpg";
    for (size, bytes) in [
        ((13_000, 2_000), None),
        ((8_000, 6_000), None),
        ((4_000, 3_000), Some(65 << 20)),
    ] {
        let mut huge = asset(FILE, Some("image/jpeg"), Some(size));
        huge.size = bytes;
        assert_eq!(renditions(&huge), None, "{size:?} {bytes:?}");
        assert_eq!(share(&huge), None, "{size:?} {bytes:?}");
    }
    let mut fine = asset(FILE, Some("image/jpeg"), Some((4_000, 3_000)));
    fine.size = Some(12 << 20);
    assert!(renditions(&fine).is_some());
    // Contentful's own Images API resizes the live space's pictures: its limits are not ours.
    let live = asset(LIVE_JPEG, Some("image/jpeg"), Some((13_000, 2_000)));
    assert!(renditions(&live).is_some());
}
