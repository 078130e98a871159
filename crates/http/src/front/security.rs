//! Security headers on every response, with a fresh CSP nonce per response.
//!
//! The nonce is made before the handler runs (by [`crate::front`]) and put in the request's
//! extensions, so a handler filling a cached page uses the same nonce the
//! `Content-Security-Policy` header names.

use axum::http::{HeaderName, HeaderValue, header};
use base64::Engine;
use bytes::Bytes;
use rand::RngCore;

/// The nonce of the response being made: 128 bits from the operating system's CSPRNG (through
/// a thread-local generator), in base64. It shares its buffer with the response's
/// `Content-Security-Policy` value (see [`PolicyHeader::fresh`]).
#[derive(Clone, Debug)]
pub struct CspNonce(Bytes);

/// The length of a nonce: 16 bytes in base64.
pub const NONCE_LEN: usize = 24;

impl CspNonce {
    /// The nonce as text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).expect("base64 is ASCII")
    }

    /// The nonce as a shared buffer, for a response body.
    pub fn bytes(&self) -> &Bytes {
        &self.0
    }
}

/// Where reCAPTCHA's frames and scripts come from, allowed only when reCAPTCHA is the check.
const RECAPTCHA_FRAME_SOURCES: &str =
    " https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/";
const RECAPTCHA_SCRIPT_SOURCES: &str =
    " https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/";

/// Where Brevo's marketing-automation tracker loads its script from and sends its events to,
/// allowed only when a tracker client key is configured.
const TRACKER_SCRIPT_SOURCES: &str = " https://sibautomation.com";
const TRACKER_CONNECT_SOURCES: &str =
    " https://in-automate.brevo.com https://in-automate.sendinblue.com";

/// The third parties a page may load, each allowed by the policy only when it is configured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThirdParties {
    /// reCAPTCHA is the robot check.
    pub recaptcha: bool,
    /// The marketing-automation tracker has a client key.
    pub tracker: bool,
}

