//! Turning content into HTML: the composer seam over core's page rules, the web build's shell,
//! the `<head>` tags, escaping, and server-side rendering of the web UI's bundle.
//!
//! Layer: may use [`crate::cache`] (the entries a page is kept as), [`crate::settings`]
//! and [`crate::heavy`]; never the handlers, the state or the connections.

pub mod composer;
pub(crate) mod core_composer;
pub mod escape;
pub mod head;
pub mod shell;
pub mod ssr;
