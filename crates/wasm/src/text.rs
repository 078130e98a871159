//! `videoId`, `formatDate` and `readTimeLine`: the small strings every screen shares.

use crate::bridge;
use supplysite_core::content::PublishDate;
use supplysite_core::format::{format_date, read_time_line};
use supplysite_core::time_zone::TimeZone;
use supplysite_core::video::{VideoService, video_id as core_video_id};
use wasm_bindgen::prelude::*;

/// `{service, id}` of a video link or `<iframe>` embed snippet, both `null` when the link is
/// not a recognised video, as `supplysite video-id` prints it.
#[wasm_bindgen(js_name = videoId, unchecked_return_type = "Video")]
pub fn video_id(input: &str) -> Result<JsValue, JsError> {
    bridge::to_js(&video_json(input))
}

/// `Option<Video>` flattened to the CLI's shape; a struct rather than `serde_json::Value`, whose
/// number formatting would otherwise be linked into the module.
#[derive(serde::Serialize)]
struct VideoJson {
    service: Option<VideoService>,
    id: Option<String>,
}

fn video_json(input: &str) -> VideoJson {
    let video = core_video_id(input);
    VideoJson {
        service: video.as_ref().map(|v| v.service),
        id: video.map(|v| v.id),
    }
}

/// An ISO 8601 publish date written 'Month DD, YYYY' (`March 05, 2024`).
#[wasm_bindgen(js_name = formatDate)]
pub fn format_date_js(iso_date: &str) -> Result<String, JsError> {
    Ok(format_date(&parse_date(iso_date)?, &TimeZone::default()))
}

/// 'Read Time: {n} minutes', or the formatted publish date when `minutes` is absent or 0.
#[wasm_bindgen(js_name = readTimeLine)]
pub fn read_time_line_js(
    #[wasm_bindgen(unchecked_param_type = "number | null | undefined")] minutes: &JsValue,
    iso_date: &str,
) -> Result<String, JsError> {
    let minutes = if minutes.is_null() || minutes.is_undefined() {
        None
    } else {
        let whole = minutes.as_f64().and_then(whole_minutes);
        // JavaScript writes the bad value: formatting floats here would grow the module.
        Some(whole.ok_or_else(|| {
            JsError::new(&format!(
                "invalid read time {} (expected a whole number of minutes)",
                js_string(minutes)
            ))
        })?)
    };
    Ok(read_time_line(
        minutes,
        &parse_date(iso_date)?,
        &TimeZone::default(),
    ))
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = String)]
    fn js_string(value: &JsValue) -> String;
}

fn parse_date(iso_date: &str) -> Result<PublishDate, JsError> {
    PublishDate::parse(iso_date).map_err(|e| JsError::new(&e.to_string()))
}

/// JavaScript numbers are floats: refuse what is not a whole number of minutes rather than
/// letting the binding wrap `-1` to 4294967295.
fn whole_minutes(n: f64) -> Option<u32> {
    (n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n)).then_some(n as u32)
}

#[wasm_bindgen(typescript_custom_section)]
const TS: &str = r#"
/** A video link's host and id; both null when the link is not a recognised video. */
export type Video =
  | { service: "youtube" | "vimeo" | "vine" | "videopress" | "microsoftstream" | "tiktok" | "dailymotion"; id: string }
  | { service: null; id: null };
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unrecognised_link_gives_nulls_and_a_known_one_its_service_and_id() {
        let json = |input| serde_json::to_string(&video_json(input)).unwrap();
        assert_eq!(
            json("https://example.com/x"),
            r#"{"service":null,"id":null}"#
        );
        assert_eq!(
            json("https://youtu.be/dQw4w9WgXcQ"),
            r#"{"service":"youtube","id":"dQw4w9WgXcQ"}"#
        );
    }

    #[test]
    fn read_times_must_be_whole_non_negative_minutes() {
        assert_eq!(whole_minutes(7.0), Some(7));
        assert_eq!(whole_minutes(0.0), Some(0));
        for bad in [-1.0, 1.5, f64::NAN, f64::INFINITY, 5e9] {
            assert_eq!(whole_minutes(bad), None, "{bad}");
        }
    }
}
