//! The pure pipeline: every format at the right size, and every bad source refused with the
//! right reason, never a panic.

mod support;

use supplysite_core::rendition::Format;
use supplysite_images::{ImageError, Limits, Target, render};

fn target(width: u32, format: Format) -> Target {
    Target {
        width,
        format,
        quality: format.default_quality(),
    }
}

#[test]
fn every_format_comes_out_at_the_width_asked_with_the_aspect_ratio_kept() {
    let source = support::jpeg(1200, 800);
    for format in Format::ALL {
        let out = render(
            &source,
            "photo.jpg",
            target(640, format),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(
            support::size_of(&out, format.param()),
            (640, 427),
            "{format}"
        );
    }
}

#[test]
fn the_original_width_is_offered_and_wider_or_unlisted_widths_are_refused() {
    let source = support::jpeg(700, 400);
    let out = render(
        &source,
        "p.jpg",
        target(700, Format::Jpeg),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(support::size_of(&out, "jpg"), (700, 400));
    for width in [828, 1080, 500] {
        let err = render(
            &source,
            "p.jpg",
            target(width, Format::Jpeg),
            &Limits::default(),
        )
        .unwrap_err();
        assert!(matches!(err, ImageError::Width { .. }), "{width}: {err}");
    }
}

#[test]
fn transparency_is_kept_in_png_webp_and_avif_and_flattened_in_jpeg() {
    let source = support::png_with_alpha(640, 480);
    let png = render(
        &source,
        "logo.png",
        target(320, Format::Png),
        &Limits::default(),
    )
    .unwrap();
    let decoded = image::load_from_memory(&png).unwrap();
    assert!(decoded.color().has_alpha());
    let pixels = decoded.to_rgba8();
    assert_eq!(pixels.get_pixel(0, 0)[3], 0, "corner stays transparent");
    assert_eq!(pixels.get_pixel(160, 120)[3], 255, "middle stays opaque");
    let webp = render(
        &source,
        "logo.png",
        target(320, Format::Webp),
        &Limits::default(),
    )
    .unwrap();
    assert!(image::load_from_memory(&webp).unwrap().color().has_alpha());
    let jpeg = render(
        &source,
        "logo.png",
        target(320, Format::Jpeg),
        &Limits::default(),
    )
    .unwrap();
    let corner = image::load_from_memory(&jpeg).unwrap().to_rgb8();
    assert!(corner.get_pixel(0, 0)[0] > 240, "flattened onto white");
    let avif = render(
        &source,
        "logo.png",
        target(320, Format::Avif),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(support::avif_size(&avif), (320, 240));
}

#[test]
fn a_huge_picture_header_is_refused_before_anything_is_decoded() {
    let bomb = support::png_header(30_000, 30_000);
    let started = std::time::Instant::now();
    let err = render(
        &bomb,
        "bomb.png",
        target(640, Format::Jpeg),
        &Limits::default(),
    )
    .unwrap_err();
    assert!(matches!(err, ImageError::TooLarge(_)), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
    // Within the side limit but over the pixel limit.
    let wide = support::png_header(11_000, 11_000);
    let err = render(
        &wide,
        "wide.png",
        target(640, Format::Jpeg),
        &Limits::default(),
    )
    .unwrap_err();
    assert!(matches!(err, ImageError::TooLarge(_)), "{err}");
}

#[test]
fn svg_gif_and_documents_are_not_resized() {
    for (name, bytes) in [
        (
            "logo.svg",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec(),
        ),
        ("anim.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec()),
        ("brochure.pdf", b"%PDF-1.7\n".to_vec()),
        ("empty.jpg", Vec::new()),
    ] {
        let err = render(&bytes, name, target(320, Format::Jpeg), &Limits::default()).unwrap_err();
        assert!(matches!(err, ImageError::NotResizable(_)), "{name}: {err}");
    }
}

#[test]
fn truncated_and_garbled_pictures_are_refused_never_a_panic() {
    let sources = [
        ("photo.jpg", support::jpeg(400, 300)),
        ("logo.png", support::png_with_alpha(400, 300)),
    ];
    for (name, bytes) in &sources {
        // Cut at many lengths: headers only, halfway through the pixels, one byte short.
        for cut in [2, 8, 16, 33, 60, 100, 200, bytes.len() / 2, bytes.len() - 1] {
            let outcome = render(
                &bytes[..cut],
                name,
                target(320, Format::Png),
                &Limits::default(),
            );
            let err = outcome
                .err()
                .unwrap_or_else(|| panic!("{name} cut at {cut} was resized"));
            assert!(
                matches!(
                    err,
                    ImageError::Corrupt(_) | ImageError::NotResizable(_) | ImageError::TooLarge(_)
                ),
                "{name} cut at {cut}: {err}"
            );
        }
        // Flip bytes through the file (a simple deterministic scramble).
        let mut seed = 0x2545_f491u32;
        for round in 0..40 {
            let mut garbled = bytes.clone();
            for _ in 0..8 {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                let at = seed as usize % garbled.len();
                garbled[at] ^= (seed >> 8) as u8 | 1;
            }
            let outcome = std::panic::catch_unwind(|| {
                render(
                    &garbled,
                    name,
                    target(320, Format::Webp),
                    &Limits::default(),
                )
            });
            let outcome = outcome.unwrap_or_else(|_| panic!("{name} round {round} panicked"));
            if let Err(err) = outcome {
                assert!(
                    matches!(
                        err,
                        ImageError::Query(_)
                            | ImageError::Width { .. }
                            | ImageError::Path(_)
                            | ImageError::Corrupt(_)
                            | ImageError::NotResizable(_)
                            | ImageError::TooLarge(_)
                    ),
                    "{name}: {err}"
                );
            }
        }
    }
}
