//! What a page's ETag covers besides its content version and path: this build of the server
//! (a stamp fixed at compile time by `build.rs`), the web build's shell, and the settings that
//! reach the page's bytes (the public URL in its links, the robot check and tracker in its
//! embedded settings). Replicas of one build with the same settings make the same stamp, so a
//! CDN revalidating against any of them gets 304; a change to any input makes a new stamp, so
//! no cache is told 304 for a page whose bytes changed.

use sha2::{Digest, Sha256};

/// A hash of the sources that shape a page, fixed when the server was compiled.
pub const BUILD_STAMP: &str = env!("SUPPLYSITE_BUILD_STAMP");

/// The inputs of [`page_stamp`].
#[derive(Clone, Copy, Debug)]
pub struct StampInputs<'a> {
    /// [`BUILD_STAMP`] in the server; tests vary it.
    pub build: &'a str,
    /// The web build's identity ([`crate::Shell::build_id`]).
    pub web_build: &'a str,
    /// The public origin, which the page's canonical and Open Graph links name.
    pub public_url: &'a str,
    /// The page settings embedded in every page (robot check kind and key, tracker key).
    pub page_settings: &'a str,
}

/// The stamp of every page served with `inputs`.
pub fn page_stamp(inputs: StampInputs<'_>) -> String {
    let mut hash = Sha256::new();
    for part in [
        inputs.build,
        inputs.web_build,
        inputs.public_url,
        inputs.page_settings,
    ] {
        hash.update(part.len().to_le_bytes());
        hash.update(part.as_bytes());
    }
    hex::encode(&hash.finalize()[..12])
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: StampInputs<'static> = StampInputs {
        build: "b1",
        web_build: "w1",
        public_url: "https://www.example.com",
        page_settings: r#"{"robot":{"kind":"selfHosted"},"tracker":null}"#,
    };

    #[test]
    fn the_build_stamp_is_fixed_at_compile_time() {
        assert_eq!(BUILD_STAMP.len(), 20);
        assert!(BUILD_STAMP.bytes().all(|b| b.is_ascii_hexdigit()));
    }

    #[test]
    fn the_same_inputs_give_the_same_stamp_and_any_change_a_new_one() {
        let base = page_stamp(BASE);
        assert_eq!(base, page_stamp(BASE));
        let changed = [
            StampInputs {
                build: "b2",
                ..BASE
            },
            StampInputs {
                web_build: "w2",
                ..BASE
            },
            StampInputs {
                public_url: "https://www.example.org",
                ..BASE
            },
            StampInputs {
                page_settings: r#"{"robot":{"kind":"recaptcha","siteKey":"k"},"tracker":null}"#,
                ..BASE
            },
            StampInputs {
                page_settings: r#"{"robot":{"kind":"selfHosted"},"tracker":{"clientKey":"t"}}"#,
                ..BASE
            },
        ];
        for inputs in changed {
            assert_ne!(base, page_stamp(inputs), "{inputs:?}");
        }
    }

    #[test]
    fn inputs_cannot_run_into_each_other() {
        let a = page_stamp(StampInputs {
            build: "ab",
            web_build: "c",
            ..BASE
        });
        let b = page_stamp(StampInputs {
            build: "a",
            web_build: "bc",
            ..BASE
        });
        assert_ne!(a, b);
    }
}
