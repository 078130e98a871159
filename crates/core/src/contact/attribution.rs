//! [`Attribution`]: where an enquiry came from, as the contact page captured it on the first
//! page of the visit (docs/behaviour.md §5): the campaign parameters, the landing path, the
//! referrer's host and the page the visitor came to the contact page from.
//!
//! The page sends it as the optional `attribution` object of the contact request. Core owns
//! its one rule ([`clean_attribution`]), run by the server and, through WebAssembly, by the
//! page before it sends: each value trimmed, at most [`ATTRIBUTION_MAX_CHARS`] characters,
//! printable and on one line. An attribution that breaks the rule is dropped whole (and
//! logged by the server), never a reason to refuse the enquiry it came with.

use serde::{Deserialize, Serialize};

/// The most characters (Unicode scalar values) of one attribution value, after trimming.
pub const ATTRIBUTION_MAX_CHARS: usize = 200;

/// A clean attribution: every value trimmed, present only when not empty, at most
/// [`ATTRIBUTION_MAX_CHARS`] characters, printable and on one line. The campaign values
/// (`source`, `medium`, `campaign`, `term`, `content`) and the referrer's host are kept in
/// lower case, so `Newsletter` and `newsletter` are one campaign wherever they are compared
/// (Brevo's segments, the leads report); the paths keep their case.
///
/// Serialises as `{"source","medium","campaign","term","content","landingPage","referrer",
/// "conversionPage","adClick"}`, absent values left out and `adClick` only when true.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Attribution {
    /// `utm_source`: who sent the visitor (a newsletter, a search engine, a partner).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub source: Option<String>,
    /// `utm_medium`: how (email, cpc, social).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub medium: Option<String>,
    /// `utm_campaign`: which campaign.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub campaign: Option<String>,
    /// `utm_term`: the paid search term.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub term: Option<String>,
    /// `utm_content`: which link or advertisement of the campaign.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub content: Option<String>,
    /// The path the visit started on, with no query but the campaign parameters, starting
    /// with `/`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub landing_page: Option<String>,
    /// The host of the page that linked to the site (never its path or query).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub referrer: Option<String>,
    /// The path of the page the visitor came to the contact page from, starting with `/`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub conversion_page: Option<String>,
    /// Whether the visit came from an advertisement's click (`gclid` or `msclkid` was
    /// present); the click id itself is never kept.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub ad_click: bool,
}

/// Why an attribution was dropped: a sentence naming the value and the rule, never the value
/// itself (it came from a link anyone can write, so it goes to no log).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AttributionDropped(pub String);

/// The keys of [`Attribution`]'s text values, in order, as the page sends them.
pub const ATTRIBUTION_KEYS: [&str; 8] = [
    "source",
    "medium",
    "campaign",
    "term",
    "content",
    "landingPage",
    "referrer",
    "conversionPage",
];

impl Attribution {
    /// The text values beside their keys ([`ATTRIBUTION_KEYS`]), in order.
    pub fn values(&self) -> [(&'static str, Option<&str>); 8] {
        fn v(o: &Option<String>) -> Option<&str> {
            o.as_deref()
        }
        [
            ("source", v(&self.source)),
            ("medium", v(&self.medium)),
            ("campaign", v(&self.campaign)),
            ("term", v(&self.term)),
            ("content", v(&self.content)),
            ("landingPage", v(&self.landing_page)),
            ("referrer", v(&self.referrer)),
            ("conversionPage", v(&self.conversion_page)),
        ]
    }

    /// True when nothing was captured.
    pub fn is_empty(&self) -> bool {
        !self.ad_click && self.values().iter().all(|(_, v)| v.is_none())
    }

    fn slot(&mut self, key: &str) -> Option<&mut Option<String>> {
        Some(match key {
            "source" => &mut self.source,
            "medium" => &mut self.medium,
            "campaign" => &mut self.campaign,
            "term" => &mut self.term,
            "content" => &mut self.content,
            "landingPage" => &mut self.landing_page,
            "referrer" => &mut self.referrer,
            "conversionPage" => &mut self.conversion_page,
            _ => return None,
        })
    }
}

/// Cleans an attribution as the page sent it (`attribution` of the contact request; any
/// JSON, since a page or a script may send anything) by the rule of this module:
///
/// - `null` or absent, or an object with nothing in it: `Ok(None)`;
/// - not an object, a value that is not a string (or `null`), `adClick` that is not a boolean,
///   a value over [`ATTRIBUTION_MAX_CHARS`] characters after trimming, a control character
///   or line break (C0, DEL, C1, U+2028, U+2029), a page that does not start with `/`, or a
///   referrer that is not a bare host (`/`, `?`, `#`, `@` or a space in it): the whole
///   attribution is dropped, with the reason;
/// - otherwise each value trimmed, empty ones left out, the campaign values and the referrer
///   in lower case. Unknown keys are ignored, as the form's are.
pub fn clean_attribution(
    raw: Option<&serde_json::Value>,
) -> Result<Option<Attribution>, AttributionDropped> {
    use serde_json::Value;
    let drop = |m: String| Err(AttributionDropped(m));
    let fields = match raw {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(fields)) => fields,
        Some(_) => return drop("attribution must be an object".into()),
    };
    let mut out = Attribution::default();
    match fields.get("adClick") {
        None | Some(Value::Null) => {}
        Some(Value::Bool(b)) => out.ad_click = *b,
        Some(_) => return drop("attribution.adClick must be a boolean".into()),
    }
    for key in ATTRIBUTION_KEYS {
        let text = match fields.get(key) {
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) => s.as_str(),
            Some(_) => return drop(format!("attribution.{key} must be a string")),
        };
        if let Some(value) = clean_value(key, text)? {
            *out.slot(key).expect("every key has a slot") = Some(value);
        }
    }
    Ok((!out.is_empty()).then_some(out))
}

