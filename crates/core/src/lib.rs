//! Everything the supplysite marketing site decides, with no I/O.
//!
//! The site is a pure function of (route, content set): adapters load the content of the space
//! into one immutable [`content::ContentSet`], [`routes`] parses a path, and `compose` turns the
//! two into a page view model or a redirect. Validation, video links, dates and rich text live
//! here too, so the server, the CLI and the browser (through WebAssembly) share one set of rules.

// Every public item is documented; clippy runs with `-D warnings`, so this is enforced.
#![warn(missing_docs)]

pub mod asset;
pub mod audit;
pub mod calendar;
pub mod compose;
pub mod contact;
pub mod content;
pub mod contract;
pub mod copy;
pub mod enquiry;
pub mod feed;
pub mod format;
pub mod html;
pub mod inspector;
pub mod leads;
pub mod picture;
pub mod ports;
pub mod redirects;
pub mod rendition;
pub mod request;
pub mod richtext;
pub mod routes;
pub mod rules;
pub mod search;
pub mod secret;
pub mod time_zone;
pub mod uri;
pub mod video;
pub mod view;
pub mod vitals;
pub mod webhook;
