use super::*;
use crate::picture::tests::{LIVE_JPEG, asset};

const EXPORT_JPEG: &str = "/assets/images.ctfassets.net/space/id/tok/harbour.jpg";

#[test]
fn a_camera_sized_photo_gets_every_listed_width_in_three_formats() {
    let image = image(&asset(EXPORT_JPEG, Some("image/jpeg"), Some((2400, 1600))));
    assert_eq!(image.url, EXPORT_JPEG);
    assert_eq!(image.alt, "Harbour at dawn");
    let srcset = image.srcset.as_deref().unwrap();
    let widths: Vec<&str> = srcset
        .split(", ")
        .map(|c| c.rsplit_once(' ').unwrap().1)
        .collect();
    assert_eq!(
        widths,
        [
            "320w", "480w", "640w", "828w", "1080w", "1200w", "1280w", "1600w", "2048w"
        ]
    );
    assert!(srcset.starts_with(
        "/img/images.ctfassets.net/space/id/tok/harbour.jpg?w=320&fm=jpg&q=75 320w, "
    ));
    let kinds: Vec<&str> = image.sources.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, ["image/avif", "image/webp"]);
    assert!(
        image.sources[0]
            .srcset
            .ends_with("harbour.jpg?w=2048&fm=avif&q=50 2048w")
    );
    assert!(
        image.sources[1]
            .srcset
            .contains("harbour.jpg?w=640&fm=webp&q=75 640w")
    );
    assert_eq!(image.sizes, None);
}

#[test]
fn an_svg_is_shown_as_it_is() {
    let image = image(&asset(
        "/assets/images.ctfassets.net/space/id/tok/logo.svg",
        Some("image/svg+xml"),
        Some((320, 120)),
    ));
    assert_eq!(image.srcset, None);
    assert!(image.sources.is_empty());
    assert_eq!(image.width, Some(320));
    let json = serde_json::to_value(&image).unwrap();
    assert!(json.get("sources").is_none() && json.get("srcset").is_none());
}

#[test]
fn a_narrow_original_is_never_asked_wider_than_itself() {
    let image = image(&asset(LIVE_JPEG, Some("image/jpeg"), Some((700, 400))));
    assert_eq!(
        image.srcset.as_deref(),
        Some(
            "https://images.ctfassets.net/space/id/tok/harbour.jpg?w=320&fm=jpg&q=75 320w, \
             https://images.ctfassets.net/space/id/tok/harbour.jpg?w=480&fm=jpg&q=75 480w, \
             https://images.ctfassets.net/space/id/tok/harbour.jpg?w=640&fm=jpg&q=75 640w, \
             https://images.ctfassets.net/space/id/tok/harbour.jpg?w=700&fm=jpg&q=75 700w"
        )
    );
}

#[test]
fn a_live_picture_uses_contentfuls_images_api() {
    let image = image(&asset(LIVE_JPEG, Some("image/jpeg"), Some((1600, 900))));
    for source in &image.sources {
        for c in source.srcset.split(", ") {
            assert!(c.starts_with("https://images.ctfassets.net/space/id/tok/harbour.jpg?w="));
        }
    }
    assert!(
        image.sources[0]
            .srcset
            .ends_with("?w=1600&fm=avif&q=50 1600w")
    );
}

#[test]
fn a_png_falls_back_to_png_and_a_type_is_read_from_the_name_when_missing() {
    let png = image(&asset(
        "/assets/images.ctfassets.net/s/i/t/cut-out.png",
        None,
        Some((500, 500)),
    ));
    assert_eq!(
        png.srcset.as_deref(),
        Some(
            "/img/images.ctfassets.net/s/i/t/cut-out.png?w=320&fm=png 320w, \
             /img/images.ctfassets.net/s/i/t/cut-out.png?w=480&fm=png 480w, \
             /img/images.ctfassets.net/s/i/t/cut-out.png?w=500&fm=png 500w"
        )
    );
    assert_eq!(png.sources.len(), 2);
}

#[test]
fn without_a_width_or_a_resizing_host_the_picture_is_shown_as_it_is() {
    let unknown = image(&asset(EXPORT_JPEG, Some("image/jpeg"), None));
    assert_eq!(unknown.srcset, None);
    let elsewhere = image(&asset(
        "https://example.com/a.jpg",
        Some("image/jpeg"),
        Some((2000, 1000)),
    ));
    assert_eq!(elsewhere.srcset, None);
    assert!(elsewhere.sources.is_empty());
    let gif = image(&asset(
        "/assets/images.ctfassets.net/s/i/t/a.gif",
        Some("image/gif"),
        Some((2000, 1000)),
    ));
    assert_eq!(gif.srcset, None);
}

#[test]
fn spaces_and_commas_in_a_file_name_do_not_split_a_candidate() {
    let image = image(&asset(
        "/assets/images.ctfassets.net/s/i/t/dock, night 2.jpg",
        Some("image/jpeg"),
        Some((320, 200)),
    ));
    assert_eq!(
        image.srcset.as_deref(),
        Some("/img/images.ctfassets.net/s/i/t/dock%2C%20night%202.jpg?w=320&fm=jpg&q=75 320w")
    );
}

#[test]
fn link_previews_use_the_1200_wide_jpeg() {
    let share = share(&asset(LIVE_JPEG, Some("image/png"), Some((2400, 1600))));
    assert_eq!(
        share.url,
        "https://images.ctfassets.net/space/id/tok/harbour.jpg?w=1200&fm=jpg&q=75"
    );
    assert_eq!((share.width, share.height), (Some(1200), Some(800)));
    assert!(share.srcset.is_none() && share.sources.is_empty());

    let narrow = share_of(EXPORT_JPEG, (900, 601));
    assert_eq!(
        narrow.url,
        "/img/images.ctfassets.net/space/id/tok/harbour.jpg?w=900&fm=jpg&q=75"
    );
    assert_eq!((narrow.width, narrow.height), (Some(900), Some(601)));

    let svg = super::share(&asset("/images/x.svg", Some("image/svg+xml"), None));
    assert_eq!(svg.url, "/images/x.svg");
    assert_eq!(svg.width, None);
}

fn share_of(url: &str, size: (u32, u32)) -> Image {
    share(&asset(url, Some("image/jpeg"), Some(size)))
}

#[test]
fn the_preload_repeats_the_first_source_and_the_sizes() {
    let hero = lcp(
        image(&asset(EXPORT_JPEG, Some("image/jpeg"), Some((2400, 1600)))),
        COLUMN_SIZES,
    );
    let preload = preload(&hero, Some(BANNER_MEDIA)).unwrap();
    assert_eq!(preload.srcset, hero.sources[0].srcset);
    assert_eq!(preload.kind, "image/avif");
    assert_eq!(preload.sizes, COLUMN_SIZES);
    assert_eq!(preload.media, Some("(min-width: 1024px)"));

    let svg = lcp(
        image(&asset(
            "/images/x.svg",
            Some("image/svg+xml"),
            Some((10, 10)),
        )),
        COLUMN_SIZES,
    );
    assert_eq!(super::preload(&svg, None), None);
    let no_sizes = image(&asset(EXPORT_JPEG, Some("image/jpeg"), Some((2400, 1600))));
    assert_eq!(super::preload(&no_sizes, None), None);
}