/// One value by the rule: `Ok(None)` when empty after trimming.
fn clean_value(key: &str, text: &str) -> Result<Option<String>, AttributionDropped> {
    let drop = |why: &str| Err(AttributionDropped(format!("attribution.{key} {why}")));
    let value = text.trim();
    if value.is_empty() {
        return Ok(None);
    }
    if value
        .chars()
        .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'))
    {
        return drop("must not contain line breaks or control characters");
    }
    let chars = value.chars().count();
    if chars > ATTRIBUTION_MAX_CHARS {
        return drop(&format!(
            "has {chars} characters, more than {ATTRIBUTION_MAX_CHARS}"
        ));
    }
    match key {
        "landingPage" | "conversionPage" => {
            if !value.starts_with('/') || value.starts_with("//") {
                return drop("must be a path starting with one '/'");
            }
            Ok(Some(value.to_owned()))
        }
        "referrer" => {
            if value
                .chars()
                .any(|c| matches!(c, '/' | '?' | '#' | '@') || c.is_whitespace())
            {
                return drop("must be a host alone");
            }
            Ok(Some(value.to_lowercase()))
        }
        _ => Ok(Some(value.to_lowercase())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn clean(v: serde_json::Value) -> Result<Option<Attribution>, AttributionDropped> {
        clean_attribution(Some(&v))
    }

    #[test]
    fn absent_null_and_empty_attributions_are_none() {
        assert_eq!(clean_attribution(None), Ok(None));
        assert_eq!(clean(json!(null)), Ok(None));
        assert_eq!(clean(json!({})), Ok(None));
        assert_eq!(
            clean(json!({"source": "  ", "adClick": false, "campaign": null})),
            Ok(None)
        );
    }

    #[test]
    fn values_are_trimmed_and_campaign_values_lowercased_but_paths_keep_their_case() {
        let a = clean(json!({
            "source": " Newsletter ", "medium": "EMAIL", "campaign": "Spring-Tenders",
            "term": "E-Sourcing Software", "content": "Hero Link",
            "landingPage": " /Insights/Tender-Guide?utm_source=Newsletter ",
            "referrer": "News.Example.COM", "conversionPage": "/eTender", "adClick": true,
            "unknown": 12
        }))
        .unwrap()
        .unwrap();
        insta::assert_json_snapshot!(a);
    }

    #[test]
    fn campaign_values_that_differ_only_in_case_are_one_campaign() {
        let a = clean(json!({"campaign": "Spring"})).unwrap();
        let b = clean(json!({"campaign": "SPRING"})).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn a_value_of_exactly_200_characters_is_kept_and_201_drops_the_whole_attribution() {
        let at = "é".repeat(ATTRIBUTION_MAX_CHARS);
        assert_eq!(
            clean(json!({"term": at, "source": "x"}))
                .unwrap()
                .unwrap()
                .term
                .map(|t| t.chars().count()),
            Some(200)
        );
        let over = "a".repeat(ATTRIBUTION_MAX_CHARS + 1);
        assert_eq!(
            clean(json!({"term": over, "source": "x"})),
            Err(AttributionDropped(
                "attribution.term has 201 characters, more than 200".into()
            ))
        );
        // Trimmed first: surrounding spaces do not count.
        let padded = format!("  {}  ", "a".repeat(200));
        assert!(clean(json!({ "term": padded })).unwrap().is_some());
    }

    /// Every way to break the rule, with the reason the server logs.
    #[test]
    fn broken_attributions_are_dropped_with_a_reason() {
        let cases = [
            json!("utm_source=x"),
            json!([1]),
            json!({"source": 7}),
            json!({"adClick": "yes"}),
            json!({"campaign": "spring\nBcc: x@y"}),
            json!({"medium": "em\u{2028}ail"}),
            json!({"content": "a\u{0}b"}),
            json!({"landingPage": "insights"}),
            json!({"landingPage": "//evil.example/x"}),
            json!({"conversionPage": "https://example.com/contact"}),
            json!({"referrer": "news.example.com/path?q=1"}),
            json!({"referrer": "user@news.example.com"}),
        ];
        let reasons: Vec<String> = cases
            .iter()
            .map(|c| format!("{c} => {}", clean(c.clone()).unwrap_err()))
            .collect();
        insta::assert_snapshot!(reasons.join("\n"));
    }

    #[test]
    fn a_stored_attribution_round_trips_through_json() {
        let a = clean(json!({"source": "linkedin", "adClick": true, "landingPage": "/"}))
            .unwrap()
            .unwrap();
        let stored = serde_json::to_value(&a).unwrap();
        assert_eq!(
            stored,
            json!({"source": "linkedin", "landingPage": "/", "adClick": true})
        );
        assert_eq!(serde_json::from_value::<Attribution>(stored).unwrap(), a);
    }
}
