//! Whatever arrives, the endpoint answers with a 4xx and a JSON message, and never panics.

use crate::support::contact::*;
use axum::body::Body;
use axum::http::Request;
use proptest::prelude::*;
use serde_json::{Value, json};

fn content_type() -> impl Strategy<Value = Option<&'static str>> {
    prop_oneof![
        4 => Just(Some("application/json")),
        1 => Just(Some("application/json; charset=utf-8")),
        1 => Just(Some("text/plain")),
        1 => Just(None),
    ]
}

/// Bytes, text, and JSON objects with the form's keys holding anything.
fn body() -> impl Strategy<Value = Vec<u8>> {
    let field = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        ".{0,40}".prop_map(Value::from),
        "[a-z@. +0-9]{0,30}".prop_map(Value::from),
        Just(json!([])),
        Just(json!({"nested": true})),
    ];
    let keys = prop_oneof![
        Just("firstname"),
        Just("lastname"),
        Just("orgName"),
        Just("phone"),
        Just("email"),
        Just("message"),
        Just("robotToken"),
        Just("robotChecked"),
        Just("other"),
    ];
    let object = proptest::collection::vec((keys, field), 0..9).prop_map(|pairs| {
        let map: serde_json::Map<String, Value> =
            pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        Value::Object(map).to_string().into_bytes()
    });
    prop_oneof![
        2 => proptest::collection::vec(any::<u8>(), 0..512),
        2 => ".{0,200}".prop_map(String::into_bytes),
        4 => object,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn arbitrary_bodies_never_panic_and_always_get_a_4xx_json_message(
        content_type in content_type(),
        body in body(),
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let fakes = Fakes::new();
        // A generous allowance, so every case reaches the body.
        let app = app(Some(fakes.enquiries()), contact_settings(100_000, ""));
        let mut request = Request::post("/api/contact");
        if let Some(ct) = content_type {
            request = request.header("content-type", ct);
        }
        let request = from_peer(request.body(Body::from(body)).unwrap(), PEER);
        let answer = runtime.block_on(app.answer(request));
        prop_assert!(answer.status.is_client_error(), "{} {}", answer.status, answer.text);
        let json: Value = serde_json::from_str(&answer.text)
            .map_err(|e| TestCaseError::fail(format!("not JSON ({e}): {}", answer.text)))?;
        prop_assert!(json["message"].is_string(), "{}", json);
        prop_assert!(fakes.outbox.enquiries().is_empty());
    }
}