/// The Content-Security-Policy for a response with `nonce`. A script runs only if it carries
/// the nonce or was added by a script that runs (`'strict-dynamic'`): the shell's entry loader
/// has the nonce and adds the entry module, whose imports follow; the contact page adds
/// reCAPTCHA's script and the tracker's the same way. No origin is trusted for scripts, this
/// one included, so a file uploaded to the space and served from the site (see
/// [`UNTRUSTED_FILE_POLICY`]) can never be run by a page of it. The third parties' script
/// origins are listed too, for browsers that do not know `'strict-dynamic'` (those that do
/// ignore origins beside it). `'wasm-unsafe-eval'` lets the contact form compile its
/// WebAssembly validator (it allows no JavaScript `eval`). Styles allow inline `style`
/// attributes, which components set for measured layout.
pub fn content_security_policy(nonce: &str, https: bool, third: ThirdParties) -> String {
    let (mut script, mut frame, mut connect) = (String::new(), "", "");
    if third.recaptcha {
        script.push_str(RECAPTCHA_SCRIPT_SOURCES);
        frame = RECAPTCHA_FRAME_SOURCES;
    }
    if third.tracker {
        script.push_str(TRACKER_SCRIPT_SOURCES);
        connect = TRACKER_CONNECT_SOURCES;
    }
    // Where the video modal embeds players from: core's list, one origin per service.
    let players = supplysite_core::video::PLAYER_ORIGINS.join(" ");
    let mut csp = format!(
        "default-src 'self'; script-src 'nonce-{nonce}' 'strict-dynamic' 'wasm-unsafe-eval'{script}; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; \
         connect-src 'self'{connect}; media-src 'self' https:; frame-src {players}{frame}; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    );
    // Only over TLS: on a plain-HTTP local server it would send the browser to https.
    if https {
        csp.push_str("; upgrade-insecure-requests");
    }
    csp
}

/// The policy of a file from the space (an upload served from beside the export, or a
/// rendition made from one): opened in the browser, it is a document of a unique opaque
/// origin with no scripts, forms, plugins or popups, so an uploaded HTML or SVG file cannot
/// act as the site. [`crate::front`] leaves a response's own policy in place.
pub const UNTRUSTED_FILE_POLICY: &str = "sandbox";

/// The origins of Contentful's web app, whose Live Preview frames preview pages.
pub const EDITOR_ORIGINS: &str = "https://app.contentful.com https://app.eu.contentful.com";

/// Marks a response (in its extensions) that Contentful's editor may frame: a preview page.
/// Its policy's `frame-ancestors` names [`EDITOR_ORIGINS`] instead of `'none'` and it carries
/// no `X-Frame-Options`; every other response may be framed by nobody.
#[derive(Clone, Copy, Debug)]
pub struct EditorFraming;

/// `policy` with `frame-ancestors` allowing [`EDITOR_ORIGINS`].
pub fn framed_by_editor(policy: &HeaderValue) -> HeaderValue {
    let text = policy.to_str().unwrap_or_default().replace(
        "frame-ancestors 'none'",
        &format!("frame-ancestors {EDITOR_ORIGINS}"),
    );
    HeaderValue::from_str(&text).unwrap_or_else(|_| policy.clone())
}

/// The fixed security headers, as constants so no response parses a name or value.
pub const FIXED_HEADERS: [(HeaderName, HeaderValue); 6] = [
    (
        header::STRICT_TRANSPORT_SECURITY,
        HeaderValue::from_static("max-age=63072000; includeSubDomains"),
    ),
    (
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    ),
    (
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    ),
    (
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static(
            "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
        ),
    ),
    (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    (
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    ),
];

/// The policy split around its nonce once, so a response's header is one buffer filled with
/// the two halves and a fresh nonce written in place, rather than a formatted string copied
/// again into a header value.
#[derive(Clone, Debug)]
pub struct PolicyHeader {
    before: String,
    after: String,
}

impl PolicyHeader {
    /// `third`: the third parties the page loads, whose origins are allowed only then.
    pub fn new(https: bool, third: ThirdParties) -> Self {
        const MARK: &str = "\u{0}";
        let policy = content_security_policy(MARK, https, third);
        let (before, after) = policy.split_once(MARK).expect("the policy names its nonce");
        PolicyHeader {
            before: before.to_string(),
            after: after.to_string(),
        }
    }

    /// The `Content-Security-Policy` value naming `nonce`.
    pub fn value(&self, nonce: &str) -> HeaderValue {
        let mut out = Vec::with_capacity(self.before.len() + nonce.len() + self.after.len());
        out.extend_from_slice(self.before.as_bytes());
        out.extend_from_slice(nonce.as_bytes());
        out.extend_from_slice(self.after.as_bytes());
        HeaderValue::from_maybe_shared(Bytes::from(out)).expect("the policy and nonce are ASCII")
    }

    /// A fresh nonce and the policy naming it. The nonce is written straight into the
    /// header's buffer and handed out as a slice of it: one buffer per response for both.
    pub fn fresh(&self) -> (HeaderValue, CspNonce) {
        let mut raw = [0u8; 16];
        rand::rng().fill_bytes(&mut raw);
        let at = self.before.len();
        let mut out = Vec::with_capacity(at + NONCE_LEN + self.after.len());
        out.extend_from_slice(self.before.as_bytes());
        out.resize(at + NONCE_LEN, 0);
        let written = base64::engine::general_purpose::STANDARD
            .encode_slice(raw, &mut out[at..])
            .expect("16 bytes are 24 base64 characters");
        debug_assert_eq!(written, NONCE_LEN);
        out.extend_from_slice(self.after.as_bytes());
        let policy = Bytes::from(out);
        let nonce = CspNonce(policy.slice(at..at + NONCE_LEN));
        let value = HeaderValue::from_maybe_shared(policy).expect("the policy is ASCII");
        (value, nonce)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_fresh_and_long_enough() {
        let policy = PolicyHeader::new(false, ThirdParties::default());
        let (_, a) = policy.fresh();
        let (_, b) = policy.fresh();
        assert_ne!(a.as_str(), b.as_str());
        assert_eq!(a.as_str().len(), NONCE_LEN);
        let raw = base64::engine::general_purpose::STANDARD
            .decode(a.as_str())
            .unwrap();
        assert_eq!(raw.len(), 16);
    }

    #[test]
    fn a_fresh_policy_names_the_nonce_handed_out_with_it() {
        for https in [false, true] {
            let policy = PolicyHeader::new(https, third(true, true));
            let (value, nonce) = policy.fresh();
            assert_eq!(
                value,
                content_security_policy(nonce.as_str(), https, third(true, true)).as_str()
            );
        }
    }

    #[test]
    fn the_split_policy_reads_exactly_as_the_formatted_one() {
        for https in [false, true] {
            for recaptcha in [false, true] {
                assert_eq!(
                    PolicyHeader::new(https, third(recaptcha, false)).value("n0Nce+/=="),
                    content_security_policy("n0Nce+/==", https, third(recaptcha, false)).as_str()
                );
            }
        }
    }

    #[test]
    fn the_policy_allows_no_inline_script_and_no_framing() {
        let csp = content_security_policy("abc", false, ThirdParties::default());
        let script = csp
            .split("; ")
            .find(|d| d.starts_with("script-src"))
            .unwrap();
        assert!(script.contains("'nonce-abc'"));
        assert!(!script.contains("unsafe-inline"));
        // Trust flows from the nonce only: no origin, this one included, is trusted.
        assert!(script.contains("'strict-dynamic'"));
        assert!(!script.contains("'self'"));
        for d in [
            "object-src 'none'",
            "base-uri 'self'",
            "frame-ancestors 'none'",
            "img-src 'self' data: https:",
        ] {
            assert!(csp.contains(d), "{d}");
        }
        assert!(csp.contains("https://player.vimeo.com"));
        assert!(!csp.contains("upgrade-insecure-requests"));
        assert!(
            content_security_policy("abc", true, ThirdParties::default())
                .ends_with("upgrade-insecure-requests")
        );
    }

    #[test]
    fn recaptcha_origins_are_allowed_only_when_recaptcha_is_the_check() {
        let without = content_security_policy("abc", false, ThirdParties::default());
        assert!(!without.contains("google"), "{without}");
        assert!(!without.contains("gstatic"), "{without}");
        let with = content_security_policy("abc", false, third(true, false));
        let directive = |name: &str| {
            with.split("; ")
                .find(|d| d.starts_with(name))
                .unwrap()
                .to_string()
        };
        assert!(directive("script-src").contains("https://www.gstatic.com/recaptcha/"));
        assert!(directive("script-src").contains("https://www.google.com/recaptcha/"));
        assert!(directive("frame-src").contains("https://www.google.com/recaptcha/"));
        assert!(directive("frame-src").contains("https://player.vimeo.com"));
        assert!(directive("frame-src").contains("https://www.tiktok.com"));
    }

    fn third(recaptcha: bool, tracker: bool) -> ThirdParties {
        ThirdParties { recaptcha, tracker }
    }

    #[test]
    fn the_tracker_origins_are_allowed_only_with_a_tracker_key() {
        let without = content_security_policy("abc", false, ThirdParties::default());
        assert!(!without.contains("sibautomation"), "{without}");
        assert!(!without.contains("in-automate"), "{without}");
        let with = content_security_policy("abc", false, third(false, true));
        let directive = |name: &str| {
            with.split("; ")
                .find(|d| d.starts_with(name))
                .unwrap()
                .to_string()
        };
        assert!(directive("script-src").contains("https://sibautomation.com"));
        assert!(directive("connect-src").contains("https://in-automate.brevo.com"));
        assert!(!with.contains("recaptcha"), "{with}");
    }

    #[test]
    fn webassembly_may_compile_but_javascript_eval_stays_refused() {
        let csp = content_security_policy("abc", false, ThirdParties::default());
        assert!(csp.contains("'wasm-unsafe-eval'"));
        assert!(!csp.contains("'unsafe-eval'"));
    }
}
