//! `supplysite video-id`: the JSON it prints for recognised and unrecognised links.

use std::process::Command;

fn video_id(input: &str) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(["video-id", input])
        .output()
        .expect("run supplysite");
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn prints_the_service_and_id_of_a_recognised_link() {
    assert_eq!(
        video_id("https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=share"),
        (
            "{\"service\":\"youtube\",\"id\":\"dQw4w9WgXcQ\"}\n".into(),
            0
        )
    );
    assert_eq!(
        video_id("<iframe src=\"https://player.vimeo.com/video/76979871?h=1\"></iframe>"),
        ("{\"service\":\"vimeo\",\"id\":\"76979871\"}\n".into(), 0)
    );
}

#[test]
fn prints_nulls_and_succeeds_for_an_unrecognised_link() {
    assert_eq!(
        video_id("https://example.com/video.mp4"),
        ("{\"service\":null,\"id\":null}\n".into(), 0)
    );
}
