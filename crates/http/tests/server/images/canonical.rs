//! Only the renditions pages write are made: a client asking for other qualities, widths or
//! formats is sent to the nearest written one and costs no encode; each client may start only
//! so many encodes a minute; a picture over the resizer's limits is offered at its own address
//! and never as candidates that would fail.

use crate::support::images::*;
use supplysite_core::content::{ContentParts, ContentSet};

/// The rendition the site writes for the hero at 640 pixels in WebP.
const WRITTEN: &str = "w=640&fm=webp&q=75";

fn location(response: &reqwest::Response) -> String {
    header(response, "location")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_qualities_widths_and_formats_are_sent_to_the_written_rendition_without_an_encode() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let server = start(Setup::new(export.path(), cache.path())).await;
    let hero = format!("/img/images.ctfassets.net/{HERO}");

    let written = server.get(&format!("{hero}?{WRITTEN}")).await;
    assert_eq!(written.status(), 200);
    assert_eq!(server.encodes(), 1);

    // An attacker walks every quality: one redirect each, to the one written, and no encode.
    for q in (1..=100).filter(|&q| q != 75).step_by(7) {
        let response = server.get(&format!("{hero}?w=640&fm=webp&q={q}")).await;
        assert_eq!(response.status(), 308, "q={q}");
        assert_eq!(location(&response), format!("{hero}?{WRITTEN}"), "q={q}");
        // A cache in front keeps the redirect as long as the rendition.
        assert!(header(&response, "cache-control").contains("immutable"));
    }
    for (asked, nearest) in [
        // A width no page writes: the narrowest written that covers it.
        ("w=700&fm=avif&q=50", "w=828&fm=avif&q=50"),
        // Wider than the picture: the picture's own width.
        ("w=2048&fm=webp", "w=1300&fm=webp&q=75"),
        // A format no page writes for a PNG: its fallback, PNG, which has no quality.
        ("w=320&fm=jpg&q=75", "w=320&fm=png"),
    ] {
        let picture = if asked.contains("jpg") { LOGO } else { HERO };
        let response = server
            .get(&format!("/img/images.ctfassets.net/{picture}?{asked}"))
            .await;
        assert_eq!(response.status(), 308, "{asked}");
        assert_eq!(
            location(&response),
            format!("/img/images.ctfassets.net/{picture}?{nearest}"),
            "{asked}"
        );
    }
    assert_eq!(server.encodes(), 1, "no redirect made anything");

    // The visitor whose browser follows a redirect gets the picture.
    let followed = server.get(&format!("{hero}?w=828&fm=avif&q=50")).await;
    assert_eq!(followed.status(), 200);
    assert_eq!(header(&followed, "content-type"), "image/avif");
    assert_eq!(
        header(&followed, "content-security-policy"),
        "sandbox",
        "a rendition opened on its own may do nothing as the site"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_past_its_encodes_waits_while_made_renditions_are_still_served() {
    let export = export();
    let cache = tempfile::tempdir().unwrap();
    let mut setup = Setup::new(export.path(), cache.path());
    setup.encodes_per_minute = Some(2);
    let server = start(setup).await;
    let logo = format!("/img/images.ctfassets.net/{LOGO}");
    for w in [320, 480] {
        let response = server.get(&format!("{logo}?w={w}&fm=png")).await;
        assert_eq!(response.status(), 200, "w={w}");
    }
    // The third is not made for this client now: the nearest made stands in, briefly.
    let third = server.get(&format!("{logo}?w=640&fm=png")).await;
    assert_eq!(third.status(), 200);
    assert_eq!(
        header(&third, "cache-control"),
        supplysite_http::handlers::images::STAND_IN_CACHE_CONTROL
    );
    assert_eq!(size_of(&third.bytes().await.unwrap()), (480, 360));
    assert_eq!(server.encodes(), 2);
    // With nothing to stand in (a WebP original for a client taking only PNG), it waits.
    put(
        export.path(),
        "space1/pic1/token1/pic.webp",
        &webp(700, 400),
    );
    let refused = server
        .get_with(
            "/img/images.ctfassets.net/space1/pic1/token1/pic.webp?w=320&fm=png",
            &[("accept", "image/png")],
        )
        .await;
    assert_eq!(refused.status(), 429);
    let wait: u64 = header(&refused, "retry-after").parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(header(&refused, "cache-control"), "no-store");
    assert_eq!(server.encodes(), 2);
    // What is made is never counted: the same client keeps getting it.
    for _ in 0..5 {
        let again = server.get(&format!("{logo}?w=320&fm=png")).await;
        assert_eq!(again.status(), 200);
    }
    assert_eq!(server.encodes(), 2);
}

/// A picture 13,000 pixels wide: over the resizer's 12,000 a side.
const HUGE: &str = "space1/huge1/token1/panorama.png";

fn content_with_huge_hero() -> ContentSet {
    let mut parts: ContentParts = crate::support::parts("v1");
    let mut post = crate::support::post("newest-insight", "2024-03-05", true, "v1");
    post["heroImage"] = serde_json::json!({
        "id": "huge1",
        "url": format!("/assets/images.ctfassets.net/{HUGE}"),
        "contentType": "image/png",
        "width": 13_000,
        "height": 2_000,
        "description": "The harbour at dawn",
    });
    parts.posts[0] = serde_json::from_value(post).unwrap();
    ContentSet::new(parts, "v1")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picture_over_the_resizers_limits_is_offered_at_its_own_address_only() {
    let export = export();
    put(export.path(), HUGE, &png_header(13_000, 2_000));
    let cache = tempfile::tempdir().unwrap();
    let mut setup = Setup::new(export.path(), cache.path());
    setup.content = Some(content_with_huge_hero());
    let server = start(setup).await;

    let page = server.get("/insights/newest-insight").await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(
        !html.contains(&format!("/img/images.ctfassets.net/{HUGE}")),
        "the page offers renditions the resizer would refuse"
    );
    let api: serde_json::Value = server
        .get("/api/page?path=%2Finsights%2Fnewest-insight")
        .await
        .json()
        .await
        .unwrap();
    let hero = &api["view"]["hero"];
    assert_eq!(hero["url"], format!("/assets/images.ctfassets.net/{HUGE}"));
    assert!(hero.get("srcset").is_none(), "{hero}");
    assert!(hero.get("sources").is_none(), "{hero}");
    // What the browser does load is there.
    let original = server.get(hero["url"].as_str().unwrap()).await;
    assert_eq!(original.status(), 200);
    assert_eq!(header(&original, "content-type"), "image/png");
}
