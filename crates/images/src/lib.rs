//! Renditions of the pictures of an export, made on the server: the engine behind the site's
//! own image endpoint (`/img/images.ctfassets.net/…?w=&fm=&q=`).
//!
//! The rule of what may be asked (widths, formats, qualities, the query) is core's
//! [`supplysite_core::rendition`]; this crate does the work. Its pure part reads a picture
//! within pixel and memory limits ([`decode`]), resizes it in linear light ([`resize`]) and
//! encodes it ([`encode`]); [`render()`] chains them. Around it, [`Renditions`] finds the source
//! file, keeps the results in a bounded disk cache ([`cache`]), encodes in a bounded pool
//! ([`pool`]) one rendition at a time per key, and warms the common sizes after a content load
//! ([`warm`]). Every failure is an [`ImageError`] naming its reason, never a panic.

// Every public item is documented; clippy runs with `-D warnings`, so this is enforced.
#![warn(missing_docs)]

pub mod cache;
pub mod decode;
pub mod encode;
pub mod error;
mod path;
pub mod pool;
mod recent;
pub mod render;
pub mod renditions;
pub mod resize;
pub mod warm;

pub use decode::Limits;
pub use error::ImageError;
pub use path::IMAGE_HOST;
pub use render::{Target, render};
pub use renditions::{Config, Renditions, Served, Stats, choose_format};
pub use warm::Picture;
