//! Security headers on every response, and the Content-Security-Policy, which is the same for
//! every response of the process.
//!
//! Scripts are allowed by hash: the web build's shell has one inline script (the entry loader),
//! whose SHA-256 the server takes when it reads the shell
//! ([`crate::render::shell::Shell::script_hashes`]); it adds the entry module, whose imports
//! follow under `'strict-dynamic'`. Nothing in the policy or the page differs between
//! responses, so a page kept by a shared cache (nginx, a CDN) and handed to every visitor is as
//! strict as a fresh one: no per-response secret is there to be replayed.

use axum::http::{HeaderName, HeaderValue, header};
use bytes::Bytes;

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

/// The Content-Security-Policy of the site's pages and answers. `scripts`: the hash sources
/// (`'sha256-…'`) of the shell's inline scripts. A script runs only if its text has one of those
/// hashes or it was added by a script that runs (`'strict-dynamic'`): the shell's entry loader
/// adds the entry module, whose imports follow; the contact page adds reCAPTCHA's script and the
/// tracker's the same way. Any other inline script, one slipped into a page included, is
/// refused. No origin is trusted for scripts, this one included, so a file uploaded to the space
/// and served from the site (see [`UNTRUSTED_FILE_POLICY`]) can never be run by a page of it.
/// The web build's module preloads need nothing: a `<link rel="modulepreload">` is fetched as a
/// script that is not parser-inserted, which `'strict-dynamic'` allows (and a preloaded module
/// runs only when a script that runs imports it). The third parties' script origins are listed
/// too, for browsers that do not know `'strict-dynamic'` (those that do ignore origins beside
/// it). `'wasm-unsafe-eval'` lets the contact form compile its WebAssembly validator (it allows
/// no JavaScript `eval`). Styles allow inline `style` attributes, which components set for
/// measured layout.
pub fn content_security_policy(scripts: &[String], https: bool, third: ThirdParties) -> String {
    let (mut script, mut frame, mut connect) = (String::new(), "", "");
    if third.recaptcha {
        script.push_str(RECAPTCHA_SCRIPT_SOURCES);
        frame = RECAPTCHA_FRAME_SOURCES;
    }
    if third.tracker {
        script.push_str(TRACKER_SCRIPT_SOURCES);
        connect = TRACKER_CONNECT_SOURCES;
    }
    let mut hashes = String::new();
    for hash in scripts {
        hashes.push_str(hash);
        hashes.push(' ');
    }
    // Where the video modal embeds players from: core's list, one origin per service.
    let players = supplysite_core::video::PLAYER_ORIGINS.join(" ");
    let mut csp = format!(
        "default-src 'self'; script-src {hashes}'strict-dynamic' 'wasm-unsafe-eval'{script}; \
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
fn framed_by_editor(policy: &str) -> String {
    policy.replace(
        "frame-ancestors 'none'",
        &format!("frame-ancestors {EDITOR_ORIGINS}"),
    )
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

/// The policy as header values, made once: every response shares their buffers.
#[derive(Clone, Debug)]
pub struct PolicyHeader {
    page: HeaderValue,
    framed: HeaderValue,
}

impl PolicyHeader {
    /// `scripts`: the hash sources of the shell's inline scripts; `third`: the third parties
    /// the page loads, whose origins are allowed only then.
    pub fn new(scripts: &[String], https: bool, third: ThirdParties) -> Self {
        let policy = content_security_policy(scripts, https, third);
        let value = |text: String| {
            HeaderValue::from_maybe_shared(Bytes::from(text)).expect("the policy is ASCII")
        };
        PolicyHeader {
            framed: value(framed_by_editor(&policy)),
            page: value(policy),
        }
    }

    /// The policy of every response.
    pub fn value(&self) -> &HeaderValue {
        &self.page
    }

    /// The policy of a response marked [`EditorFraming`]: `frame-ancestors` names
    /// [`EDITOR_ORIGINS`].
    pub fn framed(&self) -> &HeaderValue {
        &self.framed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOADER: &str = "'sha256-OFgWIzBNGbR9J4PpO9XyoavIsFEH11oi4B1gERjHcLo='";

    fn hashes() -> Vec<String> {
        vec![LOADER.to_string()]
    }

    fn csp(third: ThirdParties) -> String {
        content_security_policy(&hashes(), false, third)
    }

    fn directive(csp: &str, name: &str) -> String {
        csp.split("; ")
            .find(|d| d.starts_with(name))
            .unwrap()
            .to_string()
    }

    #[test]
    fn scripts_run_by_the_shells_hashes_and_what_they_add_never_inline_or_by_origin() {
        let csp = csp(ThirdParties::default());
        assert_eq!(
            directive(&csp, "script-src"),
            format!("script-src {LOADER} 'strict-dynamic' 'wasm-unsafe-eval'")
        );
        // No per-response secret and no inline script but the hashed ones: a copy of the
        // answer kept by a shared cache is as strict as the answer.
        assert!(!csp.contains("nonce"), "{csp}");
        assert!(!directive(&csp, "script-src").contains("unsafe-inline"));
        // Trust flows from the hashes only: no origin, this one included, is trusted.
        assert!(!directive(&csp, "script-src").contains("'self'"));
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
            content_security_policy(&hashes(), true, ThirdParties::default())
                .ends_with("upgrade-insecure-requests")
        );
    }

    #[test]
    fn every_inline_script_of_the_shell_is_named_and_a_shell_without_one_runs_nothing_inline() {
        let two = [
            LOADER.to_string(),
            "'sha256-BD6/Geakp0a4NaD3YYTotWuzz4jnAvDSJU3aqCUMRFI='".to_string(),
        ];
        let csp = content_security_policy(&two, false, ThirdParties::default());
        assert_eq!(
            directive(&csp, "script-src"),
            format!(
                "script-src {} {} 'strict-dynamic' 'wasm-unsafe-eval'",
                two[0], two[1]
            )
        );
        let none = content_security_policy(&[], false, ThirdParties::default());
        assert_eq!(
            directive(&none, "script-src"),
            "script-src 'strict-dynamic' 'wasm-unsafe-eval'"
        );
    }

    #[test]
    fn the_header_is_the_formatted_policy_and_the_framed_one_differs_only_in_its_ancestors() {
        for https in [false, true] {
            for recaptcha in [false, true] {
                let third = third(recaptcha, !recaptcha);
                let header = PolicyHeader::new(&hashes(), https, third);
                let policy = content_security_policy(&hashes(), https, third);
                assert_eq!(header.value(), policy.as_str());
                assert_eq!(
                    header.framed(),
                    policy
                        .replace(
                            "frame-ancestors 'none'",
                            "frame-ancestors https://app.contentful.com https://app.eu.contentful.com"
                        )
                        .as_str()
                );
            }
        }
    }

    #[test]
    fn recaptcha_origins_are_allowed_only_when_recaptcha_is_the_check() {
        let without = csp(ThirdParties::default());
        assert!(!without.contains("google"), "{without}");
        assert!(!without.contains("gstatic"), "{without}");
        let with = csp(third(true, false));
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
        let without = csp(ThirdParties::default());
        assert!(!without.contains("sibautomation"), "{without}");
        assert!(!without.contains("in-automate"), "{without}");
        let with = csp(third(false, true));
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
        let csp = csp(ThirdParties::default());
        assert!(csp.contains("'wasm-unsafe-eval'"));
        assert!(!csp.contains("'unsafe-eval'"));
    }
}
