//! Runs the parity test vectors of `tests/vectors/` against the native core.
//!
//! The same files run against the WebAssembly package (`node --test web/wasm-parity/`), so the
//! browser and the server are held to identical results. Each file is an array of
//! `{"input": …, "expected": …}`, or `{"input": …, "error": "message"}` when the call must fail.

use serde_json::{Value, json};
use std::path::PathBuf;
use supplysite_core::contact::{ContactForm, clean_attribution, validate};
use supplysite_core::content::PublishDate;
use supplysite_core::format::{format_date, read_time_line};
use supplysite_core::richtext::{Document, NoLinks, to_html};
use supplysite_core::routes::Route;
use supplysite_core::time_zone::TimeZone;
use supplysite_core::video::video_id;

/// The areas this runner knows; every file in the folder must be one of them.
const AREAS: &[&str] = &[
    "attribution",
    "contact",
    "dates",
    "richtext",
    "routes",
    "video",
];

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

/// Runs every vector of one area through `call` and fails listing each mismatch.
fn run(area: &str, call: impl Fn(&Value) -> Result<Value, String>) {
    let path = vectors_dir().join(format!("{area}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let vectors: Vec<Value> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?} is not a JSON array: {e}"));
    assert!(!vectors.is_empty(), "{path:?} has no vectors");
    let mut failures = Vec::new();
    for (i, v) in vectors.iter().enumerate() {
        let input = &v["input"];
        let want = match (v.get("expected"), v.get("error")) {
            (Some(e), None) => Ok(e.clone()),
            (None, Some(Value::String(m))) => Err(m.clone()),
            _ => panic!("{area}[{i}] needs exactly one of expected or error (a string)"),
        };
        let got = call(input);
        if got != want {
            failures.push(format!(
                "{area}[{i}] {input}\n  want {want:?}\n  got  {got:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_vector_file_belongs_to_an_area_this_runner_knows() {
    for entry in std::fs::read_dir(vectors_dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let area = name.strip_suffix(".json").unwrap_or(&name);
        assert!(AREAS.contains(&area), "no runner for tests/vectors/{name}");
    }
}

#[test]
fn routes_vectors_match_the_native_core() {
    run("routes", |input| {
        let route = Route::parse(input.as_str().ok_or("input must be a string")?);
        Ok(json!({ "route": route, "canonical": route.path() }))
    });
}

#[test]
fn attribution_vectors_match_the_native_core() {
    run("attribution", |input| {
        Ok(match clean_attribution(Some(input)) {
            Ok(attribution) => json!({ "attribution": attribution, "dropped": null }),
            Err(e) => json!({ "attribution": null, "dropped": e.to_string() }),
        })
    });
}

#[test]
fn contact_vectors_match_the_native_core() {
    run("contact", |input| {
        let form: ContactForm = serde_json::from_value(input.clone()).map_err(|e| e.to_string())?;
        Ok(json!(validate(&form)))
    });
}

#[test]
fn video_vectors_match_the_native_core() {
    run("video", |input| {
        let video = video_id(input.as_str().ok_or("input must be a string")?);
        Ok(match video {
            Some(v) => json!({ "service": v.service, "id": v.id }),
            None => json!({ "service": null, "id": null }),
        })
    });
}

#[test]
fn dates_vectors_match_the_native_core() {
    run("dates", |input| {
        let iso = input["isoDate"]
            .as_str()
            .ok_or("isoDate must be a string")?;
        let date = PublishDate::parse(iso).map_err(|e| e.to_string())?;
        match input["call"].as_str() {
            Some("formatDate") => Ok(json!(format_date(&date, &TimeZone::default()))),
            Some("readTimeLine") => {
                let minutes = input["minutes"].as_u64().map(|m| m as u32);
                Ok(json!(read_time_line(minutes, &date, &TimeZone::default())))
            }
            other => Err(format!("unknown call {other:?}")),
        }
    });
}

#[test]
fn richtext_vectors_match_the_native_core() {
    run("richtext", |input| {
        let doc = Document::from_json(input.clone()).map_err(|e| e.to_string())?;
        Ok(json!(to_html(&doc, &NoLinks)))
    });
}
