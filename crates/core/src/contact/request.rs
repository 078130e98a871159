//! The body of `POST /api/contact` as the page sends it: a JSON object with the form's keys,
//! `robotToken`, `submissionId` and the optional `attribution`, read into the form without
//! checking it (that is [`validate`](crate::contact::validate)'s job). The attribution is
//! cleaned here by its own rule ([`clean_attribution`]); one that breaks it is dropped, never a
//! reason to refuse the body.

use crate::contact::{
    Attribution, AttributionDropped, ContactForm, SubmissionId, clean_attribution,
};
use serde::Deserialize;
use serde_json::Value;

/// The largest enquiry body accepted. The form's own limits (5000 characters of message, a
/// few hundred for the rest) fit several times over, even with every character escaped.
pub const BODY_LIMIT: usize = 32 * 1024;

/// What the page sent.
#[derive(Debug)]
pub struct ContactRequest {
    /// The form's fields, untrimmed and unchecked.
    pub form: ContactForm,
    /// The robot check's token; empty when the box was not ticked.
    pub robot_token: String,
    /// The page's id for this submission, the same on every attempt to send it.
    pub submission_id: Option<SubmissionId>,
    /// Where the visit came from, cleaned: `Ok(None)` when the page sent none, `Err` with the
    /// reason when what it sent broke the rule and was dropped (the enquiry is taken anyway).
    pub attribution: Result<Option<Attribution>, AttributionDropped>,
}

/// Why a body is not the JSON of an enquiry: a sentence for the caller.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0}")]
pub struct MalformedBody(pub String);

/// Reads a body already received (any bytes) as an enquiry, or says what is wrong with it.
pub fn parse_request(bytes: &[u8]) -> Result<ContactRequest, MalformedBody> {
    let malformed = MalformedBody;
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| malformed(format!("body is not valid JSON: {e}")))?;
    let Value::Object(fields) = &value else {
        return Err(malformed("body must be a JSON object".into()));
    };
    let robot_token = match fields.get("robotToken") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(malformed("robotToken must be a string".into())),
    };
    let submission_id = match fields.get("submissionId") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(
            SubmissionId::parse(s.as_str()).map_err(|e| malformed(format!("submissionId: {e}")))?,
        ),
        Some(_) => return Err(malformed("submissionId must be a string".into())),
    };
    let form = ContactForm::deserialize(&value)
        .map_err(|e| malformed(format!("body does not match the contact form: {e}")))?;
    let attribution = clean_attribution(fields.get("attribution"));
    Ok(ContactRequest {
        form,
        robot_token,
        submission_id,
        attribution,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_bodies_say_what_is_wrong() {
        let message = |b: &str| parse_request(b.as_bytes()).unwrap_err().to_string();
        assert!(message("{").starts_with("body is not valid JSON"));
        assert_eq!(message("[]"), "body must be a JSON object");
        assert_eq!(
            message(r#"{"robotToken":7}"#),
            "robotToken must be a string"
        );
        assert!(
            message(r#"{"phone":61400000000}"#)
                .starts_with("body does not match the contact form: invalid type")
        );
    }

    #[test]
    fn a_submission_id_is_optional_and_must_be_a_bounded_token() {
        assert_eq!(parse_request(b"{}").unwrap().submission_id, None);
        let id = parse_request(br#"{"submissionId":"0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d"}"#)
            .unwrap()
            .submission_id
            .unwrap();
        assert_eq!(id.as_str(), "0b7e6c1e-4a7d-4c2b-9a51-3f1f2a6b9c0d");
        let message = |b: &str| parse_request(b.as_bytes()).unwrap_err().to_string();
        assert_eq!(
            message(r#"{"submissionId":"short"}"#),
            "submissionId: submission id of 5 characters is outside 16 to 64"
        );
        assert_eq!(
            message(r#"{"submissionId":12}"#),
            "submissionId must be a string"
        );
    }

    #[test]
    fn an_attribution_is_cleaned_and_a_broken_one_is_dropped_not_refused() {
        assert_eq!(parse_request(b"{}").unwrap().attribution, Ok(None));
        let read =
            parse_request(br#"{"email":"a@b","attribution":{"source":" Newsletter "}}"#).unwrap();
        assert_eq!(
            read.attribution.unwrap().unwrap().source.as_deref(),
            Some("newsletter")
        );
        let read = parse_request(br#"{"email":"a@b","attribution":{"source":"a\nb"}}"#).unwrap();
        assert_eq!(read.form.email, "a@b");
        assert_eq!(
            read.attribution.unwrap_err().to_string(),
            "attribution.source must not contain line breaks or control characters"
        );
        assert!(
            parse_request(br#"{"attribution":"x"}"#)
                .unwrap()
                .attribution
                .is_err()
        );
    }

    #[test]
    fn a_missing_or_null_token_is_an_unticked_box() {
        assert_eq!(parse_request(b"{}").unwrap().robot_token, "");
        assert_eq!(
            parse_request(br#"{"robotToken":null}"#)
                .unwrap()
                .robot_token,
            ""
        );
    }
}
