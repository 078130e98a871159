//! Video links and embed snippets typed by editors: any text either names no video or gives
//! an id that can only make a player address on the service's own host.

use supplysite_core::video::video_id;

/// Checks one input; panics on a finding.
pub fn check(data: &[u8]) {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(video) = video_id(input) {
        let url = video.embed_url();
        assert!(url.starts_with("https://"), "{url}");
        assert!(!video.id.is_empty(), "empty id from {input:?}");
        assert!(
            video
                .id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')),
            "id {:?} from {input:?} could leave the player path",
            video.id
        );
    }
}
