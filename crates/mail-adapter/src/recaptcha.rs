//! [`RecaptchaVerifier`]: Google reCAPTCHA v2 ("I'm not a robot" checkbox), verified on the
//! server: the page's response token and the secret go to siteverify, and the answer must
//! say `success` for this site's hostname.

use crate::secret::Secret;
use async_trait::async_trait;
use serde::Deserialize;
use std::net::IpAddr;
use std::time::Duration;
use supplysite_core::ports::{RobotCheck, RobotCheckError};

/// Google's siteverify endpoint.
pub const DEFAULT_VERIFY_URL: &str = "https://www.google.com/recaptcha/api/siteverify";

/// Response tokens are a few hundred to a couple of thousand characters; anything far longer
/// is refused without bothering Google.
const TOKEN_MAX_CHARS: usize = 8192;

/// How [`RecaptchaVerifier`] verifies.
#[derive(Clone, Debug)]
pub struct RecaptchaConfig {
    /// The reCAPTCHA secret key, sent to siteverify with each token.
    pub secret: Secret,
    /// The siteverify URL; tests point it at a local fake.
    pub verify_url: String,
    /// The site's hostname (`www.example.com`); a token solved on any other host fails.
    /// `None` skips the check (only for a site without a fixed public host).
    pub expected_hostname: Option<String>,
    /// The most the call may take.
    pub timeout: Duration,
}

impl RecaptchaConfig {
    /// Google's siteverify, a 5 second timeout, and the hostname check on `expected_hostname`.
    pub fn new(secret: Secret, expected_hostname: Option<String>) -> Self {
        RecaptchaConfig {
            secret,
            verify_url: DEFAULT_VERIFY_URL.to_owned(),
            expected_hostname,
            timeout: Duration::from_secs(5),
        }
    }
}

/// siteverify's answer.
#[derive(Debug, Deserialize)]
struct Verdict {
    success: bool,
    #[serde(default)]
    hostname: Option<String>,
    #[serde(default, rename = "error-codes")]
    error_codes: Vec<String>,
}

/// Error codes that are our fault (the secret, the request), not the visitor's.
const OUR_FAULT: [&str; 3] = [
    "missing-input-secret",
    "invalid-input-secret",
    "bad-request",
];

/// reCAPTCHA v2 as a [`RobotCheck`].
#[derive(Clone, Debug)]
pub struct RecaptchaVerifier {
    http: reqwest::Client,
    config: RecaptchaConfig,
}

/// Why a [`RecaptchaVerifier`] could not be built.
#[derive(Debug, thiserror::Error)]
#[error("cannot build the HTTP client for reCAPTCHA: {0}")]
pub struct RecaptchaSetupError(String);

impl RecaptchaVerifier {
    /// A verifier for `config`.
    ///
    /// Errors: [`RecaptchaSetupError`] when the TLS client cannot be built.
    pub fn new(config: RecaptchaConfig) -> Result<RecaptchaVerifier, RecaptchaSetupError> {
        let http = reqwest::Client::builder()
            .use_rustls_tls()
            .timeout(config.timeout)
            .connect_timeout(config.timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| RecaptchaSetupError(e.to_string()))?;
        Ok(RecaptchaVerifier { http, config })
    }

    async fn ask(
        &self,
        token: &str,
        remote_ip: Option<IpAddr>,
    ) -> Result<Verdict, RobotCheckError> {
        let unavailable = |reason: String| RobotCheckError::Unavailable {
            reason: self.config.secret.redact_from(&reason),
        };
        let mut form = vec![
            ("secret", self.config.secret.expose().to_owned()),
            ("response", token.to_owned()),
        ];
        if let Some(ip) = remote_ip {
            form.push(("remoteip", ip.to_string()));
        }
        let response = self
            .http
            .post(&self.config.verify_url)
            .form(&form)
            .send()
            .await
            .map_err(|e| {
                if e.is_timeout() {
                    unavailable(format!(
                        "siteverify did not answer within {} ms",
                        self.config.timeout.as_millis()
                    ))
                } else {
                    unavailable(format!("cannot reach siteverify: {e}"))
                }
            })?;
        let status = response.status();
        if !status.is_success() {
            return Err(unavailable(format!(
                "siteverify answered HTTP {}",
                status.as_u16()
            )));
        }
        let body = response
            .bytes()
            .await
            .map_err(|e| unavailable(format!("cannot read siteverify's answer: {e}")))?;
        serde_json::from_slice(&body).map_err(|e| {
            unavailable(format!(
                "siteverify's answer is not what Google documents: {e}"
            ))
        })
    }
}

#[async_trait]
impl RobotCheck for RecaptchaVerifier {
    async fn verify(&self, token: &str, remote_ip: Option<IpAddr>) -> Result<(), RobotCheckError> {
        let token = token.trim();
        if token.is_empty() {
            return Err(RobotCheckError::Missing);
        }
        if token.chars().count() > TOKEN_MAX_CHARS {
            return Err(RobotCheckError::Failed {
                reason: format!("token longer than {TOKEN_MAX_CHARS} characters"),
            });
        }
        let verdict = match self.ask(token, remote_ip).await {
            Ok(verdict) => verdict,
            Err(e) => {
                tracing::error!(error = %e, "reCAPTCHA verification unavailable");
                return Err(e);
            }
        };
        let codes = verdict.error_codes.join(", ");
        if !verdict.success {
            if verdict
                .error_codes
                .iter()
                .any(|c| OUR_FAULT.contains(&c.as_str()))
            {
                tracing::error!(error_codes = %codes, "siteverify refused our request; check RECAPTCHA_SECRET");
                return Err(RobotCheckError::Unavailable {
                    reason: format!("siteverify refused our request: {codes}"),
                });
            }
            tracing::info!(error_codes = %codes, "reCAPTCHA token rejected");
            return Err(RobotCheckError::Failed {
                reason: if codes.is_empty() {
                    "not a valid token".to_owned()
                } else {
                    codes
                },
            });
        }
        if let Some(expected) = &self.config.expected_hostname {
            let got = verdict.hostname.as_deref().unwrap_or("");
            if !got.eq_ignore_ascii_case(expected) {
                tracing::warn!(hostname = got, expected = %expected, "reCAPTCHA token solved on another site");
                return Err(RobotCheckError::Failed {
                    reason: format!("token was solved on {got:?}, not {expected:?}"),
                });
            }
        }
        Ok(())
    }
}
